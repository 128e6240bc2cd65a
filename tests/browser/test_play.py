"""Playing the game in a real Chromium: taps, drags (mouse and touch), the
keyboard, undo, hints and refused moves.  Every action is checked against
the same deal played in CPython with the engine."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import harp
import pytest
from playwright.sync_api import Page, expect

from tabkit import Tabs
from harpui.controller import DOUBLE_TAP_S
from pagekit import (DESKTOPS, MOTION, SIZES, Table, assert_shows, card_point, code_of, expected, key_to, keyboard_act,
                     layout, mouse_drag, mouse_move, pile_point, replay, solver_says, split,
                     target_point, toast, touch_drag, viewport, wait_shows, EASY5, HARPAN1, HARPAN1_WIN)

HINT_EVERY = 30     # moves between two hints in the whole game by mouse

@pytest.fixture(scope="module")
def harpan_win() -> tuple[str, list[str]]:
    """A Harpan deal and a line that wins it: pagekit's, which other files replay too.  Where the
    rules changed, replay raises harp.IllegalMove at the first move they refuse; then, or if the
    line no longer wins, record a new one in pagekit (pagekit.solved_line finds one)."""
    assert replay(HARPAN1, HARPAN1_WIN).is_won(), f"pagekit.HARPAN1_WIN no longer wins {HARPAN1}"
    return HARPAN1, HARPAN1_WIN


def play_line(page: Page, code: str, moves: list[str], act: Callable[[Page, str], None]) -> harp.Game:
    """Do each move on the page with act, checking the page against CPython."""
    g = harp.Game.from_code(code)
    assert code_of(page) == code
    for n, move in enumerate(moves):
        act(page, move)
        g.play(move)
        assert layout(page) == expected(g), f"after move {n + 1}: {move}"
    assert_shows(page, g)
    return g


def touch_act(page: Page, move: str) -> None:
    if move == "s":
        page.touchscreen.tap(*pile_point(page, "s"))
        return
    src, count, dst = split(move)
    if dst.startswith("f") and src.startswith("t") and int(src[1:]) % 2:
        # From odd columns, drag to the foundation row; from the rest, tap.
        touch_drag(page, card_point(page, src), target_point(page, dst))
    elif dst.startswith("f"):
        page.touchscreen.tap(*card_point(page, src))
    else:
        touch_drag(page, card_point(page, src, -count), target_point(page, dst))


# -- the board ------------------------------------------------------------------------
def test_the_page_shows_the_engines_deal(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    g = harp.Game.from_code(EASY5)
    assert_shows(page, g)
    assert page.locator("#board [data-card]").count() == 104
    labels = page.eval_on_selector_all("#board [data-card]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert "face-down card" in labels and "3 of hearts" in labels
    assert all(labels)


# -- whole games ----------------------------------------------------------------------
def test_a_whole_game_by_mouse_taps_and_drags(open_game: Callable[..., Page],
                                               harpan_win: tuple[str, list[str]]) -> None:
    """A whole game with a hint now and then, every dialog opened at the end: all on
    the site's trimmed standard library (test_stdlib.py), so a module the zip lacks
    shows up as a console error here."""
    code, moves = harpan_win
    page = open_game(path=f"?code={code}")
    played = 0

    def hint_now_and_then_then_act(page: Page, move: str) -> None:
        nonlocal played
        if played % HINT_EVERY == 0:
            page.click("#btn-hint")
            assert solver_says(page, timeout=60_000)
            page.click("#solver-close")
        played += 1
        mouse_move(page, move)

    g = play_line(page, code, moves, hint_now_and_then_then_act)
    assert g.is_won()
    dialog = page.locator("#dlg-won")
    expect(dialog).to_be_visible()
    expect(page.locator("#won-summary")).to_contain_text(f"Score {g.view()['score']}")
    expect(page.locator("#won-summary")).to_contain_text(f"{g.view()['moves']} moves")
    dialog.get_by_role("button", name="Close").click()
    page.click("#btn-stats")
    row = page.locator('#stats-table tr[data-game="harpan"] td')
    expect(row.nth(0)).to_have_text("1")      # played
    expect(row.nth(1)).to_have_text("1")      # won
    expect(row.nth(2)).to_have_text("100%")
    expect(row.nth(5)).to_have_text(str(g.view()["score"]))
    expect(row.nth(6)).to_have_text(re.compile(r"^\d+:\d\d$"))   # best time, as the clock shows it
    page.keyboard.press("Escape")
    for action in ("new", "settings", "help"):
        page.click(f'[data-action="{action}"]')
        expect(page.locator(f"#dlg-{action}")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)


def test_touch_taps_and_drags(tabs: Tabs, browser_context_args: dict[str, Any],
                              open_game: Callable[..., Page],
                              harpan_win: tuple[str, list[str]]) -> None:
    # Cards slide here (the other tests' contexts ask for reduced motion): a
    # tap or drag follows each slide (pagekit.still), as a player's would.
    context = tabs.new_context(**{**browser_context_args, **MOTION, "has_touch": True, "is_mobile": True,
                                  "viewport": {"width": 360, "height": 740}})
    try:
        code, moves = harpan_win
        page = open_game(context, path=f"?code={code}")
        play_line(page, code, moves[:70], touch_act)
    finally:
        context.close()


def test_keyboard_play(table: Table, harpan_win: tuple[str, list[str]]) -> None:
    code, moves = harpan_win
    page = table.deal(harp.Game.from_code(code))
    g = play_line(page, code, moves[:50], keyboard_act)
    # Pick up, change your mind: Escape puts the card back.
    tops = [f"t{i}" for i in range(1, 8) if g.view()["tableau"][i - 1]]
    key_to(page, tops[0])
    page.keyboard.press("Enter")
    expect(page.locator(".card.held")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(".card.held")).to_have_count(0)
    assert_shows(page, g)


def test_keyboard_moves_a_run(table: Table) -> None:
    """In Harp a run moves whole: Up while holding picks more cards."""
    g, run_move = None, None
    for deal in range(1, 200):
        g = harp.Game.new("harp", deal=deal)
        for _ in range(40):
            runs = [m for m in g.legal_moves() if ":" in m and not m.endswith(">f")]
            if runs:
                run_move = runs[0]
                break
            plain = [m for m in g.legal_moves() if m != "s" and "f" not in m.split(">")[0]]
            g.play(plain[0] if plain else "s")
        if run_move:
            break
    assert g is not None and run_move, "no Harp deal with a run to move"
    page = table.deal(g)
    assert_shows(page, g)
    keyboard_act(page, run_move)
    g.play(run_move)
    assert_shows(page, g)


# -- taps -----------------------------------------------------------------------------
def test_tap_and_double_tap(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    g = harp.Game.from_code(EASY5)
    # A tap on a card that a foundation takes.
    move = g.foundation_move("t2")
    assert move
    page.mouse.click(*card_point(page, "t2"))
    g.play(move)
    assert_shows(page, g)
    # A double tap on a card that no foundation takes: it finds a column.
    pile = next(p for p in (f"t{i}" for i in range(1, 10))
                if g.foundation_move(p) is None and g.tableau_move(p))
    move = g.tableau_move(pile)
    page.mouse.dblclick(*card_point(page, pile))
    g.play(move)
    assert_shows(page, g)
    # A lone tap on a card no foundation takes does nothing, and says why.
    pile = next(p for p in (f"t{i}" for i in range(1, 10)) if g.foundation_move(p) is None)
    page.mouse.click(*card_point(page, pile))
    expect(page.locator("#toast")).to_contain_text("No foundation takes")
    assert_shows(page, g)


LONE_TAPS_OR_MOVED_JS = """moves => document.querySelector("#moves").textContent === String(moves)
  || document.querySelector("#toast").classList.contains("show")"""


def test_touch_double_tap(tabs: Tabs, browser_context_args: dict[str, Any],
                          open_game: Callable[..., Page]) -> None:
    context = tabs.new_context(**{**browser_context_args, "has_touch": True,
                                  "viewport": {"width": 360, "height": 740}})
    try:
        page = open_game(context, path=f"?code={EASY5}")
        g = harp.Game.from_code(EASY5)
        pile = next(p for p in (f"t{i}" for i in range(1, 10))
                    if g.foundation_move(p) is None and g.tableau_move(p))
        point = card_point(page, pile)
        g.play(g.tableau_move(pile))
        for _ in range(3):
            sent = time.monotonic()
            page.touchscreen.tap(*point)
            page.touchscreen.tap(*point)
            if time.monotonic() - sent < DOUBLE_TAP_S:
                break   # the page took each tap on its pointerup, closer together still: a double tap
            # A busy machine took longer than a double tap's window to send the two: the
            # page may rightly have seen two lone taps, which move nothing and say so.
            page.wait_for_function(LONE_TAPS_OR_MOVED_JS, arg=g.view()["moves"], timeout=30_000)
            if page.text_content("#moves") == str(g.view()["moves"]):
                break
            expect(page.locator("#toast")).not_to_have_class(re.compile(r"\bshow\b"), timeout=30_000)
        wait_shows(page, g)
        assert_shows(page, g)
    finally:
        context.close()


def test_stock_draws_and_turns_over(table: Table) -> None:
    page = table.deal(harp.Game.new("harpan", deal=3, draw=3))
    g = harp.Game.new("harpan", deal=3, draw=3)
    for _ in range(10):                      # 24 cards by three: 8 draws, a redeal, one more
        page.click('#board [data-pile="s"]')
        g.play("s")
        assert_shows(page, g)


# -- undo, hint ------------------------------------------------------------------------
def test_undo_by_button_and_keys(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    g = harp.Game.from_code(EASY5)
    expect(page.locator("#btn-undo")).to_be_disabled()
    for move in ("s", "s", "t2>f", "s"):
        if move == "s":
            page.click('#board [data-pile="s"]')
        else:
            page.mouse.click(*card_point(page, "t2"))
        g.play(move)
    assert_shows(page, g)
    page.click("#btn-undo")
    g.undo()
    assert_shows(page, g)
    page.keyboard.press("u")
    g.undo()
    assert_shows(page, g)
    page.keyboard.press("z")
    g.undo()
    assert_shows(page, g)
    page.keyboard.press("Control+z")
    g.undo()
    assert_shows(page, g)
    assert page.text_content("#moves") == "4"          # undo never lowers the counter
    expect(page.locator("#btn-undo")).to_be_disabled()


def test_hint_highlights_source_and_target(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    g = harp.Game.from_code(EASY5)
    page.click("#btn-hint")
    # Waits for the answer, not a time: the hint's speed is test_solver_ui's (timed alone).
    assert "Hint: " in solver_says(page)
    marked = page.eval_on_selector_all("#board .pile.hint", "els => els.map(e => e.dataset.pile)")
    # The hinted move is legal: its source (and target column) are the marked piles.
    legal = [m for m in g.legal_moves() if m != "s"]
    assert any(split(m)[0] in marked and (split(m)[2].startswith("f") or split(m)[2] in marked)
               for m in legal), (marked, legal)
    assert page.locator("#board .card.hint").count() >= 1
    assert_shows(page, g)                    # a hint moves nothing


def test_restart_deals_the_same_cards_again(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    for _ in range(3):
        page.click('#board [data-pile="s"]')
    page.click("#btn-restart")
    assert_shows(page, harp.Game.from_code(EASY5))


# -- refused moves ---------------------------------------------------------------------
def test_refused_moves_snap_back_and_explain(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    g = harp.Game.from_code(EASY5)
    # Build a two-card run, then try to drag it: Easy Harp moves one card at a time.
    run_to = next(m for m in g.legal_moves() if m.startswith("t") and ">t" in m)
    src, _c, dst = split(run_to)
    mouse_drag(page, card_point(page, src), target_point(page, dst))
    g.play(run_to)
    assert_shows(page, g)
    other = next(f"t{i}" for i in range(1, 10) if f"t{i}" != dst)
    mouse_drag(page, card_point(page, dst, -2), pile_point(page, other))
    expect(page.locator("#toast")).to_contain_text("one card")
    assert_shows(page, g)
    with pytest.raises(harp.IllegalMove):
        g.play(f"{dst}:2>{other}")


def test_only_a_king_fills_an_empty_column(table: Table) -> None:
    # A deal whose first column can be emptied at once, and a non-king to try.
    for deal in range(1, 500):
        g = harp.Game.new("easy-harp", deal=deal)
        empties = [m for m in g.legal_moves() if m.startswith("t1>")]
        if empties:
            g.play(empties[0])
            tops = [(f"t{i + 1}", col[-1]) for i, col in enumerate(g.view()["tableau"]) if col]
            movers = [p for p, card in tops if card[0] != "K"]
            if movers:
                break
    page = table.deal(g)
    assert_shows(page, g)
    mouse_drag(page, card_point(page, movers[0]), pile_point(page, "t1"))
    expect(page.locator("#toast")).to_contain_text("king")
    assert_shows(page, g)


def test_interactive_rules_off_stays_quiet(open_game: Callable[..., Page]) -> None:
    page = open_game(path=f"?code={EASY5}")
    page.click("#btn-settings")
    page.uncheck("#set-interactive")
    page.keyboard.press("Escape")
    g = harp.Game.from_code(EASY5)
    bad = next(f"t{i}>t{j}" for i in range(1, 10) for j in range(1, 10)
               if i != j and f"t{i}>t{j}" not in g.legal_moves())
    src, _c, dst = split(bad)
    mouse_drag(page, card_point(page, src), pile_point(page, dst))
    # A refusal is told while the drop is handled; a later click is handled
    # after it, so once the click's draw shows, any message would be there.
    page.click('#board [data-pile="s"]')
    g.play("s")
    page.wait_for_function("n => document.querySelectorAll('#board [data-pile=\"w\"] [data-card]').length === n",
                           arg=len(g.view()["waste"]))
    assert toast(page) == ""
    assert_shows(page, g)


def test_drop_anywhere_on_the_foundation_row(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    g = harp.Game.from_code(EASY5)
    move = g.foundation_move("t2")
    assert move
    # Drop on the far end of the row, not on the foundation that takes it.
    box = page.locator("#foundations").bounding_box()
    assert box
    mouse_drag(page, card_point(page, "t2"), (box["x"] + box["width"] - 10, box["y"] + 20))
    g.play(move)
    assert_shows(page, g)


def test_take_back_from_a_foundation_by_dragging(table: Table) -> None:
    # Harpan allows take-backs: find a position with one.
    for deal in range(1, 300):
        g = harp.Game.new("harpan", deal=deal)
        for _ in range(60):
            back = [m for m in g.legal_moves() if m.startswith("f")]
            if back:
                break
            ups = [m for m in g.legal_moves() if ">f" in m]
            g.play(ups[0] if ups else next(iter(g.legal_moves())))
        if back:
            break
    assert back, "no Harpan position with a take-back in deals 1-299"
    page = table.deal(g)
    src, _c, dst = split(back[0])
    mouse_drag(page, card_point(page, src), pile_point(page, dst))
    g.play(back[0])
    assert_shows(page, g)


def test_long_columns_fit_the_screen(table: Table) -> None:
    """Columns squeeze their overlap to end on screen, also after a resize."""
    g = replay(HARPAN1, HARPAN1_WIN[:120])            # long runs in the columns by then
    assert max(len(col) for col in g.view()["tableau"]) >= 10
    page = table.page
    size = page.viewport_size
    narrow, short = SIZES["narrow"], DESKTOPS["short"]
    try:
        page.set_viewport_size(viewport(narrow))
        table.deal(g)
        lowest = ("() => Math.max(...[...document.querySelectorAll('#tableau [data-card]')]"
                  ".map(c => c.getBoundingClientRect().bottom))")
        assert page.evaluate(lowest) <= narrow[1]
        page.set_viewport_size(viewport(short))
        page.wait_for_function(f"() => ({lowest})() <= {short[1]}", timeout=5_000)
        assert_shows(page, g)
    finally:
        assert size is not None
        page.set_viewport_size(size)
