"""The distance: how far a position looks from a win, which orders every search.

Face-down cards weigh most, then cards not yet up.  Technique "covering" (where cards move one
at a time): every face-up card on a face-down one adds two, since each must move on, by a
move of its own, before the card under it turns up.  The deep-columns searches also add the
square of each column's face-down count, so they dig into the deepest columns first.
Technique "stock-drawn" (where passes are limited): every card drawn from the stock so far
adds one, counting each earlier pass as the whole talon: the stock is spent for good.

Internal API of the package (the tests use it): ``distance_for``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import mul

from .settings import Settings
from .state import HEIGHT, State


def distance_for(settings: Settings) -> Callable[[State], int]:
    """The distance to a win as ``settings`` measure it."""
    down_weight, counts_covering = settings.down_weight, settings.counts_covering
    deep_columns, counts_drawn = settings.deep_columns, settings.counts_drawn

    def distance(state: State) -> int:
        downs = state.downs
        far = down_weight * sum(downs) - sum(map(HEIGHT, state.foundations))
        if counts_covering:
            far += 2 * sum(map(len, compress(state.columns, downs)))  # (the columns with a card face down)
        if deep_columns:
            far += sum(map(mul, downs, downs))
        if counts_drawn:
            far += (state.pass_number - 1) * len(state.talon) + state.waste_size
        return far

    return distance
