"""A ``Position``: one deal of one game as it is played, its moves, undo and views.

This is the core of the engine: the piles, playing a move, undo.  What it asks of
the modules before it: the notation (``notation``), the rules of one move
(``legality``), the moves on offer (``offers``), the view (``view``), the deal
(``rng``), codes and layouts.  ``harp.Game`` adds what needs more: the stuck
verdict and the finishing moves (``progress``), saves (``saves``) and the text
board (``text``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Self

from . import codes, layout, offers
from .cards import builds_on
from .legality import cards_of, foundation_refusal, refusal_of, tap_refusal_of, tap_result, top_value
from .notation import CardMove, Pile, notation, pile_name, pile_named, shorten, split_move
from .reasons import refusal
from .rng import deal_cards, mix
from .rules import DEFAULT, OptionValue, Rules, rules_for
from .view import view_of

__all__ = ["FOUNDATION_POINTS", "TURN_UP_POINTS", "WASTE_TO_TABLEAU_POINTS", "CardMove", "Pile", "Position",
           "UndoRecord", "pile_name"]

FOUNDATION_POINTS = 10
TURN_UP_POINTS = 5
WASTE_TO_TABLEAU_POINTS = 5


@dataclass(frozen=True)
class UndoRecord:
    """One action in the history: what it changed, so that undo can put it back exactly."""

    move: str  # normalised notation, as replayed from a save
    src: Pile
    dst: Pile
    count: int
    turned_up: bool
    points: int


class Position:
    """A deal in play: its piles, rules, counters and undo history.  Build one with ``new`` or ``from_code``."""

    def __init__(self, rules: Rules, deal: int, daily: bool = False) -> None:
        self.rules = rules
        self.deal = codes.check_deal(deal)
        self.daily = bool(daily)
        # Physical card i (its id, opaque to players) has value self._value[i].
        self._value, self.tableau, self.stock = deal_cards(rules.cards, rules.columns, rules.descending,
                                                           mix(deal, rules.decks))
        self.down: list[int] = [len(col) - 1 for col in self.tableau]
        self.waste: list[int] = []
        self.foundations: list[list[int]] = [[] for _ in range(rules.foundations)]
        self.pass_number = 1
        self.score = 0
        self.moves = 0
        self._history: list[UndoRecord] = []
        self._undo_floor = 0

    # ----- making games -------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str,
        deal: int | None = None,
        *,
        daily: bool = False,
        draw: OptionValue = DEFAULT,
        passes: OptionValue = DEFAULT,
        empty: OptionValue = DEFAULT,
        takeback: OptionValue = DEFAULT,
    ) -> Self:
        """A fresh deal.  Leave ``deal`` out for a random one; options default to the game's."""
        rules = rules_for(game).with_options(draw=draw, passes=passes, empty=empty, takeback=takeback)
        if not isinstance(daily, bool):
            raise ValueError(f"daily must be True or False, not {daily!r}")
        if deal is None:
            if daily:
                raise ValueError("a daily game needs its deal number: deal=harp.daily_deal(date)")
            deal = random.SystemRandom().randint(1, codes.MAX_DEAL)
        return cls(rules, codes.check_deal(deal), daily)

    @classmethod
    def from_code(cls, code: str) -> Self:
        """The deal a code names, from its start.  A bad code raises ``ValueError``."""
        rules, deal, daily = codes.decode(code)
        return cls(rules, deal, daily)

    @classmethod
    def from_layout(cls, text: str) -> Self:
        """The position a layout describes pile by pile (see ``harp.layout``): like
        python-chess's ``Board(fen)``.  A bad layout raises ``BadLayout`` naming the line."""
        lay = layout.parse(text)
        game = cls(lay.rules, lay.deal, lay.daily)
        game._value = []  # the cards get ids in the order they are placed

        def place(values: tuple[int, ...]) -> list[int]:
            first = len(game._value)
            game._value.extend(values)
            return list(range(first, len(game._value)))

        game.tableau = [place(col) for col in lay.tableau]
        game.down = list(lay.down)
        game.stock = place(lay.stock)
        game.waste = place(lay.waste)
        game.foundations = [place(f) for f in lay.foundations]
        game.pass_number = lay.pass_number
        return game

    def layout(self) -> str:
        """This position as a layout (see ``harp.layout``); ``from_layout`` reads it back.
        The counters and the undo history are not part of it."""

        def values(ids: list[int]) -> tuple[int, ...]:
            return tuple(self._value[i] for i in ids)

        return layout.Layout(
            self.rules, self.deal, self.daily,
            tableau=tuple(values(col) for col in self.tableau), down=tuple(self.down),
            stock=values(self.stock), waste=values(self.waste),
            foundations=tuple(values(f) for f in self.foundations), pass_number=self.pass_number,
        ).text()

    @property
    def code(self) -> str:
        return codes.encode(self.rules, self.deal, self.daily)

    @property
    def game_id(self) -> str:
        return self.rules.id

    def restart(self) -> Self:
        """The same deal and rules from the start (the counters start again too)."""
        return type(self)(self.rules, self.deal, self.daily)

    def copy(self) -> Self:
        """An independent copy, undo history included."""
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.tableau = [list(c) for c in self.tableau]
        twin.down = list(self.down)
        twin.stock = list(self.stock)
        twin.waste = list(self.waste)
        twin.foundations = [list(f) for f in self.foundations]
        twin._history = list(self._history)
        return twin

    # ----- questions ----------------------------------------------------

    @property
    def passes_left(self) -> int | None:
        if self.rules.passes is None:
            return None
        return self.rules.passes - self.pass_number

    def is_won(self) -> bool:
        return sum(map(len, self.foundations)) == self.rules.cards

    @property
    def history_length(self) -> int:
        """How many actions the game holds in its history (what a save replays)."""
        return len(self._history)

    def can_undo(self) -> bool:
        return len(self._history) > self._undo_floor

    def card_at(self, pile: Pile, depth: int = 0) -> int | None:
        """The value of the card ``depth`` places below the top of a pile, or None."""
        cards = cards_of(self, pile)
        if pile[0] == "s" or depth >= len(cards):
            return None
        return self._value[cards[-1 - depth]]

    def value_of(self, card_id: int) -> int:
        """The card value (``suit * 13 + rank``) of the physical card ``card_id`` (as in ``view()["ids"]``)."""
        return self._value[card_id]

    def foundation_accepts(self, slot: int, card: int) -> bool:
        """Whether foundation ``slot`` (from 0) would take the card value ``card`` now."""
        return foundation_refusal(self.rules, slot, top_value(self, self.foundations[slot]), card) is None

    @property
    def history(self) -> tuple[str, ...]:
        """The actions in the history, oldest first, in notation (what a save replays)."""
        return tuple(record.move for record in self._history)

    @property
    def last_action(self) -> str | None:
        """The last action in the history, in notation, or None when there is none."""
        return self._history[-1].move if self._history else None

    @property
    def undo_floor(self) -> int:
        """How many of the oldest actions in the history undo can no longer take back."""
        return self._undo_floor

    def face_up_run(self, column: int) -> int:
        """How many cards at the top of a column form a movable run."""
        col = self.tableau[column]
        n = 0
        while n < len(col) - self.down[column]:
            if n and not builds_on(self._value[col[-n]], self._value[col[-n - 1]]):
                break
            n += 1
        return n

    def at(self, actions: int) -> Self:
        """A copy of this game as it stood after its first ``actions`` actions (the undo history
        cut there): the positions along the player's own line, for the way back."""
        if not 0 <= actions <= len(self._history):
            raise ValueError(f"the game holds {len(self._history)} actions, not {actions}")
        twin = self.copy()
        twin._undo_floor = 0
        while len(twin._history) > actions:
            twin.undo()
        twin._undo_floor = min(self._undo_floor, actions)
        return twin

    def placement(self) -> tuple[object, ...]:
        """Where every card is, by value (the two copies of a card alike), the pass count left
        out: two positions with the same placement offer the same moves, the later one no more
        redeals than the earlier."""
        value = self._value

        def values(ids: list[int]) -> tuple[int, ...]:
            return tuple(value[i] for i in ids)

        return (tuple(map(values, self.tableau)), tuple(self.down), values(self.stock), values(self.waste),
                tuple(map(values, self.foundations)))

    def placements_since_turn_up(self) -> set[tuple[object, ...]]:
        """The placements on this game's line since a card was last turned face up, this one
        included: going back to one of them only goes round in a circle.  (A card sent home
        can come back down, so only a card turned up is progress that cannot be undone.)"""
        return set(self.placements_back())

    def placements_back(self) -> Iterator[tuple[object, ...]]:
        """``placements_since_turn_up`` one at a time, newest first (a long line of stock taps
        takes a while: the page's hint reads them a few per slice)."""
        twin = self.copy()
        twin._undo_floor = 0
        yield twin.placement()
        while twin._history and not twin._history[-1].turned_up:
            twin.undo()
            yield twin.placement()

    def unseen_cards(self) -> list[int]:
        """The cards (ids) the player has not seen: the face-down ones, and the stock before its
        first redeal (after it, every stock card has been through the waste)."""
        hidden = [card for i, col in enumerate(self.tableau) for card in col[: self.down[i]]]
        return hidden + (list(self.stock) if self.pass_number == 1 else [])

    def resampled(self, rng: random.Random) -> Self:
        """A copy whose unseen cards (``unseen_cards``) are dealt again at random among their
        places: a deal that agrees with everything the player has seen.  What a fair hint
        may imagine; the undo history is kept."""
        twin = self.copy()
        places = self.unseen_cards()
        values = sorted(self._value[i] for i in places)   # sorted: where they really lie cannot matter
        rng.shuffle(values)
        twin._value = list(self._value)
        for place, card in zip(places, values):
            twin._value[place] = card
        return twin

    # ----- moves --------------------------------------------------------

    def legal_moves(self) -> list[str]:
        """Every legal move in notation; whole columns moved into a space (no-ops) are left out."""
        return offers.legal_moves(self)

    def play(self, move: str) -> None:
        """Play one move in notation, or raise ``IllegalMove`` saying which rule refuses it."""
        if not isinstance(move, str):
            raise refusal("not_text", kind=type(move).__name__).error(repr(move))
        text = move.strip().lower()
        if self.is_won():
            raise refusal("game_won").error(text)
        if text == "s":
            refused = tap_refusal_of(self)
            if refused:
                raise refused.error(text)
            self._record(self._tap())
            return
        src, count, dst = self.parse_move(text)
        refused = refusal_of(self, src, count, dst)
        if refused:
            raise refused.error(text)
        self._record(self._move(src, count, dst))

    def undo(self) -> bool:
        """Take back the last action.  False when nothing (or nothing more, in Easy Harp) can be undone."""
        if not self.can_undo():
            return False
        record = self._history.pop()
        self.score -= record.points
        if record.move == "s":
            if record.src == ("w", 0):  # a redeal: the stock goes back to being the waste
                self.waste = self.stock[::-1]
                self.stock = []
                self.pass_number -= 1
            else:
                for _ in range(record.count):
                    self.stock.append(self.waste.pop())
            return True
        if record.turned_up:
            self.down[record.src[1]] += 1
        moved = cards_of(self, record.dst)[-record.count:]
        del cards_of(self, record.dst)[-record.count:]
        cards_of(self, record.src).extend(moved)
        return True

    def foundation_move(self, pile: str) -> str | None:
        """The tap: the move sending the top card of ``pile`` to the first foundation that takes it."""
        return offers.foundation_move(self, pile)

    def tableau_move(self, pile: str, count: int = 1) -> str | None:
        """The double tap: a column for the top ``count`` cards, longest column first, then a space."""
        return offers.tableau_move(self, pile, count)

    # ----- views --------------------------------------------------------

    def view(self, reveal: bool = False) -> dict[str, Any]:
        """A plain JSON-able picture of the game for the UI (see docs/design.md; ``harp.view``)."""
        return view_of(self, reveal)

    def __repr__(self) -> str:
        return f"<harp.{type(self).__name__} {self.code} moves={self.moves} score={self.score}>"

    # ----- restoring a save ------------------------------------------------

    def restore_counters(self, moves: int, undo_floor: int) -> None:
        """Set the move counter and undo floor a save recorded, once its actions are replayed;
        ``ValueError`` if they cannot belong to this history."""
        actions = len(self._history)
        limit = self.rules.undo_limit
        lowest = max(0, actions - limit) if limit is not None else 0
        if moves < actions:
            raise ValueError(f"{moves} moves cannot hold {actions} actions")
        if not lowest <= undo_floor <= actions or (limit is None and undo_floor):
            raise ValueError(f"undo floor {undo_floor} does not fit a history of {actions} actions")
        self.moves = moves
        self._undo_floor = undo_floor

    # ----- parsing --------------------------------------------------------

    def parse_move(self, move: str) -> CardMove:
        """The piles and card count of a card move in notation (``t3>f`` names the foundation
        ``play`` would try); ``IllegalMove`` for text that is no card move, ``s`` included."""
        text = move.strip().lower()
        if text == "s":
            raise refusal("tap_is_no_card_move").error(text)
        try:
            src_name, count, dst_name = split_move(text)
        except ValueError:
            raise refusal("not_a_move", text=shorten(text)).error(text) from None
        assert dst_name is not None, "the tap is refused above"
        src = pile_named(self.rules, src_name, text)
        if count < 1:
            raise refusal("no_cards").error(text)
        if dst_name == "f":
            return CardMove(src, count, offers.first_foundation_for(self, src, count))
        return CardMove(src, count, pile_named(self.rules, dst_name, text))

    # ----- internals: changing the board ------------------------------------

    def _tap(self) -> UndoRecord:
        after = tap_result(self)
        assert after is not None, "a refused tap is never played"
        waste, pass_number = after
        if pass_number == self.pass_number:
            count = waste - len(self.waste)
            for _ in range(count):
                self.waste.append(self.stock.pop())
            return UndoRecord("s", ("s", 0), ("w", 0), count, False, 0)
        self.stock = self.waste[::-1]  # a redeal: the waste turned over, face down, in the same order
        self.waste = []
        self.pass_number = pass_number
        return UndoRecord("s", ("w", 0), ("s", 0), len(self.stock), False, 0)

    def _move(self, src: Pile, count: int, dst: Pile) -> UndoRecord:
        cards = cards_of(self, src)
        moved = cards[-count:]
        del cards[-count:]
        cards_of(self, dst).extend(moved)
        turned_up = src[0] == "t" and bool(cards) and self.down[src[1]] == len(cards)
        if turned_up:
            self.down[src[1]] -= 1
        points = TURN_UP_POINTS if turned_up else 0
        if dst[0] == "f":
            points += FOUNDATION_POINTS
        elif src[0] == "w":
            points += WASTE_TO_TABLEAU_POINTS
        return UndoRecord(notation(src, count, dst), src, dst, count, turned_up, points)

    def _record(self, record: UndoRecord) -> None:
        self._history.append(record)
        self.score += record.points
        self.moves += 1
        if self.rules.undo_limit is not None:
            self._undo_floor = max(self._undo_floor, len(self._history) - self.rules.undo_limit)

