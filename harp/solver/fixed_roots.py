"""The fixed-roots proof (technique "fixed-roots"): a loss proof by an easier game.

In the easier game a position is only which face-down cards are left and the foundations; the
face-up cards are arranged at will, as long as they could lie in the columns:

* a column with face-down cards holds one run (its face-up part), whose lowest card is fixed:
  the card turned up there last, which stays until it moves, and then the next one turns up;
* another column is empty, or holds one run whose lowest card is a king (where a space takes
  only kings), or the card that was lowest in it from the start;
* every other card from the columns lies on a card it builds on: straight on it, or on stock
  cards between them (stock cards, and cards taken back from the foundations, need not be on
  the columns at all, but can lie under other cards).

A move of the easier game sends a card up, takes one back, or turns up a face-down card
(when the column's run could lie elsewhere, or its lowest card goes up).  Every real move
either leaves the easier position as it is or makes one of these moves, and every real
position is one the easier game allows.  So if the easier game, searched whole, cannot win,
nor can the real one.  It works in thoughtful mode only (every card known), and proves many
one-deck deals lost that the exhaustive search of the real game takes millions of positions
over: it does not tell apart the arrangements of the same cards.

``fits`` is a bipartite matching: each card from the columns, other than the fixed lowest
cards, to a card under it (``_matching``); the cards left unmatched start runs of their own,
which need a column each that takes them.

Internal API of the package (the tests use it): ``FixedRootsProof``, ``EasierPosition``.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any, NamedTuple

from ..cards import KING
from .result import LOSS, Result
from .state import PARENTS, RANK, Deal, State, run_length

Slots = tuple[tuple[int, int], ...]  # (suit or -1, height) per foundation slot, as in ``State``
KINGS_FIRST = sorted(range(52), key=lambda card: -RANK[card])  # a card's parents come before it


@lru_cache(maxsize=1 << 14)
def cards_of(mask: int) -> tuple[int, ...]:
    """The cards whose bits ``mask`` has."""
    return tuple(card for card in range(52) if mask >> card & 1)


class _Layout(NamedTuple):
    """What the arrangement of a position's cards depends on."""
    must: list[int]  # copies of each card that must lie in the columns
    onto: list[int]  # per card, a bit for each card it could lie on
    to_king: list[bool]  # per card, whether cards that may lie there lead from it to a king
    movers: list[int]  # the cards that must lie on others (or start runs), a copy each
    free: list[bool]  # per mover, whether it could start a run of its own in a free column
    avail: int  # free columns: no face-down cards, not the one emptied
    lowest_cards: set[int]  # the cards lowest in those columns from the start
    left: list[int]  # per card, copies from the columns not hidden, less those fixed and up


class EasierPosition(NamedTuple):
    downs: tuple[int, ...]  # face-down cards left in each column
    foundations: Slots


class FixedRootsProof:
    """The easier game searched depth-first from ``start`` (a thoughtful-mode position), in
    slices like the other searches: ``advance(n)`` expands up to n easier positions and returns
    LOSS once none is left without a win.  Reaching a win in the easier game proves nothing:
    then ``gave_up`` is set, and the result stays None."""

    NO_LINE = 10**9  # its ``best``: it has no line to give as a hint

    def __init__(self, deal: Deal, start: State) -> None:
        self.deal = deal
        self.rules = rules = deal.rules
        self.decks = rules.decks
        columns, downs = start.columns, start.downs
        self.hidden = [deal.hidden[k][:downs[k]] for k in range(len(columns))]
        self.start_columns = columns
        self.start_downs = downs
        # Cards the columns hold at the start, face up or down: they stay in the columns until
        # they go up (a stock card put on a column need not stay, in the easier game).
        self.from_columns = [0] * 52
        for k, column in enumerate(columns):
            for card in self.hidden[k] + list(column):
                self.from_columns[card] += 1
        # The lowest card of each column from the start, which may stay there whatever it is.
        self.lowest = [self.hidden[k][0] if self.hidden[k] else (column[0] if column else None)
                       for k, column in enumerate(columns)]
        self.slot_suits = deal.slot_suits
        self.starts_run = [RANK[card] == KING or deal.space_takes(card, 1) for card in range(52)]
        self.fits_seen: dict[tuple[EasierPosition, int], bool] = {}
        self.hidden_seen: dict[tuple[int, ...], list[int]] = {}
        self.up_seen: dict[Slots, list[int]] = {}
        self.layouts: dict[EasierPosition, _Layout | None] = {}
        first = EasierPosition(downs, start.foundations)
        self.seen: dict[object, None] = {self._key(first): None}
        self.stack: list[EasierPosition] = [first]
        self.nodes = 0
        self.expanded = 0
        self.seconds = 0.0
        self.gave_up = False
        self.result: Result | None = None
        self.best: tuple[int, list[str]] = (self.NO_LINE, [])
        self.best_state: State | None = None
        if not self.fits(first, -1):  # (a position ``applies`` allows always fits: a bug, not a loss)
            raise AssertionError("the easier game does not allow the position it starts from")

    @staticmethod
    def applies(deal: Deal, start: State) -> bool:
        """Whether the proof can start from ``start``: every card known, and every column's
        face-up cards one run, as in any position reached by play from a deal (a position
        set up from a layout need not be)."""
        return deal.thoughtful and all(run_length(column) == len(column) for column in start.columns)

    @staticmethod
    def _key(position: EasierPosition) -> object:
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
        key = (position, emptied)
        known = self.fits_seen.get(key)
        if known is None:
            if len(self.fits_seen) > 200_000:
                self.fits_seen.clear()
                self.layouts.clear()
            known = self.fits_seen[key] = self._fits(position, emptied)
        return known

    def _fits(self, position: EasierPosition, emptied: int) -> bool:
        if position in self.layouts:
            layout = self.layouts[position]
        else:
            layout = self.layouts[position] = self._layout(position, -1)
        if emptied >= 0:
            lowest = self._lowest_left(position.downs, emptied)
            if layout is not None and layout.left[lowest] >= 0:
                # The column's lowest card must lie on another now (or start a run); nothing
                # else changes, as long as no copy of it up was counted as that very card.
                movers = layout.movers + [lowest]
                free = layout.free + [self.starts_run[lowest] or layout.to_king[lowest]
                                      or lowest in layout.lowest_cards]
                return self._arranged(movers, free, layout)
            layout = self._layout(position, emptied)
        return layout is not None and self._arranged(layout.movers, layout.free, layout)

    def _arranged(self, movers: list[int], free: list[bool], layout: _Layout) -> bool:
        """Whether ``movers`` can each lie on a card (those that cannot start a run all do),
        with a column for each of the rest."""
        order = sorted(range(len(movers)), key=free.__getitem__)
        matched = self._matching(movers, order, layout.onto, layout.must, free)
        return matched is not None and len(movers) - matched <= layout.avail

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
        counts = self.up_seen.get(foundations)
        if counts is None:
            if len(self.up_seen) > 200_000:
                self.up_seen.clear()
            counts = [0] * 52
            for slot_suit, height in foundations:
                for below in range(height):
                    counts[slot_suit * 13 + below] += 1
            self.up_seen[foundations] = counts
        return counts

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
        must, may, lefts = [], [], []
        for from_columns, hidden, lowest, up in zip(self.from_columns, self._hidden(downs), fixed,
                                                    self._up(foundations)):
            left = from_columns - hidden - lowest - up
            needed = lowest + left if left > 0 else lowest
            optional = decks - hidden - up - needed
            if optional < 0:
                return None
            lefts.append(left)
            must.append(needed)
            may.append(optional)
        # Which cards each card could lie on (a bit per card): straight, or over a chain of
        # cards that may lie there; and whether such a chain reaches a king, which a space takes.
        onto, to_king = [0] * 52, [False] * 52
        for card in KINGS_FIRST:
            mask, king = 0, False
            for parent in PARENTS[card]:
                if must[parent]:
                    mask |= 1 << parent
                if may[parent]:
                    mask |= onto[parent]
                    king = king or RANK[parent] == KING or to_king[parent]
            onto[card], to_king[card] = mask, king
        avail = [k for k, down in enumerate(downs) if not down and k != emptied]
        lowest_cards = {card for card in (self.lowest[k] for k in avail) if card is not None}
        movers: list[int] = []  # the cards that must lie on others, a node per copy
        starts_run = self.starts_run
        for card in range(52):
            if must[card] > fixed[card]:
                movers += [card] * (must[card] - fixed[card])
        free = [starts_run[card] or to_king[card] or card in lowest_cards for card in movers]
        return _Layout(must, onto, to_king, movers, free, len(avail), lowest_cards, lefts)

    @staticmethod
    def _matching(movers: list[int], order: list[int], onto: list[int], must: list[int],
                  free: list[bool]) -> int | None:
        """How many of ``movers`` lie on a card each (no card under two), matching those that
        cannot start a run first; None if one of those cannot."""
        holder: dict[tuple[int, int], int] = {}  # (card, copy) -> the mover lying on it

        def place(n: int, tried: set[tuple[int, int]]) -> bool:
            for parent in cards_of(onto[movers[n]]):
                for copy in range(must[parent]):
                    spot = (parent, copy)
                    if spot in tried:
                        continue
                    tried.add(spot)
                    if spot not in holder or place(holder[spot], tried):
                        holder[spot] = n
                        return True
            return False

        matched = 0
        for n in order:
            if place(n, set()):
                matched += 1
            elif not free[n]:
                return None
        return matched

    # ----- the moves of the easier game ---------------------------------------

    def moves(self, position: EasierPosition) -> list[EasierPosition]:
        """The easier positions one move on, takes-backs first and sending up last (the search
        takes the last first); the search then keeps those that ``fits`` allows."""
        downs, foundations = position
        out: list[EasierPosition] = []
        if self.rules.takeback:
            for slot, (slot_suit, height) in enumerate(foundations):
                if height:
                    lowered = (slot_suit if height > 1 else self.slot_suits[slot], height - 1)
                    out.append(EasierPosition(downs, foundations[:slot] + (lowered,) + foundations[slot + 1:]))
        for k, down in enumerate(downs):
            if down and self.fits(position, k):
                out.append(EasierPosition(self._turned(downs, k), foundations))
        hidden, up = self._hidden(downs), self._up(foundations)
        fixed_at: dict[int, list[int]] = {}
        for k, down in enumerate(downs):
            if down:
                fixed_at.setdefault(self._lowest_left(downs, k), []).append(k)
        for slot, card in self._next_up(foundations):
            copies = self.decks - hidden[card] - up[card]
            if copies <= 0:
                continue
            raised = foundations[:slot] + ((card // 13, foundations[slot][1] + 1),) + foundations[slot + 1:]
            if copies > len(fixed_at.get(card, [])):
                out.append(EasierPosition(downs, raised))
            for k in fixed_at.get(card, []):  # the fixed lowest card goes up: the next one turns up
                if self.fits(EasierPosition(downs, raised), k):
                    out.append(EasierPosition(self._turned(downs, k), raised))
        return out

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

    # ----- the search ----------------------------------------------------------

    def tables(self) -> list[dict[Any, Any]]:
        """Every table it fills (for ``Portfolio.release``)."""
        return [self.seen, self.fits_seen, self.layouts, self.hidden_seen, self.up_seen]

    def advance(self, budget: int) -> Result | None:
        if self.result is not None or self.gave_up:
            return self.result
        started = time.perf_counter()
        stack, seen, cards = self.stack, self.seen, self.rules.cards
        for _ in range(budget):
            if not stack:
                break
            position = stack.pop()
            self.nodes += 1
            if sum(height for _, height in position.foundations) == cards:
                self.gave_up = True  # the easier game is won: no proof
                break
            self.expanded += 1
            for after in self.moves(position):
                key = self._key(after)
                if key not in seen and self.fits(after, -1):
                    seen[key] = None
                    stack.append(after)
        self.seconds += time.perf_counter() - started
        if not stack and not self.gave_up:
            self.result = Result(LOSS, [], self.nodes, self.seconds, None, True)
        return self.result
