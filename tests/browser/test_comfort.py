"""Play feel in a real Chromium: Undo brings back a game left by Restart or
New (a reload in between included), Finish plays the last cards home one
move at a time, "Finish by itself", a win finished by hand after Show me
was stopped counting as the player's, and one-tap play against the default
tap / double tap.

Every position is built and checked with the engine in CPython first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import harp
import pytest
from playwright.sync_api import Page, expect

from tabkit import Tabs
from pagekit import (EASY5, HARPAN1, HARPAN1_WIN, Table, assert_shows, card_point, code_of, mouse_drag,
                     MOTION, finish_at, pile_point, replay, tool, wait_ready)

FINISH = "[data-action=finish]"
UNDO = "[data-action=undo]"

# Records each text #moves shows, to see Finish play one move at a time.
WATCH_MOVES_JS = """() => {
  window.__moves = [];
  new MutationObserver(() => window.__moves.push(+document.querySelector('#moves').textContent))
    .observe(document.querySelector('#moves'), {childList: true, characterData: true, subtree: true});
}"""


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Cards slide in this module (the other modules ask for reduced motion):
    Finish paces its moves by the slide's speed (looks.PACE)."""
    return {**browser_context_args, **MOTION}


def stats_row(page: Page, game_id: str) -> list[str]:
    page.click("[data-action=stats]")
    cells = page.locator(f'#stats-table tr[data-game="{game_id}"] td').all_inner_texts()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-stats")).to_be_hidden()
    return cells


def played_and_won(page: Page, game_id: str) -> tuple[int, int]:
    """The statistics' games played and won (a shared page has counted earlier tests' games)."""
    played, won = stats_row(page, game_id)[:2]
    return int(played), int(won)


# -- Undo after Restart or New ---------------------------------------------------------------------
def test_undo_after_restart_brings_the_game_back(table: Table) -> None:
    g = harp.Game.from_code(EASY5)
    page = table.deal(g)
    for _ in range(3):
        page.click('#board [data-pile="s"]')
        g.play("s")
    assert_shows(page, g)
    page.click("[data-action=restart]")
    expect(page.locator("#toast")).to_have_text("Restarted. Undo brings your game back.")
    assert_shows(page, harp.Game.from_code(EASY5))
    expect(page.locator(UNDO)).to_be_enabled()           # a fresh deal, but Undo has a game to bring back
    page.click(UNDO)
    expect(page.locator("#toast")).to_have_text("Your game is back.")
    assert_shows(page, g)
    page.click(UNDO)                                     # then Undo takes back moves as usual
    g.undo()
    assert_shows(page, g)


def test_undo_after_a_new_deal_brings_the_game_back_even_after_a_reload(
        open_game: Callable[..., Page]) -> None:
    g = replay(HARPAN1, HARPAN1_WIN[:10])
    page = open_game(saved=g)
    page.click('#board [data-pile="s"]')                 # a move: the game now counts as played
    g.play("s")
    page.click("[data-action=new]")
    expect(page.locator("#new-leave-note")).to_be_visible()
    expect(page.locator("#new-leave-note")).to_contain_text("counts as lost")
    page.click("#deal-new")
    expect(page.locator("#dlg-new")).to_be_hidden()
    expect(page.locator("#toast")).to_contain_text("Undo brings your game back.")
    assert code_of(page) != HARPAN1
    assert stats_row(page, "harpan")[:4] == ["1", "0", "0%", "0"]
    page.reload()
    wait_ready(page)
    expect(page.locator(UNDO)).to_be_enabled()
    page.keyboard.press("u")
    expect(page.locator("#toast")).to_have_text("Your game is back.")
    assert code_of(page) == HARPAN1
    assert_shows(page, g)
    page.click("[data-action=new]")                      # the game is counted again
    expect(page.locator("#new-leave-note")).to_be_visible()
    page.keyboard.press("Escape")
    page.click('#board [data-pile="s"]')                 # a move: no game to bring back any more
    g.play("s")
    page.click(UNDO)
    g.undo()
    page.click(UNDO)
    g.undo()
    assert_shows(page, g)


# -- Finish ------------------------------------------------------------------------------------------
def test_finish_plays_every_card_home_one_move_at_a_time(table: Table) -> None:
    at = finish_at()
    g = replay(HARPAN1, HARPAN1_WIN[:at])
    home = g.finishing_moves()
    assert home
    page = table.deal(g)
    played, won = played_and_won(page, "harpan")
    expect(page.locator(FINISH)).to_be_visible()
    page.evaluate(WATCH_MOVES_JS)
    page.click(FINISH)
    expect(page.locator("#dlg-won")).to_be_visible(timeout=20_000)
    expect(page.locator("#dlg-won-title")).to_have_text("You won!")
    seen = page.evaluate("window.__moves")
    assert seen == list(range(at + 1, at + len(home) + 1)), "one move shown at a time"
    for move in home:
        g.play(move)
    assert g.is_won()
    page.locator("#dlg-won").get_by_role("button", name="Close").click()
    assert_shows(page, g)
    expect(page.locator(FINISH)).to_be_hidden()
    assert played_and_won(page, "harpan") == (played + 1, won + 1)


def test_finish_by_itself_once_switched_on(open_game: Callable[..., Page]) -> None:
    at = finish_at()
    g = replay(HARPAN1, HARPAN1_WIN[:at - 1])
    last = HARPAN1_WIN[at - 1]
    assert g.finishing_moves() is None and last == "t7>t4"
    page = open_game(saved=g)
    expect(page.locator(FINISH)).to_be_hidden()
    tool(page, "settings")
    expect(page.locator("#set-auto-finish")).not_to_be_checked()       # off unless turned on
    page.check("#set-auto-finish")
    page.get_by_role("button", name="Done").click()
    mouse_drag(page, card_point(page, "t7"), pile_point(page, "t4"))
    expect(page.locator("#dlg-won")).to_be_visible(timeout=20_000)
    expect(page.locator("#dlg-won-title")).to_have_text("You won!")
    page.reload()                                                      # the switch is remembered
    wait_ready(page)
    tool(page, "settings")
    expect(page.locator("#set-auto-finish")).to_be_checked()


# -- Show me ------------------------------------------------------------------------------------------
def test_a_win_finished_by_hand_after_stopping_show_me_is_the_players(table: Table) -> None:
    start = finish_at() + 2
    g = replay(HARPAN1, HARPAN1_WIN[:start])
    page = table.deal(g)
    played, won = played_and_won(page, "harpan")
    page.click("[data-action=hint]")
    page.wait_for_function("() => /sure win/.test(document.querySelector('#solver-text').textContent)",
                           timeout=30_000)
    page.click("#solver-showme")
    page.wait_for_function(f"() => +document.querySelector('#moves').textContent >= {start + 2}",
                           timeout=20_000)
    page.click("#solver-stop")
    page.wait_for_selector("html:not([data-show-running])", state="attached")
    expect(page.locator("#dlg-won")).to_be_hidden()
    page.click(FINISH)                                   # the player plays the rest
    expect(page.locator("#dlg-won")).to_be_visible(timeout=20_000)
    expect(page.locator("#dlg-won-title")).to_have_text("You won!")
    expect(page.locator("#won-summary")).not_to_contain_text("does not count")
    page.locator("#dlg-won").get_by_role("button", name="Close").click()
    assert played_and_won(page, "harpan") == (played + 1, won + 1)


# -- One-tap play ---------------------------------------------------------------------------------
def test_one_tap_play_sends_each_card_to_its_best_place(
        tabs: Tabs, browser_context_args: dict[str, Any], open_game: Callable[..., Page]) -> None:
    context = tabs.new_context(**{**browser_context_args, "has_touch": True,
                                  "viewport": {"width": 390, "height": 844}})
    try:
        page = open_game(context, path=f"?code={HARPAN1}")
        g = harp.Game.from_code(HARPAN1)
        # The default: a lone tap on a card only a column takes leaves it, and says so.
        page.touchscreen.tap(*card_point(page, "t2"))
        expect(page.locator("#toast")).to_contain_text("No foundation takes the 6 of hearts")
        assert_shows(page, g)
        tool(page, "settings")
        expect(page.locator("#set-one-tap")).not_to_be_checked()          # off unless turned on
        page.check("#set-one-tap")
        page.get_by_role("button", name="Done").click()
        page.touchscreen.tap(*card_point(page, "t7"))                      # the ace: a foundation
        g.play("t7>f1")
        assert_shows(page, g)
        page.touchscreen.tap(*card_point(page, "t2"))                      # the 6H: a column, at once
        g.play("t2>t5")
        assert_shows(page, g)
        assert harp.hint(g) == "t5:2>t1"
        page.touchscreen.tap(*card_point(page, "t5", -2))                  # the run from the 7S
        g.play("t5:2>t1")
        assert_shows(page, g)
        page.touchscreen.tap(*card_point(page, "t3"))                      # the 3H fits nowhere
        expect(page.locator("#toast")).to_have_text("Nothing takes the 3 of hearts now.")
        assert_shows(page, g)
        page.reload()                                                      # the switch is remembered
        wait_ready(page)
        tool(page, "settings")
        expect(page.locator("#set-one-tap")).to_be_checked()
    finally:
        context.close()
