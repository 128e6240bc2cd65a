"""Safe foundation moves: the foundation moves every search makes at once instead of searching them.

A card goes up by itself when no card could ever need it as a base: an ace or a 2, or a card
whose lower opposite-colour cards are all on the foundations already.  The sound search asks
more: where cards can be taken back down, only an ace goes up by itself (a card taken back
could need the others as a base); with two decks, a card waits for its twin to be up (else the
slot it takes could be the one its twin needs).  Taken only from the tableau, and from the
waste only when drawing one card (with draw 3 the waste's grouping could matter).

**Home and back** (the search of technique "take-back-to-build", where cards can be taken back):
a bare column card that lies on the card it was built on, and could go up, goes up at once.  It
could come straight back onto the same card, so the position with it up and the one with it
down reach each other in one move: both are won or both lost, and the search needs only one.
The move generator then takes a card back onto a column only together with a move that uses it
(harp/solver/moves.py).

Internal API of the package (the move generator uses it): ``SafeMoves``.
"""

from __future__ import annotations

from ..cards import BUILDS
from .settings import Settings
from .state import RANK, RED_SUIT, UNKNOWN_CARD, Deal, State, foundation_for, next_slots, raised


def on_its_parent(column: tuple[int, ...]) -> bool:
    """Whether the column's top card lies on the card it was built on (so, sent home, it could
    come straight back there)."""
    return len(column) > 1 and (column[-1], column[-2]) in BUILDS


class SafeMoves:
    """The safe foundation moves of one search: its deal and its ``Settings``."""

    REMEMBERED = 50_000  # sets of foundations whose safe moves are kept (then forgotten all at once)

    def __init__(self, deal: Deal, settings: Settings) -> None:
        self.deal = deal
        self.rules = deal.rules
        self.settings = settings
        # foundations -> (``going_up``, ``next_slots``) of them; and the foundations last asked
        # about, as an object, with theirs
        self._remembered: dict[tuple[tuple[int, int], ...], tuple[dict[int, int], dict[int, int]]] = {}
        self._last: tuple[object, tuple[dict[int, int], dict[int, int]]] = ((), ({}, {}))

    def goes_up_by_itself(self, foundations: tuple[tuple[int, int], ...], card: int) -> bool:
        """True when no card could ever need ``card`` as a base (every lower card of the other colour
        is up) nor its place on the foundation.  The sound search asks more: where cards can be
        taken back down, they could need it as a base again, so only an ace goes up by itself; and
        with two decks the place is the twin's too (sending one jack home first can leave the other
        on the ten its slot waits for), so a card goes up by itself only once its twin is up."""
        card_rank = RANK[card]
        if card_rank == 0:
            return True
        sound, decks = self.settings.sound, self.deal.decks
        if sound and self.rules.takeback:
            return False  # a card taken back down from the foundations could need it as a base
        if sound and decks > 1 and not any(slot_suit == card // 13 and height > card_rank
                                           for slot_suit, height in foundations):
            return False
        if card_rank == 1:
            return True
        red = RED_SUIT[card // 13]
        done = 0
        for slot_suit, height in foundations:
            if height >= card_rank and RED_SUIT[slot_suit] != red:
                done += 1
        return done == 2 * decks

    def going_up(self, foundations: tuple[tuple[int, int], ...]) -> dict[int, int]:
        """Every card that would go up by itself on ``foundations`` -> its slot (``next_slots``,
        kept to those that ``goes_up_by_itself``).  Remembered for each set of foundations: a
        search meets the same few again and again, and asks for every state it makes; most of
        the states a move generator makes share one foundations object, so that is asked first
        (cheaper than hashing the foundations)."""
        return self._both(foundations)[0]

    def slots(self, foundations: tuple[tuple[int, int], ...]) -> dict[int, int]:
        """``next_slots(foundations)``, remembered as ``going_up`` is (not to be changed)."""
        return self._both(foundations)[1]

    def _both(self, foundations: tuple[tuple[int, int], ...]) -> tuple[dict[int, int], dict[int, int]]:
        last, both = self._last
        if foundations is last:
            return both
        known = self._remembered.get(foundations)
        if known is None:
            if len(self._remembered) >= self.REMEMBERED:
                self._remembered.clear()
            slots = next_slots(foundations)
            known = self._remembered[foundations] = (
                {card: slot for card, slot in slots.items() if self.goes_up_by_itself(foundations, card)}, slots)
        self._last = (foundations, known)
        return known

    def play(self, state: State, moves: list[str]) -> State:
        """Apply safe foundation moves until none is left (never one that reveals an unknown card),
        and in the search that takes back only to build, send home the cards that could come
        straight back."""
        if not self.settings.prune:
            return state
        columns_t, downs_t, talon, waste_size, pass_number, foundations = state
        going_up, slots = self._both(foundations)
        home_and_back = self.settings.takes_back_only_to_build
        # Does any card go up?  Most states: none, so this is the first question, asked cheaply.
        tops = [column[-1] for column in columns_t if column]
        if (going_up.keys().isdisjoint(tops)
                and not (self.rules.draw == 1 and waste_size and talon[waste_size - 1] in going_up)
                and not (home_and_back and not slots.keys().isdisjoint(tops)
                         and any(column[-1] in slots and on_its_parent(column) for column in columns_t if column))):
            return state
        columns, downs = list(columns_t), list(downs_t)
        hidden = self.deal.hidden
        played = len(moves)
        stale = False  # a card went up since ``slots`` was made
        changed = True
        while changed:
            changed = False
            if stale:
                slots, stale = self.slots(foundations), False
            for i, column in enumerate(columns):
                # (in ``slots`` of the pass's start, and going up by itself now: the order the
                # moves are made in, and so the slots they take, as they always were)
                if column and column[-1] in slots and (
                        column[-1] in going_up or (home_and_back and on_its_parent(column))):
                    slot = foundation_for(foundations, column[-1])
                    if slot < 0:
                        continue
                    if len(column) == 1 and downs[i] and hidden[i][downs[i] - 1] == UNKNOWN_CARD:
                        continue  # that would reveal a card: leave it as a choice for the search
                    columns[i] = column[:-1]
                    foundations = raised(foundations, slot, column[-1])
                    going_up = self.going_up(foundations)
                    self.deal.turn_up(columns, downs, i)
                    moves.append(f"t{i + 1}>f{slot + 1}")
                    changed = stale = True
            if stale:
                slots, stale = self.slots(foundations), False
            if self.rules.draw == 1 and waste_size and talon[waste_size - 1] in going_up:
                card = talon[waste_size - 1]
                slot = foundation_for(foundations, card)
                if slot >= 0:
                    talon = talon[: waste_size - 1] + talon[waste_size:]
                    waste_size -= 1
                    foundations = raised(foundations, slot, card)
                    going_up = self.going_up(foundations)
                    moves.append(f"w>f{slot + 1}")
                    changed = stale = True
        if len(moves) == played:
            return state  # nothing went up: the same state, not a copy of it
        return State(tuple(columns), tuple(downs), talon, waste_size, pass_number, foundations)
