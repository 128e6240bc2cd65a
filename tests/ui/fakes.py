"""Fakes for the UI tests in CPython (not a test module): the page's browser
objects (localStorage), the Protocols of static/harpui/ports.py (a screen,
dialogs, a solver runner), and ``rig``, which wires the real Controller and
its Advisor to them; with the helpers that drive it as the page does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

import harp
from harp.solver import Hint, Result, WayBack, solve

from harpui.advisor import HINT_SECONDS
from harpui.cards import parse_move, view_pile_cards
from harpui.clock import Clock
from harpui.controller import Controller
from harpui.ports import DialogWindows
from harpui.store import Store
from harpui.winnable import Lists

HARPAN_1 = "HN1-N-AAAAAAB"     # harpan deal 1: AD on top of column 7, 6H on column 2, 7S on column 5


# -- the browser's objects and the ports (static/harpui/ports.py) ------------------------------
class FakeStorage:
    """localStorage's three methods over a dict.  broken=True makes each
    throw, as a browser's storage does when it is turned off; quota (in
    characters of keys and values) makes a write that would go over it
    throw and leave the old value, as a browser's does when it is full."""

    def __init__(self, items: dict[str, str] | None = None, broken: bool = False,
                 quota: int | None = None) -> None:
        self.items = dict(items or {})
        self.broken = broken
        self.quota = quota

    def _check(self) -> None:
        if self.broken:
            raise RuntimeError("SecurityError")

    def used(self) -> int:
        return sum(len(key) + len(value) for key, value in self.items.items())

    def getItem(self, key: str) -> str | None:
        self._check()
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self._check()
        old = len(key) + len(self.items[key]) if key in self.items else 0
        if self.quota is not None and self.used() - old + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self._check()
        self.items.pop(key, None)


class LoggedStore(Store):
    """The real store (ports.Storage), writing each save in the shared log."""

    def __init__(self, log: list[str], backend: FakeStorage) -> None:
        super().__init__(backend)
        self.log = log

    def save(self, name: str, data: Any) -> None:
        self.log.append(f"save {name}")
        super().save(name, data)


class FakeScreen:
    """ports.Screen, and the embed's harpui.embed.Board: keeps what it was asked to show."""

    def __init__(self, log: list[str] | None = None, panel: bool = True) -> None:
        self.log = [] if log is None else log
        self.has_panel = panel
        self.view: dict[str, Any] | None = None
        self.info: dict[str, Any] = {}
        self.clock = -1
        self.toasts: list[str] = []
        self.notices: list[str] = []       # the notice line's texts in order ("" once taken away)
        self.notice_seconds: list[float | None] = []
        self.said: list[str] = []          # the live region's words, in order
        self.hints: list[tuple[str, int, str | None]] = []
        self.panel: str | None = None
        self.buttons: set[str] = set()
        self.thought: tuple[int, float, int] | None = None
        self.play_out_marks: list[bool] = []
        self.celebrating: list[tuple[Callable[[], None], bool]] = []   # (done, shown) until the test ends it

    def render(self, view: dict[str, Any], rules: harp.Rules, info: dict[str, Any]) -> None:
        assert rules.id == view["game"]
        self.log.append("render")
        self.view, self.info = view, info

    def show_clock(self, seconds: int) -> None:
        self.clock = seconds

    def toast(self, text: str, seconds: float = 3.5) -> None:
        self.toasts.append(text)
        self.said.append(text)

    def announce(self, text: str) -> None:
        self.said.append(text)

    def notice(self, text: str, seconds: float | None = None) -> None:
        self.notices.append(text)
        self.notice_seconds.append(seconds)

    def celebrate(self, done: Callable[[], None], show: bool = True) -> None:
        """The win's cascade (harpui.embed.Board): it runs until the test calls its done."""
        self.celebrating.append((done, show))

    def pile_cards(self, pile: str) -> list[str]:
        assert self.view is not None
        return view_pile_cards(self.view, pile)

    def show_hint(self, source: str, count: int, target: str | None) -> None:
        self.hints.append((source, count, target))

    def clear_hint(self) -> None:
        self.hints.clear()

    def solver_panel(self, text: str, buttons: set[str]) -> bool:
        if not self.has_panel:
            return False
        self.panel, self.buttons = text, set(buttons)
        return True

    def hide_solver_panel(self) -> None:
        self.panel, self.buttons = None, set()

    def think_stats(self, nodes: int, longest_s: float, slices: int) -> None:
        self.thought = (nodes, longest_s, slices)

    def show_me_running(self, running: bool) -> None:
        self.play_out_marks.append(running)


class FakeDialogs:
    """ports.DialogWindows: keeps each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def open(self, name: str) -> None:
        self.calls.append(("open", name))

    def close_game_end(self) -> None:
        self.calls.append(("close_game_end",))

    def show_won(self, view: dict[str, Any], seconds: int, assisted: bool = False,
                 feats: Sequence[str] = ()) -> None:
        self.calls.append(("won", view["code"], assisted))
        self.feats = list(feats)

    def show_stuck(self, checks: list[harp.StuckCheck]) -> bool:
        self.calls.append(("stuck", len(checks)))
        return True

    def stuck_verdict(self, kind: str, text: str, back: int | None) -> None:
        self.calls.append(("verdict", kind, text, back))

    def confirm_peek(self) -> None:
        self.calls.append(("confirm_peek",))

    def show_corrupt(self, problems: list[str]) -> None:
        self.calls.append(("corrupt", problems))

    def named(self, name: str) -> list[tuple[Any, ...]]:
        return [call for call in self.calls if call[0] == name]


class FakeClock:
    """A clock that a test moves by hand (harpui.thinking's clock)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class FakeSearch:
    """ports.Search.  With a total, each node it advances costs cost(i) seconds on the
    clock, and it answers "result" after total nodes; without one it never answers
    (FakeThinker.run answers for it).  release() is done at once."""

    def __init__(self, clock: FakeClock | None = None, cost: Callable[[int], float] = lambda i: 0.0,
                 total: int | None = None) -> None:
        self.clock, self.cost, self.total, self.done = clock or FakeClock(), cost, total, 0

    def advance(self, budget: int) -> str | None:
        if self.total is None:
            return None
        for _ in range(min(budget, self.total - self.done)):
            self.clock.now += self.cost(self.done)
            self.done += 1
        return "result" if self.done >= self.total else None

    def release(self, budget: int) -> bool:
        return True


Answer = Callable[[harp.Game, bool], "Result | None"]


def as_hint(result: Result | None) -> Hint | None:
    """The Hint a HintSearch would give where the fair search answered ``result``."""
    if result is None:
        return None
    if result.verdict == "win" and result.moves:
        return Hint(result.moves[0], sure=True, line=list(result.moves), seconds=result.seconds)
    if result.verdict == "loss":
        return Hint(None, lost=True, seconds=result.seconds)
    return Hint(result.best_move, seconds=result.seconds)


class FakeThinker:
    """ports.Thinker: answers each search with answer(game, thoughtful); None
    from start() when the solver is 'not available'."""

    def __init__(self, answer: Answer | None = None) -> None:
        self.answer = answer
        self.asked: list[tuple[str, bool, float]] = []
        self._game: harp.Game | None = None
        self._thoughtful = False
        self._hint = False
        self._way = False
        self.way_back: WayBack | None = None    # what start_way_back's search answers, if anything
        self.avoided: list[frozenset[str]] = []   # the moves each hint was asked to leave out

    def start(self, game: harp.Game, thoughtful: bool, seconds: float) -> FakeSearch | None:
        if self.answer is None:
            return None
        self.asked.append((game.code, thoughtful, seconds))
        self._game, self._thoughtful = game.copy(), thoughtful
        return FakeSearch()

    def start_hint(self, game: harp.Game, avoid: frozenset[str]) -> FakeSearch | None:
        """A hint's search: answered as the fair search's Result would be (``as_hint``)."""
        self.avoided.append(avoid)
        search = self.start(game, False, HINT_SECONDS)
        self._hint = search is not None
        return search

    def start_way_back(self, game: harp.Game, winnable_at: int | None) -> FakeSearch | None:
        """None unless ``way_back`` is set: then the advisor keeps the mark it knows."""
        if self.way_back is None:
            return None
        self._game, self._hint, self._way = game.copy(), False, True
        return FakeSearch()

    async def run(self, search: Any, still_wanted: Callable[[], bool],
                  on_slice: Callable[[int], None] | None = None) -> Any:
        if self._way:
            self._way = False
            return self.way_back if still_wanted() else None
        assert self.answer is not None and self._game is not None
        result = self.answer(self._game, self._thoughtful)
        if self._hint:
            self._hint = False
            return as_hint(result) if still_wanted() else None
        return result if still_wanted() else None

    def last_run(self) -> tuple[int, float, int]:
        return 100, 0.02, 3


class Tasks:
    """run_soon for the advisor: keeps the coroutines; run() drives them to their end
    (the fakes never really wait, so a plain send() loop is enough)."""

    def __init__(self) -> None:
        self.waiting: list[Coroutine[Any, Any, Any]] = []

    def __call__(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        self.waiting.append(coroutine)

    def run(self) -> None:
        while self.waiting:
            coroutine = self.waiting.pop(0)
            try:
                for _ in range(10_000):
                    coroutine.send(None)
                raise AssertionError("the coroutine never ended")
            except StopIteration:
                pass


async def no_sleep(seconds: float) -> None:
    return None


async def no_lists(url: str) -> str:
    raise OSError("offline")


# -- the real Controller on these fakes, and the helpers that drive it as the page does --------
@dataclass
class Rig:
    controller: Controller
    screen: FakeScreen
    storage: FakeStorage
    dialogs: Any
    thinker: FakeThinker
    tasks: Tasks
    log: list[str] = field(default_factory=list)
    now: list[float] = field(default_factory=lambda: [1000.0])

    @property
    def game(self) -> harp.Game:
        return self.controller.game

    def saved(self) -> dict[str, Any]:
        record = json.loads(self.storage.items["harp.game"])
        assert record["v"] == 1
        data: dict[str, Any] = record["data"]
        return data


def rig(code: str | None = HARPAN_1, items: dict[str, str] | None = None,
        answer: Answer | None = None, panel: bool = True,
        dialogs: Callable[[Controller, FakeScreen], DialogWindows] = lambda controller, screen: FakeDialogs(),
        sleep: Callable[[float], Coroutine[Any, Any, None]] | None = None,
        first_code: str | None = None, quota: int | None = None) -> Rig:
    log: list[str] = []
    storage = FakeStorage(items, quota=quota)
    screen = FakeScreen(log, panel)
    thinker, tasks = FakeThinker(answer), Tasks()
    now = [1000.0]
    controller = Controller(LoggedStore(log, storage), screen, thinker,
                            lists=Lists(fetch_text=no_lists), clock=Clock(lambda: now[0]),
                            today=lambda: (2026, 1, 2), run_soon=tasks, sleep=sleep or no_sleep)
    r = Rig(controller, screen, storage, None, thinker, tasks, log, now)
    controller.dialogs = r.dialogs = dialogs(controller, screen)
    controller.start(f"?code={code}" if code else "", "", first_code=first_code)
    log.clear()
    return r


def play(r: Rig, move: str) -> bool:
    """A move the way input makes it: the stock is drawn, cards are dropped."""
    if move == "s":
        return r.controller.draw()
    source, count, target = parse_move(move)
    assert target is not None
    return r.controller.drop(source, count, target)


def saved_game(moves: list[str], game: str = "harpan", deal: int = 1, **extra: Any) -> dict[str, str]:
    """localStorage holding a saved game of these moves, as the page writes it."""
    g = harp.Game.new(game, deal=deal)
    for move in moves:
        g.play(move)
    data = {"game": g.to_json(), "counted": True, "won_recorded": False, "elapsed": 0.0,
            "winnable_at": None, "assisted": False, **extra}
    return {"harp.game": json.dumps({"v": 1, "data": data})}


def verdict(kind: str, moves: list[str] | None = None, best: str | None = None,
            seconds: float = 0.2, frontier: bool = False) -> Answer:
    return lambda game, thoughtful: Result(kind, moves=list(moves or []), best_move=best,
                                           seconds=seconds, frontier=frontier)


def solved(game: harp.Game, thoughtful: bool) -> Result:
    """The real solver, seeing every card (harpan deal 1 takes it well under a second)."""
    return solve(game, thoughtful=True, max_seconds=20)
