"""A ``Position``: one deal of one game as it is played, its moves, undo and views.

This is the core of the engine: of its other modules it needs only rules, layout,
cards, codes, rng and errors.  ``harp.Game`` adds what needs more: the stuck
verdict (``progress``), saves (``saves``) and the text board (``text``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Iterator, NamedTuple, Self

from . import codes, layout
from .cards import ACE, KING, SUITS, builds_on, card_name, is_red, rank, suit
from .errors import IllegalMove
from .reasons import Refusal, refusal
from .rng import mix, shuffled
from .rules import DEFAULT, OptionValue, Rules, rules_for

# A pile reference: ("s", 0), ("w", 0), ("f", 0..7) or ("t", 0..9); indexes from 0.
Pile = tuple[str, int]

# ASCII digits, at most 6: int() refuses numbers over 4300 digits with a plain ValueError.
_MOVE = re.compile(r"(w|t[0-9]{1,6}|f[0-9]{1,6})(?::([0-9]{1,6}))?>(t[0-9]{1,6}|f[0-9]{0,6})")

FOUNDATION_POINTS = 10
TURN_UP_POINTS = 5
WASTE_TO_TABLEAU_POINTS = 5


class CardMove(NamedTuple):
    """A move of cards from pile to pile, read from notation: the top ``count`` cards of ``src`` onto ``dst``."""

    src: Pile
    count: int  # type: ignore[assignment]  # hides tuple.count: the engine says count for this everywhere
    dst: Pile


@dataclass(frozen=True)
class UndoRecord:
    """One action in the history: what it changed, so that undo can put it back exactly."""

    move: str  # normalised notation, as replayed from a save
    src: Pile
    dst: Pile
    count: int
    turned_up: bool
    points: int


def pile_name(pile: Pile) -> str:
    kind, i = pile
    return kind if kind in ("s", "w") else f"{kind}{i + 1}"


class Position:
    """A deal in play: its piles, rules, counters and undo history.  Build one with ``new`` or ``from_code``."""

    def __init__(self, rules: Rules, deal: int, daily: bool = False) -> None:
        self.rules = rules
        self.deal = codes.check_deal(deal)
        self.daily = bool(daily)
        n = rules.cards
        # Physical card i (its id, opaque to players) has value self._value[i].
        self._value: list[int] = shuffled([i % 52 for i in range(n)], mix(deal, rules.decks))
        order = list(range(n))
        self.tableau: list[list[int]] = [[] for _ in range(rules.columns)]
        heights = list(range(1, rules.columns + 1))
        if rules.descending:
            heights.reverse()
        dealt = 0
        for row in range(max(heights)):  # deal row by row, as a person would
            for col, height in enumerate(heights):
                if row < height:
                    self.tableau[col].append(order[dealt])
                    dealt += 1
        self.down: list[int] = [len(col) - 1 for col in self.tableau]
        self.stock: list[int] = order[dealt:][::-1]  # bottom -> top; the top is drawn next
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
        cards = self._cards(pile)
        if pile[0] == "s" or depth >= len(cards):
            return None
        return self._value[cards[-1 - depth]]

    def value_of(self, card_id: int) -> int:
        """The card value (``suit * 13 + rank``) of the physical card ``card_id`` (as in ``view()["ids"]``)."""
        return self._value[card_id]

    def foundation_accepts(self, slot: int, card: int) -> bool:
        """Whether foundation ``slot`` (from 0) would take the card value ``card`` now."""
        return self._foundation_refusal(card, slot) is None

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
        if self.is_won():
            return []
        moves: list[str] = []
        sources: list[tuple[Pile, int]] = []
        if self.waste:
            sources.append((("w", 0), 1))
        for i in range(self.rules.columns):
            run = self.face_up_run(i)
            if run:
                sources.append((("t", i), run))
        if self.rules.takeback:
            sources += [(("f", i), 1) for i, f in enumerate(self.foundations) if f]
        # Each candidate passes a quick look at the top it would go on first; only those
        # are asked of ``_refusal`` (which would otherwise write a refusal for every hopeless one).
        value = self._value
        foundation_tops = [value[f[-1]] if f else None for f in self.foundations]
        column_tops = [value[c[-1]] if c else None for c in self.tableau]
        for src, most in sources:
            cards = self._cards(src)
            for count in range(1, most + 1):
                moving = value[cards[-count]]
                candidates: list[Pile] = []
                if count == 1 and src[0] != "f":
                    candidates += [("f", i) for i, top in enumerate(foundation_tops)
                                   if (rank(moving) == ACE if top is None
                                       else moving == top + 1 and rank(top) != KING)]
                candidates += [("t", i) for i, top in enumerate(column_tops)
                               if (top is None or builds_on(moving, top)) and ("t", i) != src]
                for dst in candidates:
                    if self._refusal(src, count, dst) is None and not self._is_no_op(src, count, dst):
                        moves.append(_notation(src, count, dst))
        if self._refusal_to_tap() is None:
            moves.append("s")
        return moves

    def play(self, move: str) -> None:
        """Play one move in notation, or raise ``IllegalMove`` saying which rule refuses it."""
        if not isinstance(move, str):
            raise refusal("not_text", kind=type(move).__name__).error(repr(move))
        text = move.strip().lower()
        if self.is_won():
            raise refusal("game_won").error(text)
        if text == "s":
            refused = self._refusal_to_tap()
            if refused:
                raise refused.error(text)
            self._record(self._tap())
            return
        src, count, dst = self.parse_move(text)
        refused = self._refusal(src, count, dst)
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
        moved = self._cards(record.dst)[-record.count:]
        del self._cards(record.dst)[-record.count:]
        self._cards(record.src).extend(moved)
        return True

    def foundation_move(self, pile: str) -> str | None:
        """The tap: the move sending the top card of ``pile`` to the first foundation that takes it."""
        src = self._pile_or_none(pile)
        if src is None or src[0] not in ("w", "t"):
            return None
        for i in range(self.rules.foundations):
            if self._refusal(src, 1, ("f", i)) is None:
                return _notation(src, 1, ("f", i))
        return None

    def tableau_move(self, pile: str, count: int = 1) -> str | None:
        """The double tap: a column for the top ``count`` cards, longest column first, then a space."""
        src = self._pile_or_none(pile)
        if src is None or src[0] == "s" or self.is_won():
            return None
        columns = sorted(range(self.rules.columns), key=lambda i: (not self.tableau[i], -len(self.tableau[i]), i))
        for i in columns:
            dst = ("t", i)
            if dst != src and self._refusal(src, count, dst) is None and not self._is_no_op(src, count, dst):
                return _notation(src, count, dst)
        return None

    def finishing_moves(self) -> list[str] | None:
        """The foundation moves alone that win from here, in order, or None when there are none.

        Asked only of what the player can see: with the stock holding cards or a
        card still face down it answers None, whatever those cards are.  Then it
        sends cards home greedily, lowest rank first (the waste top before the
        columns, columns from the left): a card sent home only ever frees others,
        so when this does not win, no line of foundation moves does.  A won game
        answers ``[]``.
        """
        if self.stock or any(self.down):
            return None
        probe = self.copy()
        sources = ["w"] + [f"t{i + 1}" for i in range(self.rules.columns)]
        line: list[str] = []
        while not probe.is_won():
            best: tuple[int, str] | None = None
            for pile in sources:
                move = probe.foundation_move(pile)
                if move is not None:
                    card = probe.card_at(probe.parse_move(move).src)
                    assert card is not None
                    if best is None or rank(card) < best[0]:
                        best = (rank(card), move)
            if best is None:
                return None
            probe.play(best[1])
            line.append(best[1])
        return line

    # ----- views --------------------------------------------------------

    def view(self, reveal: bool = False) -> dict[str, Any]:
        """A plain JSON-able picture of the game for the UI (see docs/design.md)."""

        def shown(column: int) -> list[str]:
            col = self.tableau[column]
            out = []
            for depth, cid in enumerate(col):
                name = card_name(self._value[cid])
                if depth < self.down[column]:
                    name = name.lower() if reveal else "??"
                out.append(name)
            return out

        view: dict[str, Any] = {
            "game": self.rules.id,
            "code": self.code,
            "tableau": [shown(i) for i in range(self.rules.columns)],
            "stock": len(self.stock),
            "waste": [card_name(self._value[c]) for c in self.waste],
            "foundations": [[card_name(self._value[c]) for c in f] for f in self.foundations],
            "draw": self.rules.draw,
            "passes_left": self.passes_left,
            "score": self.score,
            "moves": self.moves,
            "won": self.is_won(),
            "can_undo": self.can_undo(),
            "ids": {
                "tableau": [list(c) for c in self.tableau],
                "stock": list(self.stock),
                "waste": list(self.waste),
                "foundations": [list(f) for f in self.foundations],
            },
        }
        if reveal:
            view["stock_cards"] = [card_name(self._value[c]).lower() for c in self.stock]
        return view

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
        m = _MOVE.fullmatch(text)
        if not m:
            raise refusal("not_a_move", text=_shorten(text)).error(text)
        src = self._pile(m.group(1), text)
        count = int(m.group(2)) if m.group(2) else 1
        if count < 1:
            raise refusal("no_cards").error(text)
        dst = self._first_foundation_for(src, count) if m.group(3) == "f" else self._pile(m.group(3), text)
        return CardMove(src, count, dst)

    # ----- internals: parsing ---------------------------------------------

    def _pile(self, name: str, move: str) -> Pile:
        kind = name[0]
        if kind == "w":
            return ("w", 0)
        index = int(name[1:])
        limit = self.rules.columns if kind == "t" else self.rules.foundations
        if not 1 <= index <= limit:
            key = "no_such_column" if kind == "t" else "no_such_foundation"
            raise refusal(key, pile=name, game=self.rules.name, count=limit).error(move)
        return (kind, index - 1)

    def _pile_or_none(self, name: str) -> Pile | None:
        if not isinstance(name, str):
            return None
        name = name.strip().lower()
        if name == "s":
            return ("s", 0)
        try:
            return self._pile(name, name)
        except (IllegalMove, ValueError, IndexError):
            return None

    def _cards(self, pile: Pile) -> list[int]:
        kind, i = pile
        if kind == "t":
            return self.tableau[i]
        if kind == "f":
            return self.foundations[i]
        return self.waste if kind == "w" else self.stock

    def _first_foundation_for(self, src: Pile, count: int) -> Pile:
        """For ``t3>f``: the first foundation that takes the card, else the one whose refusal explains best."""
        for i in range(self.rules.foundations):
            if self._refusal(src, count, ("f", i)) is None:
                return ("f", i)
        card = self.card_at(src, count - 1) if src[0] != "f" else None
        if card is None:
            return ("f", 0)
        tops = [self.card_at(("f", i)) for i in range(self.rules.foundations)]
        same_suit = [i for i, top in enumerate(tops) if top is not None and suit(top) == suit(card)]
        own_slot = [i for i in range(self.rules.foundations) if self.rules.slot_suit(i) in (None, suit(card))]
        return ("f", (same_suit or own_slot)[0])

    # ----- internals: rules ------------------------------------------------

    def _tap_result(self) -> tuple[int, int] | None:
        """The waste size and pass number a stock tap would leave (see ``Rules.tap``), or None."""
        return self.rules.tap(len(self.stock) + len(self.waste), len(self.waste), self.pass_number)

    def _refusal_to_tap(self) -> Refusal | None:
        if self._tap_result() is not None:
            return None
        if not self.waste:
            return refusal("nothing_to_draw")
        total = self.rules.passes or 0
        if total == 1:
            return refusal("no_passes_left_one", game=self.rules.name)
        return refusal("no_passes_left", game=self.rules.name, count=total)

    def _refusal(self, src: Pile, count: int, dst: Pile) -> Refusal | None:
        """Why moving the top ``count`` cards of ``src`` onto ``dst`` is illegal, or None if it is legal."""
        if src == dst:
            return refusal("same_pile")
        if src[0] == "s":
            return refusal("from_stock")
        cards = self._cards(src)
        if src[0] == "w":
            if not cards:
                return refusal("waste_empty")
            if count > 1:
                return refusal("waste_top_only")
        elif src[0] == "f":
            if dst[0] == "f":
                return refusal("foundation_to_foundation")
            if not self.rules.takeback:
                return refusal("takeback_off", game=self.rules.name)
            if not cards:
                return refusal("foundation_empty", pile=pile_name(src))
            if count > 1:
                return refusal("foundation_top_only")
        else:
            refused = self._run_refusal(src[1], count)
            if refused:
                return refused
        moving = self._value[cards[-count]]
        if dst[0] == "f":
            if count > 1:
                return refusal("foundation_one_at_a_time")
            return self._foundation_refusal(moving, dst[1])
        return self._column_refusal(src, count, moving, dst[1])

    def _run_refusal(self, column: int, count: int) -> Refusal | None:
        col = self.tableau[column]
        name = f"t{column + 1}"
        if not col:
            return refusal("column_empty", pile=name)
        if count > len(col):
            if len(col) == 1:
                return refusal("column_too_short_one", pile=name)
            return refusal("column_too_short", pile=name, count=len(col))
        if count > len(col) - self.down[column]:
            return refusal("face_down")
        for depth in range(count - 1):
            upper, lower = self._value[col[-1 - depth]], self._value[col[-2 - depth]]
            if not builds_on(upper, lower):
                key = "run_broken_colour" if is_red(upper) == is_red(lower) else "run_broken_rank"
                return refusal(key, lower_card=card_name(lower), upper_card=card_name(upper))
        return None

    def _foundation_refusal(self, card: int, index: int) -> Refusal | None:
        pile = self.foundations[index]
        name = f"f{index + 1}"
        reserved = self.rules.slot_suit(index)
        if reserved is not None and reserved != suit(card):
            homes = [f"f{i + 1}" for i in range(self.rules.foundations) if self.rules.slot_suit(i) == suit(card)]
            kept = {"pile": name, "suit": SUITS[reserved], "card": card_name(card), "home": homes[0]}
            if len(homes) == 2:
                return refusal("foundation_kept_two", **kept, other_home=homes[1])
            return refusal("foundation_kept", **kept)
        if not pile:
            if rank(card) == ACE:
                return None
            return refusal("foundation_needs_ace", card=card_name(card), pile=name)
        top = self._value[pile[-1]]
        if suit(top) != suit(card):
            return refusal("foundation_other_suit", pile=name, suit=SUITS[suit(top)], card=card_name(card))
        if rank(top) == KING:
            return refusal("foundation_complete", pile=name)
        if rank(card) != rank(top) + 1:
            return refusal("foundation_next", pile=name, next_card=card_name(top + 1), card=card_name(card))
        return None

    def _column_refusal(self, src: Pile, count: int, moving: int, column: int) -> Refusal | None:
        dst = self.tableau[column]
        led_by_king = rank(moving) == KING
        if self.rules.one_card and count > 1:
            if not led_by_king:
                return refusal("one_card_at_a_time", game=self.rules.name)
            if dst:
                return refusal("king_run_needs_space", game=self.rules.name)
        if not dst:
            if self.rules.empty == "king" and not led_by_king:
                return refusal("space_needs_king", card=card_name(moving))
            return None
        top = self._value[dst[-1]]
        if is_red(top) == is_red(moving):
            return refusal("column_colour", card=card_name(moving), onto_card=card_name(top))
        if not builds_on(moving, top):
            return refusal("column_rank", card=card_name(moving), onto_card=card_name(top))
        return None

    def _is_no_op(self, src: Pile, count: int, dst: Pile) -> bool:
        """A whole column moved into an empty column changes nothing."""
        return (
            src[0] == "t" and dst[0] == "t" and not self.tableau[dst[1]]
            and count == len(self.tableau[src[1]]) and self.down[src[1]] == 0
        )

    # ----- internals: changing the board ------------------------------------

    def _tap(self) -> UndoRecord:
        after = self._tap_result()
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
        cards = self._cards(src)
        moved = cards[-count:]
        del cards[-count:]
        self._cards(dst).extend(moved)
        turned_up = src[0] == "t" and bool(cards) and self.down[src[1]] == len(cards)
        if turned_up:
            self.down[src[1]] -= 1
        points = TURN_UP_POINTS if turned_up else 0
        if dst[0] == "f":
            points += FOUNDATION_POINTS
        elif src[0] == "w":
            points += WASTE_TO_TABLEAU_POINTS
        return UndoRecord(_notation(src, count, dst), src, dst, count, turned_up, points)

    def _record(self, record: UndoRecord) -> None:
        self._history.append(record)
        self.score += record.points
        self.moves += 1
        if self.rules.undo_limit is not None:
            self._undo_floor = max(self._undo_floor, len(self._history) - self.rules.undo_limit)


def _shorten(text: str, limit: int = 24) -> str:
    """Echo at most ``limit`` characters of what a player typed."""
    return text if len(text) <= limit else text[:limit] + "…"


def _notation(src: Pile, count: int, dst: Pile) -> str:
    head = pile_name(src) + (f":{count}" if count > 1 else "")
    return f"{head}>{pile_name(dst)}"

