"""What the solver searches: the card tables, a position as ``State``, the ``Deal`` it comes
from, and the ``Keys`` that tell the positions already searched.

* **Canonical keys.**  Columns are sorted, the two copies of a card are the same value, and
  foundations are kept per suit as sorted heights.  Where every talon card stays in reach
  (draw one, no pass limit), its order never matters, and the key leaves the talon out: its
  cards are those neither in the columns (face up, or face down as the tags name them) nor on
  the foundations (a card still unknown in fair mode never moves, so the same holds).  In
  fair mode face-down cards are only counts; in thoughtful mode a column's hidden cards are
  fixed, so (its starting column, how many are left) names them.
* **Stock ranks.**  Drawing one card, a position that could tap its way to another one (same
  pass and not further on, or an earlier pass) makes searching the other unnecessary.

Internal API of the package (the tests use it): ``State``, ``Deal``, ``Keys``, ``run_length``,
``arrangement_key``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

from ..cards import BUILDS, KING, is_red, rank, suit
from ..effects import Effect
from ..position import Position
from ..rules import Rules

UNKNOWN_CARD = -1

# Lookup tables: the hot loops read these instead of calling the card helpers.
RANK = [rank(c) for c in range(52)]
RED_SUIT = {-1: None, **{each: is_red(each * 13) for each in range(4)}}  # -1: a slot no suit has started
FITS_ON = [tuple(c for c in range(52) if (c, onto) in BUILDS) for onto in range(52)]
PARENTS = [tuple(onto for onto in range(52) if (c, onto) in BUILDS) for c in range(52)]
HEIGHT: Callable[[tuple[int, int]], int] = itemgetter(1)  # a foundation slot's height
CARDS_UP = [[tuple(each * 13 + below for below in range(height)) for height in range(14)] for each in range(4)]
ACES = (0, 13, 26, 39)  # every suit's ace


class State(NamedTuple):
    """A position as the solver sees it: card values only, hashable."""

    columns: tuple[tuple[int, ...], ...]  # the face-up card values of each column, bottom -> top
    downs: tuple[int, ...]  # how many face-down cards each column holds
    talon: tuple[int, ...]  # the waste and the stock as one tuple in drawing order; talon[:waste_size] is the waste
    waste_size: int
    pass_number: int
    foundations: tuple[tuple[int, int], ...]  # (suit or -1, height) per foundation slot, in the engine's order

# What the next move must do, after a move that is only worth making for what follows it (in
# the quick searches only: "put down only to pick up", harp/solver/moves.py):
#   ("use", i, j, n): n cards went from column i to column j, turning nothing up and emptying
#       nothing.  That only helps if the next move uses the card it laid bare in column i (moves
#       it, or puts something on it), or moves more than those n cards on from column j.  Most
#       winning lines can be reordered so the shuttle comes just before that use; not one where a
#       move needs two such preparations, so a search that requires it proves no loss.  It also
#       forbids moving the same cards straight back.
#   ("onto", j, slot): a card was taken back from foundation ``slot`` onto column j, or played
#       there (slot -1) from a talon whose every card stays in reach.  That only helps if the next
#       move puts a card on it (the same reordering argument), or, for a take-back, takes back the
#       card it laid bare on the foundation: taking back an 8 can be only the way to reach the 7.
#   ("keeps", j): in the search that takes back only to build, a card was just taken back onto
#       column j (harp/solver/moves.py).  It stays there only if the next move puts a card on it
#       or sends a card up (its twin, in its place); after any other move it would go straight
#       home again, so no other move is made.
Need = tuple[object, ...] | None

# A successor of a state: the engine moves it stands for, the state after them, what the move
# does (``Effect``: among children as close to a win, the better effect is tried first), and
# what the move after it needs.
Successor = tuple[list[str], State, Effect, Need]

# The positions searched: (canonical key, need) -> the best stock rank it was searched with.
Seen = dict[tuple[object, object], tuple[int, ...]]


# ----- the foundations ---------------------------------------------------------

def raised(foundations: tuple[tuple[int, int], ...], slot: int, card: int) -> tuple[tuple[int, int], ...]:
    """The foundations after ``card`` goes up on ``slot``."""
    return foundations[:slot] + ((card // 13, foundations[slot][1] + 1),) + foundations[slot + 1:]


def foundation_for(foundations: tuple[tuple[int, int], ...], card: int) -> int:
    """The first slot that takes ``card`` (as the engine's ``>f`` picks), or -1."""
    card_rank, card_suit = RANK[card], card // 13
    slot = foundations.index((card_suit, card_rank)) if (card_suit, card_rank) in foundations else -1
    if card_rank == 0 and (-1, 0) in foundations:  # an empty slot any ace may start
        empty = foundations.index((-1, 0))
        if slot < 0 or empty < slot:
            return empty
    return slot


def next_slots(foundations: tuple[tuple[int, int], ...]) -> dict[int, int]:
    """Every card that could go up now -> the first slot that takes it (``foundation_for``,
    for all cards at once: a move generator asks it for every column top and talon card)."""
    slots: dict[int, int] = {}
    for slot, (slot_suit, height) in enumerate(foundations):
        if slot_suit >= 0:
            if height < 13:
                slots.setdefault(slot_suit * 13 + height, slot)
        else:  # an empty slot any ace may start
            for ace in ACES:
                slots.setdefault(ace, slot)
    return slots


def is_won(rules: Rules, state: State) -> bool:
    return sum(map(HEIGHT, state.foundations)) == rules.cards


# ----- the deal ----------------------------------------------------------------

def targets(columns: tuple[tuple[int, ...], ...]) -> tuple[dict[int, list[int]], list[int]]:
    """Which columns take each card value on top, and which columns are empty."""
    takers: dict[int, list[int]] = {}
    spaces = []
    for j, column in enumerate(columns):
        if column:
            for card in FITS_ON[column[-1]]:
                takers.setdefault(card, []).append(j)
        else:
            spaces.append(j)
    return takers, spaces


def meets_need(need: Need, src: int, dst: int, count: int) -> bool:
    """Whether a move from column ``src`` (-1: the waste, -2 - s: foundation slot s) to column
    ``dst`` (-1: a foundation) meets what the previous move needs."""
    if need is None:
        return True
    if need[0] == "keeps":
        return dst == need[1] or dst == -1
    if need[0] == "onto":
        slot = need[2]
        return dst == need[1] or (isinstance(slot, int) and slot >= 0 and src == -2 - slot)
    _, i, j, n = need
    if src == j and dst == i and count == n:
        return False  # straight back
    return src == i or dst == i or (src == j and isinstance(n, int) and count > n)


class Deal:
    """What every search of one position shares: the rules, the cards the solver may know (in
    fair mode a face-down card, and the stock before its first pass, are ``UNKNOWN_CARD``), the
    start as a ``State``, and the stock walks, worked out once for all searches."""

    def __init__(self, game: Position, thoughtful: bool) -> None:
        self.rules = rules = game.rules
        self.thoughtful = thoughtful
        self.decks = rules.decks
        # The suit each foundation slot is kept for, or -1 where any ace may start it (Rules.slot_suit).
        self.slot_suits = [-1 if kept is None else kept for kept in map(rules.slot_suit, range(rules.foundations))]
        value = game.value_of
        # Hidden cards of each column, bottom -> top (unknown in fair mode).
        self.hidden = [
            [value(c) if thoughtful else UNKNOWN_CARD for c in col[: game.down[i]]]
            for i, col in enumerate(game.tableau)
        ]
        columns = tuple(tuple(value(c) for c in col[game.down[i]:]) for i, col in enumerate(game.tableau))
        stock_known = thoughtful or game.pass_number > 1
        talon = tuple(value(c) for c in game.waste) + tuple(
            value(c) if stock_known else UNKNOWN_CARD for c in reversed(game.stock)
        )
        foundations = tuple(
            (suit(value(f[0])) if f else self.slot_suits[i], len(f)) for i, f in enumerate(game.foundations)
        )
        self.start = State(columns, tuple(game.down), talon, len(game.waste), game.pass_number, foundations)
        # What names a column's hidden cards in a key, by how many are left: (column, count), or
        # nothing once none is (then the column is only its face-up cards, wherever it stands).
        self.column_tags = [[(i, left) if left else (-1, 0) for left in range(down + 1)]
                            for i, down in enumerate(game.down)]
        # (talon size, waste size, pass or 0 when unlimited) -> Rules.stock_cycle with passes counted from 0
        self.stock_walks: dict[tuple[int, int, int], list[tuple[int, int, int, int]]] = {}
        # (talon size, waste size, pass) -> reachable_tops
        self._reachable_tops: dict[tuple[int, int, int], tuple[list[tuple[int, int, int]], list[int]]] = {}

    def turn_up(self, columns: list[tuple[int, ...]], downs: list[int], i: int) -> bool:
        """Turn up the top hidden card of an emptied column; False if it is unknown (a frontier)."""
        if columns[i] or not downs[i]:
            return True
        card = self.hidden[i][downs[i] - 1]
        if card == UNKNOWN_CARD:
            return False
        downs[i] -= 1
        columns[i] = (card,)
        return True

    def space_takes(self, card: int, count: int) -> bool:
        """Whether an empty column takes ``card`` leading ``count`` cards."""
        if RANK[card] == KING:
            return True
        return self.rules.empty == "any" and not (self.rules.one_card and count > 1)

    def stock_walk(self, talon_size: int, waste_size: int, pass_number: int) -> list[tuple[int, int, int, int]]:
        """(taps, drawn from, waste size, passes since) for every waste top reachable by tapping,
        each once (``Rules.stock_cycle``).  Where passes are unlimited the pass number changes
        nothing, so every pass shares one walk."""
        if self.rules.passes is None:
            pass_number = 0
        key = (talon_size, waste_size, pass_number)
        walk = self.stock_walks.get(key)
        if walk is None:
            walk = [(tap.taps, tap.drawn_from, tap.waste, tap.pass_number - pass_number)
                    for tap in self.rules.stock_cycle(*key)]
            self.stock_walks[key] = walk
        return walk

    def reachable_tops(self, talon_size: int, waste_size: int,
                       pass_number: int) -> tuple[list[tuple[int, int, int]], list[int]]:
        """(taps, waste size, pass) for every waste top reachable by tapping, the current one first,
        and the talon index of each (the waste size less one); remembered, so not to be changed."""
        key = (talon_size, waste_size, pass_number)
        known = self._reachable_tops.get(key)
        if known is None:
            tops = [(0, waste_size, pass_number)] if waste_size else []
            tops += [(taps, reached, pass_number + passes)
                     for taps, _, reached, passes in self.stock_walk(talon_size, waste_size, pass_number)]
            known = self._reachable_tops[key] = (tops, [reached - 1 for _, reached, _ in tops])
        return known


# ----- the keys ----------------------------------------------------------------

@lru_cache(maxsize=1 << 16)
def run_length(column: tuple[int, ...]) -> int:
    """How many cards on top of ``column`` form a run that moves together (asked of the same
    columns again and again: every key and every move list asks it of every column)."""
    n = 1 if column else 0
    while n < len(column) and (column[-n], column[-n - 1]) in BUILDS:
        n += 1
    return n


@lru_cache(maxsize=1 << 16)
def split_at_root(column: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``column`` up to the root of its run, and the cards on that root (cached, as ``run_length``)."""
    root = len(column) - run_length(column) + 1  # (1 past the end of an empty column)
    return column[:root], column[root:]


def arrangement_key(columns: tuple[tuple[int, ...], ...], tags: list[tuple[int, int]]) -> tuple[object, ...]:
    """What positions that differ only in the arrangement of their runs share (technique
    "arrangements", harp/solver/arrangements.py): each column's tag (what names its face-down
    cards) with its cards up to the root of its run, sorted, and the other face-up cards, sorted."""
    bases = []
    others: list[int] = []
    for tag, column in zip(tags, columns):
        base, on_root = split_at_root(column)
        bases.append((tag, base))
        others += on_root
    return tuple(sorted(bases)), tuple(sorted(others))


class Keys:
    """The canonical key of a state, and the table of states searched."""

    def __init__(self, deal: Deal, prune: bool, arrangements: bool = False) -> None:
        self.rules = deal.rules
        self.column_tags = deal.column_tags
        self.prune = prune
        self.arrangements = arrangements  # one key for every arrangement of the runs

    def columns_key(self, columns: tuple[tuple[int, ...], ...], downs: tuple[int, ...]) -> object:
        """The columns in a key: sorted, each with what names its face-down cards."""
        tags = list(map(list.__getitem__, self.column_tags, downs))
        if self.arrangements:
            return arrangement_key(columns, tags)
        return tuple(sorted(zip(tags, columns)))

    def key(self, state: State) -> tuple[tuple[object, ...], tuple[int, ...]]:
        """(canonical key, stock rank).  Two states with the same key and stock ranks r1 <= r2:
        the first can tap its way to the second, so the second need not be searched."""
        columns, downs, talon, waste_size, pass_number, foundations = state
        cols = self.columns_key(columns, downs)
        slots = tuple(sorted(foundations))  # the (suit, height) of every slot; which slot holds which does not matter
        if self.rules.draw == 1:
            if self.rules.passes is None:
                # Every talon card is always in reach, so only which cards it holds matters, and
                # that the rest of the key tells (``Keys``).
                return (cols, slots), ()
            if self.prune:
                return (cols, slots, talon), (pass_number, waste_size)
        if self.rules.passes is None:
            pass_number = 0
        return (cols, slots, talon, waste_size, pass_number), ()

    @staticmethod
    def need_key(state: State, need: Need) -> object:
        """``need`` in terms of column contents, which stay the same when the key sorts columns."""
        if need is None:
            return None
        columns, downs = state.columns, state.downs

        def column(c: object) -> object:
            assert isinstance(c, int)
            return (downs[c], columns[c])

        if need[0] == "onto":
            slot = need[2]
            assert isinstance(slot, int)
            return ("onto", column(need[1]), state.foundations[slot] if slot >= 0 else None)
        return ("use", column(need[1]), column(need[2]), need[3])

    def first_visit(self, seen: Seen, state: State, need: Need) -> bool:
        """Record ``state`` as searched with ``need``; False if it (or better) was searched already."""
        key, stock_rank = self.key(state)
        full_key = (key, self.need_key(state, need))
        searched = seen.get(full_key)
        if searched is not None and searched <= stock_rank:
            return False
        if need is not None:
            # Searched with no obligation, the same position allowed every move this one allows.
            free = seen.get((key, None))
            if free is not None and free <= stock_rank:
                return False
        seen[full_key] = stock_rank
        return True
