"""Cards as the view writes them, and move strings taken apart (names for
people: harpui/words.py).

Pure Python (no browser imports) so it can be tested in CPython.
"""

from __future__ import annotations

from typing import Any

from harp.notation import split_move

SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}   # data-suit values, not words for people
FACE_DOWN = "??"


def is_face_down(card: str) -> bool:
    return card == FACE_DOWN or card[:1].islower()


def view_pile_cards(view: dict[str, Any], pile: str) -> list[str]:
    """A pile's cards in a game's view, bottom to top ('??' when face down; the stock is all
    face down)."""
    if pile == "s":
        return [FACE_DOWN] * view["stock"]
    if pile == "w":
        return list(view["waste"])
    return list(view["foundations" if pile.startswith("f") else "tableau"][int(pile[1:]) - 1])


def is_red(card: str) -> bool:
    return card[-1:].upper() in ("H", "D")


# Move strings are taken apart by the engine's parser: 't3:4>t7' -> ('t3', 4, 't7'), 's' -> ('s', 0, None).
parse_move = split_move


def make_move(source: str, count: int, target: str) -> str:
    """The inverse of parse_move for card moves."""
    if count > 1:
        return f"{source}:{count}>{target}"
    return f"{source}>{target}"
