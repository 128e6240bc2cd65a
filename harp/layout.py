"""Layouts: a position written pile by pile, as python-chess writes a board as FEN.

``Game.from_layout(text)`` sets up the position a layout describes and
``game.layout()`` writes one back; the two round-trip.  A layout is lines of
text, for instance (Harpan, 7 columns)::

    HN1-N-AAAAAAB
    stock: 5h 3c 9d
    waste: 7H 8S
    pass: 2
    f1: AS 2S 3S
    t1: ks 4d QH JC
    t2: --
    t3: 9C

- The first line is a deal code (``harp.codes``): the game, its options, and
  the deal ``code`` and ``restart`` name.  The piles need not be that deal's.
- ``stock:`` and ``waste:`` list cards bottom -> top: the last stock card is
  drawn next, the last waste card is the one in play.
- ``pass:`` is the pass through the stock under way, from 1 (left out: 1).
- ``f1:`` .. ``f8:`` are the foundations, ``t1:`` .. ``t10:`` the columns,
  bottom -> top.  In a column, lower-case cards (``ks``) are face down and
  come first; the top card is face up.  Stock cards are face down whatever
  their case; the waste and the foundations hold face-up cards only.
- ``--`` or nothing after the colon is an empty pile; a pile left out is empty.

Cards are written as everywhere in the engine (``7H``, ``TS``; ``10S`` too).
A layout need not name every card (a test may leave out those that play no
part) but no card more often than the game has decks; a foundation must be
built up by suit from its ace, in the slot the rules keep for that suit.
The position starts with no history, score 0 and no moves; since a save
replays from its deal, a position set up from a layout is not one to save.
Anything wrong raises ``BadLayout`` (a ``ValueError``) naming the line.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from . import codes
from .cards import ACE, SUIT_NAMES, card_name, parse_card, rank, suit
from .errors import BadLayout
from .rules import Rules

_LINE = re.compile(r"([a-z]+)([0-9]*)\s*:(.*)")
EMPTY = "--"


@dataclass(frozen=True)
class Layout:
    """A position's rules, deal and piles, the cards as values (``suit * 13 + rank``)."""

    rules: Rules
    deal: int
    daily: bool
    tableau: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]  # how many cards at the bottom of each column are face down
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    foundations: tuple[tuple[int, ...], ...]
    pass_number: int = 1

    def text(self) -> str:
        """The layout as text, every column written and the empty foundations left out."""

        def cards(values: tuple[int, ...], down: int = 0) -> str:
            names = [card_name(v).lower() if i < down else card_name(v) for i, v in enumerate(values)]
            return " ".join(names) or EMPTY

        lines = [
            codes.encode(self.rules, self.deal, self.daily),
            "stock: " + cards(self.stock, len(self.stock)),
            "waste: " + cards(self.waste),
            f"pass: {self.pass_number}",
        ]
        lines += [f"f{i + 1}: {cards(f)}" for i, f in enumerate(self.foundations) if f]
        lines += [f"t{i + 1}: {cards(col, self.down[i])}" for i, col in enumerate(self.tableau)]
        return "\n".join(lines)


def parse(text: object) -> Layout:
    """Read a layout (see the module's docstring); anything wrong raises ``BadLayout``."""
    if not isinstance(text, str):
        raise BadLayout(f"a layout is text, not {type(text).__name__}")
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise BadLayout("a layout is empty: it starts with a deal code, like HN1-N-AAAAAAB")
    number, first = lines[0]
    try:
        rules, deal, daily = codes.decode(first)
    except ValueError as e:
        raise BadLayout(f"the first line must be a deal code: {e}", number, first) from None
    reader = _Reader(rules)
    for number, line in lines[1:]:
        reader.read(number, line)
    return reader.layout(deal, daily)


class _Reader:
    """Reads a layout's pile lines one by one, checking each as it comes."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.piles: dict[str, tuple[int, str, list[str]]] = {}  # pile -> (line number, line, card names)
        self.pass_number = 1

    def read(self, number: int, line: str) -> None:
        m = _LINE.fullmatch(line.lower())
        if not m:
            raise BadLayout("expected a pile and its cards, like 't3: ks 4d QH'", number, line)
        kind, index, rest = m.groups()
        name = kind + index
        if name in self.piles:
            raise BadLayout(f"{name} is given twice", number, line)
        if name == "pass":
            self.pass_number = self._pass(rest.strip(), number, line)
            self.piles[name] = (number, line, [])
            return
        self._check_pile_name(kind, index, number, line)
        names = line.split(":", 1)[1].split()
        if names == [EMPTY]:
            names = []
        self.piles[name] = (number, line, names)

    def _pass(self, value: str, number: int, line: str) -> int:
        passes = self.rules.passes
        if not value.isdigit() or int(value) < 1 or (passes is not None and int(value) > passes):
            most = "any whole number from 1" if passes is None else f"a whole number from 1 to {passes}"
            raise BadLayout(f"the pass must be {most} in {self.rules.name}, not {value!r}", number, line)
        return int(value)

    def _check_pile_name(self, kind: str, index: str, number: int, line: str) -> None:
        if kind in ("stock", "waste") and not index:
            return
        limit = {"t": self.rules.columns, "f": self.rules.foundations}.get(kind)
        if limit is None or not index:
            raise BadLayout(
                f"unknown pile {kind + index!r}: the piles are stock, waste, pass, f1-f{self.rules.foundations}"
                f" and t1-t{self.rules.columns}", number, line)
        if not 1 <= int(index) <= limit:
            what = "columns" if kind == "t" else "foundations"
            raise BadLayout(f"{self.rules.name} has {limit} {what}, {kind}1-{kind}{limit}", number, line)

    def _cards(self, name: str) -> tuple[list[int], list[bool]]:
        """A pile's card values, and which of them are face down (lower case)."""
        names = self.piles[name][2] if name in self.piles else []
        values: list[int] = []
        for card in names:
            try:
                values.append(parse_card(card))
            except ValueError as e:
                raise self._bad(name, str(e)) from None
        return values, [card.islower() for card in names]

    def _bad(self, name: str, why: str) -> BadLayout:
        """The error for what is wrong with pile ``name``, naming its line."""
        number, line, _ = self.piles[name]
        return BadLayout(why, number, line)

    def layout(self, deal: int, daily: bool) -> Layout:
        rules = self.rules
        stock, _ = self._cards("stock")
        waste = self._face_up("waste")
        foundations = tuple(self._foundation(i) for i in range(rules.foundations))
        tableau, down = [], []
        for i in range(rules.columns):
            column, face_down = self._column(f"t{i + 1}")
            tableau.append(tuple(column))
            down.append(face_down)
        everything = [*stock, *waste, *(c for f in foundations for c in f), *(c for col in tableau for c in col)]
        extra = sorted(card_name(c) for c, n in Counter(everything).items() if n > rules.decks)
        if extra:
            copies = "one copy" if rules.decks == 1 else f"{rules.decks} copies"
            raise BadLayout(f"{rules.name} has {copies} of each card; this layout has more of {', '.join(extra)}")
        return Layout(rules, deal, daily, tuple(tableau), tuple(down), tuple(stock), waste, foundations,
                      self.pass_number)

    def _face_up(self, name: str) -> tuple[int, ...]:
        values, lower = self._cards(name)
        if any(lower):
            hidden = card_name(values[lower.index(True)]).lower()
            raise self._bad(name, f"{hidden} is face down (lower case); only the stock and the bottom of a column"
                            " hold face-down cards")
        return tuple(values)

    def _foundation(self, slot: int) -> tuple[int, ...]:
        name = f"f{slot + 1}"
        cards = self._face_up(name)
        if not cards:
            return cards
        kept = self.rules.slot_suit(slot)
        if kept is not None and suit(cards[0]) != kept:
            raise self._bad(name, f"{name} is kept for {SUIT_NAMES[kept]} in {self.rules.name}")
        for i, card in enumerate(cards):
            if suit(card) != suit(cards[0]) or rank(card) != ACE + i:
                want = card_name(cards[0] - rank(cards[0]) + i)
                raise self._bad(name, f"a foundation is built up by suit from its ace: card {i + 1} should be"
                                f" {want}, not {card_name(card)}")
        return cards

    def _column(self, name: str) -> tuple[list[int], int]:
        values, lower = self._cards(name)
        down = lower.index(False) if False in lower else len(lower)
        if any(lower[down:]):
            raise self._bad(name, "face-down (lower-case) cards come first in a column, under the face-up ones")
        if values and down == len(values):
            raise self._bad(name, "the top card of a column is face up (upper case)")
        return values, down
