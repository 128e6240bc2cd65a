"""Lines that begin only with moves a hint may show (``FirstMovesAllowed``).

A hint solves imagined deals and shows the first move of the lines that win them.  A line that
begins with a move the hint may not show (one back to a placement met since a card was last
turned up, as tapping round the talon again; the last move's take-back) is no use to it, and
a search left free finds such lines first where going round is the shortest way: Easy Harp's
imagined deals were won by tapping round the talon once more, the hint could show none of
them, and it gave up on deals that can be won.  So the search of an imagined deal makes, from
the deal's start, only the moves that begin with one of the moves allowed; anywhere deeper in
the tree every move, as always.

Internal API of the package (the tests use it): ``FirstMovesAllowed``.
"""

from __future__ import annotations

from collections.abc import Collection

from .moves import MoveGenerator
from .proofs import LossProofs
from .settings import Settings
from .state import Deal, Need, Seen, State, Successor


class FirstMovesAllowed(MoveGenerator):
    """``MoveGenerator`` whose lines from the deal's start begin with one of ``allowed``."""

    def __init__(self, deal: Deal, settings: Settings, proofs: LossProofs, allowed: Collection[str]) -> None:
        super().__init__(deal, settings, proofs)
        self.allowed = frozenset(allowed)
        self._starts: set[int] = set()     # the start, where a search opened it with its moves held (ids)

    @classmethod
    def of(cls, generator: MoveGenerator, allowed: Collection[str]) -> FirstMovesAllowed:
        return cls(generator.deal, generator.settings, generator.proofs, allowed)

    def with_settings(self, settings: Settings) -> MoveGenerator:
        return FirstMovesAllowed(self.deal, settings, self.proofs, self.allowed)

    def opening(self, start: State) -> tuple[State, list[str], Seen]:
        """As ``MoveGenerator.opening``; from the deal's start, its safe foundation moves only
        when the first is allowed (else the start itself, whose moves are then held to ``allowed``)."""
        opened, first_moves, seen = super().opening(start)
        if start is not self.deal.start or (first_moves and first_moves[0] in self.allowed):
            return opened, first_moves, seen
        key, stock_rank = self.keys.key(start)
        self._starts.add(id(start))
        return start, [], {(key, None): stock_rank}

    def successors(self, state: State, need: Need, ordered: bool = True) -> list[Successor]:
        found = super().successors(state, need, ordered)
        if id(state) in self._starts:
            return [each for each in found if each[0][0] in self.allowed]
        return found

