"""Saving: a reload resumes exactly, settings persist, storage that throws
still plays in memory, a full storage is told at once and saving comes back
when there is room, and a corrupt save is backed up, reported once and
replaced by a fresh game."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import harp
import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tabkit import Tabs
from harpui.controller import SAVING_AGAIN_S
from harpui.words import catalogue
from pagekit import SIZES, Table, assert_shows, card_point, code_of, layout, pile_point, wait_ready, wait_shows

EASY5 = "EH1-N-AAAAAAF"

THROWING_STORAGE = """
(() => {
  const boom = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  Storage.prototype.setItem = boom;
  Storage.prototype.getItem = boom;
  Storage.prototype.removeItem = boom;
})();
"""


def test_reload_resumes_exactly(open_game: Callable[..., Page]) -> None:
    page = open_game(path=f"?code={EASY5}")
    g = harp.Game.from_code(EASY5)
    for _ in range(5):
        page.click('#board [data-pile="s"]')
        g.play("s")
    move = g.foundation_move("t2")
    assert move
    page.mouse.click(*card_point(page, "t2"))
    g.play(move)
    before = layout(page)
    page.reload()
    wait_ready(page)
    assert layout(page) == before
    assert_shows(page, g)
    # The undo history came back too.
    page.click("#btn-undo")
    g.undo()
    assert_shows(page, g)


def test_settings_persist(open_game: Callable[..., Page]) -> None:
    page = open_game()
    page.click("#btn-settings")
    page.check("#set-relaxed")
    page.uncheck("#set-interactive")
    page.keyboard.press("Escape")
    page.reload()
    wait_ready(page)
    expect(page.locator("body")).to_have_class("relaxed")
    page.click("#btn-settings")
    expect(page.locator("#set-relaxed")).to_be_checked()
    expect(page.locator("#set-interactive")).not_to_be_checked()
    expect(page.locator("#set-double-tap")).to_be_checked()


def test_storage_that_throws_still_plays(tabs: Tabs, browser_context_args: dict[str, Any],
                                         open_game: Callable[..., Page]) -> None:
    context = tabs.new_context(**browser_context_args)
    context.add_init_script(THROWING_STORAGE)
    try:
        page = open_game(context, path=f"?code={EASY5}")
        expect(page.locator("#notice")).to_be_visible()
        expect(page.locator("#notice")).to_contain_text("memory")
        g = harp.Game.from_code(EASY5)
        for _ in range(3):
            page.click('#board [data-pile="s"]')
            g.play("s")
        page.click("#btn-undo")
        g.undo()
        assert_shows(page, g)
    finally:
        context.close()


# Fills the page's localStorage to its quota under "filler." keys: large strings
# while they fit, then smaller ones, then the last one a character at a time
# (a longer value costs no second key), until not one more character fits.
FILL_STORAGE = """() => {
  let size = 1 << 20, n = 0;
  while (size >= 1) {
    try { localStorage.setItem('filler.' + n, 'x'.repeat(size)); n++; }
    catch (e) { size = Math.floor(size / 2); }
  }
  const last = 'filler.' + (n - 1);
  try { for (;;) localStorage.setItem(last, localStorage.getItem(last) + 'x'); } catch (e) {}
  return n;
}"""
FREE_STORAGE = """() => Object.keys(localStorage).filter(k => k.startsWith('filler.'))
                                           .forEach(k => localStorage.removeItem(k))"""

# The cards and toolbar buttons that the notice line meets on screen (none, or it covers them).
UNDER_NOTICE = """() => {
  const line = document.querySelector('#notice').getBoundingClientRect();
  const meets = r => r.width > 0 && r.left < line.right && line.left < r.right
                     && r.top < line.bottom && line.top < r.bottom;
  return [...document.querySelectorAll('#board [data-card], .tools button')]
    .filter(el => getComputedStyle(el).visibility !== 'hidden' && meets(el.getBoundingClientRect()))
    .map(el => el.dataset.card || el.dataset.action);
}"""


def saved_game_json(page: Page) -> str:
    """The game localStorage holds (harp.game, the page's test contract), as Game.to_json."""
    record = json.loads(page.evaluate("() => localStorage.getItem('harp.game')"))
    return harp.Game.from_json(record["data"]["game"]).to_json()


def assert_notice_covers_nothing(page: Page) -> None:
    """The notice line is on screen and meets no card and no toolbar button,
    once the board is laid out again for the screen's size."""
    try:
        page.wait_for_function(f"() => ({UNDER_NOTICE})().length === 0", timeout=10_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the notice line covers {page.evaluate(UNDER_NOTICE)}") from None
    box = page.locator("#notice").bounding_box()
    size = page.viewport_size
    assert box and size and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box


@pytest.mark.parametrize("language", ["en", "sv"])
def test_a_full_storage_is_told_at_once_and_saving_comes_back(phones: Callable[..., Table], language: str) -> None:
    """On a phone: the save the full storage refuses is told in a line that
    covers nothing (upright and on its side), the stored game stays as it was,
    the game plays on, and once there is room the next move is saved and the
    line says so, then goes."""
    words = catalogue(language)
    g = harp.Game.from_code(EASY5)
    page = phones("portrait", language).deal(g)
    page.touchscreen.tap(*pile_point(page, "s"))
    g.play("s")
    wait_shows(page, g)
    page.wait_for_function("json => localStorage.getItem('harp.game').includes(json)", arg=json.dumps(g.to_json()))
    stored = page.evaluate("() => localStorage.getItem('harp.game')")
    notice = page.locator("#notice")
    expect(notice).to_be_hidden()

    # The board's stored copy (harp.board) changes size with each move: a copy
    # smaller than the last would make room for the game in a storage full to the
    # last character.  Taken out first, it is a record too large to fit until the
    # room comes back, as the game is.
    page.evaluate("() => localStorage.removeItem('harp.board')")
    assert page.evaluate(FILL_STORAGE) > 0
    page.touchscreen.tap(*pile_point(page, "s"))      # the first save that cannot fit
    g.play("s")
    wait_shows(page, g)
    expect(notice).to_be_visible()
    expect(notice).to_have_text(words["store.save_failed"])
    assert page.evaluate("() => localStorage.getItem('harp.game')") == stored    # nothing lost
    assert_notice_covers_nothing(page)
    # The game plays on, from memory, the line still there.
    move = g.foundation_move("t2")
    assert move
    page.touchscreen.tap(*card_point(page, "t2"))
    g.play(move)
    wait_shows(page, g)
    expect(notice).to_have_text(words["store.save_failed"])
    assert page.evaluate("() => localStorage.getItem('harp.game')") == stored
    # Turned on its side: the line still covers nothing.
    width, height = SIZES["landscape"]
    page.set_viewport_size({"width": width, "height": height})
    assert_notice_covers_nothing(page)
    width, height = SIZES["portrait"]
    page.set_viewport_size({"width": width, "height": height})

    page.evaluate(FREE_STORAGE)
    page.touchscreen.tap(*pile_point(page, "s"))
    g.play("s")
    wait_shows(page, g)
    expect(notice).to_have_text(words["store.saving_again"])
    assert saved_game_json(page) == g.to_json()        # the save holds the latest game
    expect(notice).to_be_hidden(timeout=(SAVING_AGAIN_S + 10) * 1000)
    assert saved_game_json(page) == g.to_json()


def test_corrupt_save_is_backed_up_and_reported_once(open_game: Callable[..., Page]) -> None:
    bad = '{"v": 1, "data": {"game": "{this is not a saved game'
    page = open_game(stored={"harp.game": bad})
    dialog = page.locator("#dlg-corrupt")
    expect(dialog).to_be_visible()
    expect(page.locator("#corrupt-text")).to_contain_text("backup")
    assert page.evaluate("() => localStorage.getItem('harp.backup.game')") == bad
    dialog.get_by_role("button", name="OK").click()
    # A fresh game, and it plays.
    g = harp.Game.from_code(code_of(page))
    assert_shows(page, g)
    page.click('#board [data-pile="s"]')
    g.play("s")
    assert_shows(page, g)
    # Reported once: the next load resumes quietly.
    page.reload()
    wait_ready(page)
    expect(page.locator("#dlg-corrupt")).to_be_hidden()
    assert_shows(page, g)


def test_save_from_another_version_is_kept(open_game: Callable[..., Page]) -> None:
    odd = json.dumps({"v": 99, "data": {}})
    page = open_game(stored={"harp.game": odd, "harp.settings": "garbage"})
    expect(page.locator("#dlg-corrupt")).to_be_visible()
    assert page.evaluate("() => localStorage.getItem('harp.backup.game')") == odd
    assert page.evaluate("() => localStorage.getItem('harp.backup.settings')") == "garbage"
    assert page.locator("#board [data-card]").count() == 104


def test_a_second_tab_follows_the_game_and_never_writes_an_older_one(open_game: Callable[..., Page]) -> None:
    first = open_game(path=f"?code={EASY5}")
    second = open_game(first.context)              # the same browser: it resumes the same game
    g = harp.Game.from_code(EASY5)
    assert_shows(second, g)
    first.click('#board [data-pile="s"]')
    g.play("s")
    assert_shows(first, g)
    wait_shows(second, g)                          # the other tab shows the move too
    move = g.foundation_move("t2")
    assert move
    second.mouse.click(*card_point(second, "t2"))  # ...and plays on from it
    g.play(move)
    assert_shows(second, g)
    wait_shows(first, g)
    first.click("#btn-undo")                       # the undo history came across
    g.undo()
    assert_shows(first, g)
    wait_shows(second, g)
    saved = json.loads(first.evaluate("() => localStorage.getItem('harp.game')"))
    assert harp.Game.from_json(saved["data"]["game"]).to_json() == g.to_json()
    # A language chosen in one tab's Options: the other tab speaks it too.
    second.bring_to_front()
    second.click("#btn-settings")
    second.select_option("#set-language", "sv")
    second.keyboard.press("Escape")
    expect(first.locator("html")).to_have_attribute("lang", "sv")
    expect(first.locator("#btn-undo")).to_have_text("Ångra")
    expect(first.locator('#board .pile[data-pile="t1"]')).to_have_attribute("aria-label", re.compile(r"^Kolumn 1"))
