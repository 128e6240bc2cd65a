"""Every reason the engine gives for refusing a move, in one reviewed list.

``REASONS`` maps a key to an English template with ``{placeholders}``; the
rest of the engine names a refusal by its key and parameters only, so the
words live here and nowhere else (``tests/engine/reasons.txt`` is the
reviewed snapshot of this list).  ``IllegalMove`` carries the key and the
parameters too, so a page may one day say the same thing in another
language.

Parameters are kept free of English where they name a card, a suit or a
pile, so they can be written out in another language: a parameter whose
name ends in ``card`` holds a card in notation (``"7H"``, written out as
"7 of hearts"), and ``suit`` holds a suit letter (``"H"``, written out as
"hearts").  ``game`` is a game's name, ``pile`` a pile in notation
(``"t3"``, ``"f2"``), numbers are numbers.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import SUIT_NAMES, SUITS, long_name, parse_card
from .errors import IllegalMove

Param = str | int

REASONS: dict[str, str] = {
    # -- what was typed is no move at all
    "not_text": "A move is written as text, such as t3>t7, not as {kind}.",
    "not_a_move": "'{text}' is not a move: moves are written like s, w>t3, t3>t7, t3:4>t7, t3>f2, t3>f or f2>t4.",
    "tap_is_no_card_move": "s is a tap on the stock, not a move of cards from one pile to another.",
    "no_cards": "A move takes at least one card.",
    "no_such_column": "There is no {pile} in {game}: it has {count} columns, t1 to t{count}.",
    "no_such_foundation": "There is no {pile} in {game}: it has {count} foundations, f1 to f{count}.",
    "game_won": "The game is won: every card is on the foundations, so nothing more can be played.",
    # -- the stock and the waste
    "nothing_to_draw": "The stock and the waste are both empty: there is nothing left to draw.",
    "no_passes_left_one": "No passes left: {game} allows one pass through the stock, and it is used up.",
    "no_passes_left": "No passes left: {game} allows {count} passes through the stock, and the last one is used up.",
    "from_stock": "Cards leave the stock only by tapping it: tap the stock to turn a card onto the waste.",
    "waste_empty": "The waste is empty: tap the stock to turn a card onto it.",
    "waste_top_only": "Only the top card of the waste can be played.",
    # -- which cards can move
    "same_pile": "A card cannot move onto the pile it is already on.",
    "column_empty": "Column {pile} is empty: there is no card to move.",
    "column_too_short_one": "Column {pile} has only one card.",
    "column_too_short": "Column {pile} has only {count} cards.",
    "face_down": "A face-down card cannot be moved: uncover it first by moving the cards above it.",
    "run_broken_colour": (
        "These cards are not a run, so they cannot move together: the {lower_card} and the {upper_card} "
        "are the same colour. A run goes down one rank at a time in alternating colours."
    ),
    "run_broken_rank": (
        "These cards are not a run, so they cannot move together: the {upper_card} is not one rank below "
        "the {lower_card}. A run goes down one rank at a time in alternating colours."
    ),
    # -- the foundations
    "foundation_to_foundation": "Cards do not move from one foundation to another.",
    "takeback_off": "In {game} a card on a foundation stays there: taking cards back is switched off.",
    "foundation_empty": "Foundation {pile} is empty: there is no card to take back.",
    "foundation_top_only": "Only the top card of a foundation can be taken back, one at a time.",
    "foundation_one_at_a_time": "Foundations take one card at a time: move the cards one by one.",
    "foundation_kept": "Foundation {pile} is kept for {suit}: the {card} goes on {home}.",
    "foundation_kept_two": "Foundation {pile} is kept for {suit}: the {card} goes on {home} or {other_home}.",
    "foundation_needs_ace": "An empty foundation starts with an ace, so the {card} cannot go on {pile}.",
    "foundation_other_suit": "Foundation {pile} holds {suit}, so the {card} cannot go on it.",
    "foundation_complete": "Foundation {pile} is complete: it goes from ace to king.",
    "foundation_next": (
        "Foundation {pile} needs the {next_card} next, not the {card}: foundations go up one rank at a time."
    ),
    # -- the columns
    "one_card_at_a_time": (
        "Only one card moves at a time in {game}: move the top card first. The one exception is a run "
        "led by a king, which may move whole into an empty column."
    ),
    "king_run_needs_space": (
        "In {game} a run led by a king may move whole only into an empty column; anywhere else only "
        "one card moves at a time."
    ),
    "space_needs_king": "Only a king, or a run led by a king, can go into an empty column; the {card} cannot.",
    "column_colour": (
        "The {card} cannot go on the {onto_card}: in a column a card goes on a card of the other colour, "
        "red on black or black on red."
    ),
    "column_rank": (
        "The {card} cannot go on the {onto_card}: in a column a card goes on a card exactly one rank higher."
    ),
}


class Refusal(NamedTuple):
    """A refusal, named by its key in ``REASONS`` and its parameters."""

    key: str
    params: dict[str, Param]

    @property
    def text(self) -> str:
        return reason_text(self.key, self.params)

    def error(self, move: str) -> IllegalMove:
        """The ``IllegalMove`` refusing ``move`` for this reason."""
        return IllegalMove(move, self.text, self.key, self.params)


def refusal(key: str, **params: Param) -> Refusal:
    """A refusal by its key; ``KeyError`` for a key the list does not hold."""
    if key not in REASONS:
        raise KeyError(f"no refusal reason called {key!r}")
    return Refusal(key, params)


def reason_text(key: str, params: dict[str, Param]) -> str:
    """The English sentence for a refusal: its template with the parameters written out."""
    words: dict[str, Param] = {}
    for name, value in params.items():
        if name.endswith("card") and isinstance(value, str):
            words[name] = long_name(parse_card(value))
        elif name == "suit" and isinstance(value, str):
            words[name] = SUIT_NAMES[SUITS.index(value)]
        else:
            words[name] = value
    return REASONS[key].format(**words)
