"""The engine's errors.  Each is a ``ValueError`` whose text a player can read."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules refuse.  ``str(e)`` names the rule in plain words."""

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(reason)
        self.move = move
        self.reason = reason


class CorruptSave(ValueError):
    """A saved game that cannot be trusted: malformed, truncated, tampered with or too new."""
