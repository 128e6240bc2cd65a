"""Saves: writing a game as JSON, and reading it back.

A save is replayed from its deal, then checked against its own board.

Replaying means a save can only ever hold a position the rules can reach; the
stored board is there so that tampering is caught and named, not silently
replaced.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, TypeVar

from .cards import card_name, parse_card
from .errors import CorruptSave, IllegalMove
from .position import Position

SAVE_FORMAT = "harp-save"
SAVE_VERSION = 1
MAX_ACTIONS = 200_000

P = TypeVar("P", bound=Position)


def board_of(view: dict[str, Any]) -> dict[str, Any]:
    """The parts of a revealed view that a save keeps to check itself against."""
    return {k: view[k] for k in ("tableau", "stock_cards", "waste", "foundations", "passes_left", "score")}


def dump(game: Position) -> str:
    """The whole game as JSON: the deal, every action (for undo), the counters and the board."""
    return json.dumps(
        {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "code": game.code,
            "actions": list(game.history),
            "undo_floor": game.undo_floor,
            "moves": game.moves,
            "board": board_of(game.view(reveal=True)),
        },
        separators=(",", ":"),
    )


def load(text: object, kind: type[P]) -> P:
    """Rebuild a game of class ``kind`` from ``dump`` output, or raise ``CorruptSave`` saying what is wrong."""
    try:
        return _load(text, kind)
    except CorruptSave:
        raise
    except Exception as e:  # noqa: BLE001 - a last guard: a save never crashes the caller with another type
        raise CorruptSave(f"the save could not be read ({type(e).__name__}: {e})") from None


def _load(text: object, kind: type[P]) -> P:
    if not isinstance(text, (str, bytes, bytearray)):
        raise CorruptSave(f"a save is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise CorruptSave(f"the save is not valid JSON, perhaps cut short ({e})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise CorruptSave("this is not a Harp saved game")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise CorruptSave("the save has no format version")
    if version > SAVE_VERSION:
        raise CorruptSave(f"the save comes from a newer Harp (save version {version}; "
                          f"this one reads up to {SAVE_VERSION})")
    if version != SAVE_VERSION:
        raise CorruptSave(f"the save version {version} is unknown")

    code = _field(data, "code", str)
    try:
        game = kind.from_code(code)
    except ValueError as e:
        raise CorruptSave(f"the save's deal code is bad: {e}") from None

    actions = _field(data, "actions", list)
    if len(actions) > MAX_ACTIONS:
        raise CorruptSave(f"the save holds {len(actions)} actions, more than any real game")
    for number, action in enumerate(actions, 1):
        if not isinstance(action, str):
            raise CorruptSave(f"action {number} in the save is not a move")
        try:
            game.play(action)
        except IllegalMove as e:
            raise CorruptSave(f"action {number} in the save, {action!r}, cannot be played: {e}") from None

    moves = _field(data, "moves", int)
    if moves < len(actions):
        raise CorruptSave(f"the save counts {moves} moves but holds {len(actions)} actions")
    floor = _field(data, "undo_floor", int)
    try:
        game.restore_counters(moves, floor)
    except ValueError:
        raise CorruptSave(f"the save's undo history is inconsistent (undo floor {floor})") from None

    board = _field(data, "board", dict)
    _check_card_counts(board, game)
    if board != board_of(game.view(reveal=True)):
        raise CorruptSave("the save's board does not match its own move history; it was changed by hand or damaged")
    return game


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise CorruptSave(f"the save's {key!r} is missing or of the wrong kind")
    if isinstance(value, int) and value < 0:
        raise CorruptSave(f"the save's {key!r} is negative")
    return value


def _check_card_counts(board: dict[str, Any], game: Position) -> None:
    """Every card exactly as often as the decks hold it: no card lost, none added."""
    names: list[object] = []
    for key in ("tableau", "foundations"):
        piles = board.get(key)
        if not isinstance(piles, list) or not all(isinstance(p, list) for p in piles):
            raise CorruptSave(f"the save's board has no readable {key}")
        for pile in piles:
            names += pile
    for key in ("waste", "stock_cards"):
        pile = board.get(key)
        if not isinstance(pile, list):
            raise CorruptSave(f"the save's board has no readable {key}")
        names += pile
    counts: Counter[int] = Counter()
    for name in names:
        try:
            counts[parse_card(name if isinstance(name, str) else "")] += 1
        except ValueError:
            raise CorruptSave(f"the save's board holds {name!r}, which is not a card") from None
    decks = game.rules.decks
    if sum(counts.values()) != game.rules.cards:
        raise CorruptSave(f"the save's board holds {sum(counts.values())} cards; "
                          f"{game.rules.name} is played with {game.rules.cards}")
    for card in range(52):
        if counts[card] != decks:
            raise CorruptSave(
                f"the save's board holds {counts[card]} of the {card_name(card)}; "
                f"{game.rules.name} has {decks} of every card"
            )
