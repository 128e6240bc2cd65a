"""Running the engine's solver in slices, so the page never freezes.

Pure Python (asyncio only): the page's event loop is the browser's, and
``await pause(0)`` hands it back between two slices, so it can paint, run
animations and take input.  Chromium calls a task over 50 ms a long task;
slices of about 20 ms stay under that even when a busy machine stretches
them two- or threefold.

A slice is timed, not counted: it calls ``search.advance(chunk)`` again and
again until the next chunk would take it past ``SLICE_TARGET_S``.  The chunk
is measured as it goes and kept near ``CHUNK_TARGET_S``, so a slice overshoots
its target by at most one small chunk, whatever a node costs on this device
(a slow phone, a fast desk) and whichever position is searched.  The
cyclic garbage collector is paused while a search runs: the solver builds no
reference cycles, and a full collection walks every position the search has
kept, a pause that no slice size can bound.

``SlicedSolver`` is what the advisor is handed (ports.Thinker): it starts
harp.solver's searches, runs them through ``think``, and then frees each
search's memory in slices too (``release``).  The collector stays paused
until that is done: its first collection after a pause walks every object
made meanwhile that is still alive, and right after a hint of 1.5 s that was
a task of 50 to 60 ms in Chromium, in about half the test runs.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import harp

    from .ports import Search

SLICE_TARGET_S = 0.020   # each slice thinks about this long, then yields to the browser
CHUNK_TARGET_S = 0.002   # one advance() call: small, so a slice ends close to its target
FIRST_CHUNK = 8          # nodes in the very first call, before anything is measured
MIN_CHUNK = 1
MAX_CHUNK = 4096
RELEASE_STEP = 512       # positions a search forgets in one release() call
PAUSED_LOOK_S = 0.5      # while the page is hidden, a search looks this often whether it may go on


class Slicer:
    """How many solver nodes fit in a chunk, measured; and what the last run's slices were.

    After each call the chunk moves toward ``CHUNK_TARGET_S`` worth of nodes,
    growing at most twofold at a time and shrinking at once.  One Slicer
    lives as long as the page, so each search starts at the size the last
    one found.
    """

    def __init__(self, target: float = SLICE_TARGET_S, chunk: int = FIRST_CHUNK) -> None:
        self.target = target
        self.chunk = chunk
        self.nodes = 0           # nodes in the last slice
        self.most_nodes = 0      # the most nodes in one slice of the current run
        self.longest = 0.0       # seconds: the longest slice of the current run
        self.slices = 0          # slices in the current run

    def start_run(self) -> None:
        self.most_nodes = 0
        self.longest = 0.0
        self.slices = 0

    def chunk_took(self, nodes: int, seconds: float) -> None:
        """A call for ``nodes`` nodes took ``seconds``: size the next one."""
        if nodes <= 0:
            return
        wanted = nodes * 2 if seconds <= 0 else int(nodes * CHUNK_TARGET_S / seconds)
        self.chunk = max(MIN_CHUNK, min(MAX_CHUNK, nodes * 2, wanted))

    def slice_took(self, nodes: int, seconds: float) -> None:
        self.slices += 1
        self.nodes = nodes
        self.most_nodes = max(self.most_nodes, nodes)
        self.longest = max(self.longest, seconds)


async def think(
    search: Any,
    slicer: Slicer,
    still_wanted: Callable[[], bool],
    on_slice: Callable[[int], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    pause: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    paused: Callable[[], bool] = lambda: False,
) -> Any:
    """Advance ``search`` slice by slice until it has a result, and return it;
    None as soon as ``still_wanted()`` turns false (the game moved on).  While
    ``paused()`` (the page is hidden) it only looks, every ``PAUSED_LOOK_S``,
    whether it may go on: a phone in a pocket does not think."""
    slicer.start_run()
    _pause_gc()
    try:
        while True:
            began = clock()
            explored = 0
            result = None
            while result is None:
                nodes = slicer.chunk
                start = clock()
                result = search.advance(nodes)
                now = clock()
                slicer.chunk_took(nodes, now - start)
                explored += nodes
                if now - began + (now - start) > slicer.target:
                    break                   # the next chunk would overshoot the slice
            slicer.slice_took(explored, clock() - began)
            if result is not None:
                return result
            if on_slice is not None:
                on_slice(slicer.slices)
            await pause(0)
            while paused() and still_wanted():
                await pause(PAUSED_LOOK_S)
            if not still_wanted():
                return None
    finally:
        _resume_gc()


async def release(
    search: Any,
    target: float = SLICE_TARGET_S,
    clock: Callable[[], float] = time.perf_counter,
    pause: Callable[[float], Awaitable[Any]] = asyncio.sleep,
) -> int:
    """Free a finished search's memory in slices (harp.solver.Portfolio.release):
    dropped at once, a long search's positions pause the page for tens of
    milliseconds.  Returns the number of slices it took."""
    slices = 1
    began = clock()
    while not search.release(RELEASE_STEP):
        if clock() - began > target:
            await pause(0)
            slices += 1
            began = clock()
    return slices


class SlicedSolver:
    """The page's solver runner (ports.Thinker): harp.solver's searches, run by
    think() in slices.  One lives as long as the page, with its Slicer."""

    def __init__(self, slicer: Slicer | None = None, paused: Callable[[], bool] = lambda: False) -> None:
        self.slicer = slicer or Slicer()
        self.paused = paused               # the page is hidden: think no further until it shows

    def start(self, game: harp.Game, thoughtful: bool, seconds: float) -> Search | None:
        try:
            from harp.solver import start_search
        except ImportError:        # an engine built without its solver: no hints, no verdicts
            return None
        return start_search(game.copy(), max_seconds=seconds, thoughtful=thoughtful)

    def start_hint(self, game: harp.Game, avoid: frozenset[str]) -> Search | None:
        try:
            from harp.solver import HintSearch
        except ImportError:
            return None
        return HintSearch(game, avoid=avoid)   # the engine's budget: the same hint as in CPython

    def start_way_back(self, game: harp.Game, winnable_at: int | None) -> Search | None:
        try:
            from harp.solver import WayBackSearch
        except ImportError:
            return None
        return WayBackSearch(game, winnable_at=winnable_at)

    async def run(self, search: Search, still_wanted: Callable[[], bool],
                  on_slice: Callable[[int], None] | None = None) -> Any:
        _pause_gc()     # until the search's memory is released (see the module's docstring)
        try:
            result: Any = await think(search, self.slicer, still_wanted, on_slice, paused=self.paused)
        except BaseException:
            _resume_gc()
            raise
        if not spawn(release_then_collect(search, self.slicer.target)):
            _resume_gc()
        return result

    def last_run(self) -> tuple[int, float, int]:
        return self.slicer.most_nodes, self.slicer.longest, self.slicer.slices


async def release_then_collect(search: Any, target: float = SLICE_TARGET_S) -> None:
    """``release`` the search, then let the garbage collector run again (``SlicedSolver.run``
    paused it)."""
    try:
        await release(search, target)
    finally:
        _resume_gc()


def spawn(coroutine: Coroutine[Any, Any, Any]) -> bool:
    """Run a coroutine on the page's event loop; False without one (as in CPython tests),
    where it is dropped unstarted."""
    try:
        asyncio.ensure_future(coroutine)
    except RuntimeError:
        coroutine.close()
        return False
    return True


_gc_paused = 0          # searches under way (a hint and a stuck verdict may overlap)
_gc_was_on = True


def _pause_gc() -> None:
    global _gc_paused, _gc_was_on
    if _gc_paused == 0:
        _gc_was_on = gc.isenabled()
        gc.disable()
    _gc_paused += 1


def _resume_gc() -> None:
    global _gc_paused
    _gc_paused = max(_gc_paused - 1, 0)
    if _gc_paused == 0 and _gc_was_on:
        gc.enable()
