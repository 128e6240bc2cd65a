"""The looks a player sets in Options, in a real Chromium: theme (dark
following the system by default), four-colour deck, card size, left-handed
layout, animation speed (reduced motion meaning off) and card back.  Each
is checked by its effect on the page (attributes, computed styles, geometry,
and the pixels of the card art itself, since the sprite takes its colours
from the page), then remembered after a reload."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tabkit import Tabs
from pagekit import EASY5, MOTION, colours_of, still, wait_ready

HTML = "html"
BAR = "() => getComputedStyle(document.querySelector('.bar')).backgroundColor"
LIGHT_BAR, DARK_BAR = "rgb(11, 46, 28)", "rgb(12, 16, 14)"
TOP_DIAMOND = '#board [data-card="5D"]'          # the top of column 7 in EH1-N-AAAAAAF
STOCK_TOP = '#board .pile[data-pile="s"] .card:last-child'
BLUE_BACK = (40, 80, 143)
DARK_BLUE_BACK, DARK_RED_BACK = (31, 61, 107), (110, 26, 39)     # the dark theme's backs (style.css)

# Counts the transitions cards start (transitionrun), to see whether a move slides.
COUNT_SLIDES_JS = """() => {
  window.__slides = 0;
  document.addEventListener('transitionrun', e => {
    if (e.target.classList.contains('card')) window.__slides++;
  });
}"""
# Records the look attributes as they are when the DOM is parsed, before Python starts.
EARLY_LOOKS_JS = """document.addEventListener('DOMContentLoaded', () => {
  window.__early = document.documentElement.getAttribute('data-scheme');
});"""


def near(colours: set[tuple[int, int, int]], target: tuple[int, int, int], within: int = 14) -> bool:
    return any(max(abs(a - b) for a, b in zip(c, target)) <= within for c in colours)


def bluish(colours: set[tuple[int, int, int]]) -> bool:
    return any(b > r + 80 and b > g + 40 for r, g, b in colours)


def reddish(colours: set[tuple[int, int, int]]) -> bool:
    return any(r > b + 80 and r > g + 80 for r, g, b in colours)


def options(page: Page) -> None:
    page.click("[data-action=settings]")
    expect(page.locator("#dlg-settings")).to_be_visible()


def done(page: Page) -> None:
    page.get_by_role("button", name="Done").click()
    expect(page.locator("#dlg-settings")).to_be_hidden()


def column_width(page: Page) -> float:
    return float(page.evaluate("() => document.querySelector('#board [data-pile=t1]').getBoundingClientRect().width"))


def slides_after_a_draw(page: Page) -> int:
    """How many card slides one draw starts (the stock's top card goes to the waste)."""
    page.evaluate("() => { window.__slides = 0; }")
    before = page.locator('#board [data-pile="w"] [data-card]').count()
    page.click('#board .pile[data-pile="s"]')
    expect(page.locator('#board [data-pile="w"] [data-card]')).to_have_count(before + 1)
    still(page)
    return int(page.evaluate("window.__slides"))


@pytest.fixture
def fresh_page(tabs: Tabs, browser_context_args: dict[str, Any],
               open_game: Callable[..., Page]) -> Iterator[Callable[..., Page]]:
    contexts = []

    def make(**context: Any) -> Page:
        """A page whose cards slide unless ``context`` says otherwise."""
        ctx = tabs.new_context(**{**browser_context_args, **MOTION, **context})
        contexts.append(ctx)
        return open_game(ctx, path=f"?code={EASY5}")

    yield make
    for ctx in contexts:
        ctx.close()


def test_each_look_shows_and_is_remembered(fresh_page: Callable[..., Page]) -> None:
    page = fresh_page(viewport={"width": 1280, "height": 720}, color_scheme="light")
    page.evaluate(COUNT_SLIDES_JS)
    root = page.locator(HTML)
    # The defaults: light here (the system is light), two colours, blue backs, cards slide.
    expect(root).to_have_attribute("data-scheme", "auto")
    assert page.evaluate(BAR) == LIGHT_BAR
    assert reddish(colours_of(page, TOP_DIAMOND)) and not bluish(colours_of(page, TOP_DIAMOND))
    assert near(colours_of(page, STOCK_TOP), BLUE_BACK)
    assert slides_after_a_draw(page) >= 1
    sizes = {"auto": column_width(page)}
    stock, found = page.locator('#board .pile[data-pile="s"]'), page.locator("#foundations")
    assert stock.bounding_box()["x"] < found.bounding_box()["x"]        # type: ignore[index]

    options(page)
    page.select_option("#set-theme", "dark")
    expect(root).to_have_attribute("data-scheme", "dark")
    assert page.evaluate(BAR) == DARK_BAR
    page.check("#set-four-colour")
    expect(root).to_have_attribute("data-deck", "four")
    page.select_option("#set-card-back", "red")
    expect(root).to_have_attribute("data-back", "red")
    page.check("#set-left-handed")
    expect(root).to_have_attribute("data-hand", "left")
    for size in ("larger", "largest"):
        page.select_option("#set-card-size", size)
        expect(root).to_have_attribute("data-card-size", size)
        sizes[size] = column_width(page)
    page.select_option("#set-animation", "off")
    expect(root).to_have_attribute("data-motion", "off")
    done(page)

    assert sizes["auto"] < sizes["larger"] < sizes["largest"], sizes
    colours = colours_of(page, TOP_DIAMOND)
    assert bluish(colours) and not reddish(colours), "diamonds are blue in the four-colour deck"
    page.evaluate("() => window.scrollTo(0, 0)")
    colours = colours_of(page, STOCK_TOP)
    assert near(colours, DARK_RED_BACK) and not near(colours, DARK_BLUE_BACK), "the dark theme's red back"
    assert stock.bounding_box()["x"] > found.bounding_box()["x"]        # type: ignore[index]
    waste = page.locator('#board .pile[data-pile="w"]').bounding_box()
    assert waste and waste["x"] < stock.bounding_box()["x"]            # type: ignore[index]
    assert slides_after_a_draw(page) == 0, "animations off: cards jump"

    page.add_init_script(EARLY_LOOKS_JS)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.__early") == "dark", "the theme is set before Python starts"
    looks = {"data-scheme": "dark", "data-deck": "four", "data-back": "red", "data-hand": "left",
             "data-card-size": "largest", "data-motion": "off"}
    for name, value in looks.items():
        expect(root).to_have_attribute(name, value)
    assert page.evaluate(BAR) == DARK_BAR
    assert column_width(page) == sizes["largest"]
    options(page)
    for field, value in (("#set-theme", "dark"), ("#set-card-size", "largest"),
                         ("#set-animation", "off"), ("#set-card-back", "red")):
        expect(page.locator(field)).to_have_value(value)
    expect(page.locator("#set-four-colour")).to_be_checked()
    expect(page.locator("#set-left-handed")).to_be_checked()
    page.select_option("#set-animation", "fast")
    done(page)
    page.evaluate(COUNT_SLIDES_JS)
    assert slides_after_a_draw(page) >= 1
    assert page.evaluate("() => getComputedStyle(document.querySelector("
                         "'#board [data-pile=w] .card:last-child')).transitionDuration") == "0.08s"


def test_the_system_dark_scheme_and_reduced_motion_are_followed(fresh_page: Callable[..., Page]) -> None:
    page = fresh_page(color_scheme="dark", reduced_motion="reduce")
    page.evaluate(COUNT_SLIDES_JS)
    assert page.evaluate(BAR) == DARK_BAR, "dark by default on a dark system"
    assert page.evaluate("() => getComputedStyle(document.documentElement).colorScheme") == "light dark"
    assert slides_after_a_draw(page) == 0, "reduced motion: cards jump"
    options(page)
    expect(page.locator("#set-animation")).to_have_value("normal")
    expect(page.locator(".motion-note")).to_be_visible()
    page.select_option("#set-theme", "light")                # the player's choice wins
    expect(page.locator(HTML)).to_have_attribute("data-scheme", "light")
    done(page)
    assert page.evaluate(BAR) == LIGHT_BAR


def test_sounds_are_off_until_switched_on(game_page: Page) -> None:
    """Sounds cannot be heard here, but each one asked for is counted on
    <html data-sounds> (harpui/sound.py): none while off, one a move once on."""
    page = game_page
    stock = '#board [data-pile="s"]'
    page.click(stock)
    expect(page.locator("#moves")).to_have_text("1")
    assert page.get_attribute("html", "data-sounds") is None
    page.click("[data-action=settings]")
    page.check("#set-sound")
    page.get_by_role("button", name="Done").click()
    page.click(stock)
    expect(page.locator("html")).to_have_attribute("data-sounds", "1")
    page.reload()
    wait_ready(page)
    page.click(stock)
    expect(page.locator("html")).to_have_attribute("data-sounds", "1")   # remembered: on after a reload
