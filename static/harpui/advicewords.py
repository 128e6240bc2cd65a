"""The advisor's words: a move in words, what it does, "3 moves" (advisor.py).

Pure Python over ``ports.Piles``, so a move can be put in words for the board
in play or for a position the board no longer shows (ViewPiles).
"""

from __future__ import annotations

from typing import Any

import harp

from .cards import parse_move, view_pile_cards
from .ports import Piles
from .words import card_name, pile_name, t, tn


def plural(n: int) -> str:
    """'1 move', '3 moves' in the page's language."""
    return tn("advice.moves", n)


def hint_text(move: str, piles: Piles) -> str:
    """Words for a hinted move: 'Hint: move the 7 of hearts to column 3.'"""
    return t("hint.says", move=move_text(move, piles))


def move_text(move: str, piles: Piles) -> str:
    """A move in words: 'move the 7 of hearts to column 3.', 'tap the stock.'"""
    source, count, target = parse_move(move)
    if source == "s":
        return t("hint.tap_stock")
    cards = piles.pile_cards(source)
    card = card_name(cards[len(cards) - count]) if len(cards) >= count > 0 else t("hint.a_card")
    if (target or "f").startswith("f"):
        return t("hint.to_foundation", card=card)
    where = pile_name(target or "").lower()
    return t("hint.card_to" if count == 1 else "hint.run_to", card=card, pile=where)


def move_effect(game: harp.Game, move: str) -> str:
    """What a move does, in words: 'uncovers a card', 'empties a column'... (``harp.Effect``)."""
    try:
        effect = harp.effect_of(game, move)
    except harp.IllegalMove:
        return t("effect.best")
    return t(EFFECT_WORDS[effect])


# The words for each thing a move can do; a move that only shifts cards is "the most promising".
EFFECT_WORDS = {
    harp.Effect.UNCOVERS: "effect.uncovers",
    harp.Effect.HOME: "effect.home",
    harp.Effect.EMPTIES: "effect.empties",
    harp.Effect.FROM_STOCK: "effect.from_stock",
    harp.Effect.SHIFTS: "effect.best",
    harp.Effect.TAKES_BACK: "effect.takes_back",
    harp.Effect.DRAWS: "effect.draws",
    harp.Effect.TURNS: "effect.turns",
}


class ViewPiles:
    """ports.Piles over a game's view: the cards of a position the board no longer shows."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def pile_cards(self, pile: str) -> list[str]:
        return view_pile_cards(self.view, pile)
