"""Why a move is refused: the rules of one move, asked of a position's piles.

``refusal_of`` answers for a card move, ``tap_refusal_of`` for a stock tap: a ``Refusal``
(harp/reasons.py) naming the rule, or None where the move is legal.  They read a position
only through what ``Board`` names (``harp.position.Position`` has all of it), so this
module comes before ``position`` in the engine's imports.  Cards are values
(``suit * 13 + rank``); a pile is a list of card ids, read through ``value_of``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .cards import ACE, KING, SUITS, builds_on, card_name, is_red, rank, suit
from .notation import Pile, pile_name
from .reasons import Refusal, refusal
from .rules import Rules


class Board(Protocol):
    """What the rules of a move read of a position."""

    rules: Rules
    tableau: list[list[int]]
    down: list[int]
    stock: list[int]
    waste: list[int]
    foundations: list[list[int]]
    pass_number: int

    def value_of(self, card_id: int) -> int: ...


def cards_of(board: Board, pile: Pile) -> list[int]:
    """The card ids of a pile, bottom -> top (the position's own list)."""
    kind, i = pile
    if kind == "t":
        return board.tableau[i]
    if kind == "f":
        return board.foundations[i]
    return board.waste if kind == "w" else board.stock


def top_value(board: Board, cards: list[int]) -> int | None:
    """The value of a pile's top card, None when it is empty."""
    return board.value_of(cards[-1]) if cards else None


def tap_result(board: Board) -> tuple[int, int] | None:
    """The waste size and pass number a stock tap would leave (see ``Rules.tap``), or None."""
    return board.rules.tap(len(board.stock) + len(board.waste), len(board.waste), board.pass_number)


def tap_refusal_of(board: Board) -> Refusal | None:
    """Why the stock cannot be tapped now, or None."""
    return tap_refusal(board.rules, tap_result(board), bool(board.waste))


def refusal_of(board: Board, src: Pile, count: int, dst: Pile) -> Refusal | None:
    """Why moving the top ``count`` cards of ``src`` onto ``dst`` is illegal, or None if it is legal."""
    if src == dst:
        return refusal("same_pile")
    if src[0] == "s":
        return refusal("from_stock")
    cards = cards_of(board, src)
    if src[0] == "t":
        refused = run_refusal(src[1], cards, board.down[src[1]], board.value_of, count)
    else:
        refused = source_refusal(board.rules, src, count, dst, bool(cards))
    if refused:
        return refused
    moving = board.value_of(cards[-count])
    if dst[0] == "f":
        if count > 1:
            return refusal("foundation_one_at_a_time")
        return foundation_refusal(board.rules, dst[1], top_value(board, board.foundations[dst[1]]), moving)
    return column_refusal(board.rules, count, moving, top_value(board, board.tableau[dst[1]]))


def is_no_op(board: Board, src: Pile, count: int, dst: Pile) -> bool:
    """A whole column moved into an empty column changes nothing."""
    return (
        src[0] == "t" and dst[0] == "t" and not board.tableau[dst[1]]
        and count == len(board.tableau[src[1]]) and board.down[src[1]] == 0
    )


def tap_refusal(rules: Rules, tap_result: tuple[int, int] | None, waste: bool) -> Refusal | None:
    """Why the stock cannot be tapped: ``tap_result`` is what ``Rules.tap`` answers, ``waste``
    whether the waste holds cards."""
    if tap_result is not None:
        return None
    if not waste:
        return refusal("nothing_to_draw")
    total = rules.passes or 0
    if total == 1:
        return refusal("no_passes_left_one", game=rules.name)
    return refusal("no_passes_left", game=rules.name, count=total)


def source_refusal(rules: Rules, src: Pile, count: int, dst: Pile, cards: bool) -> Refusal | None:
    """Why the top ``count`` cards of the waste or of a foundation (``src``; ``cards``: whether
    it holds any) cannot leave for ``dst``, whatever they are."""
    if src[0] == "w":
        if not cards:
            return refusal("waste_empty")
        if count > 1:
            return refusal("waste_top_only")
        return None
    if dst[0] == "f":
        return refusal("foundation_to_foundation")
    if not rules.takeback:
        return refusal("takeback_off", game=rules.name)
    if not cards:
        return refusal("foundation_empty", pile=pile_name(src))
    if count > 1:
        return refusal("foundation_top_only")
    return None


def run_refusal(column: int, cards: list[int], down: int, value: Callable[[int], int], count: int) -> Refusal | None:
    """Why the top ``count`` cards of column ``column`` (its ``cards``, the lowest ``down`` of
    them face down; ``value`` gives an id's value) cannot move together."""
    name = f"t{column + 1}"
    if not cards:
        return refusal("column_empty", pile=name)
    if count > len(cards):
        if len(cards) == 1:
            return refusal("column_too_short_one", pile=name)
        return refusal("column_too_short", pile=name, count=len(cards))
    if count > len(cards) - down:
        return refusal("face_down")
    for depth in range(count - 1):
        upper, lower = value(cards[-1 - depth]), value(cards[-2 - depth])
        if not builds_on(upper, lower):
            key = "run_broken_colour" if is_red(upper) == is_red(lower) else "run_broken_rank"
            return refusal(key, lower_card=card_name(lower), upper_card=card_name(upper))
    return None


def foundation_refusal(rules: Rules, index: int, top: int | None, card: int) -> Refusal | None:
    """Why foundation ``index`` (its top card ``top``, None when empty) does not take ``card``."""
    name = f"f{index + 1}"
    reserved = rules.slot_suit(index)
    if reserved is not None and reserved != suit(card):
        homes = [f"f{i + 1}" for i in range(rules.foundations) if rules.slot_suit(i) == suit(card)]
        kept = {"pile": name, "suit": SUITS[reserved], "card": card_name(card), "home": homes[0]}
        if len(homes) == 2:
            return refusal("foundation_kept_two", **kept, other_home=homes[1])
        return refusal("foundation_kept", **kept)
    if top is None:
        if rank(card) == ACE:
            return None
        return refusal("foundation_needs_ace", card=card_name(card), pile=name)
    if suit(top) != suit(card):
        return refusal("foundation_other_suit", pile=name, suit=SUITS[suit(top)], card=card_name(card))
    if rank(top) == KING:
        return refusal("foundation_complete", pile=name)
    if rank(card) != rank(top) + 1:
        return refusal("foundation_next", pile=name, next_card=card_name(top + 1), card=card_name(card))
    return None


def column_refusal(rules: Rules, count: int, moving: int, top: int | None) -> Refusal | None:
    """Why a column (its top card ``top``, None when empty) does not take ``count`` cards led
    by ``moving``."""
    led_by_king = rank(moving) == KING
    if rules.one_card and count > 1:
        if not led_by_king:
            return refusal("one_card_at_a_time", game=rules.name)
        if top is not None:
            return refusal("king_run_needs_space", game=rules.name)
    if top is None:
        if rules.empty == "king" and not led_by_king:
            return refusal("space_needs_king", card=card_name(moving))
        return None
    if is_red(top) == is_red(moving):
        return refusal("column_colour", card=card_name(moving), onto_card=card_name(top))
    if not builds_on(moving, top):
        return refusal("column_rank", card=card_name(moving), onto_card=card_name(top))
    return None
