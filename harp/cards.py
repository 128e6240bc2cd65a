"""Cards as small integers, and their two-character names ("7H", "TS").

A card value is ``suit * 13 + rank`` with rank 0 (ace) .. 12 (king) and suits
in the order S H D C.  Physical cards carry an extra deck index; the engine
keeps that apart (see ``Game``), so two copies of the 7H are the same value.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED_SUITS = frozenset((1, 2))  # hearts, diamonds

RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

ACE = 0
KING = 12


def rank(card: int) -> int:
    return card % 13


def suit(card: int) -> int:
    return card // 13


def is_red(card: int) -> bool:
    return suit(card) in RED_SUITS


# Looked up, not worked out: the engine names and compares cards in its hottest loops
# (legal_moves, refusals, views), in CPython and in the page alike; the solver reads BUILDS too.
_NAMES = tuple(RANKS[rank(card)] + SUITS[suit(card)] for card in range(52))
BUILDS = frozenset((card, onto) for card in range(52) for onto in range(52)
                   if rank(card) + 1 == rank(onto) and is_red(card) != is_red(onto))


def card_name(card: int) -> str:
    """The notation name of a card: ``"7H"``."""
    return _NAMES[card]


def long_name(card: int) -> str:
    """Plain words for messages: ``"7 of hearts"``."""
    return f"{RANK_NAMES[rank(card)]} of {SUIT_NAMES[suit(card)]}"


def parse_card(text: str) -> int:
    """Read ``"7H"`` (any case, ``10`` allowed for ``T``) back into a card value."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"{text!r} is not a card: write rank then suit, like 7H or TS")
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


def builds_on(card: int, onto: int) -> bool:
    """True when ``card`` may go on ``onto`` in the tableau: one lower, other colour."""
    return (card, onto) in BUILDS
