"""The page on a phone, in a real Chromium with touch, for every game and
both languages: nothing the player needs sits under a button or off the
screen, the page is never wider than the screen, twelve quick taps on the stock draw twelve cards
(and two draw two on a page too busy to handle each click soon), and a long column uses
the height before it squeezes.  (That no pile moves under a finger at any
move of a whole game is test_whole_games_*.py.)

One page boots per screen size and language; each game is then dealt to it
through another tab's save (pagekit.Table), as the other phone tests do."""

from __future__ import annotations

import time
from collections.abc import Callable

import harp
import pytest
from playwright.sync_api import Page, expect

from pagekit import (HARPAN1, HARPAN1_WIN, LOCALES, MOTION, SIZES, Table, assert_shows, mouse_move, pile_point,
                     replay, solver_says, still, tool, wait_shows)

DEAL = 123456          # six digits: the widest deal label

# Everything wrong with how the page fits the screen, as sentences; [] when it fits.
FIT_JS = """() => {
  const W = innerWidth, H = innerHeight, problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > W) problems.push(`the page is ${doc.scrollWidth} px wide on a ${W} px screen`);
  const shown = el => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden";
  const buttons = [...document.querySelectorAll(".tools button")].filter(shown);
  const textBox = el => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return r.getBoundingClientRect();
  };
  const overlaps = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                             && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const texts = [document.querySelector("#game-name"), ...document.querySelectorAll("#status > span")]
    .filter(el => el && shown(el) && el.textContent.trim());
  for (const el of texts) {
    const r = textBox(el), what = JSON.stringify(el.textContent.trim());
    if (r.left < -0.5 || r.right > W + 0.5 || r.top < -0.5 || r.bottom > H + 0.5) {
      problems.push(`${what} is off the screen`);
    }
    for (const b of buttons) {
      if (overlaps(r, b.getBoundingClientRect())) problems.push(`${what} is under ${b.dataset.action}`);
    }
  }
  for (const b of buttons) {
    const r = b.getBoundingClientRect(), word = JSON.stringify(b.textContent.trim());
    if (r.left < -0.5 || r.right > W + 0.5) problems.push(`${word} is off the screen`);
    if (b.scrollWidth > b.clientWidth + 1) problems.push(`${word} is cut (${b.scrollWidth} px in ${b.clientWidth})`);
    const range = document.createRange(); range.selectNodeContents(b);
    const lines = new Set([...range.getClientRects()].map(q => Math.round(q.top))).size;
    if (lines > 1) problems.push(`${word} takes ${lines} lines`);
    if (r.height < 44) problems.push(`${word} is ${r.height} px tall`);
  }
  for (const p of document.querySelectorAll("#board .pile[data-pile]")) {
    const r = p.getBoundingClientRect();
    if (r.left < -0.5 || r.right > W + 0.5) problems.push(`pile ${p.dataset.pile} runs off the side`);
  }
  return problems;
}"""

# What makes a pile look like another, as sentences; [] when each looks like what it is.
PILES_APART_JS = """() => {
  const problems = [];
  const art = p => (p.querySelector(".slot-art use") || {getAttribute: () => ""}).getAttribute("href") || "";
  const found = [...document.querySelectorAll('#board .pile[data-pile^="f"]')];
  for (const f of found) if (!/#f-/.test(art(f))) problems.push(`${f.dataset.pile} shows ${art(f) || "nothing"}`);
  const waste = document.querySelector('#board .pile[data-pile="w"]');
  if (/#f-/.test(art(waste))) problems.push("the waste looks like a foundation");
  // Beside each other in one row, the foundations stand at least half a card from the waste.
  const w = waste.getBoundingClientRect(), r = document.querySelector("#foundations").getBoundingClientRect();
  const sameRow = r.top < w.bottom && w.top < r.bottom;
  const apart = Math.max(r.left - w.right, w.left - r.right);
  if (sameRow && apart < w.height / 1.4 / 2) problems.push(`the foundations are ${apart} px from the waste`);
  return problems;
}"""

def under_way(game_id: str) -> harp.Game:
    """A deal of game_id a few moves in, so the status line says all it can."""
    g = harp.Game.new(game_id, deal=DEAL)
    for _ in range(3):
        g.play("s")
    return g


@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("size", SIZES)
def test_every_game_fits_the_screen(phones: Callable[..., Table], size: str, language: str) -> None:
    table = phones(size, language)
    for game_id in harp.GAMES:
        page = table.deal(under_way(game_id))
        still(page)
        assert page.evaluate(FIT_JS) == [], f"{game_id}, {size}, {language}"
        assert page.evaluate(PILES_APART_JS) == [], f"{game_id}, {size}, {language}"
        if harp.Game.new(game_id).view()["passes_left"] is not None:
            assert (page.text_content("#passes") or "").strip(), f"{game_id} limits its passes: the status says so"
    # The statistics window fits too.
    page = table.page
    tool(page, "stats")
    dialog = page.locator("#dlg-stats")
    expect(dialog).to_be_visible()
    fits = page.evaluate("""() => {
      const d = document.querySelector("#dlg-stats").getBoundingClientRect();
      const wrap = document.querySelector("#dlg-stats .table-wrap");
      return {left: d.left, right: d.right, top: d.top, bottom: d.bottom, width: innerWidth, height: innerHeight,
              table: wrap.scrollWidth, room: wrap.clientWidth};
    }""")
    page.keyboard.press("Escape")
    assert fits["left"] >= 0 and fits["right"] <= fits["width"] and fits["bottom"] <= fits["height"], fits
    assert fits["table"] <= fits["room"] + 1, f"the statistics table is cut: {fits}"


def touch_taps(page: Page, point: tuple[float, float], taps: int, apart_s: float) -> None:
    """taps real touches (Chromium's input pipeline) at point, apart_s apart:
    the pace is the player's, not a wait for the page."""
    cdp = page.context.new_cdp_session(page)
    try:
        for _ in range(taps):
            started = time.monotonic()
            touch = [{"x": point[0], "y": point[1]}]
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": touch})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            time.sleep(max(apart_s - (time.monotonic() - started), 0))
    finally:
        cdp.detach()


@pytest.mark.parametrize(("size", "language"), [("portrait", "en"), ("landscape", "sv")])
def test_twelve_quick_stock_taps_draw_twelve_cards(phones: Callable[..., Table], size: str, language: str) -> None:
    """In every game: cards slide here (motion is turned on once the deal
    shows), so each tap comes while the last card drawn is still flying off
    the stock, and a card in flight takes no taps.  (Big Harp's one pass may end before twelve: then the taps past
    its end draw nothing, as the engine says.)  Both screen shapes and both
    languages, one pairing each: a boot a pairing."""
    table = phones(size, language)
    for game_id in harp.GAMES:
        g = harp.Game.new(game_id, deal=DEAL)
        page = table.deal(g)               # dealt at once: the deal's own slides are not the point here
        still(page)
        page.emulate_media(reduced_motion="no-preference")
        try:
            touch_taps(page, pile_point(page, "s"), 12, 0.06)
            for _ in range(12):
                if "s" in g.legal_moves():
                    g.play("s")
            wait_shows(page, g)
            still(page)
        finally:
            page.emulate_media(reduced_motion="reduce")
        assert_shows(page, g)


# Holds the page's main thread before each click reaches the board, as a busy
# phone can, for longer than the page's CLICK_AFTER_UP_S (0.8 s, harpui/input.py)
# after the tap's pointerup; counts the clicks once the board has had them.
SLOW_CLICKS_JS = """(stallMs) => {
  window.__clicksDone = 0;
  window.__stall = () => { const until = performance.now() + stallMs; while (performance.now() < until) {} };
  window.__counted = () => { window.__clicksDone += 1; };
  addEventListener("click", window.__stall, true);
  addEventListener("click", window.__counted);
}"""
FAST_CLICKS_JS = """() => {
  removeEventListener("click", window.__stall, true);
  removeEventListener("click", window.__counted);
}"""


def test_a_busy_phone_takes_each_tap_once(phones: Callable[..., Table]) -> None:
    """Two quick taps on the stock while the page is too busy to handle each
    click soon after its tap: the browser's click after each tap is still that
    tap, so two cards are drawn, not three or four."""
    table = phones("portrait")
    g = harp.Game.new("harp", deal=DEAL)
    page = table.deal(g)
    still(page)
    page.evaluate(SLOW_CLICKS_JS, 1600)
    try:
        touch_taps(page, pile_point(page, "s"), 2, 0.06)
        page.wait_for_function("() => window.__clicksDone >= 2", timeout=30_000)
    finally:
        page.evaluate(FAST_CLICKS_JS)
    g.play("s")
    g.play("s")
    wait_shows(page, g)
    assert_shows(page, g)


# A column's cards, top to bottom: [top, height, face up].
COLUMN_JS = """(pile) => [...document.querySelectorAll(`#board .pile[data-pile="${pile}"] [data-card]`)]
  .map(c => { const r = c.getBoundingClientRect(); return [r.top, r.height, c.dataset.card !== "??"]; })"""


def long_column() -> tuple[harp.Game, str]:
    """The position of the recorded Harpan win with the most face-up cards in one column."""
    g = harp.Game.from_code(HARPAN1)
    best: tuple[int, int, str] = (0, 0, "t1")
    for played, move in enumerate(HARPAN1_WIN):
        g.play(move)
        for i, column in enumerate(g.view()["tableau"]):
            ups = sum(card != "??" for card in column)
            if ups > best[0]:
                best = (ups, played + 1, f"t{i + 1}")
    return replay(HARPAN1, HARPAN1_WIN[:best[1]]), best[2]


@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("size", ["portrait", "landscape"])
def test_a_long_column_uses_the_height_before_it_squeezes(phones: Callable[..., Table], size: str,
                                                          language: str) -> None:
    g, pile = long_column()
    table = phones(size, language)
    page = table.deal(g)
    still(page)
    cards = page.evaluate(COLUMN_JS, pile)
    height = page.evaluate("innerHeight")
    card_h = cards[0][1]
    gaps = [b[0] - a[0] for a, b in zip(cards, cards[1:]) if a[2]]
    assert len(gaps) >= 8, f"{pile} has {len(gaps)} face-up cards under its top one"
    bottom = cards[-1][0] + card_h
    # Either the face-up cards are a finger's target apart, or the column reaches the bottom.
    spread = min(gaps) >= 43.5
    assert spread or bottom >= height - 12, f"gaps {gaps}, bottom {bottom} of {height}"
    assert bottom <= height, f"the column runs off the screen: {bottom} of {height}; {cards}"
    # Each face-up card's corner (its rank and suit: a quarter of its height) stays in view.
    assert min(gaps) >= 0.25 * card_h - 0.5, f"gaps {gaps} for cards {card_h:.0f} px tall"


def test_a_win_celebrates_until_a_tap_then_says_the_streak(phones: Callable[..., Table]) -> None:
    """Cards slide here (MOTION), so the win celebrates: the window waits for
    the celebration, a tap ends it, and a second win in a row says so."""
    table = phones("portrait", **MOTION)
    before_win = replay(HARPAN1, HARPAN1_WIN[:-1])
    for _ in range(2):
        page = table.deal(before_win)
        mouse_move(page, HARPAN1_WIN[-1])
        page.wait_for_selector(".celebration", state="attached")
        waits = page.evaluate(
            "() => !!document.querySelector('.celebration') && !document.querySelector('#dlg-won').open")
        assert waits, "the window opened over the celebration"
        page.touchscreen.tap(SIZES["portrait"][0] / 2, SIZES["portrait"][1] / 2)
        expect(page.locator(".celebration")).to_have_count(0)
        expect(page.locator("#dlg-won")).to_be_visible()
    expect(page.locator("#won-feats")).to_contain_text("2 wins in a row!")
    page.keyboard.press("Escape")


def test_without_motion_the_window_comes_at_once(phones: Callable[..., Table]) -> None:
    table = phones("portrait")                      # reduced motion, as the system asks
    page = table.deal(replay(HARPAN1, HARPAN1_WIN[:-1]))
    mouse_move(page, HARPAN1_WIN[-1])
    expect(page.locator("#dlg-won")).to_be_visible()
    assert page.locator(".celebration").count() == 0
    page.keyboard.press("Escape")


LOWEST_JS = """() => Math.max(...[...document.querySelectorAll('#board [data-card]')]
  .map(c => c.getBoundingClientRect().bottom))"""


@pytest.mark.parametrize("size", ["portrait", "landscape"])
def test_the_hint_leaves_the_cards_in_view_and_escape_closes_it(phones: Callable[..., Table], size: str) -> None:
    """While the solver's panel shows, no card is under it: the columns end
    above it, and (here, in landscape, where they cannot) the cards are drawn
    smaller.  Escape closes it, and the columns take their room back."""
    g, _ = long_column()
    page = phones(size).deal(g)             # in landscape its longest column reaches the bottom
    still(page)
    before = page.evaluate(LOWEST_JS)
    page.click("[data-action=hint]")
    solver_says(page)
    still(page)
    covered = page.evaluate("""() => {
      const p = document.querySelector('#solver-panel').getBoundingClientRect();
      return [...document.querySelectorAll('#board [data-card]')].filter(c => {
        const r = c.getBoundingClientRect();
        return r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom;
      }).map(c => c.dataset.card);
    }""")
    assert covered == [], f"under the panel: {covered}"
    page.keyboard.press("Escape")
    expect(page.locator("#solver-panel")).to_be_hidden()
    page.wait_for_function(f"() => Math.abs(({LOWEST_JS})() - {before}) < 1")   # the columns take the room back


@pytest.mark.parametrize("language", LOCALES)
def test_options_says_when_the_cards_already_fill_the_width(phones: Callable[..., Table], language: str,
                                                           game_page: Page) -> None:
    """On a phone held upright the columns span the screen, so Card size can
    make the cards no wider: the Options window says so, in the player's
    language and within the screen.  On a desktop window it says nothing."""
    page = phones("portrait", language).page
    page.tap("[data-action=menu]")
    page.tap("#btn-settings")
    note = page.locator("#card-size-note")
    expect(note).to_be_visible()
    words = {"en": "already fill", "sv": "fyller redan"}[language]
    expect(note).to_contain_text(words)
    box = note.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SIZES["portrait"][0], box
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-settings")).not_to_be_visible()

    game_page.click("#btn-settings")
    expect(game_page.locator("#dlg-settings")).to_be_visible()
    expect(game_page.locator("#card-size-note")).to_be_hidden()
    game_page.keyboard.press("Escape")
