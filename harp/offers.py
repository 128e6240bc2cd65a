"""The moves a position offers: every legal one (``legal_moves``), the page's taps
(``foundation_move``, ``tableau_move``) and the foundation ``t3>f`` names.

Asked through ``Offering`` (``harp.position.Position`` has all of it), with the rules of
each move from ``legality``.
"""

from __future__ import annotations

from typing import Protocol

from .cards import ACE, KING, builds_on, rank, suit
from .legality import Board, cards_of, is_no_op, refusal_of, tap_refusal_of, top_value
from .notation import Pile, notation, pile_or_none


class Offering(Board, Protocol):
    """What the offers read of a position, beside its piles."""

    def is_won(self) -> bool: ...

    def face_up_run(self, column: int) -> int: ...

    def card_at(self, pile: Pile, depth: int = 0) -> int | None: ...


def legal_moves(board: Offering) -> list[str]:
    """Every legal move in notation; whole columns moved into a space (no-ops) are left out."""
    if board.is_won():
        return []
    moves: list[str] = []
    sources: list[tuple[Pile, int]] = []
    if board.waste:
        sources.append((("w", 0), 1))
    for i in range(board.rules.columns):
        run = board.face_up_run(i)
        if run:
            sources.append((("t", i), run))
    if board.rules.takeback:
        sources += [(("f", i), 1) for i, f in enumerate(board.foundations) if f]
    # Each candidate passes a quick look at the top it would go on first; only those
    # are asked of ``refusal_of`` (which would otherwise write a refusal for every hopeless one).
    value = board.value_of
    foundation_tops = [top_value(board, f) for f in board.foundations]
    column_tops = [top_value(board, c) for c in board.tableau]
    for src, most in sources:
        cards = cards_of(board, src)
        for count in range(1, most + 1):
            moving = value(cards[-count])
            candidates: list[Pile] = []
            if count == 1 and src[0] != "f":
                candidates += [("f", i) for i, top in enumerate(foundation_tops)
                               if (rank(moving) == ACE if top is None
                                   else moving == top + 1 and rank(top) != KING)]
            candidates += [("t", i) for i, top in enumerate(column_tops)
                           if (top is None or builds_on(moving, top)) and ("t", i) != src]
            for dst in candidates:
                if refusal_of(board, src, count, dst) is None and not is_no_op(board, src, count, dst):
                    moves.append(notation(src, count, dst))
    if tap_refusal_of(board) is None:
        moves.append("s")
    return moves


def foundation_move(board: Offering, pile: str) -> str | None:
    """The tap: the move sending the top card of ``pile`` to the first foundation that takes it."""
    src = pile_or_none(board.rules, pile)
    if src is None or src[0] not in ("w", "t"):
        return None
    for i in range(board.rules.foundations):
        if refusal_of(board, src, 1, ("f", i)) is None:
            return notation(src, 1, ("f", i))
    return None


def tableau_move(board: Offering, pile: str, count: int = 1) -> str | None:
    """The double tap: a column for the top ``count`` cards, longest column first, then a space."""
    src = pile_or_none(board.rules, pile)
    if src is None or src[0] == "s" or board.is_won():
        return None
    tableau = board.tableau
    columns = sorted(range(board.rules.columns), key=lambda i: (not tableau[i], -len(tableau[i]), i))
    for i in columns:
        dst = ("t", i)
        if dst != src and refusal_of(board, src, count, dst) is None and not is_no_op(board, src, count, dst):
            return notation(src, count, dst)
    return None


def first_foundation_for(board: Offering, src: Pile, count: int) -> Pile:
    """For ``t3>f``: the first foundation that takes the card, else the one whose refusal explains best."""
    rules = board.rules
    for i in range(rules.foundations):
        if refusal_of(board, src, count, ("f", i)) is None:
            return ("f", i)
    card = board.card_at(src, count - 1) if src[0] != "f" else None
    if card is None:
        return ("f", 0)
    tops = [board.card_at(("f", i)) for i in range(rules.foundations)]
    same_suit = [i for i, top in enumerate(tops) if top is not None and suit(top) == suit(card)]
    own_slot = [i for i in range(rules.foundations) if rules.slot_suit(i) in (None, suit(card))]
    return ("f", (same_suit or own_slot)[0])
