"""The solver's panel never stands in the toolbar's way, and the way back to
the last winnable point is one change that one Undo takes back (issue 59,
item 4: nothing lost by a slip).

On a touch phone held upright (390x844) and sideways (844x390), in both
languages, and on a desktop window: with the panel up (a proven loss, with
its "Undo to the last winnable point", and a hint on a long column) no
toolbar button's box meets the panel's, nothing in the toolbar moved, a tap
at each button's centre finds that button, and a real tap on New opens the
New window (at 844x390 the panel once sat over New and Restart, and such a
tap hit its "Undo to the last winnable point").  No card is under the panel
either: where the columns cannot end above it, the cards are drawn smaller.

Every position is built and checked with the engine in CPython first."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

import harp
import pytest
from harp.solver import last_winnable_point, solve
from playwright.sync_api import Page, expect

from pagekit import (HARPAN1, HARPAN1_WIN, LOCALES, Table, assert_shows, expected, layout, replay, solver_says,
                     still, wait_ready, wait_shows)
from test_phone_fit import long_column

from harpui.words import catalogue  # static/ is on the path by pyproject.toml

# Harpan deal 1 (certified winnable: the last winnable point is its start), its
# recorded win followed for 75 moves, then random moves until stuck with a long
# column, in a position the fair solver proves lost (found with the engine in CPython).
OFF_THE_WIN = """
t4>t2 s w>t6 s s t2>t4 t4>t2 s w>t3 t4:3>t3 s t7:3>t4 t4:3>t7 s s w>t6 t7:3>t4 t4:3>t7 t6:3>t1 t3:4>t6
t7:3>t4 t2>t6 s t6:5>t3 t3>t2 w>t7 s t4:2>t7 t3:4>t6 t7:2>t4 t6:4>t3 t7:4>t1 t1:4>t7 t3:4>t6 s t2>t6
t6>t2 t6:4>t3 t3:4>t6 t6:4>t3 t7:4>t1 s t2>t3 s t3:5>t6 t4:2>t1 w>t6 t6:2>t2 s s t4>f2 t1:3>t4 t2:2>t6
t6:6>t3 t1:3>t7 t5:2>t3 t3:5>t5 t5:4>t2 t5>t3 t4:3>t7 s t5>f2 t7:3>t4 w>t1 t7:2>t1 t3:4>t6 w>t7
t6:4>t3 t2:4>t3 s t3:8>t6 t6:8>t3 t3:4>t2 t1>t7 s t7>t1 t3:4>t6 t6:4>t3 t1>t7 t3:4>t6 t2:4>t6 s
t4:3>t7 t7:4>t1 t6:8>t3 t3:8>t6 t1:3>t4 t4:4>t7 t6:8>t3 t4>t6 t3:4>t2 t2:4>t3 t3:7>t6 t6:4>t2 t7:3>t1
t2:4>t6 s t6:4>t2 s t6:3>t3 s s w>t1
""".split()
LOST_LINE = HARPAN1_WIN[:75] + OFF_THE_WIN

# What each language's panel says after the way back.
UNDO_WORDS = {"en": "Undo brings the moves back.", "sv": "Ångra ger dig tillbaka dragen."}

# Where things are: the toolbar's shown buttons, the panel and its shown buttons
# ([left, top, right, bottom] each).
BOXES_JS = """() => {
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = el => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden";
  const panel = document.querySelector("#solver-panel");
  return {
    tools: Object.fromEntries([...document.querySelectorAll(".tools button")].filter(shown)
                              .map(b => [b.dataset.action, box(b)])),
    panel: shown(panel) ? box(panel) : null,
    panelButtons: Object.fromEntries([...panel.querySelectorAll("button")].filter(shown).map(b => [b.id, box(b)])),
  };
}"""

# The toolbar buttons whose centre does not find themselves (elementFromPoint): [] when each does.
CENTRES_JS = """() => [...document.querySelectorAll(".tools button")]
  .filter(b => b.getClientRects().length && getComputedStyle(b).visibility !== "hidden")
  .filter(b => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !(hit && hit.closest("button") === b);
  }).map(b => b.dataset.action)"""

CARDS_UNDER_PANEL_JS = """() => {
  const p = document.querySelector('#solver-panel').getBoundingClientRect();
  return [...document.querySelectorAll('#board [data-card]')].filter(c => {
    const r = c.getBoundingClientRect();
    return r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom;
  }).map(c => c.dataset.card);
}"""


@functools.cache
def lost() -> harp.Game:
    """LOST_LINE played: stuck, with a column of ten face-up cards, and proven lost."""
    g = replay(HARPAN1, LOST_LINE)
    assert g.is_stuck() and max(sum(c != "??" for c in col) for col in g.view()["tableau"]) >= 10
    assert solve(g.copy(), max_seconds=10).verdict == "loss"
    return g


@functools.cache
def exact_point() -> int:
    """The last winnable point of ``lost()``'s line, proven: the position after it is lost.
    (The page's probes are too short to prove that loss; longer ones do.)"""
    way = last_winnable_point(lost(), winnable_at=0, probe_nodes=40000)
    assert way.actions is not None and way.exact
    return way.actions


def position(which: str) -> harp.Game:
    return lost() if which == "lost" else long_column()[0]


def meets(a: list[float], b: list[float]) -> bool:
    """Whether two boxes [left, top, right, bottom] share more than an edge."""
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def show_panel_and_check(page: Page, g: harp.Game, which: str, tap: Callable[[str], None]) -> None:
    """Ask for a hint on g (on the page already) with tap; then the panel is
    clear of the toolbar and of the cards, and New still opens its window."""
    still(page)
    before = page.evaluate(BOXES_JS)
    # Restart stands in the toolbar, or (a phone held upright) the menu that holds it.
    assert before["panel"] is None and {"undo", "hint", "new"} <= before["tools"].keys()
    assert before["tools"].keys() & {"restart", "menu"}, before["tools"]
    tap("[data-action=hint]")
    solver_says(page)
    if which == "lost":
        expect(page.locator("#solver-rewind")).to_be_visible()
    else:
        expect(page.locator("#solver-showme")).to_be_visible()
    still(page)
    after = page.evaluate(BOXES_JS)
    assert after["tools"] == before["tools"], "the toolbar stayed where it was"
    panel = after["panel"]
    assert panel is not None
    for action, box in before["tools"].items():
        assert not meets(panel, box), f"the panel {panel} covers {action} {box}"
        for button, own in after["panelButtons"].items():
            assert not meets(own, box), f"{button} {own} is where {action} {box} was"
    assert page.evaluate(CENTRES_JS) == [], "a toolbar button's centre finds something else"
    assert page.evaluate(CARDS_UNDER_PANEL_JS) == [], "cards under the panel"
    # A real tap where New is: the New window, and the game untouched.
    left, top, right, bottom = before["tools"]["new"]
    tap_at(page, (left + right) / 2, (top + bottom) / 2)
    expect(page.locator("#dlg-new")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-new")).to_be_hidden()
    assert_shows(page, g)


def tap_at(page: Page, x: float, y: float) -> None:
    """A touch tap where the page has touch, else a click."""
    if page.evaluate("() => navigator.maxTouchPoints > 0"):
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


@pytest.mark.parametrize("which", ["lost", "long"])
@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("size", ["portrait", "landscape"])
def test_the_panel_leaves_the_toolbar_free_on_a_phone(phones: Callable[..., Table], size: str, language: str,
                                                      which: str) -> None:
    g = position(which)
    page = phones(size, language).deal(g)
    show_panel_and_check(page, g, which, page.tap)


@pytest.mark.parametrize("which", ["lost", "long"])
def test_the_panel_leaves_the_toolbar_free_on_a_desktop(table: Table, which: str) -> None:
    g = position(which)
    page = table.deal(g)
    show_panel_and_check(page, g, which, page.click)


def saved(page: Page) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.evaluate("() => localStorage.getItem('harp.game')"))["data"]
    return data


@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("size", ["portrait", "landscape"])
def test_one_undo_brings_back_every_move_the_way_back_took_back(phones: Callable[..., Table], size: str,
                                                                 language: str) -> None:
    """At 390x844, and at 844x390 where the panel once sat over the toolbar: the way back
    lands on the exact last winnable point that the engine finds in CPython (from the deal's
    start, which is certified winnable, on the same budget in nodes), takes the moves back
    as one change; the panel says Undo brings them back, and one tap on Undo does, after a
    reload too."""
    g = lost()
    way = last_winnable_point(g, winnable_at=0)                         # the page's budget
    assert way.actions is not None and way.actions == exact_point()     # the exact point, proven
    page = phones(size, language).deal(g)
    page.tap("[data-action=hint]")
    solver_says(page)
    page.tap("#solver-rewind")
    expect(page.locator("#solver-text")).to_contain_text(UNDO_WORDS[language])
    back = harp.Game.from_json(saved(page)["game"]).history_length
    assert back == way.actions                                          # exactly the engine's point
    assert layout(page) == expected(replay(HARPAN1, LOST_LINE[:back]))
    assert page.text_content("#moves") == str(len(LOST_LINE))          # an undo never lowers the counter
    expect(page.locator("#btn-undo")).to_be_enabled()                   # at the deal's start too, for the moves
    assert saved(page)["redo"] == LOST_LINE[back:]
    page.reload()                                                       # a reload keeps them
    wait_ready(page)
    expect(page.locator("#btn-undo")).to_be_enabled()
    page.tap("[data-action=undo]")
    n = len(LOST_LINE) - back
    words = catalogue(language)["msg.moves_back.one" if n == 1 else "msg.moves_back.other"]
    expect(page.locator("#toast")).to_have_text(words.format(count=n))
    wait_shows(page, g)
    assert_shows(page, g)                                               # every move, the score, the counter
    assert "redo" not in saved(page)
    page.tap("[data-action=undo]")                                      # then Undo takes back one move
    g = g.copy()
    assert g.undo()
    wait_shows(page, g)
