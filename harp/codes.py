"""Deal codes: ``EH1-N-AAAAAAF`` is Easy Harp, rules version 1, numbered deal 5.

A code is ``<prefix><version>[-<options>]-<N|D>-<number>``.  The number is
written in base 26 with A = 0, padded to seven letters.  Options appear only
when they differ from the game's defaults, in a fixed order: ``D3`` (draw),
``P3``/``PU`` (passes, U = unlimited), ``EA``/``EK`` (empty column takes any
card / a king), ``T1``/``T0`` (take-back allowed or not).
"""

from __future__ import annotations

import datetime
import re

from .errors import BadCode
from .rng import mix
from .rules import GAMES, Rules

RULES_VERSION = 1
MAX_DEAL = 999_999
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_CODE_LENGTH = 64  # "EH1-D3P3EAT1-N-AAAAAAF" is 22; the rest is room for pass counts up to 10**40
_OPTION = re.compile(r"D(\d+)|P(\d+|U)|E([AK])|T([01])")

# Why a code cannot be read: a key -> an English template (``shown`` is the code as typed,
# cut to 40 characters).  BadCode carries the key and the values, so a page can word them.
CODE_REASONS: dict[str, str] = {
    "not_text": "a deal code is text like EH1-N-AAAAAAF, not {type_name}",
    "not_ascii": "{shown!r} is not a deal code: a code uses only the letters A-Z, digits and dashes",
    "too_long": "{shown!r} is not a deal code: it is {length} characters long, a code is at most {max_length}",
    "bad_shape": "{shown!r} is not a deal code: it should look like EH1-N-AAAAAAF",
    "bad_kind": "deal code {shown!r}: the kind of deal must be N (numbered) or D (daily), not {kind!r}",
    "bad_number": "deal code {shown!r}: the deal number must be 7 letters A-Z, not {number!r}",
    "deal_out_of_range": "deal code {shown!r}: deal numbers run from 1 to {max_deal}, this one is {deal}",
    "unknown_game": "deal code {shown!r}: unknown game {prefix!r}; known games are {known}",
    "no_version": "deal code {shown!r}: the game letters must be followed by the rules version, like EH1",
    "other_version": ("deal code {shown!r} uses rules version {version}; "
                      "this version of Harp plays version {rules_version}"),
    "bad_options": "deal code {shown!r}: cannot read the options {tokens!r} (expected D, P, E or T options, like D3P3)",
    "bad_draw": "deal code {shown!r}: the draw must be 1 or 3 (D1 or D3), not {draw}",
    "bad_passes": ("deal code {shown!r}: the passes through the stock must be 1 or more (or PU, unlimited), "
                   "not {passes}"),
}


def bad_code(key: str, **params: str | int) -> BadCode:
    """The BadCode for a reason in CODE_REASONS, its text filled in."""
    return BadCode(key, CODE_REASONS[key].format(**params), params)


def check_deal(deal: object) -> int:
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEAL:
        raise ValueError(f"deal must be a whole number from 1 to {MAX_DEAL}, not {deal!r}")
    return deal


def daily_deal(date: datetime.date) -> int:
    """The deal number everyone gets on ``date``: the same on every machine."""
    if not isinstance(date, datetime.date):
        raise ValueError(f"daily_deal takes a calendar date (datetime.date), not {type(date).__name__}")
    # One integer per date: ``mix`` only XORs and adds its arguments into the
    # generator's state, so mix(year, month, day) collided for most dates
    # (64 distinct deals in two years).  Each ordinal is a distinct seed.
    return mix(date.toordinal()) % MAX_DEAL + 1


def number_to_letters(n: int) -> str:
    letters = ""
    for _ in range(7):
        n, r = divmod(n, 26)
        letters = _LETTERS[r] + letters
    return letters


def option_tokens(rules: Rules) -> str:
    """The options part of a code: ``D3P3`` for draw 3 and three passes where the game's own
    rules differ; empty with the game's own rules.  (``solve --csv`` files name a table's
    options with it too.)"""
    options = rules.non_default_options()
    tokens = ""
    if "draw" in options:
        tokens += f"D{rules.draw}"
    if "passes" in options:
        tokens += "PU" if rules.passes is None else f"P{rules.passes}"
    if "empty" in options:
        tokens += "EA" if rules.empty == "any" else "EK"
    if "takeback" in options:
        tokens += "T1" if rules.takeback else "T0"
    return tokens


def encode(rules: Rules, deal: int, daily: bool) -> str:
    tokens = option_tokens(rules)
    parts = [f"{rules.prefix}{RULES_VERSION}"]
    if tokens:
        parts.append(tokens)
    parts += ["D" if daily else "N", number_to_letters(deal)]
    return "-".join(parts)


def decode(code: object) -> tuple[Rules, int, bool]:
    """Read a code into (rules, deal, daily); anything wrong raises ``BadCode`` (a ``ValueError``)."""
    if not isinstance(code, str):
        raise bad_code("not_text", type_name=type(code).__name__)
    text = code.strip().upper()
    shown = text if len(text) <= 40 else text[:40] + "…"
    if not code.strip().isascii():
        # Checked on the raw text: upper() turns "ß" into "SS", and isdigit() accepts "²".
        raise bad_code("not_ascii", shown=shown)
    if len(text) > MAX_CODE_LENGTH:
        # Also keeps int() below its 4300-digit limit and the messages short.
        raise bad_code("too_long", shown=shown, length=len(text), max_length=MAX_CODE_LENGTH)
    parts = text.split("-")
    if len(parts) not in (3, 4):
        raise bad_code("bad_shape", shown=shown)
    head, kind, number = parts[0], parts[-2], parts[-1]
    rules = _rules_for_head(head, shown)
    if len(parts) == 4:
        rules = _apply_options(rules, parts[1], shown)
    if kind not in ("N", "D"):
        raise bad_code("bad_kind", shown=shown, kind=kind)
    if len(number) != 7 or any(c not in _LETTERS for c in number):
        raise bad_code("bad_number", shown=shown, number=number)
    deal = 0
    for c in number:
        deal = deal * 26 + _LETTERS.index(c)
    if not 1 <= deal <= MAX_DEAL:
        raise bad_code("deal_out_of_range", shown=shown, max_deal=MAX_DEAL, deal=deal)
    return rules, deal, kind == "D"


def _rules_for_head(head: str, shown: str) -> Rules:
    prefix, version = head[:2], head[2:]
    by_prefix = {r.prefix: r for r in GAMES.values()}
    if prefix not in by_prefix:
        known = ", ".join(f"{r.prefix} ({r.name})" for r in GAMES.values())
        raise bad_code("unknown_game", shown=shown, prefix=prefix, known=known)
    if not version.isdigit():
        raise bad_code("no_version", shown=shown)
    if int(version) != RULES_VERSION:
        raise bad_code("other_version", shown=shown, version=version, rules_version=RULES_VERSION)
    return by_prefix[prefix]


def read_options(tokens: str, shown: str | None = None) -> dict[str, object]:
    """The rule options that ``option_tokens`` wrote: ``D3P3`` -> {"draw": 3, "passes": 3}.
    Anything wrong is a ``BadCode`` naming ``shown`` (the whole code, else the tokens)."""
    shown = tokens if shown is None else shown
    pos = 0
    changes: dict[str, object] = {}
    while pos < len(tokens):
        m = _OPTION.match(tokens, pos)
        if not m:
            raise bad_code("bad_options", shown=shown, tokens=tokens)
        draw, passes, empty, takeback = m.groups()
        if draw is not None:
            if int(draw) not in (1, 3):
                raise bad_code("bad_draw", shown=shown, draw=draw)
            changes["draw"] = int(draw)
        elif passes is not None:
            if passes != "U" and int(passes) < 1:
                raise bad_code("bad_passes", shown=shown, passes=passes)
            changes["passes"] = None if passes == "U" else int(passes)
        elif empty is not None:
            changes["empty"] = "any" if empty == "A" else "king"
        else:
            changes["takeback"] = takeback == "1"
        pos = m.end()
    return changes


def _apply_options(rules: Rules, tokens: str, shown: str) -> Rules:
    changes = read_options(tokens, shown)
    try:
        return rules.with_options(**changes)
    except ValueError:
        raise bad_code("bad_options", shown=shown, tokens=tokens) from None
