"""Card and pile names for people, and move strings taken apart.

Pure Python (no browser imports) so it can be tested in CPython.
"""

from __future__ import annotations

import re

RANK_WORDS = {
    "A": "ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
    "8": "8", "9": "9", "T": "10", "J": "jack", "Q": "queen", "K": "king",
}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
FACE_DOWN = "??"


def is_face_down(card: str) -> bool:
    return card == FACE_DOWN or card[:1].islower()


def is_red(card: str) -> bool:
    return card[-1:].upper() in ("H", "D")


def card_label(card: str) -> str:
    """'7H' -> '7 of hearts'; '??' -> 'face-down card'."""
    if is_face_down(card):
        return "face-down card"
    return f"{RANK_WORDS[card[0]]} of {SUIT_WORDS[card[1]]}"


def pile_label(pile: str) -> str:
    if pile == "s":
        return "Stock"
    if pile == "w":
        return "Waste"
    if pile.startswith("f"):
        return f"Foundation {pile[1:]}"
    return f"Column {pile[1:]}"


_MOVE = re.compile(r"^(s)$|^(w|t\d+|f\d+)(?::(\d+))?>(t\d+|f\d*)$")


def parse_move(move: str) -> tuple[str, int, str | None]:
    """Split a move string into (source pile, card count, target pile).

    'w>f' -> ('w', 1, 'f'); 't3:4>t7' -> ('t3', 4, 't7'); 's' -> ('s', 0, None).
    """
    m = _MOVE.match(move.strip())
    if not m:
        raise ValueError(f"not a move: {move!r}")
    if m.group(1):
        return "s", 0, None
    return m.group(2), int(m.group(3) or 1), m.group(4)


def make_move(source: str, count: int, target: str) -> str:
    """The inverse of parse_move for card moves."""
    if count > 1:
        return f"{source}:{count}>{target}"
    return f"{source}>{target}"
