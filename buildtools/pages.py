"""The game's two pages, index.html and embed.html, from one source.

Both are templates at the repository root. What they share (the head's
common lines, the status line, the board skeleton with the loader) lives
once in templates/, and a line

    <!-- include: board.html -->

is replaced by that fragment, each of its lines indented like the marker.
A marker may pick some of a fragment's buttons, by data-action and in that
order, as embed.html does with the toolbar:

    <!-- include: toolbar.html pick="undo new hint" -->

Lines that are template comments, <!--# ... -->, are left out of the page.

The card art goes into each page itself (the line <!-- card art -->), not
as <use href="static/cards.svg#..."> references: WebKit draws an external
sprite late, and at ready 3 of 6 WebKitGTK visits here showed every card
face blank.  The pages' policy refuses style attributes, so each of the
sprite's becomes a class, whose rule the build appends to the page's
style.css (page_sprite).  The help pages keep using static/cards.svg.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from harpui.words import LANGUAGES

from .common import ROOT
from .firstdeals import fill_first_deals, first_deals

PAGES = ("index.html", "embed.html")
SPRITE = ROOT / "static" / "cards.svg"
SPRITE_LINE = re.compile(r"^[ \t]*<!-- card art -->[ \t]*\n", re.M)
FRAGMENTS = ROOT / "templates"
CATALOGUE = ROOT / "static" / "harpui" / "lang" / "en.json"   # the page's words as first served

# An element marked data-i18n="key" (its text) or data-i18n-html="key" (its
# markup) is written empty in the templates and filled here; data-i18n-attr=
# "name:key ..." fills attributes.  harpui/pagewords.py does the same in the
# page for another language.
TEXT = re.compile(r'(<(\w+)\b[^>]*?\sdata-i18n(-html)?="([\w.]+)"[^>]*>)(</\2>)')
ATTRS = re.compile(r'\sdata-i18n-attr="([^"]+)"')

INCLUDE = re.compile(r'^([ \t]*)<!-- include: ([\w.-]+)(?: pick="([\w ]+)")? -->[ \t]*\n', re.M)
ACTION = re.compile(r'\bdata-action="([\w-]+)"')
TEMPLATE_COMMENT = re.compile(r"^[ \t]*<!--#.*?-->[ \t]*\n", re.M | re.S)


def assemble(template: str, fragments: Path = FRAGMENTS, depth: int = 0) -> str:
    """template with its include lines replaced by the fragments (which may
    include others) and its template comments removed."""
    if depth > 8:
        raise ValueError("includes nested more than 8 deep (does a fragment include itself?)")

    def fill(match: re.Match[str]) -> str:
        indent, name, pick = match.groups()
        path = fragments / name
        if not path.is_file():
            raise ValueError(f"include: no fragment {name!r} in {fragments}")
        text = assemble(path.read_text(encoding="utf-8"), fragments, depth + 1)
        if pick is not None:
            text = picked(text, pick.split(), name)
        return "".join(indent + line if line.strip() else line for line in text.splitlines(keepends=True))

    return INCLUDE.sub(fill, TEMPLATE_COMMENT.sub("", template))


def picked(text: str, actions: list[str], name: str) -> str:
    """text with only the lines whose data-action is in actions, in that
    order, in place of all its data-action lines; other lines stay."""
    lines = text.splitlines(keepends=True)
    by_action = {m.group(1): line for line in lines if (m := ACTION.search(line))}
    missing = [a for a in actions if a not in by_action]
    if missing:
        raise ValueError(f"include: {name} has no data-action {', '.join(missing)}")
    marked = [i for i, line in enumerate(lines) if ACTION.search(line)]
    if not marked:
        return text
    first, last = marked[0], marked[-1]
    return "".join(lines[:first] + [by_action[a] for a in actions] + lines[last + 1 :])


LANG_ATTR = re.compile(r'\slang="([\w-]+)"')


def fill_words(page: str, words: dict[str, str], others: dict[str, dict[str, str]] | None = None) -> str:
    """page with every data-i18n element and attribute filled from words (an
    element with lang="xx" from others["xx"], another language's catalogue);
    ValueError for a key words does not hold, or an element not left empty."""
    def key(name: str, catalogue: dict[str, str] = words) -> str:
        if name not in catalogue:
            raise ValueError(f"the catalogue has no key {name!r}")
        return catalogue[name]

    def text(match: re.Match[str]) -> str:
        opening, _, markup, name, closing = match.groups()
        lang = LANG_ATTR.search(opening)
        catalogue = (others or {}).get(lang.group(1), words) if lang else words
        value = key(name, catalogue) if markup else html.escape(key(name, catalogue), quote=False)
        return opening + value + closing

    def attrs(match: re.Match[str]) -> str:
        pairs = [item.split(":", 1) for item in match.group(1).split()]
        return match.group(0) + "".join(f' {attr}="{html.escape(key(name))}"' for attr, name in pairs)

    filled = ATTRS.sub(attrs, TEXT.sub(text, page))
    left = re.findall(r'data-i18n(?:-html)?="([\w.]+)"[^>]*>[^<\s]', page)
    if left:
        raise ValueError(f"data-i18n elements must be empty in the templates: {', '.join(left)}")
    return filled


BOOT_WORDS = '<script type="application/json" id="boot-words"></script>'
# The words a player sees before Python has started: the loader's, and the page shell's
# title and description, toolbar, status line and board names (static/boot.js puts them in
# the page's language).
BOOT_PREFIXES = ("boot.", "page.", "tool.", "tools.", "status.", "board.")
EARLY_BOARD_KEYS = ("pile.role",)   # the early board's own words (its piles' names come with the board)


def catalogues(lang_dir: Path = CATALOGUE.parent) -> dict[str, dict[str, str]]:
    """Every language's catalogue, by language code."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(lang_dir.glob("*.json"))}


def boot_words(by_language: dict[str, dict[str, str]],
               languages: tuple[str, ...] = LANGUAGES) -> dict[str, Any]:
    """What the scripts that run before Python need of the languages:
    {"languages": harpui/words.py's LANGUAGES, the first the fallback (static/boot.js
    picks one as words.pick_language does), "words": {language: its words of
    BOOT_PREFIXES and EARLY_BOARD_KEYS}}."""
    return {"languages": list(languages),
            "words": {lang: {k: v for k, v in sorted(by_language[lang].items())
                             if k.startswith(BOOT_PREFIXES) or k in EARLY_BOARD_KEYS}
                      for lang in languages}}


def fill_boot_words(page: str, by_language: dict[str, dict[str, str]]) -> str:
    """Put the languages and the words static/boot.js, early-board.js and
    sw-register.js show before Python has started (boot_words) into the page's
    empty <script type="application/json" id="boot-words">."""
    if BOOT_WORDS not in page:
        return page
    data = json.dumps(boot_words(by_language), ensure_ascii=False).replace("</", "<\\/")
    return page.replace(BOOT_WORDS, BOOT_WORDS.replace("></", f">{data}</"))


# The page's languages (harpui/words.py LANGUAGES) go where a page asks: an
# empty data-languages attribute gets the codes (embed-boot.js reads its own
# <script data-languages="en sv"> before Python starts), and the line
# <!-- language options --> one <option> a language (Options' language list).
LANGUAGES_ATTR = 'data-languages=""'
LANGUAGE_OPTIONS = re.compile(r"^([ \t]*)<!-- language options -->[ \t]*\n", re.M)


def fill_languages(page: str, languages: tuple[str, ...] = LANGUAGES) -> str:
    """The page with its languages written where it asks for them (LANGUAGES_ATTR, LANGUAGE_OPTIONS)."""
    def options(match: re.Match[str]) -> str:
        return "".join(f'{match.group(1)}<option value="{lang}" lang="{lang}" data-i18n="language.{lang}"></option>\n'
                       for lang in languages)

    page = LANGUAGE_OPTIONS.sub(options, page)
    return page.replace(LANGUAGES_ATTR, f'data-languages="{" ".join(languages)}"')


def page_sprite(svg: str) -> tuple[str, str]:
    """The card sprite as markup for a page, and the CSS rules it needs: each
    distinct style attribute becomes a class art-1, art-2, ... (a page's policy
    refuses style attributes; its style sheets are its own)."""
    classes: dict[str, str] = {}

    def to_class(match: re.Match[str]) -> str:
        return f'class="{classes.setdefault(match.group(1), f"art-{len(classes) + 1}")}"'

    markup = re.sub(r'\sstyle="([^"]*)"', lambda m: " " + to_class(m), svg)
    markup = re.sub(r"<!--.*?-->\s*", "", markup, flags=re.S)
    opening = '<svg class="sprite" aria-hidden="true" focusable="false">'
    markup, found = re.subn(r"^<svg [^>]*>", opening, markup.strip())
    if not found or "style=" in markup:
        raise ValueError(f"{SPRITE.name}: not a sprite this build can put into a page")
    rules = "".join(f".{name} {{ {declarations} }}\n" for declarations, name in classes.items())
    return markup, "\n/* The card art's classes (buildtools/pages.py, page_sprite). */\n" + rules


def write_pages(dist: Path, root: Path = ROOT, fragments: Path = FRAGMENTS) -> list[Path]:
    """Write dist/index.html and dist/embed.html from their templates, with the
    card art in each, and its rules at the end of dist/static/style.css (copied
    there first); return the pages' paths."""
    written = []
    by_language = catalogues()
    deals = first_deals()
    sprite, rules = page_sprite(SPRITE.read_text(encoding="utf-8"))
    with open(dist / "static" / "style.css", "a", encoding="utf-8") as css:
        css.write(rules)
    for name in PAGES:
        page = assemble((root / name).read_text(encoding="utf-8"), fragments)
        page, found = SPRITE_LINE.subn(lambda _: sprite + "\n", page)
        if found != 1:
            raise ValueError(f"{name}: one <!-- card art --> line expected, found {found}")
        page = fill_languages(page)
        page = fill_words(page, by_language[CATALOGUE.stem], by_language)
        page = fill_boot_words(page, by_language)
        page = fill_first_deals(page, deals)
        path = dist / name
        path.write_text(page, encoding="utf-8")
        written.append(path)
    return written
