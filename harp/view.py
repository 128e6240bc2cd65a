"""The view: a plain JSON-able picture of a position for the UI (its fields: docs/design.md).

``Position.view`` answers it; this module reads a position only through the public
questions ``Shown`` names, so it comes before ``position`` in the engine's imports.
"""

from __future__ import annotations

from typing import Any, Protocol

from .cards import card_name
from .rules import Rules


class Shown(Protocol):
    """What the view reads of a position (``harp.position.Position`` has all of it)."""

    rules: Rules
    tableau: list[list[int]]
    down: list[int]
    stock: list[int]
    waste: list[int]
    foundations: list[list[int]]
    score: int
    moves: int

    @property
    def code(self) -> str: ...

    @property
    def passes_left(self) -> int | None: ...

    def is_won(self) -> bool: ...

    def can_undo(self) -> bool: ...

    def value_of(self, card_id: int) -> int: ...


def view_of(game: Shown, reveal: bool = False) -> dict[str, Any]:
    """``game``'s view; with ``reveal``, face-down cards in lower case and the stock's cards too."""
    value = game.value_of

    def shown(column: int) -> list[str]:
        col = game.tableau[column]
        out = []
        for depth, cid in enumerate(col):
            name = card_name(value(cid))
            if depth < game.down[column]:
                name = name.lower() if reveal else "??"
            out.append(name)
        return out

    view: dict[str, Any] = {
        "game": game.rules.id,
        "code": game.code,
        "tableau": [shown(i) for i in range(game.rules.columns)],
        "stock": len(game.stock),
        "waste": [card_name(value(c)) for c in game.waste],
        "foundations": [[card_name(value(c)) for c in f] for f in game.foundations],
        "draw": game.rules.draw,
        "passes_left": game.passes_left,
        "score": game.score,
        "moves": game.moves,
        "won": game.is_won(),
        "can_undo": game.can_undo(),
        "ids": {
            "tableau": [list(c) for c in game.tableau],
            "stock": list(game.stock),
            "waste": list(game.waste),
            "foundations": [list(f) for f in game.foundations],
        },
    }
    if reveal:
        view["stock_cards"] = [card_name(value(c)).lower() for c in game.stock]
    return view
