"""The early board: on a reload, the saved game's board is on screen before
Python starts (static/early-board.js), and Python then takes it over.

Each test holds the Pyodide runtime back (page.route on its wasm) while it
looks at the page, so "before ready" is a condition, not a race: the game
cannot be ready until the test lets the runtime through. The service worker
is blocked in these contexts, since requests it answers would bypass the
route.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import harp
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from pagekit import (EASY5, READY, RECTS_JS, WASM, assert_shows, board_copy_for, cards_stayed, expected, layout,
                     not_ready, release, reload_holding_runtime, replay, toast)


@pytest.fixture
def context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """A fresh context without service workers (page.route sees every request)."""
    ctx = browser.new_context(**{**browser_context_args, "service_workers": "block"})
    yield ctx
    ctx.close()


def early_board_of(context: BrowserContext, open_game: Callable[..., Page],
                   g: harp.Game) -> tuple[Page, list[Route]]:
    """A returning player's page on g, reloaded with the runtime held back,
    once the early board shows: the page and the held requests."""
    page = open_game(context, saved=g)
    board_copy_for(page, g)
    held = reload_holding_runtime(page)
    page.wait_for_selector("#board [data-card]", state="visible")
    return page, held


def test_reload_shows_the_saved_board_before_python_then_hands_it_over(
        context: BrowserContext, open_game: Callable[..., Page]) -> None:
    g = replay(EASY5, ["s", "s", "s", "t2>f5"])
    page = open_game(context, saved=g)
    board_copy_for(page, g)
    before_reload = page.evaluate(RECTS_JS)

    held = reload_holding_runtime(page)
    page.wait_for_selector("#board [data-card]", state="visible")
    assert not_ready(page)
    assert layout(page) == expected(g), "the saved data-card and data-pile values, before ready"
    assert page.text_content("#moves") == str(g.view()["moves"])
    early = page.evaluate(RECTS_JS)
    assert early.keys() == before_reload.keys()
    assert page.get_attribute("html", "data-harp-early") is not None

    release(page, held)
    assert_shows(page, g)
    cards_stayed(page, early)
    page.click('#board [data-pile="s"]')
    g.play("s")
    assert_shows(page, g)


def test_taps_before_ready_wait_then_play_if_they_still_fit(
        context: BrowserContext, open_game: Callable[..., Page]) -> None:
    g = harp.Game.from_code(EASY5)
    page, held = early_board_of(context, open_game, g)

    # A double tap on the top card of column 2, then a tap on the stock.
    # (Not pagekit.card_point: it waits for animations to end, and the
    # loader's progress bar is still creeping.)
    box = page.locator('#board .pile[data-pile="t2"] [data-card]').last.bounding_box()
    assert box
    page.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.click('#board [data-pile="s"]')
    assert not_ready(page)
    expect(page.locator('#board [data-pile="t2"] [data-card]').last).to_have_class(re.compile(r"\bwaiting\b"))
    expect(page.locator('#board .pile[data-pile="s"]')).to_have_class(re.compile(r"\bwaiting\b"))
    expect(page.locator("#toast")).to_contain_text("starting")

    release(page, held)
    # The first tap sends the card home, the second no longer finds it on
    # column 2 (it is not played, and a toast says so), the stock tap draws.
    move = g.foundation_move("t2")
    assert move
    g.play(move)
    g.play("s")
    assert_shows(page, g)
    assert "no longer fits" in toast(page)
    assert page.locator("#board .waiting").count() == 0


def test_a_button_pressed_before_ready_says_it_answers_in_a_moment(
        context: BrowserContext, open_game: Callable[..., Page]) -> None:
    page, held = early_board_of(context, open_game, harp.Game.from_code(EASY5))
    undo = page.locator("[data-action=undo]")
    box = undo.bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)   # disabled: no page.click
    assert not_ready(page)
    expect(undo).to_have_class(re.compile(r"\bwaiting\b"))
    expect(page.locator("#toast")).to_have_text("The game is starting: its buttons answer in a moment.")
    release(page, held)
    expect(undo).not_to_have_class(re.compile(r"\bwaiting\b"))


def damaged_copies(stored: dict[str, Any]) -> dict[str, str]:
    """The board's stored copy, spoiled three ways."""
    another = json.loads(json.dumps(stored))
    another["data"]["moves"] += 1
    another["data"]["history"] += 1
    bad_piles = json.loads(json.dumps(stored))
    bad_piles["data"]["piles"] = [["t1", "empty", "", "Column 1", "", "", "not cards"]]
    return {"unreadable": '{"v": 1, "data": {"format": 1, "code": "' + stored["data"]["code"],
            "another position": json.dumps(another), "bad piles": json.dumps(bad_piles)}


def test_a_corrupt_or_stale_board_copy_is_ignored(context: BrowserContext, open_game: Callable[..., Page]) -> None:
    """Each spoiled copy in turn, on reloads that hold Python back (the early
    board is drawn before it), then Python starts and plays the saved game."""
    g = replay(EASY5, ["s", "s"])
    page = open_game(context, saved=g)
    board_copy_for(page, g)
    stored = json.loads(page.evaluate("() => localStorage.getItem('harp.board')"))
    held: list[Route] = []
    page.route(WASM, lambda route: held.append(route))
    for kind, bad in damaged_copies(stored).items():
        page.evaluate("v => localStorage.setItem('harp.board', v)", bad)
        held.clear()                             # a reload drops the last page's request
        page.reload(wait_until="domcontentloaded")
        expect(page.locator("#board .slot").first).to_be_visible()
        assert page.locator("#board [data-card]").count() == 0, f"{kind}: the empty frame, not the copy"
        assert not_ready(page)
    release(page, held)
    assert_shows(page, g)


def test_the_embed_page_keeps_its_own_copy(context: BrowserContext, open_game: Callable[..., Page]) -> None:
    page = open_game(context, path=f"embed.html?code={EASY5}")
    g = harp.Game.from_code(EASY5)
    board_copy_for(page, g, "embed.harp.board")
    assert page.evaluate("() => localStorage.getItem('harp.board')") is None
    held = reload_holding_runtime(page)
    page.wait_for_selector("#board [data-card]", state="visible")
    assert not_ready(page)
    assert layout(page) == expected(g)
    release(page, held)
    assert_shows(page, g)
    page.wait_for_selector(READY, state="attached")


def test_the_embed_page_draws_a_first_deal_only_for_the_game_its_host_names(
        context: BrowserContext, site_url: str) -> None:
    """An embed's first visit: one of the page's first deals before Python,
    then Python plays it; a host that names another game gets no early deal."""
    page = context.new_page()
    held: list[Route] = []
    page.route(WASM, lambda route: held.append(route))
    page.goto(site_url + "embed.html?game=harpan")
    expect(page.locator("#board .slot").first).to_be_visible()
    assert page.locator("#board [data-card]").count() == 0, "no Easy Harp deal for a Harpan host"
    held.clear()                                 # the next page's load drops this one's request
    page.goto(site_url + "embed.html?game=easy-harp")
    page.wait_for_selector("#board [data-card]", state="visible")
    assert not_ready(page)
    offered = json.loads(page.text_content("#first-deals") or "{}")
    code = page.get_attribute("#board", "data-code")
    assert code in [deal["code"] for deal in offered["deals"]]
    g = harp.Game.from_code(code or "")
    assert layout(page) == expected(g)
    release(page, held)
    assert_shows(page, g)
    assert page.get_attribute("#board", "data-code") == code, "Python plays the deal the page drew"
