"""Helpers for the browser tests of the game page (not a test module).

The page is driven with real pointer and keyboard events; what it shows is
read back through the page's test contract (data-pile, data-card) and
checked against the same deal played in CPython with the `harp` engine.
"""

from __future__ import annotations

import functools
import json
import warnings
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

import harp
from harp.notation import split_move
from playwright.sync_api import Page, Route
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from buildtools.probes import LAYOUT_JS, POINT_JS
from buildtools.probes import expected_layout as expected   # the engine's view of the page: tests take it from here
from pngkit import png_pixels   # test_screenshots.py takes it from here too

from harpui.words import LANGUAGES, catalogue  # static/ is on the path by pyproject.toml

READY = "html[data-harp-ready]"
READY_TIMEOUT_MS = 60_000  # a boot takes seconds here; a busy machine stretches it, so leave room

# Context args for a test where cards should slide: every other test context asks
# for reduced motion (the browser conftest's browser_context_args).
MOTION = {"reduced_motion": "no-preference"}

EASY5 = "EH1-N-AAAAAAF"

# The phone tests' screens (width, height) and languages (browser locales).
SIZES = {"portrait": (390, 844), "landscape": (844, 390), "narrow": (360, 740)}
# The desktop windows (width, height) the browser tests use: Playwright's own (a
# context that names none, tabkit.DEFAULT_VIEWPORT), test_axe's, the README's
# pictures' (test_screenshots), test_swedish's picture, and test_play's short
# window (its cards are sized by the height, as a phone's held sideways are).
# test_early_layout.py compares the early board with Python's at each, and at
# each of SIZES.
DESKTOPS = {"default": (1280, 720), "axe": (1280, 800), "pictures": (1100, 680), "swedish": (1000, 700),
            "short": (1280, 520)}
LOCALES = {"en": "en-US", "sv": "sv-SE"}

# Harpan deal 1 won in 163 moves (found by the engine's solver; deals never
# change, so the line is recorded here).  Every foundation move goes to the
# first foundation that takes the card, as a tap does.
HARPAN1 = "HN1-N-AAAAAAB"
HARPAN1_WIN = """
t7>f1 t2>t5 t5:2>t1 s s s s s s s s s s s s s s s s w>f2 w>f2 t7>f2 t4>t7 t5>t4 t5>f1 t3>t5
t3>t6 s s w>f3 s s w>f2 s s s s s s s s w>f1 s s w>f2 s w>f3 w>f3 s s s s s s s s s s s w>f2
w>t4 s s s s s s s s w>t4 t3>t1 w>t3 t6:2>t3 w>t7 t1:4>t7 t6>t1 w>t4 t5:2>t4 t2>t5 s w>t1
t7:7>t1 t7>t2 t6>t7 t6>f1 t5:2>t6 s s s w>t3 t4:7>t3 s s s s w>t4 s w>t1 s w>t2 w>t2 s s s s
w>t2 w>t2 t4:2>t2 t6:3>t4 t4:4>t7 s w>t2 t3:4>t7 f2>t3 w>t3 t7:2>t3 t7>f1 t2>f1 t3:3>t7 t3>f2
t3>f1 t1:3>t2 t1>f2 t1>f1 t7:5>t3 t7>f2 t1>f2 t7>f1 t2:6>t1 t2>f1 t3:7>t7 t3>f2 t2>f2 t3>f1
t2>f1 t3>f2 t7:10>t3 t7>t4 t7>f4 t6>f4 t3>f4 t1>f4 t3>f3 t1>f3 t3>f4 t1>f4 t3>f3 t1>f3 t3>f4
t1>f4 t3>f3 t1>f3 t3>f4 t1>f4 t3>f3 t1>f3 t3>f4 t1>f4 t2>f2 t3>f3 t4>f4 t1>f3 t3>f1
""".split()


@functools.cache
def finish_at() -> int:
    """How many moves of HARPAN1_WIN come before foundation moves alone win (Finish is offered)."""
    g = harp.Game.from_code(HARPAN1)
    for played, move in enumerate(HARPAN1_WIN):
        if g.finishing_moves() is not None:
            return played
        g.play(move)
    raise AssertionError("the recorded win never reaches a finish")

# -- reading the page ---------------------------------------------------------
RECTS_JS = """() => Object.fromEntries([...document.querySelectorAll('#board [data-card]')].map(c => {
  const r = c.getBoundingClientRect();
  return [c.dataset.id, [r.left, r.top, r.width, r.height]];
}))"""   # card id -> [left, top, width, height] on screen


def viewport(size: tuple[int, int]) -> dict[str, int]:
    """A SIZES or DESKTOPS size as Playwright's viewport."""
    return {"width": size[0], "height": size[1]}


def cards_stayed(page: Page, before: dict[str, list[float]]) -> None:
    """The same card elements (by id) as in before, a RECTS_JS reading, each
    within 1 px of where it was: Python took the board over without a jump."""
    after = page.evaluate(RECTS_JS)
    assert after.keys() == before.keys(), "the same card elements, by id"
    jumps = {cid: (before[cid], after[cid]) for cid in before
             if any(abs(a - b) > 1 for a, b in zip(before[cid], after[cid]))}
    assert jumps == {}, "no card moved when Python took the board over"


def layout(page: Page) -> dict[str, list[str]]:
    """pile -> its cards bottom to top, as the page shows them."""
    return page.evaluate(LAYOUT_JS)


def assert_shows(page: Page, g: harp.Game) -> None:
    """The page shows exactly the engine's position, counters included."""
    assert layout(page) == expected(g)
    v = g.view()
    assert page.text_content("#moves") == str(v["moves"])
    assert page.text_content("#score") == str(v["score"])


def code_of(page: Page) -> str:
    return page.get_attribute("#board", "data-code") or ""


def toast(page: Page) -> str:
    return page.text_content("#toast") or ""


# -- setting up -------------------------------------------------------------------
def wait_ready(page: Page) -> None:
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def save_record(g: harp.Game) -> str:
    """The page's saved-game record (localStorage "harp.game") for g, undo history included."""
    return json.dumps({"v": 1, "data": {"game": g.to_json(), "counted": False,
                                        "won_recorded": False, "elapsed": 0}})


def load_position(page: Page, g: harp.Game) -> None:
    """Make g (with its undo history) the saved game, then reload to resume it.
    (To start a page on g, open_game(saved=g) boots once instead of twice.)"""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["harp.game", save_record(g)])
    page.reload()
    wait_ready(page)


def replay(code: str, moves: list[str]) -> harp.Game:
    g = harp.Game.from_code(code)
    for m in moves:
        g.play(m)
    return g


# -- the early board: the page before Python ---------------------------------------
# Tests of the early board hold the Pyodide runtime back (page.route on its wasm)
# while they look at the page, so "before ready" is a condition, not a race: the
# game cannot be ready until the test lets the runtime through.  Their contexts
# block service workers, since requests one answers would bypass the route.
WASM = "**/pyodide.asm.wasm"


def board_copy_for(page: Page, g: harp.Game, key: str = "harp.board") -> None:
    """Wait until the page has stored its board's copy for g's position."""
    page.wait_for_function(
        """([key, code, moves]) => {
          const r = JSON.parse(localStorage.getItem(key) || 'null');
          return r && r.data && r.data.code === code && r.data.moves === moves;
        }""", arg=[key, g.code, g.view()["moves"]], timeout=10_000)


def reload_holding_runtime(page: Page) -> list[Route]:
    """Reload with Pyodide's wasm held back; the held requests, for release()."""
    held: list[Route] = []
    page.route(WASM, lambda route: held.append(route))
    page.reload(wait_until="domcontentloaded")
    return held


def release(page: Page, held: list[Route]) -> None:
    """Let the held runtime through, and wait until the game is ready."""
    page.unroute(WASM)
    for route in held:
        route.fallback()
    wait_ready(page)


def not_ready(page: Page) -> bool:
    return page.get_attribute("html", "data-harp-ready") is None


# -- one boot for many tests ------------------------------------------------------
SEED_PAGE = '<!doctype html><link rel="icon" href="data:,">'


def origin_of(url: str) -> str:
    """"scheme://host:port" of url, as Chrome DevTools Protocol's storage calls name an origin."""
    return "{0.scheme}://{0.netloc}".format(urlsplit(url))


def open_seed_page(page: Page, url: str) -> str:
    """Open an empty page of url's origin (served by the test, not the site),
    from which a test writes the site's storage; returns its URL."""
    seed = urljoin(url, "__seed__.html")
    page.route(seed, lambda route: route.fulfill(content_type="text/html", body=SEED_PAGE))
    page.goto(seed)
    return seed


SHOWS_JS = """([code, piles, moves]) => {
  const board = document.querySelector('#board');
  if (!board || board.dataset.code !== code) return false;
  if (document.querySelector('#moves').textContent !== String(moves)) return false;
  for (const [pile, cards] of Object.entries(piles)) {
    const shown = [...document.querySelectorAll(`#board .pile[data-pile="${pile}"] [data-card]`)];
    if (shown.map(c => c.dataset.card).join() !== cards.join()) return false;
  }
  return true;
}"""


@dataclass
class Table:
    """A booted game page and a second tab of the same site (an empty page of
    its origin).  The game follows what another tab saves (harpui.startup), so
    deal() lets a module's tests share one boot."""

    page: Page
    other_tab: Page

    def deal(self, g: harp.Game) -> Page:
        """Put g on the table, undo history included, and wait until it shows.

        Once in some thousand deals on CI, the page went on showing the game
        before for 30 s (no console error).  So a deal not shown within
        FOLLOW_WAIT_MS is saved once more, from a cleared record so that the
        page hears of it, and a warning says what the page showed: this is
        the tests' way in, and tests/browser/test_storage.py tests following
        another tab without a second try."""
        self.page.bring_to_front()                      # a tab behind another draws about once a second
        self.page.keyboard.press("Escape")              # no window left open by a test before
        record = save_record(g)
        self.other_tab.evaluate("([k, v]) => localStorage.setItem(k, v)", ["harp.game", record])
        try:
            wait_shows(self.page, g, FOLLOW_WAIT_MS)
        except AssertionError as missed:
            warnings.warn(f"table.deal: saved once more. {missed}", stacklevel=2)
            self.other_tab.evaluate("([k, v]) => { localStorage.removeItem(k); localStorage.setItem(k, v); }",
                                    ["harp.game", record])
            wait_shows(self.page, g)
        return self.page


FOLLOW_WAIT_MS = 10_000    # a page takes another tab's save in well under a second here

# What the page shows and holds, for a failure's message.
SHOWN_JS = """() => ({
  code: document.querySelector('#board')?.dataset.code,
  moves: document.querySelector('#moves')?.textContent,
  saved: (() => { try { return JSON.parse(JSON.parse(localStorage.getItem('harp.game')).data.game).code; }
                  catch (e) { return String(localStorage.getItem('harp.game')).slice(0, 80); } })(),
  dialogs: [...document.querySelectorAll('dialog[open]')].map(d => d.id),
  visibility: document.visibilityState,
})"""


def wait_shows(page: Page, g: harp.Game, timeout_ms: float = 30_000) -> None:
    """Wait until the page shows g's deal, cards and move count; if it does
    not, fail with what it shows and what its storage holds."""
    try:
        page.wait_for_function(SHOWS_JS, arg=[g.code, expected(g), g.view()["moves"]], timeout=timeout_ms)
    except PlaywrightTimeoutError:
        raise AssertionError(f"after {timeout_ms / 1000:g} s the page does not show {g.code} at move "
                             f"{g.view()['moves']}; it shows {page.evaluate(SHOWN_JS)}") from None


# -- where things are on screen ----------------------------------------------------
RUNNING_JS = """() => document.getAnimations().filter(a => a.playState === "running").map(a =>
    `${a.constructor.name} ${a.transitionProperty || a.animationName || ""} on `
    + `${a.effect && a.effect.target ? a.effect.target.className || a.effect.target.tagName : "?"}`)"""


def still(page: Page) -> None:
    """Wait until nothing on the page moves (moves animate for a moment); a busy
    machine stretches that, and a page that never settles fails with what moves."""
    try:
        page.wait_for_function(f"() => ({RUNNING_JS})().length === 0", timeout=15_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"still moving after 15 s: {page.evaluate(RUNNING_JS)}") from None


def point(page: Any, what: str, pile: str = "", index: int = -1) -> tuple[float, float]:
    """POINT_JS's point once nothing moves (see still), in the coordinates of
    page's mouse: a frame (embedkit.InFrame) adds where it sits on its page."""
    found = page.evaluate(POINT_JS, [what, pile, index])
    if found is None:
        still(page)
        found = page.evaluate(POINT_JS, [what, pile, index])
    assert isinstance(found, list), found
    dx, dy = page.offset() if hasattr(page, "offset") else (0.0, 0.0)
    return found[0] + dx, found[1] + dy


def card_point(page: Page, pile: str, index: int = -1) -> tuple[float, float]:
    """A point on the visible part of a card (index -1: the top card)."""
    return point(page, "card", pile, index)


def pile_point(page: Page, pile: str) -> tuple[float, float]:
    """Where to drop on a pile: on its top card, or the middle of an empty pile."""
    return point(page, "pile", pile)


def foundation_point(page: Page) -> tuple[float, float]:
    return point(page, "foundations")


# -- acting -------------------------------------------------------------------------
def mouse_drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """Press at start, move past the drag threshold, move to end, release.
    Two moves: each waits for a frame (about 15 ms here), and a whole game
    drags hundreds of times; touch_drag and the bench's drags take eight steps."""
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 10, start[1] + 10)
    page.mouse.move(*end)
    page.mouse.up()


def mouse_move(page: Any, move: str) -> None:
    """Play move by mouse, as a player would, on a page or a frame: the stock
    clicked, a card tapped to its foundation, anything else dragged.  The
    mouse clicks where pile_point says, not by Playwright's page.click, whose
    checks cost about 50 ms of CPU a click here: a whole game has many."""
    if move == "s":
        page.mouse.click(*pile_point(page, "s"))
        return
    src, count, dst = split(move)
    if dst.startswith("f"):
        page.mouse.click(*card_point(page, src))
    else:
        mouse_drag(page, card_point(page, src, -count), target_point(page, dst))


def tool(page: Page, action: str) -> None:
    """Click the toolbar's button for action; on a phone held upright, where
    Restart and the windows are behind the menu, open the menu first."""
    button = page.locator(f'.tools [data-action="{action}"]')
    if not button.is_visible():
        page.click('[data-action="menu"]')
    button.click()


# What the panel says while the solver is still at work, in every language
# (a Swedish page once passed for done while it said "Tänker…").
STILL_THINKING = [catalogue(lang)[key] for lang in LANGUAGES for key in ("advice.thinking", "advice.peeking")]


def solver_says(page: Page, timeout: float = 30_000) -> str:
    """Wait for the solver's message (not 'Thinking...' in any language) and return it."""
    page.wait_for_function(
        """words => { const p = document.querySelector('#solver-panel');
                      return !p.hidden && !words.some(w => p.textContent.includes(w)); }""",
        arg=STILL_THINKING, timeout=timeout)
    return page.text_content("#solver-text") or ""


def touch_drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A real touch drag (Chromium's input pipeline, so Pointer Events of type touch)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
        steps = 8
        for k in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * k / steps
            y = start[1] + (end[1] - start[1]) * k / steps
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def target_point(page: Page, target: str) -> tuple[float, float]:
    return foundation_point(page) if target.startswith("f") else pile_point(page, target)


def split(move: str) -> tuple[str, int, str]:
    """A card move's pieces, by the engine's parser: 't3:2>t7' -> ('t3', 2, 't7')."""
    src, count, dst = split_move(move)
    assert dst is not None, f"{move!r} moves no card"
    return src, count, dst


def focused_pile(page: Page) -> str | None:
    return page.evaluate("() => { const a = document.activeElement;"
                         " return a && a.classList.contains('pile') ? a.dataset.pile : null; }")


def key_to(page: Page, pile: str) -> None:
    """Move the keyboard focus to pile with Tab and the arrow keys only."""
    for _ in range(20):
        if focused_pile(page) is not None:
            break
        page.keyboard.press("Tab")
    assert focused_pile(page) is not None, "Tab never reached the board"
    for _ in range(30):
        here = focused_pile(page)
        if here == pile:
            return
        assert here is not None
        if here.startswith("t") != pile.startswith("t"):
            page.keyboard.press("ArrowDown" if pile.startswith("t") else "ArrowUp")
            continue
        order = page.evaluate("() => [...document.querySelectorAll('#board .pile')].map(p => p.dataset.pile)")
        page.keyboard.press("ArrowRight" if order.index(pile) > order.index(here) else "ArrowLeft")
    raise AssertionError(f"could not reach {pile}, stuck on {focused_pile(page)}")


def keyboard_act(page: Page, move: str) -> None:
    """Play move with the keyboard alone: S draws, F sends home, Enter picks up and drops."""
    if move == "s":
        page.keyboard.press("s")
        return
    src, count, dst = split(move)
    key_to(page, src)
    if dst.startswith("f"):
        page.keyboard.press("f")
        return
    page.keyboard.press("Enter")
    for _ in range(count - 1):
        page.keyboard.press("ArrowUp")
    key_to(page, dst)
    page.keyboard.press("Enter")


def solved_line(game_id: str, deals: range, **options: Any) -> tuple[str, list[str]] | None:
    """A deal the engine's solver wins, and its winning line, in which every
    foundation move goes to the first foundation that takes the card (what a
    tap or a drop on the foundation row does)."""
    try:
        from harp.solver import solve
    except ImportError:
        return None
    for deal in deals:
        g = harp.Game.new(game_id, deal=deal, **options)
        result = solve(g, thoughtful=True, max_seconds=20)
        if result.verdict != "win" or not result.moves:
            continue
        probe = harp.Game.from_code(g.code)
        ok = True
        for m in result.moves:
            if ">f" in m and probe.foundation_move(m.split(">")[0].split(":")[0]) != m:
                ok = False
                break
            probe.play(m)
        if ok and probe.is_won():
            return g.code, result.moves
    return None


# -- pixels -------------------------------------------------------------------------
def colours_of(page: Page, selector: str) -> set[tuple[int, int, int]]:
    """The distinct colours (RGB) a screenshot of the first element matching selector
    shows inside a margin of a tenth of its size (a card's rounded corners show what
    lies behind it)."""
    width, height, rows = png_pixels(page.locator(selector).first.screenshot())
    step = len(rows[0]) // width
    mx, my = width // 10, height // 10
    return {(row[i], row[i + 1], row[i + 2]) for row in rows[my:height - my]
            for i in range(mx * step, (width - mx) * step, step)}
