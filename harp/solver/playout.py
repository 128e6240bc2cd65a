"""The greedy playout: follow the engine's simple hint (``harp.hint``) to the end.

Cheap, and in thoughtful mode it wins most two-deck deals outright, so ``solve`` tries it
before any search.  The hint reads the stock order, so only thoughtful mode may use it.
"""

from __future__ import annotations

import time

from .. import progress
from ..position import Position


def greedy_playout(game: Position, max_moves: int, deadline: float) -> list[str] | None:
    """The moves ``harp.hint`` plays from here, if following it wins; else None."""
    twin = game.copy()
    line: list[str] = []
    seen: set[object] = set()
    while len(line) < max_moves and time.perf_counter() < deadline:
        position = where_every_card_is(twin)
        if position in seen:
            break  # the hint goes round in a circle: following it further cannot win
        seen.add(position)
        move = progress.hint(twin)
        if move is None:
            break
        twin.play(move)
        line.append(move)
    return line if twin.is_won() else None


def where_every_card_is(game: Position) -> object:
    """Where every card is (the pass counts only when passes are limited)."""
    return (
        tuple(map(tuple, game.tableau)), tuple(game.down), tuple(game.stock), tuple(game.waste),
        tuple(map(tuple, game.foundations)), game.pass_number if game.rules.passes is not None else 0,
    )
