"""Static loss proofs: patterns that show, without a search, that a position is lost.

``LossProofs.some_cards_never_move`` (technique "blocked") finds cards that can never move
because each one's ways out lie under another of them; ``LossProofs.some_card_never_goes_up``
(technique "stuck") works out what could ever move, go up or be built on, and finds a card
that can never go up.  Either answers LOSS at once, and a search cuts such positions out.
Both work in thoughtful mode only, where every card is known.  (``Game.is_stuck`` is another
thing: the engine's shallow check that no move is left.)

Internal API of the package (the tests use it): ``LossProofs``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..cards import KING
from .state import PARENTS, RANK, Deal, State

Key = TypeVar("Key")
Value = TypeVar("Value")


def remembered(table: dict[Key, Value], key: Key, work: Callable[[], Value]) -> Value:
    """What ``work`` gives for ``key``, worked out once (the table is emptied when full): a
    static loss proof's verdict, or what the easier game works out for a position."""
    if key in table:
        return table[key]
    if len(table) > 200_000:
        table.clear()
    known = table[key] = work()
    return known


class LossProofs:
    """The static loss proofs for one deal, each verdict remembered for every search of it."""

    def __init__(self, deal: Deal, techniques: frozenset[str]) -> None:
        self.deal = deal
        self.rules = deal.rules
        self.blocked_on = deal.thoughtful and "blocked" in techniques
        self.stuck_on = deal.thoughtful and "stuck" in techniques
        self.blocked_seen: dict[object, bool] = {}  # some_cards_never_move's verdicts
        self.stuck_seen: dict[object, bool] = {}  # some_card_never_goes_up's verdicts
        # Set by the portfolio once the fixed-roots proof knows which positions of its easier
        # game are lost (harp/solver/fixed_roots.py): whether a position maps to one of them.
        self.lost_by_easier_game: Callable[[State], bool] | None = None

    def proves_lost(self, state: State) -> bool:
        """Whether either proof calls ``state`` lost (as a search asks at its start)."""
        return self.some_cards_never_move(state) or self.some_card_never_goes_up(state)

    def some_cards_never_move(self, state: State) -> bool:
        """True when some cards can never move, so the deal is lost (thoughtful mode only).

        A face-down card, or the lowest face-up card of a column, moves only as the base of what
        lies on it: to a foundation (its predecessor must be there), onto a face-up parent (a card
        one higher of the other colour), or into a space.  In the last pass the waste is such a
        pile too: a tap only puts more on it.  Take a set of such cards, each with a card under
        it and unable to go into a space.  If every way out of each of them needs a card that
        lies under one of them, none of them can be the first to move, so the cards under them
        never reach the foundations.  The largest such set is found by striking out, until
        nothing changes, every card that has a way out."""
        if not self.blocked_on:
            return False
        columns, downs, talon, waste_size, pass_number, foundations = state
        if self.rules.empty == "any":
            return False  # every card could go into a space
        last_pass = self.rules.passes is not None and pass_number >= self.rules.passes and waste_size > 1
        # What the verdict depends on: the piles and the foundations (many positions share them).
        key = (downs, tuple(column[:1] for column in columns), foundations, talon[:waste_size] if last_pass else ())
        return remembered(self.blocked_seen, key, lambda: self._blocked(state, last_pass))

    def _blocked(self, state: State, last_pass: bool) -> bool:
        columns, downs, talon, waste_size, _, foundations = state
        rules, decks, hidden = self.rules, self.deal.decks, self.deal.hidden
        piles = [hidden[i][:downs[i]] + list(columns[i][:1]) for i in range(len(columns)) if downs[i]]
        if last_pass:
            piles.append(list(talon[:waste_size]))
        # The candidates, as (pile, place in it): every card with one under it, aces (which
        # always have a place to go) and kings (a space) left out.
        members = [(p, k) for p, pile in enumerate(piles) for k in range(1, len(pile))
                   if 0 < RANK[pile[k]] < KING]
        if not members:
            return False
        up = [0] * 52  # copies of each card on the foundations
        tops: dict[int, list[int]] = {}
        for slot_suit, height in foundations:
            if height:
                base = slot_suit * 13
                for r in range(height):
                    up[base + r] += 1
                tops.setdefault(slot_suit, []).append(height)
        takeback = rules.takeback
        while True:
            highest: dict[int, int] = {}
            for p, k in members:
                if k > highest.get(p, 0):
                    highest[p] = k
            covered = [0] * 52
            for p, k in highest.items():
                for card in piles[p][:k]:
                    covered[card] += 1
            stay = []
            for p, k in members:
                card = piles[p][k]
                card_rank = RANK[card]
                if any(h == card_rank or (takeback and h > card_rank) for h in tops.get(card // 13, ())):
                    continue  # its foundation takes it now
                if decks - covered[card - 1] - up[card - 1] > 0:
                    continue  # a copy of its predecessor can still go up
                # A copy of a parent that is not under one of them (nor up for good) is a way out.
                if any(decks - covered[q] - (0 if takeback else up[q]) > 0 for q in PARENTS[card]):
                    continue
                stay.append((p, k))
            if not stay:
                return False
            if len(stay) == len(members):
                return True
            members = stay

    def some_card_never_goes_up(self, state: State) -> bool:
        """True when some card can never reach its foundation, so the deal is lost (thoughtful
        mode only).  ``_stuck`` over-estimates what can ever happen; what it rules out cannot."""
        if not self.stuck_on:
            return False
        last_pass = self.rules.passes is not None and state.pass_number >= self.rules.passes
        # In the last pass the waste's order matters; before it only which cards the talon holds.
        key = (state.columns, state.downs, state.foundations,
               (state.talon, state.waste_size) if last_pass else state.talon)
        return remembered(self.stuck_seen, key, lambda: self._stuck(state, last_pass))

    def _stuck(self, state: State, last_pass: bool) -> bool:
        """Work out, from nothing up until nothing changes, which cards could ever move, which
        could ever go up, and which could ever be built on, each time taking only what is
        necessary for the real thing to happen:

        * a card moves for the first time only from the top of its column (every card once on
          it has moved), as the bottom of a face-up run, or from the talon (the whole talon
          counts as in reach, except that in the last pass a waste card is under the ones on
          it); and it needs somewhere to go: its foundation (some copy of its predecessor could
          go up), a card to build on, or a space (a column empty now, or one whose every card
          could move) where the rules let it in;
        * a card could go up if it could be a top or move, and its predecessor could go up;
        * a card could be built on if it is a top now, could become one, or could move (with
          take-backs, a foundation card too, if it has a card or a space to come down onto).

        If some card off the foundations still cannot go up when nothing more can be added,
        the deal is lost.  Sound because each rule only leaves out what cannot happen."""
        columns, downs, talon, waste_size, _, foundations = state
        rules, space_takes = self.rules, self.deal.space_takes
        piles = [self.deal.hidden[i][:downs[i]] + list(columns[i]) for i in range(len(columns))]
        can_go_up = [False] * 52  # per card value: some copy is up, or could go up
        on_foundations = set()
        for slot_suit, height in foundations:
            for below in range(height):
                can_go_up[slot_suit * 13 + below] = True
                on_foundations.add(slot_suit * 13 + below)
        builds = [False] * 52  # per card value: some copy could be built on
        for pile in piles:
            if pile:
                builds[pile[-1]] = True
        moves = [[False] * len(pile) for pile in piles]
        goes_up = [[False] * len(pile) for pile in piles]
        talon_moves = [False] * len(talon)
        talon_up = [False] * len(talon)
        space = not all(piles)
        one_card = rules.one_card

        def follows_up(card: int) -> bool:
            """Its predecessor is up or could go up (an ace needs none)."""
            return RANK[card] == 0 or can_go_up[card - 1]

        def can_come_down(card: int) -> bool:
            return any(builds[q] for q in PARENTS[card]) or (space and space_takes(card, 1))

        def has_place(card: int) -> bool:
            return follows_up(card) or can_come_down(card)

        changed = True
        while changed:
            changed = False
            for i, pile in enumerate(piles):
                top_free = True  # every card above this one could move
                for k in range(len(pile) - 1, -1, -1):
                    card = pile[k]
                    if top_free and not builds[card]:
                        builds[card] = changed = True
                    in_reach = top_free or (k >= downs[i] and (not one_card or RANK[card] == KING))
                    if not moves[i][k] and in_reach and has_place(card):
                        moves[i][k] = builds[card] = changed = True
                    if not goes_up[i][k] and (top_free or moves[i][k]) and follows_up(card):
                        goes_up[i][k] = can_go_up[card] = changed = True
                    top_free = top_free and moves[i][k]
                if top_free and not space:
                    space = changed = True
            for n, card in enumerate(talon):
                if last_pass and n < waste_size - 1 and not all(talon_moves[n + 1:waste_size]):
                    continue  # under waste cards that cannot all move
                if not talon_moves[n] and has_place(card):
                    talon_moves[n] = builds[card] = changed = True
                if not talon_up[n] and follows_up(card):
                    talon_up[n] = can_go_up[card] = changed = True
            if rules.takeback:
                for card in on_foundations:
                    if not builds[card] and can_come_down(card):
                        builds[card] = changed = True
        return not (all(map(all, goes_up)) and all(talon_up))
