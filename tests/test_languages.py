"""Every language is complete: one catalogue a language for the page
(static/harpui/lang/<code>.json), and each holds every key the others do,
with the same placeholders; the engine's refusal reasons and stuck checks are
keyed for every language but English (whose words are the engine's own); every
key the templates mark is there; each language gets its web app manifest."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import harp
import pytest
from harp.codes import CODE_REASONS
from harp.progress import STUCK_QUESTIONS
from harp.reasons import REASONS
from harpui.words import LANGUAGES

from buildtools import pages
from buildtools.common import ROOT

LANG_DIR = ROOT / "static" / "harpui" / "lang"
FIRST = LANGUAGES[0]
ENGINE_TEMPLATES = {**{f"reason.{key}": text for key, text in REASONS.items()},
                    **{f"code_reason.{key}": text for key, text in CODE_REASONS.items()},
                    **{f"stuck.check.{key}": text for key, text in STUCK_QUESTIONS.items()}}
ENGINE_KEYS = set(ENGINE_TEMPLATES)


def catalogue(lang: str) -> dict[str, str]:
    words: dict[str, str] = json.loads((LANG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return words


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_english_and_swedish_are_there() -> None:
    assert {"en", "sv"} <= set(LANGUAGES) and FIRST == "en"


def test_the_language_list_has_one_home() -> None:
    """harpui/words.py LANGUAGES is the list: one catalogue a language, and
    nothing else writes the codes out by hand; the build fills embed.html's
    <script data-languages> (embed-boot.js) and Options' language list from it."""
    assert sorted(p.stem for p in LANG_DIR.glob("*.json")) == sorted(LANGUAGES)
    quoted = "|".join(f"[\"']{code}[\"']" for code in LANGUAGES)
    a_list = re.compile(rf"(?:{quoted})\s*,\s*(?:{quoted})|<option value=(?:{quoted})")
    sources = [*ROOT.glob("*.html"), *(ROOT / "templates").glob("*.html"), *(ROOT / "static").glob("*.js"),
               *(ROOT / "static" / "harpui").glob("*.py"), *(ROOT / "buildtools").glob("*.py")]
    copies = [p.relative_to(ROOT).as_posix() for p in sources
              if p.name != "words.py" and a_list.search(p.read_text(encoding="utf-8"))]
    assert copies == []
    embed = pages.fill_languages('<script src="./static/embed-boot.js" data-languages=""></script>')
    assert f'data-languages="{" ".join(LANGUAGES)}"' in embed
    options = pages.fill_languages("  <!-- language options -->\n")
    assert re.findall(r'<option value="(\w+)" lang="\1" data-i18n="language\.\1">', options) == list(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalogue_holds_every_key_with_the_same_placeholders(lang: str) -> None:
    english, words = catalogue(FIRST), catalogue(lang)
    page_keys = set(english)
    mine = set(words) - ENGINE_KEYS
    assert mine == page_keys, f"missing: {sorted(page_keys - mine)}; unknown: {sorted(mine - page_keys)}"
    for key in page_keys:
        assert placeholders(words[key]) == placeholders(english[key]), key
        assert words[key].strip(), key


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != FIRST])
def test_the_engines_reasons_and_checks_are_worded_in_every_other_language(lang: str) -> None:
    words = catalogue(lang)
    assert ENGINE_KEYS <= set(words), sorted(ENGINE_KEYS - set(words))
    for key, english in ENGINE_TEMPLATES.items():
        assert placeholders(words[key]) == placeholders(english), key
    asked = [check.key for check in harp.Game.new("harpan", deal=1).stuck_checks()]
    assert asked == list(STUCK_QUESTIONS), "every check the engine asks has its words"


def test_english_holds_no_engine_words_twice() -> None:
    assert not ENGINE_KEYS & set(catalogue(FIRST)), "English reasons come from harp.reasons"


def test_every_marked_key_in_the_templates_is_in_the_catalogue() -> None:
    english = catalogue(FIRST)
    sources = [ROOT / "index.html", ROOT / "embed.html", *(ROOT / "templates").glob("*.html")]
    marked: set[str] = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        marked |= set(re.findall(r'data-i18n(?:-html)?="([\w.]+)"', text))
        for pairs in re.findall(r'data-i18n-attr="([^"]+)"', text):
            marked |= {pair.split(":", 1)[1] for pair in pairs.split()}
    assert marked and marked <= set(english), sorted(marked - set(english))


def test_swedish_cards_follow_swedish_usage() -> None:
    sv = catalogue("sv")
    assert [sv[f"suit.{s}"] for s in "HDSC"] == ["hjärter", "ruter", "spader", "klöver"]
    assert [sv[f"rank.{r}"] for r in "AJQK"] == ["ess", "knekt", "dam", "kung"]


def test_the_built_pages_are_filled_in_english(site_dir: Path) -> None:
    english = catalogue(FIRST)
    page = (site_dir / "index.html").read_text(encoding="utf-8")
    assert f'data-i18n="tool.undo">{english["tool.undo"]}</button>' in page
    assert re.search(r'data-i18n-attr="aria-label:board.name" aria-label="Card table"', page)
    assert not re.search(r'data-i18n(?:-html)?="[\w.]+"[^>]*></', page), \
        "an element left empty"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_its_manifest(site_dir: Path, lang: str) -> None:
    name = "manifest.webmanifest" if lang == FIRST else f"manifest.{lang}.webmanifest"
    manifest = json.loads((site_dir / name).read_text(encoding="utf-8"))
    words = catalogue(lang)
    assert (manifest["name"], manifest["description"], manifest["lang"]) == (
        words["manifest.name"], words["manifest.description"], lang)
    english = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert {k: v for k, v in manifest.items() if k not in ("name", "description", "lang")} == \
        {k: v for k, v in english.items() if k not in ("name", "description", "lang")}


def test_the_built_pages_carry_the_loading_words_of_every_language(site_dir: Path) -> None:
    """static/boot.js and early-board.js show them before Python starts: the
    languages in LANGUAGES' order (boot.js picks one as words.pick_language does,
    the first the fallback), and the words seen before Python (the loader's, the toolbar's,
    the status line's and the board's names: pages.BOOT_PREFIXES) and the early board's keys
    from each catalogue."""
    for name in ("index.html", "embed.html"):
        page = (site_dir / name).read_text(encoding="utf-8")
        found = re.search(r'<script type="application/json" id="boot-words">(.+?)</script>', page)
        assert found, name
        boot = json.loads(found.group(1))
        assert boot["languages"] == list(LANGUAGES) and set(boot["words"]) == set(LANGUAGES)
        for lang in LANGUAGES:
            wanted = {k: v for k, v in catalogue(lang).items()
                      if k.startswith(pages.BOOT_PREFIXES) or k in pages.EARLY_BOARD_KEYS}
            assert boot["words"][lang] == wanted
            assert wanted["boot.retry"] and wanted["pile.role"] and wanted["tool.undo"] and wanted["board.name"]


def test_without_scripts_the_page_says_so_in_every_language(site_dir: Path) -> None:
    """Nothing can pick a language with scripts off: <noscript> holds each one's line."""
    page = (site_dir / "index.html").read_text(encoding="utf-8")
    found = re.search(r"<noscript>(.*?)</noscript>", page, re.S)
    assert found
    for lang in LANGUAGES:
        line = f'<p lang="{lang}" data-i18n="boot.noscript">{catalogue(lang)["boot.noscript"]}</p>'
        assert line in found.group(1), lang
