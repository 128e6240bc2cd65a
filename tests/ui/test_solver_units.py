"""The solver UI's pure helpers, run in CPython (no browser): slicing a search
so that no slice runs long, the certified winnable deal lists, and the words
a hint uses for what its move does."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import harp
import pytest

from harpui import thinking, winnable
from harpui.advicewords import move_effect
from fakes import FakeClock, FakeSearch

ROOT = Path(__file__).resolve().parents[2]


T = TypeVar("T")


def run_sync(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never really waits (its pauses are fakes) to its end.
    (Not asyncio.run: Playwright's sync API keeps an event loop running.)"""
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    raise AssertionError("the coroutine waited for something")


async def no_pause(_: float) -> None:
    return None


def run_think(search: FakeSearch, slicer: thinking.Slicer, clock: FakeClock,
              wanted: Callable[[], bool] = lambda: True) -> tuple[object, list[float]]:
    slices: list[float] = []
    mark = [0.0]

    async def pause(_: float) -> None:
        slices.append(clock.now - mark[0])
        mark[0] = clock.now

    result = run_sync(thinking.think(search, slicer, wanted, clock=clock, pause=pause))
    return result, slices


@pytest.mark.parametrize("node_ms", [0.02, 0.3, 2.0])
def test_slices_stay_near_their_target_whatever_a_node_costs(node_ms: float) -> None:
    clock = FakeClock()
    search = FakeSearch(clock, lambda i: node_ms / 1000, total=200_000)
    slicer = thinking.Slicer()
    result, slices = run_think(search, slicer, clock, wanted=lambda: clock.now < 1.5)
    assert result is None                              # stopped when no longer wanted
    assert len(slices) > 20
    assert max(slices) <= thinking.SLICE_TARGET_S + 0.006
    assert slicer.longest <= thinking.SLICE_TARGET_S + 0.006
    # Most slices fill their time: the page is not yielded to needlessly often.
    assert sorted(slices)[len(slices) // 2] >= thinking.SLICE_TARGET_S * 0.6


def test_a_costly_stretch_of_nodes_shrinks_the_chunk_at_once() -> None:
    clock = FakeClock()
    # Cheap nodes, then a stretch of nodes ten times dearer, then cheap again.
    search = FakeSearch(clock, lambda i: 0.0001 if not 3000 <= i < 6000 else 0.001, total=9000)
    slicer = thinking.Slicer()
    result, slices = run_think(search, slicer, clock)
    assert result == "result"
    # The worst slice overshoots by one chunk of cheap-sized count but dear nodes, no more.
    assert max(slices) <= thinking.SLICE_TARGET_S + 10 * thinking.CHUNK_TARGET_S + 0.001
    assert sorted(slices)[-3] <= thinking.SLICE_TARGET_S + 0.002   # and only once


def test_the_garbage_collector_is_paused_only_while_thinking() -> None:
    clock = FakeClock()
    seen: list[bool] = []

    class Probe(FakeSearch):
        def advance(self, n: int) -> str | None:
            seen.append(gc.isenabled())
            return super().advance(n)

    assert gc.isenabled()
    run_think(Probe(clock, lambda i: 0.001, total=100), thinking.Slicer(), clock)
    assert seen and not any(seen)
    assert gc.isenabled()


def test_the_garbage_collector_waits_until_the_search_is_freed() -> None:
    """SlicedSolver.run pauses the collector from the search's start until its memory is
    released: the first collection after the pause walks every object made meanwhile that is
    still alive (a long task right after a hint).  Run on an event loop of its own, in a
    thread (Playwright's sync API keeps one running in this one)."""
    seen: list[tuple[str, bool]] = []

    class Search:
        nodes_left, held = 40, 3

        def advance(self, n: int) -> str | None:
            seen.append(("advance", gc.isenabled()))
            self.nodes_left -= n
            return "result" if self.nodes_left <= 0 else None

        def release(self, budget: int) -> bool:
            seen.append(("release", gc.isenabled()))
            self.held -= 1
            return self.held == 0

    async def hint() -> tuple[object, bool, bool]:
        result = await thinking.SlicedSolver().run(Search(), lambda: True)
        right_after = gc.isenabled()
        others = asyncio.all_tasks() - {asyncio.current_task()}
        await asyncio.gather(*others)       # the release, spawned by run
        return result, right_after, gc.isenabled()

    outcome: list[tuple[object, bool, bool]] = []
    worker = threading.Thread(target=lambda: outcome.append(asyncio.run(hint())))
    assert gc.isenabled()
    worker.start()
    worker.join()
    assert outcome == [("result", False, True)]
    assert [kind for kind, _ in seen].count("release") == 3
    assert not any(enabled for _, enabled in seen), seen
    assert gc.isenabled()


def test_a_finished_search_is_freed_in_slices() -> None:
    """release() frees a search's memory a slice at a time, each slice near the target."""
    clock = FakeClock()

    class Held:
        left = 10_000

        def release(self, budget: int) -> bool:
            freed = min(budget, self.left)
            self.left -= freed
            clock.now += freed * 0.00001            # 10 microseconds a position: 0.1 s in all
            return self.left == 0

    pauses: list[float] = []

    async def pause(_: float) -> None:
        pauses.append(clock.now)

    held = Held()
    slices = run_sync(thinking.release(held, 0.020, clock=clock, pause=pause))
    assert held.left == 0
    assert slices == len(pauses) + 1 and 4 <= slices <= 6
    gaps = [b - a for a, b in zip([0.0, *pauses], pauses)]
    assert max(gaps) <= 0.020 + thinking.RELEASE_STEP * 0.00001 + 1e-9


def test_the_real_solver_in_slices_gives_the_same_verdict() -> None:
    from harp.solver import solve, start_search
    g = harp.Game.new("harpan", deal=1)
    whole = solve(g.copy(), max_nodes=3000)
    sliced = run_sync(thinking.think(start_search(g.copy(), max_nodes=3000), thinking.Slicer(),
                                     lambda: True, pause=no_pause))
    assert (sliced.verdict, sliced.best_move, sliced.nodes) == (whole.verdict, whole.best_move, whole.nodes)


# -- certified lists ---------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted((ROOT / "static" / "winnable").glob("*.json")), ids=lambda p: p.stem)
def test_every_certified_list_parses(path: Path) -> None:
    numbers = winnable.parse(path.read_text(encoding="utf-8"), path.stem)
    assert numbers == sorted(json.loads(path.read_text())["winnable"])
    assert path.stem in harp.GAMES


def test_a_list_for_another_game_or_a_bad_list_is_refused() -> None:
    with pytest.raises(ValueError):
        winnable.parse(json.dumps({"game": "harp", "winnable": [1]}), "harpan")
    with pytest.raises(ValueError):
        winnable.parse(json.dumps({"game": "harpan", "winnable": [0, "x"]}), "harpan")


def test_only_the_games_own_rules_are_certified() -> None:
    assert winnable.is_default("harpan", harp.GAMES["harpan"].options())
    assert winnable.is_default("harpan", {})
    assert not winnable.is_default("harpan", {**harp.GAMES["harpan"].options(), "draw": 3})
    assert not winnable.is_default("big-harp", {"passes": None})
    assert "62 certified winnable deals" in winnable.count_text(list(range(62)), True)
    assert "1 certified winnable deal." in winnable.count_text([7], True)
    assert "No certified" in winnable.count_text([], True)
    assert "No certified" in winnable.count_text([1, 2], False)


def test_pick_takes_a_listed_number_and_avoids_the_current_one() -> None:
    rng = random.Random(1)
    picks = {winnable.pick([3, 8, 12], rng, avoid=8) for _ in range(50)}
    assert picks == {3, 12}
    assert winnable.pick([8], rng, avoid=8) == 8


def test_lists_load_once_and_a_failed_load_counts_as_empty() -> None:
    calls: list[str] = []

    async def fetch(url: str) -> str:
        calls.append(url)
        if "harp.json" in url and "harpan" not in url:
            raise OSError("offline")
        return json.dumps({"game": "harpan", "winnable": [5, 1]})

    lists = winnable.Lists(fetch)
    assert lists.known("harpan") is None
    assert run_sync(lists.load("harpan")) == [1, 5]
    assert run_sync(lists.load("harpan")) == [1, 5]
    assert calls == ["./static/winnable/harpan.json"]
    assert run_sync(lists.load("harp")) == [] and lists.known("harp") == []
    assert lists.certified("harpan", 5, {}) and not lists.certified("harpan", 5, {"draw": 3})
    assert not lists.certified("harpan", 5, {}, daily=True) and not lists.certified("harpan", 2, {})


# -- words -----------------------------------------------------------------------------------------
def test_move_effect_names_what_a_move_does() -> None:
    g = harp.Game.new("harpan", deal=1)
    assert move_effect(g, "t2>t5") == "uncovers a card"
    assert move_effect(g, "s") == "draws from the stock"
    assert g.view()["moves"] == 0                       # the game itself is untouched


def test_a_hidden_page_thinks_no_further_until_it_shows_again() -> None:
    """While ``paused()`` (the page is hidden) the search is not advanced at all; it only
    looks every PAUSED_LOOK_S whether it may go on, and then finishes as before."""
    clock = FakeClock()
    search = FakeSearch(clock, lambda i: 0.0005, total=400)
    looks: list[tuple[float, int]] = []
    hidden_for = [3]                       # the page is hidden for three looks, then shows

    def paused() -> bool:
        if hidden_for[0] > 0:
            hidden_for[0] -= 1
            return True
        return False

    async def pause(seconds: float) -> None:
        looks.append((seconds, search.done))

    result = run_sync(thinking.think(search, thinking.Slicer(), lambda: True, clock=clock, pause=pause,
                                     paused=paused))
    assert result == "result" and search.done == 400
    waits = [(s, done) for s, done in looks if s == thinking.PAUSED_LOOK_S]
    assert len(waits) == 3                                  # one look a wait while hidden
    assert len({done for _, done in waits}) == 1            # and not one node searched meanwhile
