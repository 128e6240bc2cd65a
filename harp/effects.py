"""What a move does, and the one order of how promising that is.

The hint (``progress.hint``), the solver's move order (``solver.moves.MoveGenerator.successors``)
and the page's words for a move ("... uncovers a card") all rank and name moves
by the ``Effect`` this module gives them, so the three never disagree.
"""

from __future__ import annotations

from enum import IntEnum

from .position import CardMove, Position


class Effect(IntEnum):
    """What a move does, best first.  A move that does several things is named by the best
    of them: a card sent home from a column, turning a card up there, ``UNCOVERS``."""

    UNCOVERS = 0    # turns a face-down card up
    HOME = 1        # puts a card on a foundation
    EMPTIES = 2     # leaves a column empty
    FROM_STOCK = 3  # brings the waste's top card into play on a column
    SHIFTS = 4      # moves cards between columns and does none of the above
    TAKES_BACK = 5  # takes a card back down from a foundation
    DRAWS = 6       # taps the stock: draws cards onto the waste
    TURNS = 7       # taps the stock: turns the waste over into a new stock


# The effects that are progress in themselves (docs/rules.md, "Stuck").
PROGRESS = frozenset({Effect.UNCOVERS, Effect.HOME, Effect.EMPTIES, Effect.FROM_STOCK})


def effect_of(game: Position, move: str | CardMove) -> Effect:
    """What ``move`` does in ``game``; ``IllegalMove`` for text that is no move.

    ``move`` is notation, or a card move ``game.parse_move`` has read already (the
    hint's playout asks for every legal move, so it parses each once).  It reads the
    position only: it does not check that the move is legal."""
    if isinstance(move, CardMove):
        src, count, dst = move
    elif move.strip().lower() == "s":
        return Effect.DRAWS if game.stock else Effect.TURNS
    else:
        src, count, dst = game.parse_move(move)
    if src[0] == "f":
        return Effect.TAKES_BACK
    if src[0] == "w":
        return Effect.HOME if dst[0] == "f" else Effect.FROM_STOCK
    column = src[1]
    whole = count == len(game.tableau[column]) - game.down[column]
    if whole and game.down[column]:
        return Effect.UNCOVERS
    if dst[0] == "f":
        return Effect.HOME
    if whole and game.tableau[dst[1]]:
        return Effect.EMPTIES   # (a whole column into a space changes nothing)
    return Effect.SHIFTS
