"""A phone held upright, in a real Chromium with touch: the toolbar is one
row at the bottom edge, under the thumb (Undo, Hint, Finish's cell, New and
the menu), the menu holds Restart and the three windows, and the board has
more room than it had under the two-row toolbar at the top.  (That no button
moves during a whole game, Finish included, is test_whole_games_portrait.py.)"""

from __future__ import annotations

from collections.abc import Callable

import harp
import pytest
from playwright.sync_api import Page, expect

from pagekit import LOCALES, Table, card_point, pile_point, still, tool, wait_shows

UPRIGHT = ("portrait", "narrow")          # pagekit.SIZES: 390 x 844 and 360 x 740
THUMB = ("undo", "hint", "new", "menu")   # the buttons of every game, under the thumb
BEHIND_MENU = ("restart", "stats", "settings", "help")
# The board's room (its width times the height from its top to the toolbar, or
# to the screen's bottom where the toolbar was at the top) with the toolbar in
# two rows at the top, the layout before this one, measured in every game and
# both languages: 390 x 695 and 360 x 591 px.
ROOM_BEFORE = {"portrait": 271_117, "narrow": 212_822}

BAR_JS = """() => {
  const box = el => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const buttons = Object.fromEntries([...document.querySelectorAll(".tools [data-action]")]
    .map(b => [b.dataset.action,
               {...box(b), shown: !!b.getClientRects().length && getComputedStyle(b).visibility !== "hidden"}]));
  const board = document.querySelector("#board").getBoundingClientRect();
  const floor = document.querySelector(".tools").getBoundingClientRect().top;
  const lowest = Math.max(...[...document.querySelectorAll("#board .card")].map(c => c.getBoundingClientRect().bottom));
  return {buttons, height: innerHeight, width: innerWidth, room: board.width * (floor - board.top),
          floor, lowest, status: box(document.querySelector("#status"))};
}"""


def bar(page: Page) -> dict:
    still(page)
    return page.evaluate(BAR_JS)


@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("size", UPRIGHT)
def test_the_everyday_buttons_sit_under_the_thumb(phones: Callable[..., Table], size: str, language: str) -> None:
    table = phones(size, language)
    for game_id in harp.GAMES:
        page = table.deal(harp.Game.new(game_id, deal=1))
        m = bar(page)
        for action in THUMB:
            b = m["buttons"][action]
            assert b["shown"], f"{game_id}: {action} is not shown"
            assert b["top"] >= 0.8 * m["height"] and b["bottom"] <= m["height"], \
                f"{game_id}: {action} at {b['top']:.0f}-{b['bottom']:.0f} on a {m['height']} px screen"
        for action in BEHIND_MENU:
            assert not m["buttons"][action]["shown"], f"{game_id}: {action} shows outside the menu"
        assert m["status"]["bottom"] <= 0.1 * m["height"], f"{game_id}: the status line is not at the top"
        assert m["lowest"] <= m["floor"], f"{game_id}: a card ends at {m['lowest']:.0f}, under the toolbar"
        assert m["room"] >= 1.05 * ROOM_BEFORE[size], \
            f"{game_id}: the board has {m['room']:.0f} px², {m['room'] / ROOM_BEFORE[size]:.3f} of before"


@pytest.mark.parametrize(("size", "language"), [("portrait", "sv"), ("narrow", "en")])
def test_the_menu_opens_with_one_tap_and_closes_without_a_move(phones: Callable[..., Table], size: str,
                                                                 language: str) -> None:
    table = phones(size, language)
    g = harp.Game.new("harpan", deal=1)
    page = table.deal(g)
    menu = page.locator("#tools-more")
    # One tap shows the rest, each within the screen, above the bar.
    page.locator("[data-action=menu]").tap()
    expect(menu).to_be_visible()
    m = bar(page)
    for action in BEHIND_MENU:
        b = m["buttons"][action]
        assert b["shown"] and 0 <= b["top"] and b["bottom"] <= m["floor"] and b["right"] <= m["width"], (action, b)
    # Escape puts it away.
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    # A tap outside, on a card that a tap would play (the ace of diamonds), only puts the menu away.
    assert "t7>f1" in g.legal_moves()
    page.locator("[data-action=menu]").tap()
    expect(menu).to_be_visible()
    page.touchscreen.tap(*card_point(page, "t7"))
    expect(menu).to_be_hidden()
    page.touchscreen.tap(*pile_point(page, "s"))         # the next tap plays again: the stock draws
    g.play("s")
    wait_shows(page, g)
    # A button in it does its job and puts the menu away.
    page.locator("[data-action=menu]").tap()
    page.locator("[data-action=stats]").tap()
    expect(page.locator("#dlg-stats")).to_be_visible()
    expect(menu).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-stats")).to_be_hidden()
    # The tests' way to a button behind the menu (pagekit.tool) goes the same way.
    tool(page, "help")
    expect(page.locator("#dlg-help")).to_be_visible()
    page.keyboard.press("Escape")


def test_finish_is_the_one_that_stands_out(phones: Callable[..., Table]) -> None:
    """Until Finish is offered its cell says faintly what comes there; then
    Finish shows in the accent colour, unlike every other button."""
    page = phones("portrait", "en").deal(harp.Game.new("harpan", deal=1))
    cell = page.locator(".finish-cell")
    expect(cell).to_be_visible()
    expect(cell).to_have_text("Finish")
    expect(page.locator("[data-action=finish]")).to_be_hidden()
    colours = page.evaluate("""() => [...document.querySelectorAll('.tools button')]
      .map(b => [b.dataset.action, getComputedStyle(b).backgroundColor])""")
    finish = dict(colours)["finish"]
    assert [a for a, colour in colours if colour == finish] == ["finish"], colours


def test_something_wider_than_the_screen_moves_no_button(phones: Callable[..., Table]) -> None:
    """A phone zooms a page out to show what is wider than the screen, which
    moved the bottom row by 16 px under the thumb; the page forbids that
    (minimum-scale=1), so the buttons stay put."""
    page = phones("narrow", "sv").deal(harp.Game.new("harpan", deal=1))
    before = bar(page)["buttons"]
    page.evaluate("""() => { const wide = document.createElement('div');
      wide.id = 'too-wide'; wide.textContent = 'x';
      for (const [k, v] of [['position', 'absolute'], ['left', '380px'], ['top', '90px'], ['width', '60px']])
        wide.style.setProperty(k, v);
      document.body.appendChild(wide); }""")
    page.wait_for_function("() => document.documentElement.scrollWidth > innerWidth")
    after = bar(page)["buttons"]
    page.evaluate("() => document.querySelector('#too-wide').remove()")
    for action in THUMB:
        assert after[action] == before[action], f"{action}: {before[action]} -> {after[action]}"
