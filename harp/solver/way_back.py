"""The way back: the last position on the player's own line from which the deal can still be
won (``WayBackSearch``, ``last_winnable_point``).

Seen with every card known (thoughtful mode), a position from which a win exists makes every
earlier position on the same line winnable too: the player could replay the moves in between.
So the winnable positions are a stretch from the start, and the search halves the line: each
probe solves one position along it.  A probe's win also shows how far its line agrees with the
player's moves, which moves the mark on at no cost.

This tells the player where the game was lost, not how to win: the answer is a place on their
own line and the move they made there, never a move they did not make.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass

from ..position import Position
from .stepped import Stepped

# A probe's budget, when none is given: the page's (a loss proof needs far more; then the answer is not exact).
PROBE_NODES = 2500


@dataclass
class WayBack:
    """``actions``: how many of the game's actions lead to the last winnable point (None when
    no position on the line was shown winnable); ``move``: the action played there, which left
    the winnable positions; ``exact``: the position after that move was proven lost (else a
    probe ran out of budget, and a later point may be winnable too)."""

    actions: int | None
    move: str | None = None
    exact: bool = False
    probes: int = 0
    nodes: int = 0


class WayBackSearch(Stepped[WayBack]):
    """The last winnable point of ``game``'s line, searched in slices (``advance(n)``).

    ``winnable_at``: a point already known to be winnable (a certified deal's start, or what a
    hint found), so the search starts there; ``lost_at``: one known to be lost (by default the
    position in play, which the caller has proven lost)."""

    def __init__(self, game: Position, *, winnable_at: int | None = None, lost_at: int | None = None,
                 probe_nodes: int = PROBE_NODES) -> None:
        super().__init__()
        self.game = game.copy()
        self.winnable_at = winnable_at
        self.lost_at = game.history_length if lost_at is None else lost_at
        self.probe_nodes = probe_nodes
        self.probes = 0

    def advance(self, budget: int) -> WayBack | None:
        answer = super().advance(budget)
        if answer is not None:
            answer.probes, answer.nodes = self.probes, self.nodes
        return answer

    def _work(self) -> Iterator[None]:
        history = self.game.history
        low, high, exact = self.winnable_at, self.lost_at, True
        if low is None:
            low = yield from self._probe(0)
            if low is None:
                self.result = WayBack(None)
                return
        while high - low > 1:
            middle = (low + high) // 2
            reached = yield from self._probe(middle)
            if reached is None:
                exact = exact and self.last_verdict_lost
                high = middle
            else:
                low = min(reached, high - 1)
        self.result = WayBack(low, history[low] if low < len(history) else None, exact)

    def _probe(self, actions: int) -> Generator[None, None, int | None]:
        """Solve the position after ``actions`` actions: None when no win was found (and
        ``last_verdict_lost`` says whether it was proven lost); else the furthest point along
        the player's line that the win found passes through."""
        self.probes += 1
        line = yield from self.solve_in_slices(self.game.at(actions), self.probe_nodes, None)
        if line is None:
            return None
        history = self.game.history
        reached = actions
        for move in line:
            if reached >= len(history) or history[reached] != move:
                break
            reached += 1
        return reached


def last_winnable_point(game: Position, *, winnable_at: int | None = None,
                        probe_nodes: int = PROBE_NODES) -> WayBack:
    """``WayBackSearch`` run to its end."""
    search = WayBackSearch(game, winnable_at=winnable_at, probe_nodes=probe_nodes)
    while (answer := search.advance(1 << 16)) is None:
        pass
    return answer
