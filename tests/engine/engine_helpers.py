"""Helpers shared by the engine tests: hand-built positions and deck checks.

Cards are written as in ``view(reveal=True)``: "7H" face up, "7h" face down.
Rank/suit arithmetic here is written out again on purpose instead of being
imported from ``harp.cards``, so a bug there cannot hide itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import harp
from game_facts import facts
from harp.game import Game

RANKS = "A23456789TJQK"
SUITS = "SHDC"
ALL_NAMES = [r + s for s in SUITS for r in RANKS]



def value(name: str) -> int:
    """The engine's card value for a name (suit * 13 + rank), computed independently."""
    n = name.upper()
    return SUITS.index(n[1]) * 13 + RANKS.index(n[0])


def is_red(name: str) -> bool:
    return name.upper()[1] in "HD"


def rank_of(name: str) -> int:
    return RANKS.index(name.upper()[0])


def build(
    game_id: str,
    tableau: Sequence[Sequence[str]] = (),
    *,
    waste: Sequence[str] = (),
    stock: Sequence[str] | None = None,
    foundations: Mapping[int, Sequence[str]] | None = None,
    fill: bool | None = None,
    passes_used: int = 1,
    **options: Any,
) -> Game:
    """A game whose piles hold exactly the named cards, set up through its layout (``harp.layout``).

    ``tableau`` lists columns bottom -> top (missing columns are empty);
    lower-case names are face down and must come first in their column.
    ``stock`` is bottom -> top (the last is drawn next). ``foundations`` maps
    1-based foundation numbers to their cards, bottom -> top.

    ``fill``: put every card not named at the bottom of the stock so the deck
    stays complete. By default the deck is filled only when ``stock`` is left
    out; with ``stock=[]`` the stock is really empty.
    """
    start = harp.Game.new(game_id, deal=1, **options)  # the rules and options, written as a code
    rules = start.rules
    if fill is None:
        fill = stock is None
    cols = [list(c) for c in tableau] + [[] for _ in range(rules.columns - len(tableau))]
    assert len(cols) == rules.columns, "test setup: too many columns"
    named = [*(c for col in cols for c in col), *waste, *(stock or ())]
    named += [c for f in (foundations or {}).values() for c in f]
    counts = Counter(n.upper() for n in named)
    rest = [n for n in ALL_NAMES for _ in range(rules.decks - counts[n])] if fill else []
    lines = [
        start.code,
        "stock: " + " ".join(rest + list(stock or ())),
        "waste: " + " ".join(waste),
        f"pass: {passes_used}",
    ]
    lines += [f"f{i}: " + " ".join(cards) for i, cards in (foundations or {}).items()]
    lines += [f"t{i + 1}: " + " ".join(col) for i, col in enumerate(cols)]
    return harp.Game.from_layout("\n".join(lines))


def deck_counts(view: Mapping[str, Any]) -> Counter[str]:
    """Every card of a revealed view, face-down and stock included, in upper case."""
    names: list[str] = []
    for col in view["tableau"]:
        names += col
    for f in view["foundations"]:
        names += f
    names += view["waste"]
    names += view["stock_cards"]
    return Counter(n.upper() for n in names)


def assert_full_deck(game: Game) -> None:
    view = game.view(reveal=True)
    decks = facts(game.game_id).decks
    counts = deck_counts(view)
    assert sum(counts.values()) == 52 * decks
    assert counts == Counter({n: decks for n in ALL_NAMES}), "a card is missing or doubled"
    assert len(view["stock_cards"]) == view["stock"]


def without_moves(view: Mapping[str, Any]) -> dict[str, Any]:
    """A view without the move counter, which undo never lowers."""
    return {k: v for k, v in view.items() if k != "moves"}


def play_all(game: Game, moves: Iterable[str]) -> Game:
    for m in moves:
        game.play(m)
    return game


class Tally:
    """Moves played by the property tests, printed at the end of the session."""

    moves = 0
    games = 0
    checked_candidates = 0
    kinds: Counter[str] = Counter()
