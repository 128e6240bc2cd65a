"""Wins found without a search: a won position, and the face-up finish (technique "face-up").

Once no card is face down and the whole talon is in reach (draw one, no pass limit), playing
to the foundations alone wins, so such a position is not searched.

Internal API of the package (the tests use it): ``win_line``, ``face_up_finish``.
"""

from __future__ import annotations

from .state import ACES, UNKNOWN_CARD, Deal, State, foundation_for, is_won, next_slots, raised


def win_line(deal: Deal, techniques: frozenset[str], state: State) -> list[str] | None:
    """The moves that win from ``state`` without a search: none if it is won, the
    foundation-only finish once every card is face up (``face_up_finish``), or None."""
    if is_won(deal.rules, state):
        return []
    if "face-up" in techniques and not any(state.downs) and UNKNOWN_CARD not in state.talon:
        return face_up_finish(deal, state)
    return None


def face_up_finish(deal: Deal, state: State) -> list[str] | None:
    """Play to the foundations only, tapping the stock for the next card, until won; the
    moves, or None if a whole round of the stock (or the last pass) brings nothing up.

    With no card face down, every column is one run, falling from its base, so the cards
    over any card are all lower than it.  When the whole talon is in reach (draw one, no
    pass limit), the lowest card not yet up can therefore always go up: this finish always
    wins, and such a position needs no search.  Otherwise it is only a try."""
    columns, _, talon_cards, waste_size, pass_number, foundations = state
    up = next_slots(foundations)  # kept up to date by ``go_up``: a try can tap and raise a lot
    lengths = [len(column) for column in columns]
    talon = list(talon_cards)
    left = deal.rules.cards - sum(height for _, height in foundations)
    went: list[tuple[int, int]] = []  # each step: (column, slot) up; (-1, slot) from the waste; (-2, n) n taps

    def go_up(card: int, slot: int) -> None:
        """Raise ``slot`` with ``card``, and keep ``up`` what ``next_slots`` would give."""
        nonlocal foundations
        before = foundations[slot][0]
        foundations = raised(foundations, slot, card)
        for each in (card,) if before >= 0 else ACES:  # what the slot took: now maybe another slot
            if up.get(each) == slot:
                del up[each]
                other = foundation_for(foundations, each)
                if other >= 0:
                    up[each] = other
        if foundations[slot][1] < 13 and up.get(card + 1, slot + 1) > slot:
            up[card + 1] = slot

    while True:
        moved = False
        for i, column in enumerate(columns):
            while lengths[i]:
                card = column[lengths[i] - 1]
                slot = up.get(card, -1)
                if slot < 0:
                    break
                go_up(card, slot)
                lengths[i] -= 1
                went.append((i, slot))
                moved = True
                left -= 1
        if waste_size:
            slot = up.get(talon[waste_size - 1], -1)
            if slot >= 0:
                go_up(talon.pop(waste_size - 1), slot)
                waste_size -= 1
                went.append((-1, slot))
                moved = True
                left -= 1
        if moved:
            if not left:
                return [move for source, slot_or_taps in went for move in (
                    ["s"] * slot_or_taps if source == -2
                    else [f"t{source + 1}>f{slot_or_taps + 1}" if source >= 0 else f"w>f{slot_or_taps + 1}"])]
            continue
        # Nothing went up, so none of the columns' tops can until a waste card does: tap to the
        # first that can (each waste top the stock reaches, once: ``Deal.stock_walk``), if any.
        for taps, _, reached, passes in deal.stock_walk(len(talon), waste_size, pass_number):
            if talon[reached - 1] in up:
                waste_size, pass_number = reached, pass_number + passes
                went.append((-2, taps))
                break
        else:
            return None
