"""Card art, icons and help pages: well-formed, complete, self-contained.

Fast and browser-free: XML and HTML parsing from the standard library only.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from game_facts import GAME_IDS

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
SPRITE = STATIC / "cards.svg"
HELP = STATIC / "help"  # help.css and, under source/, what the pages are written from


@pytest.fixture(scope="module", autouse=True)
def built_help(site_dir: Path) -> None:
    """The help pages are written by the build (buildtools/help.py) into the
    site's static/help/, beside the rest of static/: read them there."""
    global HELP
    HELP = site_dir / "static" / "help"
SVG_NS = "http://www.w3.org/2000/svg"

RANKS = "A23456789TJQK"
SUITS = "SHDC"
CARD_IDS = {f"c-{r}{s}" for s in SUITS for r in RANKS}
OTHER_IDS = {"back", "empty", "f-S", "f-H", "f-D", "f-C", "f-any"}

HELP_PAGES = ["index.html", *(f"rules-{game_id}.html" for game_id in GAME_IDS), "examples.html", "faq.html"]

URL = re.compile(r"https?://[^\s\"'<>)]+")


def svg_ids(path: Path) -> dict[str, ET.Element]:
    root = ET.parse(path).getroot()
    return {el.get("id"): el for el in root.iter() if el.get("id")}


# ----------------------------------------------------------------- sprite


def test_sprite_is_svg() -> None:
    root = ET.parse(SPRITE).getroot()
    assert root.tag == f"{{{SVG_NS}}}svg"


def test_sprite_has_every_symbol() -> None:
    ids = svg_ids(SPRITE)
    missing = (CARD_IDS | OTHER_IDS) - set(ids)
    assert not missing, f"missing symbols: {sorted(missing)}"
    for name in CARD_IDS | OTHER_IDS:
        el = ids[name]
        assert el.tag == f"{{{SVG_NS}}}symbol", name
        assert el.get("viewBox") == "0 0 200 280", name


def test_card_faces_show_ten_as_10() -> None:
    ids = svg_ids(SPRITE)
    for s in SUITS:
        texts = [t.text for t in ids[f"c-T{s}"].iter(f"{{{SVG_NS}}}text")]
        assert "10" in texts and "T" not in texts


def test_sprite_internal_references_resolve() -> None:
    ids = svg_ids(SPRITE)
    root = ET.parse(SPRITE).getroot()
    for el in root.iter():
        for attr in ("href", "{http://www.w3.org/1999/xlink}href"):
            ref = el.get(attr)
            if ref is not None:
                assert ref.startswith("#") and ref[1:] in ids, ref


def test_sprite_is_small() -> None:
    assert SPRITE.stat().st_size < 60_000


def test_make_art_reproduces_committed_files(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_art.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    for rel in ("cards.svg", "icons/icon.svg", "icons/favicon.svg"):
        assert (tmp_path / rel).read_bytes() == (STATIC / rel).read_bytes(), (
            f"static/{rel} is stale: run python tools/make_art.py")


@pytest.mark.parametrize("name", ["icon.svg", "favicon.svg"])
def test_icons_are_svg(name: str) -> None:
    root = ET.parse(STATIC / "icons" / name).getroot()
    assert root.tag == f"{{{SVG_NS}}}svg"


@pytest.mark.parametrize("name,size", [("icon-192.png", 192), ("icon-512.png", 512),
                                       ("icon-maskable-512.png", 512)])
def test_png_icons(name: str, size: int) -> None:
    path = STATIC / "icons" / name
    if not path.exists():
        pytest.skip(f"{name} not rendered (python tools/make_art.py --icons)")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (size, size)


# ----------------------------------------------------------------- help pages


class Page(HTMLParser):
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
            "source", "track", "wbr"}
    # Elements HTML lets one leave open; we close ours anyway, but don't insist.
    OPTIONAL_END = {"p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "option"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.ids: set[str] = set()
        self.title = ""
        self.h1 = ""
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        if a.get("id"):
            if a["id"] in self.ids:
                self.errors.append(f"duplicate id {a['id']}")
            self.ids.add(a["id"] or "")
        if tag in ("title", "h1"):
            self._in = tag
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("title", "h1"):
            self._in = None
        if tag in self.VOID:
            return
        while self.stack and self.stack[-1] != tag and self.stack[-1] in self.OPTIONAL_END:
            self.stack.pop()
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unexpected </{tag}> (open: {self.stack[-3:]})")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.title += data
        elif self._in == "h1":
            self.h1 += data


def parse(name: str) -> Page:
    p = Page()
    p.feed((HELP / name).read_text(encoding="utf-8"))
    p.close()
    return p


def test_all_help_pages_exist() -> None:
    for name in HELP_PAGES:
        assert (HELP / name).is_file(), name
    assert (HELP / "help.css").is_file()


@pytest.mark.parametrize("name", HELP_PAGES)
def test_help_page_structure(name: str) -> None:
    p = parse(name)
    assert not p.errors, p.errors
    assert not p.stack, f"unclosed: {p.stack}"
    assert p.title.strip(), "no <title>"
    assert p.h1.strip(), "no <h1>"
    html = [a for t, a in p.tags if t == "html"]
    assert html and html[0].get("lang") == "en"
    assert any(t == "main" for t, _ in p.tags), "no <main> landmark"
    assert any(t == "meta" and a.get("name") == "viewport" for t, a in p.tags)
    assert any(t == "link" and a.get("rel") == "stylesheet" and a.get("href") == "help.css"
               for t, a in p.tags)
    # No scripts, no inline styles or handlers.
    assert not any(t == "script" for t, _ in p.tags)
    for t, a in p.tags:
        assert "style" not in a, f"inline style on <{t}>"
        assert not any(k.startswith("on") for k in a), f"event handler on <{t}>"


def _target(page: Path, ref: str) -> tuple[Path, str]:
    parts = urlsplit(ref)
    assert not parts.scheme and not parts.netloc, f"{page.name}: not a relative link: {ref}"
    assert not parts.path.startswith("/"), f"{page.name}: absolute path: {ref}"
    path = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    return path, parts.fragment


@pytest.mark.parametrize("name", HELP_PAGES)
def test_help_links_resolve(name: str) -> None:
    page = HELP / name
    p = parse(name)
    sprite_ids = set(svg_ids(SPRITE))
    for tag, attrs in p.tags:
        for attr in ("href", "src"):
            ref = attrs.get(attr)
            if not ref:
                continue
            path, frag = _target(page, ref)
            if path == (ROOT / "index.html").resolve() and not path.exists():
                continue  # the game page belongs to another part of the project
            assert path.exists(), f"{name}: {ref} -> missing {path}"
            if tag == "use":
                assert path.suffix == ".svg" and frag in svg_ids(path), f"{name}: {ref}"
                if path == SPRITE.resolve():
                    assert frag in sprite_ids
            elif frag:
                if path.suffix == ".html":
                    target = p if path == page.resolve() else parse(path.name)
                    assert frag in target.ids, f"{name}: {ref}: no id {frag!r}"


def test_endless_harp_win_rate_spot() -> None:
    p = parse("rules-endless-harp.html")
    assert ("section", "win-rates") in {(t, a.get("id")) for t, a in p.tags}


@pytest.mark.parametrize("path", [SPRITE, STATIC / "icons" / "icon.svg", STATIC / "icons" / "favicon.svg",
                                  Path("help.css")] + [Path(n) for n in HELP_PAGES],
                         ids=lambda p: p.name)
def test_no_outside_urls(path: Path) -> None:
    path = path if path.is_absolute() else HELP / path
    urls = [u for u in URL.findall(path.read_text(encoding="utf-8")) if u != SVG_NS]
    assert not urls, urls


def test_css_makes_no_requests() -> None:
    css = (HELP / "help.css").read_text(encoding="utf-8")
    assert "@import" not in css and "url(" not in css


# ----------------------------------------------------------------- the Examples page is a real game


def figure_columns(page: Page, fig_id: str) -> list[list[str]]:
    """The columns drawn in <figure id=fig_id>: card codes, '??' for a face-down card."""
    cols: list[list[str]] = []
    inside = False
    for tag, attrs in page.tags:
        if tag == "figure":
            inside = attrs.get("id") == fig_id
        elif inside and tag == "div" and "pile" in (attrs.get("class") or "").split():
            cols.append([])
        elif inside and tag == "use" and cols:
            frag = (attrs.get("href") or "").partition("#")[2]
            if frag == "back":
                cols[-1].append("??")
            elif frag.startswith("c-"):
                cols[-1].append(frag[2:])
    return cols


def test_examples_page_shows_a_real_easy_harp_position() -> None:
    """The page says its position comes from deal EH1-N-AAAAAAF: replay the listed
    moves through the engine and compare every card drawn, the refusals and the fix."""
    harp = pytest.importorskip("harp")
    page = parse("examples.html")
    text = (HELP / "examples.html").read_text(encoding="utf-8")
    route = re.search(r'<code id="route">(.*?)</code>', text, re.S)
    assert route, "no move list"
    moves: list[str] = []
    for token in route.group(1).replace("&gt;", ">").split(","):
        move, _, times = token.strip().partition("×")
        moves += [move] * int(times or 1)
    game = harp.Game.from_code("EH1-N-AAAAAAF")
    for move in moves:
        game.play(move)
    assert game.view()["moves"] == len(moves) == 309
    assert game.view()["tableau"] == figure_columns(page, "fig-position")

    with pytest.raises(harp.IllegalMove, match="one card"):
        game.copy().play("t3:3>t5")
    fixed = game.copy()
    for move in ("t3>t6", "t3>t2", "t3>t5", "t2>t5", "t6>t5"):
        fixed.play(move)
    assert fixed.view()["tableau"] == figure_columns(page, "fig-after")
    assert fixed.view()["score"] == game.view()["score"] == 125
    with pytest.raises(harp.IllegalMove, match="king"):
        fixed.copy().play("t9>t3")
