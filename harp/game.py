"""The ``Game``: a ``Position`` with the conveniences that need the rest of the engine.

The rules of play live in ``position``; this module only joins them to the
stuck verdict and the finishing moves (``progress``), saves (``saves``) and
the text board (``text``), which all build on ``position`` and never on this
module.
"""

from __future__ import annotations

from . import progress, saves, text
from .notation import CardMove, Pile, pile_name
from .position import Position
from .saves import SAVE_FORMAT, SAVE_VERSION

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "CardMove", "Game", "Pile", "pile_name"]


class Game(Position):
    """A game in progress.  Build one with ``Game.new``, ``from_code`` or ``from_json``."""

    def is_stuck(self) -> bool:
        """The cheap verdict of docs/rules.md: nothing useful can happen (see ``progress``)."""
        return progress.is_stuck(self)

    def stuck_checks(self) -> list[progress.StuckCheck]:
        """The four things a player checks before giving up, each by its key with whether it was
        found; ``check.question`` is its English (``progress.STUCK_QUESTIONS``)."""
        return progress.stuck_checks(self)

    def finishing_moves(self) -> list[str] | None:
        """The foundation moves alone that win from here, in order, or None (see ``progress``)."""
        return progress.finishing_moves(self)

    def to_json(self) -> str:
        """The whole game as JSON: the deal, every action (for undo), the counters and the board."""
        return saves.dump(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Read a save back; anything that cannot be trusted raises ``CorruptSave``."""
        return saves.load(text, cls)

    def __str__(self) -> str:
        return text.board_text(self)
