"""Arrangements of runs (technique "arrangements"): where any run moves whole, the searches
count the positions that differ only in which run lies on which of several equal cards as one.

Where runs move whole, a column's face-up cards are its run, on whatever lies under it (in
play, its face-down cards or nothing; a position made by hand may hold other face-up cards under
it).  The run's lowest card is its **root**.  Every other face-up card lies on a
card one rank higher of the other colour: its **parent**.  Group the face-up cards that are not
roots by rank and colour, a **level**; the level's parents are the face-up cards that take
them.  Moving a run from a parent to another parent of its level changes nothing but that, and
can be moved straight back: a **shuffle**.

* A level with more parents than cards on them is **free**: one parent is bare, so shuffles
  reach every way of placing the level's cards on its parents (as with one gap in a sliding
  puzzle where every place neighbours every other).
* A level whose parents all carry a card cannot shuffle.  Yet which card lies on which parent
  changes no move there: the bare cards (column tops) are the same whichever way they lie, and
  every move says which card it moves and where to, not which column it leaves.

So two positions with the same roots (with what lies under them), the same other face-up
cards, the same foundations and the same talon are both won or both lost:
``state.arrangement_key`` is what they share.  A search on that key (the proof's soundness
rests on this; the quick searches use it too) must make, from the one arrangement it searches,
the moves every other arrangement makes.  Those are the moves that need a card to be bare that
is not: a parent in a free level, bared by one shuffle (``bared_parents``).  Shuffles
themselves are then left out: they only reach the same key.

With one card moving at a time (Easy Harp) a run does not cross whole, so none of this holds.

Internal API of the package (the tests use it): ``bared_parents``, ``free_levels``, ``Wanted``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from .state import FITS_ON, RANK, RED_SUIT, State

# A card's level: its rank and colour, as one number; a card takes the cards of LEVEL_BELOW.
LEVEL = [RANK[card] * 2 + bool(RED_SUIT[card // 13]) for card in range(52)]
LEVEL_BELOW = [(RANK[card] - 1) * 2 + (not RED_SUIT[card // 13]) if RANK[card] else -1 for card in range(52)]


class Wanted(NamedTuple):
    """What makes a bared card of use to a move: it could go up (it is one of ``up``, the
    foundations' next cards), or one of ``arrivals`` (every card that could move onto a bared
    card: the runs' roots, the waste cards in reach, the cards that could be taken back) goes on it."""
    up: dict[int, int]
    arrivals: set[int]


def free_levels(columns: tuple[tuple[int, ...], ...], runs: list[int]) -> set[int]:
    """The levels with more parents than cards on them (``runs``: each column's run length).

    Every parent in a run but the column's top carries one card of its level, so a level has
    more parents than cards exactly when some column's top is one of its parents: the free
    levels are the bare tops' levels below that have a card on a parent at all."""
    children = {LEVEL[card] for column, run in zip(columns, runs) for card in column[len(column) - run + 1:]}
    return children & bare_levels(columns)


def bare_levels(columns: tuple[tuple[int, ...], ...]) -> set[int]:
    """The levels that some column's top card would take: a card of one of them, lying on a
    parent, can shuffle onto that top (``free_levels`` without asking whether any card lies on
    a parent, which ``bared_parents`` knows of the cards it asks about)."""
    return {LEVEL_BELOW[column[-1]] for column in columns if column}


def bared_parents(state: State, runs: list[int],
                  wanted: Wanted | None = None) -> Iterator[tuple[str, State, int, list[int]]]:
    """For every card with a card on it whose level is free: the shuffle that bares it (its
    run moves to a bare parent of the same level), the state after, the card's column, and the
    run lengths after (``runs``: each column's run length before).
    Each card value once per kind (a root, or not), and none that some column's top is already
    (as a root in its own column, a root elsewhere being another move).  With ``wanted``, only
    the cards a move could use once bare (most bared cards are of no use: nothing could go on
    them, and they could not go up)."""
    columns = state.columns
    free: set[int] | None = None
    bare: set[tuple[int, int]] = set()
    tops: list[int] = []
    for i, (column, run) in enumerate(zip(columns, runs)):
        root = len(column) - run
        for k in range(root, len(column) - 1):
            parent = column[k]
            if wanted is not None and parent not in wanted.up and wanted.arrivals.isdisjoint(FITS_ON[parent]):
                continue
            if free is None:  # (worked out only once a card is wanted)
                free = bare_levels(columns)
                bare = {(top[-1], j if top_run == 1 else -1)
                        for j, (top, top_run) in enumerate(zip(columns, runs)) if top}
                tops = [top[-1] if top else -1 for top in columns]
            child = column[k + 1]
            if LEVEL[child] not in free:
                continue
            kind = (parent, i if k == root else -1)
            if kind in bare:
                continue
            bare.add(kind)
            to = next(j for j, top in enumerate(tops) if top >= 0 and child in FITS_ON[top] and j != i)
            count = len(column) - k - 1
            cols = list(columns)
            cols[i], cols[to] = column[: k + 1], columns[to] + column[k + 1:]
            move = f"t{i + 1}:{count}>t{to + 1}" if count > 1 else f"t{i + 1}>t{to + 1}"
            after_runs = list(runs)
            after_runs[i], after_runs[to] = k + 1 - root, runs[to] + count
            yield move, State(tuple(cols), *state[1:]), i, after_runs  # (only the columns change)
