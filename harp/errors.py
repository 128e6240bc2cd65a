"""The engine's errors.  Each is a ``ValueError`` whose text a player can read."""

from __future__ import annotations

from collections.abc import Mapping


class IllegalMove(ValueError):
    """A move the rules refuse.  ``str(e)`` names the rule in plain words.

    ``key`` names the reason in ``harp.reasons.REASONS`` and ``params`` holds
    what fills its template (a page may word it in another language from
    these); an error made with a reason text alone has the key ``None``."""

    def __init__(self, move: str, reason: str, key: str | None = None,
                 params: Mapping[str, str | int] | None = None) -> None:
        super().__init__(reason)
        self.move = move
        self.reason = reason
        self.key = key
        self.params: dict[str, str | int] = dict(params or {})


class CorruptSave(ValueError):
    """A saved game that cannot be trusted: malformed, truncated, tampered with or too new."""


class BadCode(ValueError):
    """A deal code that cannot be read.  ``str(e)`` says why in plain words.

    Like ``IllegalMove``, it carries ``key`` (a reason in ``harp.codes.CODE_REASONS``)
    and ``params`` (what fills its template), so a page may word it in another language."""

    def __init__(self, key: str, text: str, params: Mapping[str, str | int]) -> None:
        super().__init__(text)
        self.key = key
        self.params: dict[str, str | int] = dict(params)


class BadLayout(ValueError):
    """A layout (``harp.layout``) that cannot be read.  ``str(e)`` says why and names the line.

    ``line_number`` (from 1) and ``line`` hold the line at fault, or None when
    the fault is in the layout as a whole (a card given too often)."""

    def __init__(self, reason: str, line_number: int | None = None, line: str | None = None) -> None:
        where = f"layout line {line_number} ({line!r}): " if line_number is not None else "layout: "
        super().__init__(where + reason)
        self.reason = reason
        self.line_number = line_number
        self.line = line
