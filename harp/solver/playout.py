"""The greedy playout: follow the engine's simple hint (``harp.hint``) to the end.

Cheap, and in thoughtful mode it wins most two-deck deals outright, so ``solve`` tries it
before any search.  The hint reads the stock order, so only thoughtful mode may use it.
Once no card is face down, the playout tries the foundation-only finish (``face_up_finish``)
and stops if it wins: the rest of the game is then sure, and a hint's imagined deals, solved
on a few hundred nodes each, are won without playing it out a move a node.
"""

from __future__ import annotations

import time
from collections.abc import Generator

from .. import progress
from ..position import Position
from .finish import face_up_finish
from .state import Deal


def greedy_playout(game: Position, max_moves: int, deadline: float) -> list[str] | None:
    """The moves ``harp.hint`` plays from here, if following it wins; else None."""
    steps = playout_steps(game, max_moves)
    try:
        while True:
            next(steps)
            if time.perf_counter() >= deadline:
                return None
    except StopIteration as done:
        line: list[str] | None = done.value
        return line


def playout_steps(game: Position, max_moves: int) -> Generator[None, None, list[str] | None]:
    """The playout a move at a time: it yields once each move is chosen, before playing it
    (a caller may stop there: ``greedy_playout`` at its deadline, a search in slices at its
    budget), and returns the line if following the hint wins, else None."""
    twin = game.copy()
    line: list[str] = []
    seen: set[object] = set()
    tried_with = -1    # the cards up when the finish was last tried: it is tried again once more are
    while len(line) < max_moves and not twin.is_won():
        if not any(twin.down) and (up := sum(map(len, twin.foundations))) != tried_with:
            tried_with = up
            deal = Deal(twin, True)
            finish = face_up_finish(deal, deal.start)
            if finish is not None:
                return line + finish
        position = where_every_card_is(twin)
        if position in seen:
            return None  # the hint goes round in a circle: following it further cannot win
        seen.add(position)
        move = progress.hint(twin)
        if move is None:
            return None
        yield
        twin.play(move)
        line.append(move)
    return line if twin.is_won() else None


def where_every_card_is(game: Position) -> object:
    """Where every card is (the pass counts only when passes are limited)."""
    return (
        tuple(map(tuple, game.tableau)), tuple(game.down), tuple(game.stock), tuple(game.waste),
        tuple(map(tuple, game.foundations)), game.pass_number if game.rules.passes is not None else 0,
    )
