"""The beam search (technique "beam"): a quick search that goes forward a layer at a time,
keeping only the ``width`` children closest to a win of each layer.

The depth-first search commits to its first choices and the best-first one spreads over every
open position; the beam goes deep at a steady width instead, and with two decks it wins deals
both miss (measurements/solver-experiments.md).  It prunes as the quick searches do, and then
more: what falls outside the beam is never searched, so its running dry proves nothing.  It
then starts again with twice the width.

Internal API of the package (the tests use it): ``BeamSearch``.
"""

from __future__ import annotations

from .best_first import moves_along
from .moves import MoveGenerator
from .result import WIN, Result
from .search import SearchInSlices
from .state import Need, State

# A line of moves as a chain of links, shared by the children of a position: (parent, moves).
Link = tuple[object, list[str]] | None


class BeamSearch(SearchInSlices):
    """A beam search from ``start`` with ``generator``'s moves, run in slices.  ``advance``
    counts positions expanded, as the best-first search does.  It never answers LOSS."""

    FIRST_WIDTH = 25  # positions kept a layer, the first time through (measured: 10, 25, 50, 100)

    def __init__(self, generator: MoveGenerator, start: State) -> None:
        super().__init__(generator, start)  # (``seen``: the positions met at this width)
        self.width = self.FIRST_WIDTH
        self.open: list[tuple[State, Need, Link]] = []  # the layer being expanded
        # The next layer's candidates: (distance, effect, parent's number, moves, position, need, line).
        self.children: list[tuple[int, int, int, int, State, Need, Link]] = []
        self.result = self.opening_answer(proves_lost=False)
        if self.result is None:
            self._begin()

    def _begin(self) -> None:
        """Start from the top at the current width, forgetting the positions seen."""
        self.seen.clear()
        self.children.clear()
        self.open.append((self.opened, None, (None, self.first_moves)))

    def _next_layer(self) -> None:
        """The ``width`` children closest to a win, not seen before, become the layer to
        expand (a win among them is the answer); where there are none, the search starts again
        twice as wide.  Keys and wins are looked for only here, in that order, so most children,
        which fall outside the beam, cost only their distance."""
        generator, seen, layer = self.generator, self.seen, self.open
        keys = generator.keys
        # (Ties: the better parent's children first, then as ``MoveGenerator.successors`` orders them.)
        self.children.sort(key=lambda child: child[:4])
        for distance, _, _, _, state, need, link in self.children:
            key = (keys.key(state)[0], keys.need_key(state, need))
            if key in seen:
                continue
            seen[key] = ()
            finish = generator.win_line(state)
            if finish is not None:
                line = moves_along(link) + finish
                self.result = Result(WIN, line, self.nodes, 0.0, line[0], generator.deal.thoughtful)
                break
            if distance < self.best[0]:
                self.best, self.best_state = (distance, moves_along(link)), state
            layer.append((state, need, link))
            if len(layer) == self.width:
                break
        layer.reverse()  # (expanded from the end: the best first)
        self.children.clear()
        if not layer and self.result is None:
            self.width *= 2
            self._begin()

    def advance(self, budget: int) -> Result | None:
        """Expand up to ``budget`` positions; the result once there is a win."""
        generator, children, distance_of = self.generator, self.children, self.generator.distance
        expanded = 0
        while expanded < budget and self.result is None:
            if not self.open:
                self._next_layer()  # (never empty, unless it found a win: at worst the start again)
                continue
            state, need, link = self.open.pop()
            self.nodes += 1
            expanded += 1
            for moves, nxt, effect, then in generator.successors(state, need, ordered=False):
                children.append((distance_of(nxt), effect, self.nodes, len(moves), nxt, then, (link, moves)))
            generator.frontier_moves = []
        return self.result

    def release_parts(self) -> list[list[object]]:
        """What it holds, for ``Portfolio.release``."""
        return [self.open, self.children]  # type: ignore[list-item]
