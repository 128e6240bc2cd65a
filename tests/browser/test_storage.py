"""Saving: a reload resumes exactly, settings persist, storage that throws
still plays in memory, and a corrupt save is backed up, reported once and
replaced by a fresh game."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import harp
from playwright.sync_api import Page, expect

from conftest import Tabs
from pagekit import assert_shows, card_point, code_of, layout, wait_ready, wait_shows

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
