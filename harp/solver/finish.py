"""Wins found without a search: a won position, and the face-up finish (technique "face-up").

Once no card is face down and the whole talon is in reach (draw one, no pass limit), playing
to the foundations alone wins, so such a position is not searched.

Internal API of the package (the tests use it): ``win_line``, ``face_up_finish``.
"""

from __future__ import annotations

from ..rules import Rules
from .state import UNKNOWN_CARD, State, foundation_for, is_won, raised


def win_line(rules: Rules, techniques: frozenset[str], state: State) -> list[str] | None:
    """The moves that win from ``state`` without a search: none if it is won, the
    foundation-only finish once every card is face up (``face_up_finish``), or None."""
    if is_won(rules, state):
        return []
    if "face-up" in techniques and not any(state.downs) and UNKNOWN_CARD not in state.talon:
        return face_up_finish(rules, state)
    return None


def face_up_finish(rules: Rules, state: State) -> list[str] | None:
    """Play to the foundations only, tapping the stock for the next card, until won; the
    moves, or None if a whole round of the stock (or the last pass) brings nothing up.

    With no card face down, every column is one run, falling from its base, so the cards
    over any card are all lower than it.  When the whole talon is in reach (draw one, no
    pass limit), the lowest card not yet up can therefore always go up: this finish always
    wins, and such a position needs no search.  Otherwise it is only a try."""
    columns, _, talon, waste_size, pass_number, foundations = state
    cols = list(columns)
    moves: list[str] = []
    still = 0  # taps since a card last went up
    while True:
        moved = False
        # After a tap that brought nothing up, the foundations are as the last look at the
        # columns left them, so none of their tops can go up: only the new waste card is new.
        for i, column in enumerate(cols if not still else ()):
            while column:
                slot = foundation_for(foundations, column[-1])
                if slot < 0:
                    break
                foundations = raised(foundations, slot, column[-1])
                column = column[:-1]
                moves.append(f"t{i + 1}>f{slot + 1}")
                moved = True
            cols[i] = column
        if waste_size:
            slot = foundation_for(foundations, talon[waste_size - 1])
            if slot >= 0:
                foundations = raised(foundations, slot, talon[waste_size - 1])
                talon = talon[: waste_size - 1] + talon[waste_size:]
                waste_size -= 1
                moves.append(f"w>f{slot + 1}")
                moved = True
        if moved:
            still = 0
            if sum(height for _, height in foundations) == rules.cards:
                return moves
            continue
        after = rules.tap(len(talon), waste_size, pass_number)
        still += 1
        if after is None or still > len(talon) + 1:
            return None
        waste_size, pass_number = after
        moves.append("s")
