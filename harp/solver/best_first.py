"""The best-first search: over the same moves and keys as the depth-first one, it always
expands the open position that looks closest to a win (the least distance, each step of depth
counting ``Settings.best_first_weight`` times less than a point of distance).  The depth-first
search commits to its first choices; this one does not, so each finds wins the other misses.
It is complete too: when nothing is left open, every reachable position has been seen.

Internal API of the package (the tests use it): ``BestFirstSearch``.
"""

from __future__ import annotations

import heapq
from typing import Any

from .moves import MoveGenerator
from .result import LOSS, UNKNOWN, WIN, Result
from .search import SearchInSlices
from .state import Need, State

# A best-first entry: (priority, tie-break, state, what it needs next, its link back to the start).
# A link is (the previous link, the moves into this state, depth); the start's link is None.
Link = tuple[object, list[str], int] | None


def moves_along(link: tuple[Any, ...] | None) -> list[str]:
    """The moves of a line kept as a chain of links, each (the link before, its moves, ...)."""
    parts: list[list[str]] = []
    while link is not None:
        link, moves, *_ = link
        parts.append(moves)
    return [m for moves in reversed(parts) for m in moves]


class BestFirstSearch(SearchInSlices):
    """A best-first search from ``start`` with ``generator``'s moves, run in slices."""

    def __init__(self, generator: MoveGenerator, start: State) -> None:
        super().__init__(generator, start)
        self.counter = 0
        self.open: list[tuple[int, int, State, Need, Link]] = []
        self.result = self.opening_answer(proves_lost=True)
        if self.result is None:
            self.open.append((0, 0, self.opened, None, (None, self.first_moves, 0)))

    def advance(self, budget: int) -> Result | None:
        """Expand up to ``budget`` positions; the result once there is one (WIN, or LOSS/UNKNOWN
        when nothing is left open)."""
        generator, seen, heap = self.generator, self.seen, self.open
        first_visit, thoughtful = generator.keys.first_visit, generator.deal.thoughtful
        weight = self.settings.best_first_weight
        for _ in range(budget):
            if self.result is not None or not heap:
                break
            _, _, state, need, link = heapq.heappop(heap)
            self.nodes += 1
            depth = link[2] if link is not None else 0
            for moves, nxt, _, then in generator.successors(state, need):
                if not first_visit(seen, nxt, then):
                    continue
                child: Link = (link, moves, depth + 1)
                finish = generator.win_line(nxt)
                if finish is not None:
                    line = moves_along(child) + finish
                    self.result = Result(WIN, line, self.nodes, 0.0, line[0], thoughtful)
                    break
                distance = generator.distance(nxt)
                if distance < self.best[0]:
                    self.best, self.best_state = (distance, moves_along(child)), nxt
                self.counter += 1
                heapq.heappush(heap, (weight * distance + depth + 1, self.counter, nxt, then, child))
            generator.frontier_moves = []
        if self.result is None and not heap:
            verdict = UNKNOWN if generator.frontier_found else LOSS
            self.result = Result(verdict, [], self.nodes, 0.0, None, thoughtful, generator.frontier_found)
        return self.result
