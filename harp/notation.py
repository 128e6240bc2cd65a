"""Move notation: pile names (``t3``, ``f2``, ``w``, ``s``) and card moves (``t3:4>t7``), read and written.

The notation itself is in docs/design.md.  ``split_move`` takes a move's text apart, with
no game (the one parser of moves: the page and the tests use it too); ``Position.parse_move``
reads a whole move against a game, with the foundation ``t3>f`` names.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import IllegalMove
from .reasons import refusal
from .rules import Rules

# A pile reference: ("s", 0), ("w", 0), ("f", 0..7) or ("t", 0..9); indexes from 0.
Pile = tuple[str, int]

# ASCII digits, at most 6: int() refuses numbers over 4300 digits with a plain ValueError.
MOVE = re.compile(r"(w|t[0-9]{1,6}|f[0-9]{1,6})(?::([0-9]{1,6}))?>(t[0-9]{1,6}|f[0-9]{0,6})")


class CardMove(NamedTuple):
    """A move of cards from pile to pile, read from notation: the top ``count`` cards of ``src`` onto ``dst``."""

    src: Pile
    count: int  # type: ignore[assignment]  # hides tuple.count: the engine says count for this everywhere
    dst: Pile


def pile_name(pile: Pile) -> str:
    kind, i = pile
    return kind if kind in ("s", "w") else f"{kind}{i + 1}"


def notation(src: Pile, count: int, dst: Pile) -> str:
    """The move of the top ``count`` cards of ``src`` onto ``dst``, in notation."""
    head = pile_name(src) + (f":{count}" if count > 1 else "")
    return f"{head}>{pile_name(dst)}"


def split_move(move: str) -> tuple[str, int, str | None]:
    """A move's text taken apart, no game needed: ``'t3:4>t7'`` -> ``('t3', 4, 't7')``,
    ``'w>f'`` -> ``('w', 1, 'f')``, ``'s'`` -> ``('s', 0, None)``; ``ValueError`` for text that is no move."""
    text = move.strip()
    if text == "s":
        return "s", 0, None
    m = MOVE.fullmatch(text)
    if not m:
        raise ValueError(f"not a move: {shorten(move)!r}")
    return m.group(1), int(m.group(2) or 1), m.group(3)


def shorten(text: str, limit: int = 24) -> str:
    """Echo at most ``limit`` characters of what a player typed."""
    return text if len(text) <= limit else text[:limit] + "…"


def pile_named(rules: Rules, name: str, move: str) -> Pile:
    """The waste, column or foundation ``name`` names (``w``, ``t3``, ``f2``) in a game of ``rules``;
    ``IllegalMove`` naming ``move`` for a pile the game does not have."""
    kind = name[0]
    if kind == "w":
        return ("w", 0)
    index = int(name[1:])
    limit = rules.columns if kind == "t" else rules.foundations
    if not 1 <= index <= limit:
        key = "no_such_column" if kind == "t" else "no_such_foundation"
        raise refusal(key, pile=name, game=rules.name, count=limit).error(move)
    return (kind, index - 1)


def pile_or_none(rules: Rules, name: str) -> Pile | None:
    """The pile ``name`` names, the stock ``s`` too, or None for anything else."""
    if not isinstance(name, str):
        return None
    name = name.strip().lower()
    if name == "s":
        return ("s", 0)
    try:
        return pile_named(rules, name, name)
    except (IllegalMove, ValueError, IndexError):
        return None
