"""What the three searches share (depth-first, best-first, beam): the portfolio reads the same
attributes of each, and each starts the same way, from the start after its safe foundation
moves.

Internal API of the package (the tests use it): ``SearchInSlices``.
"""

from __future__ import annotations

from .moves import MoveGenerator
from .result import LOSS, WIN, Result
from .state import State


class SearchInSlices:
    """A search from ``start`` with ``generator``'s moves, run in slices: ``advance(n)`` searches
    up to n more positions and returns the result once there is one.

    What the portfolio reads of every search: ``nodes`` (positions counted), ``result``,
    ``best`` (the distance and moves of the most promising line so far, for a hint or a
    restart when no win is found), ``best_state`` (where that line leads; None where it leads to
    a card not yet known) and ``seen`` (its table of positions met, released when done).
    """

    def __init__(self, generator: MoveGenerator, start: State) -> None:
        self.generator = generator
        self.settings = generator.settings
        self.start = start
        self.nodes = 0
        self.result: Result | None = None
        self.opened, self.first_moves, self.seen = generator.opening(start)
        self.best: tuple[int, list[str]] = (generator.distance(self.opened), self.first_moves)
        self.best_state: State | None = self.opened

    def opening_answer(self, proves_lost: bool) -> Result | None:
        """WIN with its line when the opened start is won by its finish, LOSS when
        ``proves_lost`` asks and a static proof shows it lost, else None: the search goes on."""
        thoughtful = self.generator.deal.thoughtful
        finish = self.generator.win_line(self.opened)
        if finish is not None:
            line = self.first_moves + finish
            return Result(WIN, line, 0, 0.0, line[0] if line else None, thoughtful)
        if proves_lost and self.generator.proofs.proves_lost(self.opened):
            return Result(LOSS, [], 0, 0.0, None, thoughtful)
        return None

    def advance(self, budget: int) -> Result | None:
        raise NotImplementedError
