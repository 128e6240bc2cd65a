"""Phone layouts in a real Chromium with touch, measured in the DOM:
landscape puts the stock and the foundations beside the tableau (so the
cards can be taller), portrait gives the columns the whole width, toolbar
targets are 44 px tall with Restart apart from Undo, and messages are as
wide as the board.  test_phone_fit.py checks every game at 360, 390 and 844
px wide in both languages: nothing under a button or off the screen."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import harp
import pytest
from playwright.sync_api import Page, expect

from tabkit import Tabs
from pagekit import EASY5, assert_shows, card_point, pile_point, still, touch_drag

BIG_HARP = harp.Game.new("big-harp", deal=123456).code     # ten columns, eight foundations, no redeal

BOXES_JS = """(selectors) => Object.fromEntries(selectors.map(s => {
  const b = document.querySelector(s).getBoundingClientRect();
  return [s, {left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width, height: b.height}];
}))"""
VIEW_JS = """() => ({width: innerWidth, height: innerHeight,
  scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight})"""


def boxes(page: Page, *selectors: str) -> dict[str, dict[str, float]]:
    still(page)
    return page.evaluate(BOXES_JS, list(selectors))


@pytest.fixture
def phone(tabs: Tabs, browser_context_args: dict[str, Any],
          open_game: Callable[..., Page]) -> Iterator[Callable[..., Page]]:
    """phone(width, height, code): the game on a touch phone of that size."""
    contexts = []

    def make(width: int, height: int, code: str) -> Page:
        context = tabs.new_context(**{**browser_context_args, "has_touch": True, "is_mobile": True,
                                      "viewport": {"width": width, "height": height}})
        contexts.append(context)
        return open_game(context, path=f"?code={code}")

    yield make
    for context in contexts:
        context.close()


def assert_toolbar_fits_fingers(page: Page) -> None:
    for button in page.locator(".tools button:visible").all():
        box = button.bounding_box()
        assert box and box["height"] >= 44, f"{button.text_content()} is {box and box['height']} px tall"
    if not page.locator("[data-action=restart]").is_visible():     # held upright: behind the menu
        expect(page.locator("[data-action=menu]")).to_be_visible()
        return
    b = boxes(page, "[data-action=undo]", "[data-action=restart]")
    undo, restart = b["[data-action=undo]"], b["[data-action=restart]"]
    apart = max(restart["left"] - undo["right"], undo["left"] - restart["right"],
                restart["top"] - undo["bottom"], undo["top"] - restart["bottom"])
    assert apart >= 44, f"Restart is {apart} px from Undo"


def test_landscape_puts_stock_and_foundations_beside_the_tableau(phone: Callable[..., Page]) -> None:
    page = phone(844, 390, BIG_HARP)
    view = page.evaluate(VIEW_JS)
    assert view["scrollWidth"] <= view["width"] and view["scrollHeight"] <= view["height"], view
    b = boxes(page, '.pile[data-pile="s"]', '.pile[data-pile="w"]', "#tableau", "#foundations",
              '.pile[data-pile="t1"]', ".bar", "#board")
    stock, waste, tableau, found = (b['.pile[data-pile="s"]'], b['.pile[data-pile="w"]'], b["#tableau"],
                                    b["#foundations"])
    assert stock["right"] <= tableau["left"] and waste["right"] <= tableau["left"], "stock and waste on the left"
    assert found["left"] >= tableau["right"], "foundations on the right"
    assert abs(stock["top"] - tableau["top"]) <= 1 and abs(found["top"] - tableau["top"]) <= 1, "side by side"
    assert found["bottom"] <= view["height"] and b["#board"]["right"] <= view["width"]
    # With the foundations above the columns, this screen gave ten columns 45 px cards
    # ((390 - 110) / 6.2: the height for a top row and a full column).
    card = b['.pile[data-pile="t1"]']["width"]
    assert card >= 54, f"cards are {card} px wide"
    assert b[".bar"]["height"] <= 50, "the header is one line"
    assert_toolbar_fits_fingers(page)
    expect(page.locator("#passes")).to_have_text("No redeal")   # Big Harp: one pass, said as such
    # It plays: a touch on the stock draws.
    g = harp.Game.from_code(BIG_HARP)
    page.touchscreen.tap(*pile_point(page, "s"))
    g.play("s")
    assert_shows(page, g)
    # Left-handed: the sides swap.
    page.click("[data-action=settings]")
    page.check("#set-left-handed")
    page.get_by_role("button", name="Done").click()
    b = boxes(page, '.pile[data-pile="s"]', "#tableau", "#foundations")
    assert b['.pile[data-pile="s"]']["left"] >= b["#tableau"]["right"]
    assert b["#foundations"]["right"] <= b["#tableau"]["left"]


def test_portrait_uses_the_width_and_messages_span_the_board(phone: Callable[..., Page]) -> None:
    page = phone(390, 844, EASY5)
    b = boxes(page, "#tableau", "#board")
    assert b["#tableau"]["width"] >= 390 - 12, "the columns take the whole width"
    assert_toolbar_fits_fingers(page)
    # A long refusal: the 3H dragged onto the ace of diamonds.
    touch_drag(page, card_point(page, "t1"), card_point(page, "t2"))
    toast = page.locator("#toast")
    expect(toast).to_contain_text("cannot go on the ace of diamonds")
    still(page)
    box = toast.bounding_box()
    assert box and abs(box["width"] - b["#tableau"]["width"]) <= 2, f"{box} against {b['#tableau']}"
    line_height = "() => parseFloat(getComputedStyle(document.querySelector('#toast')).lineHeight) || 20"
    lines = box["height"] / float(page.evaluate(line_height))
    assert lines <= 4, f"the message takes {lines:.1f} lines"
