"""The cards' colours as the browser draws them, in the light theme and the
dark one (chosen in Options or the system's), with each deck and each back.

Every index colour (a suit's ink: the corner's rank and suit, and the pips)
stands at least 4.5:1 against the face (WCAG 2.2 AA, 1.4.3), and 3:1 against
the court cards' panel, whose letter is large (bold, over 18.66 px from a
phone's cards up; the light four-colour clubs have 4.35:1 there).  In the dark theme the faces
are dark; in the light theme every colour is the one it always was.  Face-up
cards are grey and backs coloured, so the two never look alike, and a card's
face or its edge stands 3:1 against the felt.

The colours are read with getComputedStyle from the card art in the page (the
sprite's symbols, whose fills are CSS variables that style.css sets by theme
and look) and from the real card elements; a screenshot of a real card shows
the same face and ink.  The looks are set as the <html> attributes that
harpui/looks.py writes (test_looks.py checks Options writes them)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from embedkit import embed_url
from pagekit import colours_of

Colour = tuple[int, int, int]
AA = 4.5              # WCAG 2.2 AA, text
LARGE = 3.0           # WCAG 2.2 AA, large text: the court panel's letter
NON_TEXT = 3.0        # WCAG 2.2 AA, 1.4.11: a card's outline against the felt

# The light theme as it was before the dark cards: tools/make_art.py's
# defaults and style.css's looks.
LIGHT = {
    "face": (255, 255, 255), "edge": (139, 144, 153),
    "ink two": {"S": (28, 29, 33), "H": (192, 38, 45), "D": (192, 38, 45), "C": (28, 29, 33)},
    "ink four": {"S": (28, 29, 33), "H": (192, 38, 45), "D": (23, 98, 201), "C": (23, 128, 61)},
    "court": {"S": (236, 239, 244), "H": (251, 234, 234), "D": (251, 234, 234), "C": (236, 239, 244)},
    "back": {"blue": (40, 80, 143), "red": (155, 35, 53), "green": (47, 110, 70)},
}

# What the page shows, read where the browser computes it.
COLOURS_JS = """() => {
  const style = selector => getComputedStyle(document.querySelector(selector));
  const suits = [...'SHDC'];
  const up = document.querySelector('#board .card:not(.down)');
  const down = document.querySelector('#board .card.down');
  return {
    face: style('#face rect').fill, edge: style('#face rect').stroke,
    ink: Object.fromEntries(suits.map(s => [s, style(`#c-7${s} > g`).fill])),
    court: Object.fromEntries(suits.map(s => [s, style(`#c-K${s} rect`).fill])),
    back: style('#back rect').fill,
    card: up && getComputedStyle(up).backgroundColor,
    down: down && getComputedStyle(down).backgroundColor,
    felt: getComputedStyle(document.documentElement).backgroundColor,
  };
}"""


def rgb(css: str) -> Colour:
    """(r, g, b) of a computed colour, "rgb(r, g, b)"."""
    assert css.startswith("rgb("), css
    r, g, b = (int(float(part)) for part in css[4:-1].split(","))
    return r, g, b


def luminance(colour: Colour) -> float:
    """WCAG 2.2's relative luminance."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def chroma(colour: Colour) -> int:
    return max(colour) - min(colour)


def read(page: Page) -> dict:
    raw = page.evaluate(COLOURS_JS)
    return {"face": rgb(raw["face"]), "edge": rgb(raw["edge"]), "back": rgb(raw["back"]),
            "ink": {s: rgb(c) for s, c in raw["ink"].items()},
            "court": {s: rgb(c) for s, c in raw["court"].items()},
            "card": raw["card"] and rgb(raw["card"]), "down": raw["down"] and rgb(raw["down"]),
            "felt": rgb(raw["felt"])}


def assert_readable(shown: dict, where: str) -> None:
    """Every ink 4.5:1 against the face and 3:1 against the court panel; faces grey and
    backs coloured; the card's outline 3:1 against the felt."""
    face, back = shown["face"], shown["back"]
    for suit, ink in shown["ink"].items():
        assert contrast(ink, face) >= AA, f"{where}: {suit} {ink} on the face {face}: {contrast(ink, face):.2f}"
        court = shown["court"][suit]
        on_court = contrast(ink, court)
        assert on_court >= LARGE, f"{where}: {suit} {ink} on the court panel {court}: {on_court:.2f}"
    assert chroma(face) <= 16 and chroma(back) >= 40, f"{where}: face {face}, back {back}"
    outline = max(contrast(shown["face"], shown["felt"]), contrast(shown["edge"], shown["felt"]))
    assert outline >= NON_TEXT, f"{where}: face {shown['face']} and edge {shown['edge']} on the felt {shown['felt']}"


# (Options' theme, the system's scheme) -> the theme shown
THEMES = {("light", "dark"): "light", ("auto", "light"): "light",
          ("dark", "light"): "dark", ("auto", "dark"): "dark"}


@pytest.fixture
def board(module_game_page: Page) -> Iterator[Page]:
    page = module_game_page
    yield page
    page.emulate_media(color_scheme="light")
    page.evaluate("""() => { const html = document.documentElement;
      html.setAttribute('data-scheme', 'auto'); html.setAttribute('data-deck', 'two');
      html.setAttribute('data-back', 'blue'); }""")


@pytest.mark.parametrize("back", ["blue", "red", "green"])
@pytest.mark.parametrize("deck", ["two", "four"])
@pytest.mark.parametrize("chosen,system", list(THEMES), ids=[f"{c}-on-{s}" for c, s in THEMES])
def test_every_index_colour_reads_on_its_face(board: Page, chosen: str, system: str, deck: str,
                                              back: str) -> None:
    page = board
    page.emulate_media(color_scheme=system)
    page.evaluate("""([scheme, deck, back]) => { const html = document.documentElement;
      html.setAttribute('data-scheme', scheme); html.setAttribute('data-deck', deck);
      html.setAttribute('data-back', back); }""", [chosen, deck, back])
    shown = read(page)
    where = f"{THEMES[chosen, system]} theme ({chosen} on a {system} system), {deck}-colour deck, {back} back"
    assert shown["card"] == shown["face"], f"{where}: a card element behind its art"
    assert shown["down"] == shown["back"], f"{where}: a face-down card element behind its art"
    if THEMES[chosen, system] == "light":
        assert shown["face"] == LIGHT["face"] and shown["edge"] == LIGHT["edge"], where
        assert shown["ink"] == LIGHT[f"ink {deck}"] and shown["court"] == LIGHT["court"], where
        assert shown["back"] == LIGHT["back"][back], where
    else:
        assert luminance(shown["face"]) < 0.05, f"{where}: the face {shown['face']} is not dark"
        assert shown["back"] != LIGHT["back"][back], f"{where}: the light theme's back"
    assert_readable(shown, where)


def test_a_real_card_shows_the_dark_colours(board: Page) -> None:
    """The card art's copies in the board take the values read from the sprite:
    a screenshot of a face-up card shows its face and its suit's ink."""
    page = board
    page.emulate_media(color_scheme="dark")
    shown = read(page)
    card = page.locator("#board .card:not(.down)").last
    suit = (card.get_attribute("data-card") or "")[-1]
    seen = colours_of(page, f'#board .card[data-card="{card.get_attribute("data-card")}"]')
    assert shown["face"] in seen and shown["ink"][suit] in seen, (shown["face"], shown["ink"][suit])
    assert luminance(shown["face"]) < 0.05


@pytest.mark.parametrize("theme,dark", [("dark", True), ("green", False), ("blue", False)])
def test_the_embed_pages_dark_theme_has_dark_cards(page: Page, site_url: str, theme: str, dark: bool) -> None:
    page.route("**/vendor/**", lambda route: route.abort())   # the look alone: the early board's cards
    page.emulate_media(color_scheme="dark")                    # the embed's ?theme= decides, not the system
    page.goto(embed_url(site_url, theme=theme), wait_until="domcontentloaded")
    page.wait_for_selector("#board .card.down", state="attached")
    shown = read(page)
    assert shown["card"] == shown["face"] and shown["down"] == shown["back"]
    if dark:
        assert luminance(shown["face"]) < 0.05, shown["face"]
    else:
        assert shown["face"] == LIGHT["face"] and shown["ink"] == LIGHT["ink two"], theme
    assert_readable(shown, f"embed, ?theme={theme}")
