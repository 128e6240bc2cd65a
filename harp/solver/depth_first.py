"""The depth-first search, on an explicit stack (Pyodide's recursion limit is low), with a
transposition table.  It commits to its first choices: among the moves from a position it
tries the closest to a win first.  Run in slices: ``advance(n)`` explores up to n more
positions and returns the result once there is one, so a page can call it between frames.

Internal API of the package (the tests use it): ``DepthFirstSearch``.
"""

from __future__ import annotations

import time
from collections import deque

from .moves import MoveGenerator
from .result import LOSS, UNKNOWN, WIN, Result
from .search import SearchInSlices
from .state import Need, State, Successor

REVEALS = -(10**6)  # the distance given to a line that reveals an unknown card: the best a fair hint gets


class DepthFirstSearch(SearchInSlices):
    """A depth-first search from ``start`` with ``generator``'s moves: WIN with its line, LOSS
    when it ran out of positions (which proves a loss only where its pruning is sound), or
    UNKNOWN (out of budget, or out of positions where a move would reveal an unknown card)."""

    def __init__(self, generator: MoveGenerator, start: State,
                 max_nodes: int | None = None, max_seconds: float | None = None) -> None:
        super().__init__(generator, start)
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.seconds = 0.0
        self.expanded = 0  # positions whose successors were made (nodes also counts those met again)
        # Each frame: (state, its successors still to try, the moves that led into it).
        self.stack: list[tuple[State, deque[Successor], list[str]]] = []
        opening = self.opening_answer(proves_lost=True)
        if opening is not None:  # (made again by ``_finish``: its LOSS names the best line's first move)
            self._finish(opening.verdict, opening.moves, exhausted=False)
            return
        self.stack.append((self.opened, self._expand(self.opened, None, self.first_moves), self.first_moves))
        self.expanded = 1

    def _path(self) -> list[str]:
        return [m for frame in self.stack for m in frame[2]]

    def _expand(self, state: State, need: Need, moves: list[str]) -> deque[Successor]:
        """The successors of a state; a first move that would reveal a card is remembered as a
        hint in fair mode, since the search cannot look past it."""
        generator = self.generator
        successors = deque(generator.successors(state, need))
        if generator.frontier_moves and self.best[0] > REVEALS:
            self.best = (REVEALS, self._path() + moves + generator.frontier_moves[0])
            self.best_state = None
        generator.frontier_moves = []
        return successors

    def _finish(self, verdict: str, moves: list[str], exhausted: bool) -> None:
        generator = self.generator
        if verdict != WIN and exhausted:
            # Every reachable position was seen: lost, unless a move could reveal something new.
            verdict = UNKNOWN if generator.frontier_found else LOSS
        best = moves if verdict == WIN else self.best[1]
        self.result = Result(
            verdict, moves if verdict == WIN else [], self.nodes, self.seconds,
            best[0] if best else None, generator.deal.thoughtful, generator.frontier_found,
        )

    def advance(self, budget: int) -> Result | None:
        if self.result is not None:
            return self.result
        generator, stack, seen = self.generator, self.stack, self.seen
        first_visit = generator.keys.first_visit
        started = time.perf_counter()
        for _ in range(budget):
            if not stack:
                break
            self.nodes += 1
            if self.max_nodes is not None and self.nodes > self.max_nodes or (
                self.max_seconds is not None and self.nodes % 256 == 0
                and self.seconds + time.perf_counter() - started > self.max_seconds
            ):
                self.seconds += time.perf_counter() - started
                self._finish(UNKNOWN, [], exhausted=False)
                return self.result
            todo = stack[-1][1]
            if not todo:
                stack.pop()
                continue
            moves, nxt, _, need = todo.popleft()
            if not first_visit(seen, nxt, need):
                continue
            finish = generator.win_line(nxt)
            if finish is not None:
                self.seconds += time.perf_counter() - started
                self._finish(WIN, self._path() + moves + finish, exhausted=False)
                return self.result
            distance = generator.distance(nxt)
            if distance < self.best[0]:
                self.best, self.best_state = (distance, self._path() + moves), nxt
            stack.append((nxt, self._expand(nxt, need, moves), moves))
            self.expanded += 1
        self.seconds += time.perf_counter() - started
        if not stack:
            self._finish(UNKNOWN, [], exhausted=True)
        return self.result

