"""The page's words in the player's language.

One catalogue a language, ``harpui/lang/<code>.json``: a flat map from a key
to a template with ``{placeholders}``.  Every sentence the page shows or
announces is looked up here, so a language is one file (a test checks that
every catalogue holds every key).  The engine's refusal reasons are keyed
too (``harp.reasons``, and ``harp.codes.CODE_REASONS`` for deal codes):
English comes from the engine itself, any other language from its
catalogue's ``reason.<key>`` and ``code_reason.<key>`` entries; so are the
checks on a stuck game (``harp.progress.STUCK_QUESTIONS``, ``stuck.check.<key>``).

Pure Python: the language is plain module state, set once at start-up and
again when the player picks another one in Options.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import harp

LANG_DIR = Path(__file__).resolve().parent / "lang"
# The page's languages, the first the fallback: the one list, one catalogue each in lang/
# (tests/test_languages.py). The build takes it from here for the help pages, the web app
# manifests and embed.html, whose embed-boot.js reads it from its own <script data-languages>.
LANGUAGES = ("en", "sv")
REASON_PREFIX = "reason."
CODE_PREFIX = "code_reason."                  # harp.codes.CODE_REASONS, why a deal code is refused
STUCK_PREFIX = "stuck.check."                 # harp.progress.STUCK_QUESTIONS, the checks on a stuck game
PILE_PARAMS = ("pile", "home", "other_home")   # reason parameters that name a pile

_catalogues: dict[str, dict[str, str]] = {}
_language = LANGUAGES[0]


def catalogue(lang: str) -> dict[str, str]:
    """The catalogue of lang, read once."""
    if lang not in _catalogues:
        with open(LANG_DIR / f"{lang}.json", encoding="utf-8") as f:
            _catalogues[lang] = json.load(f)
    return _catalogues[lang]


def language() -> str:
    return _language


def set_language(lang: str) -> str:
    """Make lang the page's language (an unknown one means the fallback); returns it."""
    global _language
    _language = lang if lang in LANGUAGES else LANGUAGES[0]
    return _language


def known_language(value: Any) -> str | None:
    """value as one of LANGUAGES ('SV ' -> 'sv'), or None when it names none."""
    code = value.strip().lower() if isinstance(value, str) else ""
    return code if code in LANGUAGES else None


def pick_language(chosen: Any, browser: list[str]) -> str:
    """The player's choice in Options if it names a language we have, else the
    first of the browser's languages we have ('sv-SE' -> 'sv'), else English."""
    if known_language(chosen):
        return str(known_language(chosen))
    for tag in browser:
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return LANGUAGES[0]


def t(key: str, **params: Any) -> str:
    """The sentence for key in the page's language, its placeholders filled."""
    words = catalogue(_language)
    template = words.get(key)
    if template is None:
        template = catalogue(LANGUAGES[0])[key]
    return template.format(**params) if params else template


def tn(key: str, count: int, **params: Any) -> str:
    """t() for a sentence about count things: key + '.one' or '.other'."""
    return t(f"{key}.{'one' if count == 1 else 'other'}", count=count, **params)


def card_name(card: str) -> str:
    """'7H' -> '7 of hearts' ('hjärter 7'); a face-down card -> 'face-down card'."""
    if card == "??" or card[:1].islower():
        return t("card.down")
    return t("card.name", rank=t(f"rank.{card[0]}"), suit=t(f"suit.{card[1]}"))


def pile_name(pile: str) -> str:
    """'t3' -> 'Column 3', 'f2' -> 'Foundation 2', 's' -> 'Stock', 'w' -> 'Waste'."""
    if pile in ("s", "w"):
        return t(f"pile.{pile}")
    return t(f"pile.{pile[0]}", n=pile[1:])


def stuck_question(check: harp.StuckCheck) -> str:
    """One of the engine's checks on a stuck game (Game.stuck_checks) in the page's
    language, by its key (``stuck.check.<key>``); English is the engine's own."""
    own = catalogue(_language).get(f"{STUCK_PREFIX}{check.key}") if _language != LANGUAGES[0] else None
    return own or check.question


def reason(error: ValueError) -> str:
    """The engine's refusal of a move (IllegalMove) or of a deal code (BadCode) in
    the page's language; any other error in its own words."""
    if not isinstance(error, (harp.IllegalMove, harp.BadCode)):
        return str(error)
    prefix = CODE_PREFIX if isinstance(error, harp.BadCode) else REASON_PREFIX
    key = prefix + (error.key or "")
    template = catalogue(_language).get(key) if _language != LANGUAGES[0] else None
    if template is None:
        return str(error)
    values: dict[str, Any] = {}
    for name, value in error.params.items():
        if name.endswith("card") and isinstance(value, str):
            values[name] = card_name(value)
        elif name == "suit" and isinstance(value, str):
            values[name] = t(f"suit.{value}")
        elif name in PILE_PARAMS and isinstance(value, str) and value[:1] in "tf" and value[1:].isdigit():
            values[name] = pile_name(value).lower()
        else:
            values[name] = value
    text = template.format(**values)
    return text if prefix == CODE_PREFIX else text[:1].upper() + text[1:]
