"""The parts of a saved game record that are checked before use: the game
Undo can bring back ("previous") and the moves Undo plays again ("redo").
"""

from __future__ import annotations

from typing import Any

import harp


def checked_previous(data: Any) -> dict[str, Any] | None:
    """A saved record's "previous" (the game Undo can bring back), if it reads; else None."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return None
    if not isinstance(data.get("stats"), dict):
        return None
    try:
        harp.Game.from_json(data["game"])
    except (ValueError, KeyError, TypeError):
        return None
    return {key: value for key, value in data.items() if key != "previous"}


def checked_redo(game: harp.Game, line: Any) -> list[str] | None:
    """A saved record's "redo" (the moves Undo plays again), if they play from
    game's position; else None."""
    if not isinstance(line, list) or not line or not all(isinstance(move, str) for move in line):
        return None
    return list(line) if replayed(game, line) is not None else None


def replayed(game: harp.Game, line: list[str]) -> harp.Game | None:
    """A copy of game with line played again, as it stood before undo_back took
    the moves back: its move counter as it is now (an undo never lowers it, and
    playing them again is no new move); None if they do not play from here."""
    twin = game.copy()
    try:
        for move in line:
            twin.play(move)
    except harp.IllegalMove:
        return None
    twin.restore_counters(counter_after(game, twin), twin.undo_floor)
    return twin


def counter_after(game: harp.Game, replayed: harp.Game) -> int:
    """The move counter of game once the moves taken back are played again: as it
    is, but never fewer than the actions the game then holds."""
    return max(game.moves, replayed.history_length)
