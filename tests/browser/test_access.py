"""A game a screen reader can follow, in a real Chromium: piles named so they
tell the game, face-down cards out of the accessibility tree, one polite
live region that says every change, and dialogs that keep the focus and give
it back.  Played by keyboard alone; each sentence is checked against the
same deal played in CPython.  The tests share one booted page (the
`table` fixture), each dealt its game as another tab's save would."""

from __future__ import annotations

import harp
from playwright.sync_api import Page, expect

from pagekit import HARPAN1, HARPAN1_WIN, EASY5, Table, focused_pile, keyboard_act, replay

LIVE = "#announce"


def said(page: Page) -> str:
    """What the live region says now (a trailing no-break space marks a repeat)."""
    return (page.text_content(LIVE) or "").rstrip("\u00a0")


def hears(page: Page, text: str) -> None:
    page.wait_for_function("([sel, text]) => document.querySelector(sel).textContent.replace(/\\u00a0$/, '') === text",
                           arg=[LIVE, text], timeout=5_000)


def label(page: Page, pile: str) -> str:
    return page.get_attribute(f'#board .pile[data-pile="{pile}"]', "aria-label") or ""


def test_the_page_has_one_polite_live_region_and_named_groups(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    live = page.locator('[aria-live]:not([aria-live="off"])')
    visible_live = [el for el in live.all() if el.get_attribute("id") not in ("loader", "stuck-verdict")]
    assert [el.get_attribute("id") for el in visible_live] == ["announce"]
    assert page.get_attribute(LIVE, "aria-live") == "polite"
    for row in ("#foundations", "#tableau"):
        assert page.get_attribute(row, "role") == "group" and page.get_attribute(row, "aria-label")
    # Piles say the game; face-down cards are left to them.
    assert label(page, "t2") == "Column 2: 1 face-down, ace of diamonds"
    assert label(page, "t9") == "Column 9: 8 face-down, 6 of spades"
    assert label(page, "f1") == "Foundation 1, spades: empty"
    assert label(page, "s") == f"Stock: {harp.Game.from_code(EASY5).view()['stock']} cards, redeals without limit"
    assert label(page, "w") == "Waste: empty"
    hidden = page.eval_on_selector_all('#board [data-card="??"]',
                                       "els => els.every(e => e.closest('[aria-hidden=true]'))")
    assert hidden
    shown = page.eval_on_selector_all('#board [data-card]:not([data-card="??"])',
                                      "els => els.some(e => e.closest('[aria-hidden=true]'))")
    assert not shown


def test_a_short_game_by_keyboard_is_said_move_by_move(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    keyboard_act(page, "t2>f")
    hears(page, "ace of diamonds to foundation. Column 2: turned up the 3 of diamonds. Score 15.")
    assert label(page, "t2") == "Column 2: 3 of diamonds"
    assert label(page, "f1").endswith(": empty") and "ace of diamonds" in " ".join(
        label(page, f"f{i}") for i in range(1, 9))
    keyboard_act(page, "s")
    hears(page, "Drew the 3 of diamonds.")
    assert label(page, "w") == "Waste: 3 of diamonds"
    keyboard_act(page, "t7>t9")
    hears(page, "5 of diamonds to column 9. Column 7: turned up the 5 of hearts. Score 20.")
    assert label(page, "t9") == "Column 9: 8 face-down, 6 of spades, 5 of diamonds"
    page.keyboard.press("u")
    hears(page, "Undone.")
    page.keyboard.press("u")
    hears(page, "Undone.")                   # the same words again are still said
    assert page.text_content(LIVE) == "Undone.\u00a0"
    keyboard_act(page, "t1>t3")              # refused, with the engine's reason
    g = replay(EASY5, ["t2>f"])
    try:
        g.play("t1>t3")
    except harp.IllegalMove as refusal:
        hears(page, str(refusal))
    else:
        raise AssertionError("t1>t3 should be refused")


def test_the_win_is_said(table: Table) -> None:
    page = table.deal(replay(HARPAN1, HARPAN1_WIN[:-2]))
    keyboard_act(page, "t1>f")
    hears(page, "king of clubs to foundation. Score 700.")
    keyboard_act(page, "t3>f")
    hears(page, "You won! Score 710.")
    expect(page.locator("#dlg-won")).to_have_attribute("open", "")


def test_dialogs_keep_the_focus_and_give_it_back(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    page.focus('[data-action="help"]')
    page.keyboard.press("Enter")
    expect(page.locator("#dlg-help")).to_have_attribute("open", "")
    for _ in range(12):                      # Tab goes round inside the dialog
        page.keyboard.press("Tab")
        inside = page.evaluate("() => !!document.activeElement.closest('#dlg-help')"
                               " || document.activeElement === document.body")
        assert inside, "focus left the open dialog"
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-help")).not_to_have_attribute("open", "")
    assert page.evaluate("() => document.activeElement.dataset.action") == "help"
    # The Help dialog's links are targets of at least 24 x 24 px.
    page.keyboard.press("Enter")
    for box in [a.bounding_box() for a in page.locator("#dlg-help a").all()]:
        assert box and box["height"] >= 24 and box["width"] >= 24


def test_after_a_toolbar_click_the_keys_work_the_board(table: Table) -> None:
    """A button pressed by pointer hands the keyboard back to the board: the
    arrows move over the piles, and Enter does not press the button again."""
    g = harp.Game.from_code(EASY5)
    page = table.deal(g)
    for _ in range(2):
        page.click('#board [data-pile="s"]')
        g.play("s")
    page.click("[data-action=undo]")
    g.undo()
    expect(page.locator("#moves")).to_have_text(str(g.view()["moves"]))
    assert focused_pile(page) == "s", "the focus is back on the pile last tapped"
    page.keyboard.press("Enter")                 # on the stock: a draw, not a second undo
    g.play("s")
    expect(page.locator("#moves")).to_have_text(str(g.view()["moves"]))
    page.keyboard.press("ArrowRight")
    assert focused_pile(page) == "w", "the arrows move over the board"
    # A window opened by pointer gives the focus back to its button; the arrows still move on the board.
    page.click("[data-action=stats]")
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(page.locator("[data-action=stats]")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    assert focused_pile(page) == "s", "the arrows move on the board from the toolbar"
