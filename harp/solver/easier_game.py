"""The easier game of the fixed-roots proof (harp/solver/fixed_roots.py): its positions, what
it allows, and its moves.

A position is only which face-down cards are left and the foundations (``EasierPosition``);
the face-up cards lie at will, as long as they could lie in the columns (``EasierGame.fits``):

* a column with face-down cards holds one run (its face-up part), whose lowest card is fixed:
  the card turned up there last, which stays until it moves, and then the next one turns up;
* another column is empty, or holds one run whose lowest card is a king (where a space takes
  only kings), or the card that was lowest in it from the start;
* every other card from the columns lies on a card it builds on, one card on each copy; a card
  from the stock (or taken back) may lie in the columns or not, and if it does, it holds at
  most one card and lies somewhere itself by the same rules.

A move sends a card up, takes one back, or turns up a face-down card (when the column's run
could lie elsewhere, or its lowest card goes up).  Every real move either leaves the easier
position as it is or makes one of these moves, and every real position is one the easier
game allows (``tests/solver/test_fixed_roots.py`` checks both over random play).

Two things keep it small.  A card that comes only from the stock is never left on top of a
foundation (``settled``): taken back, it need not lie anywhere, so that position allows all
the other does; such cards go up only under a card from the columns that follows them
(``moves``).  And a position with no card face down and none that must lie in the columns is
won (``won``): every card left can go up in turn.

``fits`` is a bipartite matching (``_arranged``) of the cards that lie somewhere to the places
they could lie.

Internal API of the package (the tests use it): ``EasierGame``, ``EasierPosition``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import KING
from .proofs import remembered
from .state import PARENTS, RANK, Deal, State, run_length

Slots = tuple[tuple[int, int], ...]  # (suit or -1, height) per foundation slot, as in ``State``


class _Layout(NamedTuple):
    """What the arrangement of a position's cards depends on."""
    must: list[int]  # copies of each card that must lie in the columns
    may: list[int]  # copies of each card that may lie there or not
    movers: list[int]  # the cards that must lie on others (or start runs), a copy each
    free: list[bool]  # per mover, whether it could start a run of its own in a free column
    avail: int  # free columns: no face-down cards, not the one emptied
    lowest_cards: frozenset[int]  # the cards lowest in those columns from the start
    left: list[int]  # per card, copies from the columns not hidden, less those fixed and up
    places: list[list[int]]  # where each mover could lie (filled by the first ``_arranged``)


class EasierPosition(NamedTuple):
    downs: tuple[int, ...]  # face-down cards left in each column
    foundations: Slots


class EasierGame:
    """The easier game of one deal, from ``start`` (a thoughtful-mode position)."""

    def __init__(self, deal: Deal, start: State) -> None:
        self.deal = deal
        self.rules = rules = deal.rules
        self.decks = rules.decks
        columns, downs = start.columns, start.downs
        self.hidden = [deal.hidden[k][:downs[k]] for k in range(len(columns))]
        self.start_columns = columns
        self.start_downs = downs
        # Cards the columns hold at the start, face up or down: they stay in the columns until
        # they go up (a stock card put on a column need not stay there, in the easier game).
        self.from_columns = [0] * 52
        for k, column in enumerate(columns):
            for card in self.hidden[k] + list(column):
                self.from_columns[card] += 1
        self.stock_only = [not self.from_columns[card] for card in range(52)]  # (no copy from the columns)
        # The lowest card of each column from the start, which may stay there whatever it is.
        self.lowest = [self.hidden[k][0] if self.hidden[k] else (column[0] if column else None)
                       for k, column in enumerate(columns)]
        self.slot_suits = deal.slot_suits
        self.starts_run = [RANK[card] == KING or deal.space_takes(card, 1) for card in range(52)]
        self.fits_seen: dict[tuple[EasierPosition, int], bool] = {}
        self.hidden_seen: dict[tuple[int, ...], list[int]] = {}
        self.up_seen: dict[Slots, list[int]] = {}
        self.layouts: dict[EasierPosition, _Layout | None] = {}
        self.places_seen: dict[tuple[object, ...], list[int]] = {}  # where a card could lie (``_arranged``)
        self.free_columns_seen: dict[tuple[tuple[int, ...], int], tuple[int, frozenset[int]]] = {}
        self.start = EasierPosition(downs, self.settled(start.foundations))

    def tables(self) -> list[dict[Any, Any]]:
        """Every table it fills (for ``Portfolio.release``)."""
        return [self.fits_seen, self.layouts, self.hidden_seen, self.up_seen, self.free_columns_seen,
                self.places_seen]

    @staticmethod
    def applies(deal: Deal, start: State) -> bool:
        """Whether the easier game can start from ``start``: every card known, and every column's
        face-up cards one run, as in any position reached by play from a deal (a position
        set up from a layout need not be)."""
        return deal.thoughtful and all(run_length(column) == len(column) for column in start.columns)

    @staticmethod
    def key(position: EasierPosition) -> object:
        """What its table of searched positions holds: which slot holds which does not matter."""
        return position.downs, tuple(sorted(position.foundations))

    # ----- what the easier game allows ----------------------------------------

    def _lowest_left(self, downs: tuple[int, ...], k: int) -> int:
        """The fixed lowest face-up card of column ``k`` (which has face-down cards left)."""
        if downs[k] == self.start_downs[k]:
            return self.start_columns[k][0]
        return self.deal.hidden[k][downs[k]]

    def fits(self, position: EasierPosition, emptied: int) -> bool:
        """Whether the cards from the columns could lie as the easier game asks, with column
        ``emptied`` (if not -1) holding none over its face-down cards: the moment before one
        of them turns up."""
        return remembered(self.fits_seen, (position, emptied), lambda: self._fits(position, emptied))

    def _fits(self, position: EasierPosition, emptied: int) -> bool:
        layout = remembered(self.layouts, position, lambda: self._layout(position, -1))
        if emptied >= 0:
            lowest = self._lowest_left(position.downs, emptied)
            if layout is not None and layout.left[lowest] >= 0:
                # The column's lowest card must lie on another now (or start a run); nothing
                # else changes, as long as no copy of it up was counted as that very card.
                movers = layout.movers + [lowest]
                free = layout.free + [self.starts_run[lowest] or lowest in layout.lowest_cards]
                return self._arranged(movers, free, layout)
            layout = self._layout(position, emptied)
        return layout is not None and self._arranged(layout.movers, layout.free, layout)

    def _arranged(self, movers: list[int], free: list[bool], layout: _Layout) -> bool:
        """Whether every card of ``movers`` can lie somewhere: on a copy of a card it builds on
        that holds no other, or alone in a free column where ``free`` says it may start a run.
        A card that may lie in the columns (from the stock, or taken back) can be a copy to lie
        on, but then it must lie somewhere too, once, by the same rules.

        A bipartite matching (Kuhn's augmenting paths) of every card that lies somewhere to a
        place: the places are each copy of a card (card * 4 + copy; those that may lie there,
        card * 4 + 2 + copy), which holds one card, and each free column (-1 - k).  A copy that
        may lie there starts matched to its own place ("absent"); once a card takes that place,
        it must lie somewhere else itself (it is brought in as a unit of the matching then)."""
        places, avail = self.places_seen, layout.avail
        if len(places) > 200_000:
            places.clear()
        must, may, starts_run, lowest_cards = layout.must, layout.may, self.starts_run, layout.lowest_cards
        units: list[list[int]] = []  # per unit of the matching, where it could lie
        holder: dict[int, int] = {}

        def options(card: int, may_start: bool) -> list[int]:
            parents = PARENTS[card]  # (two cards of the other colour, or none for a king)
            columns = avail if may_start else 0
            key = (card, columns, must[parents[0]], must[parents[1]], may[parents[0]], may[parents[1]]) \
                if parents else (card, columns)
            known = places.get(key)
            if known is None:
                known = places[key] = (
                    [parent * 4 + copy for parent in parents for copy in range(must[parent])]
                    + [parent * 4 + 2 + copy for parent in parents for copy in range(may[parent])]
                    + [-1 - k for k in range(columns)])
            return known

        def place(unit: int, tried: set[int]) -> bool:
            choices = units[unit]
            for spot in choices:  # a place nothing holds yet, first
                if spot not in holder and (spot < 0 or spot & 2 == 0):
                    holder[spot] = unit
                    return True
            for spot in choices:
                if spot not in tried:
                    tried.add(spot)
                    occupant = holder.get(spot)
                    if occupant is None:  # a copy that may lie there, absent: it must lie elsewhere
                        card = spot >> 2
                        occupant = len(units)
                        # (by the same rules: a free column too where it may start a run, or
                        # was lowest in one from the start, as for ``layout.free``)
                        units.append([spot] + options(card, starts_run[card] or card in lowest_cards))
                    if place(occupant, tried):
                        holder[spot] = unit
                        return True
            return False

        known = layout.places  # the movers' of the layout, the same in each call
        if len(known) < len(layout.movers):
            known.extend(options(card, may_start) for card, may_start in zip(layout.movers, layout.free))
        units += known + [options(card, may_start) for card, may_start in zip(movers[len(known):], free[len(known):])]
        return all(place(unit, set()) for unit in sorted(range(len(movers)), key=free.__getitem__))

    def _hidden(self, downs: tuple[int, ...]) -> list[int]:
        """How many copies of each card are still face down."""
        counts = self.hidden_seen.get(downs)
        if counts is None:
            counts = [0] * 52
            for k, down in enumerate(downs):
                for card in self.deal.hidden[k][:down]:
                    counts[card] += 1
            self.hidden_seen[downs] = counts
        return counts

    def _up(self, foundations: Slots) -> list[int]:
        """How many copies of each card are on the foundations."""
        def count() -> list[int]:
            counts = [0] * 52
            for slot_suit, height in foundations:
                for below in range(height):
                    counts[slot_suit * 13 + below] += 1
            return counts
        return remembered(self.up_seen, foundations, count)

    def _layout(self, position: EasierPosition, emptied: int) -> _Layout | None:
        """What ``_arranged`` asks of a position (None: more copies up than there could be)."""
        downs, foundations = position
        decks = self.decks
        fixed = [0] * 52  # each column's fixed lowest card
        for k, down in enumerate(downs):
            if down and k != emptied:
                fixed[self._lowest_left(downs, k)] += 1
        # Copies that must lie in the columns: the fixed ones, and those from the columns not
        # hidden, less as many as are up (a copy up is taken to be one of those when it can);
        # and copies that may lie there or not (from the stock, or taken back).
        hidden, up = self._hidden(downs), self._up(foundations)
        left = [from_columns - down - lowest - high
                for from_columns, down, lowest, high in zip(self.from_columns, hidden, fixed, up)]
        must = [lowest + more if more > 0 else lowest for lowest, more in zip(fixed, left)]
        may = [decks - down - high - needed for down, high, needed in zip(hidden, up, must)]
        if min(may) < 0:
            return None
        avail, lowest_cards = self._free_columns(downs, emptied)
        movers: list[int] = []  # the cards that must lie on others, a node per copy
        for card in range(52):
            if must[card] > fixed[card]:
                movers += [card] * (must[card] - fixed[card])
        starts_run = self.starts_run
        free = [starts_run[card] or card in lowest_cards for card in movers]
        return _Layout(must, may, movers, free, avail, lowest_cards, left, [])

    def _free_columns(self, downs: tuple[int, ...], emptied: int) -> tuple[int, frozenset[int]]:
        """How many columns have no face-down card (``emptied`` aside), and the cards lowest
        in them from the start."""
        key = (downs, emptied)
        known = self.free_columns_seen.get(key)
        if known is None:
            avail = [k for k, down in enumerate(downs) if not down and k != emptied]
            lowest = frozenset(card for card in (self.lowest[k] for k in avail) if card is not None)
            known = self.free_columns_seen[key] = (len(avail), lowest)
        return known

    # ----- the moves of the easier game ---------------------------------------

    def moves(self, position: EasierPosition) -> list[EasierPosition]:
        """The easier positions one move on, take-backs first and sending up last (the search
        takes the last first); the search then keeps those that ``fits`` allows.

        A card sent up goes with the cards of its suit under it that come only from the stock
        (``stock_only``): those stay down otherwise, as in ``settled``, and only go up to let
        a card from the columns follow."""
        downs, foundations = position
        out: list[EasierPosition] = []
        if self.rules.takeback:
            for slot, (slot_suit, height) in enumerate(foundations):
                if height:
                    lowered = (slot_suit if height > 1 else self.slot_suits[slot], height - 1)
                    out.append(EasierPosition(downs, self.settled(foundations[:slot] + (lowered,)
                                                                   + foundations[slot + 1:])))
        for k, down in enumerate(downs):
            if down and self.fits(position, k):
                out.append(EasierPosition(self._turned(downs, k), foundations))
        hidden, up = self._hidden(downs), self._up(foundations)
        fixed_at: dict[int, list[int]] = {}
        for k, down in enumerate(downs):
            if down:
                fixed_at.setdefault(self._lowest_left(downs, k), []).append(k)
        stock_only, decks = self.stock_only, self.decks
        for slot, card in self._next_up(foundations):
            while card % 13 < 12 and stock_only[card] and decks - up[card] > 0:
                card += 1  # (up with the stock cards under it)
            copies = decks - hidden[card] - up[card]
            if copies <= 0 or stock_only[card]:
                continue  # (a suit whose other cards are all from the stock: see ``won``)
            raised = foundations[:slot] + ((card // 13, card % 13 + 1),) + foundations[slot + 1:]
            if copies > len(fixed_at.get(card, [])):
                out.append(EasierPosition(downs, raised))
            for k in fixed_at.get(card, []):  # the fixed lowest card goes up: the next one turns up
                if self.fits(EasierPosition(downs, raised), k):
                    out.append(EasierPosition(self._turned(downs, k), raised))
        return out

    def settled(self, foundations: Slots) -> Slots:
        """``foundations`` with every card that comes only from the stock taken back from the
        top of each slot.  Taken back, such a card need not lie anywhere, but could hold a card:
        a position with it down allows everything the one with it up does, and reaches that
        one by sending it up.  So the search keeps only positions with none on top."""
        stock_only, settled = self.stock_only, list(foundations)
        for slot, (slot_suit, height) in enumerate(foundations):
            while height and stock_only[slot_suit * 13 + height - 1]:
                height -= 1
            if height != foundations[slot][1]:
                settled[slot] = (slot_suit if height else self.slot_suits[slot], height)
        return tuple(settled)

    def won(self, position: EasierPosition) -> bool:
        """No card face down, and none that must lie in the columns: every card left is one
        that may lie there, so each can go up in turn."""
        if any(position.downs):
            return False
        layout = self._layout(position, -1)
        return layout is not None and not any(layout.must)

    @staticmethod
    def _turned(downs: tuple[int, ...], k: int) -> tuple[int, ...]:
        return downs[:k] + (downs[k] - 1,) + downs[k + 1:]

    @staticmethod
    def _next_up(foundations: Slots) -> list[tuple[int, int]]:
        """(slot, card) for each card that could go up next, on the first slot that takes it."""
        out, aces_placed = [], set()
        for slot, (slot_suit, height) in enumerate(foundations):
            if slot_suit >= 0:
                if height < 13:
                    out.append((slot, slot_suit * 13 + height))
            else:
                for suit in range(4):
                    if suit not in aces_placed:
                        aces_placed.add(suit)
                        out.append((slot, suit * 13))
        return out
