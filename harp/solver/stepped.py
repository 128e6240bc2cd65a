"""Work made of several solver searches, run in slices like one search (``Stepped``).

A hint solves several imagined deals one after another, and the way back solves positions
along the game's line.  Each is written as a generator that yields whenever it has spent some
of the slice's budget; ``advance(n)`` runs it for about n positions, as ``Portfolio.advance``
does, so the page's slicer (harpui/thinking.py) runs both like any search.

Internal API of the package (the tests use it): ``Stepped``, ``portfolio``.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Generator, Iterator
from typing import Generic, TypeVar

from ..position import Position
from .first_moves import FirstMovesAllowed
from .moves import MoveGenerator
from .playout import playout_steps
from .portfolio import Portfolio
from .result import LOSS, WIN
from .settings import TECHNIQUES

Answer = TypeVar("Answer")
PLAYOUT_MOVES = 5000   # the most moves of a playout with no budget in nodes (as ``solve``'s)


def portfolio(game: Position, thoughtful: bool, max_nodes: int | None, max_seconds: float | None,
              prune: bool = True, techniques: tuple[str, ...] = TECHNIQUES,
              first_moves: Collection[str] | None = None) -> Portfolio:
    """The solver's search of ``game``'s position (what ``harp.solver.start_search`` gives);
    with ``first_moves``, of the lines that begin with one of them (``FirstMovesAllowed``)."""
    generator = MoveGenerator.for_game(game, thoughtful, prune, techniques)
    if first_moves is not None:
        generator = FirstMovesAllowed.of(generator, first_moves)
    return Portfolio(generator, max_nodes, max_seconds)


class Stepped(Generic[Answer]):
    """Subclasses write ``_work``, a generator that sets ``self.result`` before it ends and
    runs its searches through ``run_search`` and ``solve_in_slices``."""

    def __init__(self) -> None:
        self.nodes = 0
        self.seconds = 0.0
        self.result: Answer | None = None
        self.current: Portfolio | None = None      # the search under way, for release()
        self._budget = 0
        self.last_verdict_lost = False   # the last ``solve_in_slices`` proved its position lost
        self.last_lead: str | None = None   # else its search's most promising first move, if any
        self._steps: Iterator[None] | None = None

    def _work(self) -> Iterator[None]:
        raise NotImplementedError

    def advance(self, budget: int) -> Answer | None:
        """Search about ``budget`` more positions; the answer once there is one."""
        if self.result is not None:
            return self.result
        if self._steps is None:
            self._steps = self._work()
        started = time.perf_counter()
        self._budget = budget
        try:
            for _ in self._steps:
                if self._budget <= 0:
                    break
        finally:
            self.seconds += time.perf_counter() - started
        return self.result

    def release(self, budget: int) -> bool:
        """Forget the last search's positions a few at a time (``Portfolio.release``); True when done."""
        if self.current is None:
            return True
        if self.current.release(budget):
            self.current = None
            return True
        return False

    def spend(self, nodes: int) -> None:
        self.nodes += nodes
        self._budget -= nodes

    def run_search(self, search: Portfolio) -> Iterator[None]:
        """Advance ``search`` until it answers, in steps of the slice's budget."""
        self.current = search
        while search.result is None:
            before = search.nodes
            search.advance(max(1, self._budget))
            self.spend(max(1, search.nodes - before))
            yield

    def playout_in_slices(self, game: Position, most: int) -> Generator[None, None, list[str] | None]:
        """The greedy playout (``playout_steps``), a move a step, each move one node: its line
        if it wins, else None."""
        moves = playout_steps(game, most)
        while True:
            try:
                next(moves)
            except StopIteration as done:
                line: list[str] | None = done.value
                return line
            self.spend(1)
            yield

    def solve_in_slices(self, game: Position, max_nodes: int | None, max_seconds: float | None,
                        first_moves: Collection[str] | None = None) -> Generator[None, None, list[str] | None]:
        """``harp.solver.solve`` in thoughtful mode, in slices: the playout, then the search.
        The winning line, or None.  With ``first_moves``, only a line that begins with one of
        them (a playout that begins otherwise is left, and the search looks further; a loss
        then only says that no line beginning so wins)."""
        self.last_verdict_lost, self.last_lead = False, None
        line = yield from self.playout_in_slices(game, max_nodes or PLAYOUT_MOVES)
        if line is not None and (first_moves is None or (line and line[0] in first_moves)):
            return line
        yield                   # (the playout's last move and the search's start: two steps, not one)
        search = portfolio(game, True, max_nodes, max_seconds, first_moves=first_moves)
        yield
        yield from self.run_search(search)
        assert search.result is not None
        self.last_verdict_lost = search.result.verdict == LOSS
        if search.result.verdict != LOSS:
            self.last_lead = search.result.best_move
        return search.result.moves if search.result.verdict == WIN else None
