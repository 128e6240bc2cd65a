"""Where each card sits inside its pile, in pixels.  Pure Python.

Columns fan downwards; a long column squeezes its gaps so that it still ends
above the bottom of the screen (face-up gaps keep the rank readable as long
as possible, face-down gaps give way first).
"""

from __future__ import annotations

DOWN_GAP = 0.14      # of a card height, between face-down cards
UP_GAP = 0.30        # of a card height, between face-up cards
MIN_DOWN_GAP = 0.05
MIN_UP_GAP = 0.17
WASTE_FAN = 0.42     # of a card width, between the top three waste cards in draw 3


def column_offsets(faces: list[bool], card_h: float, room: float) -> list[float]:
    """Top offsets for a column; faces[i] is True when card i is face up.

    room is the height available for the whole column.
    """
    n = len(faces)
    if n == 0:
        return []
    downs = sum(1 for up in faces[:-1] if not up)
    ups = (n - 1) - downs
    space = max(room - card_h, 0.0)

    def total(dg: float, ug: float) -> float:
        return downs * dg + ups * ug

    down_gap, up_gap = DOWN_GAP * card_h, UP_GAP * card_h
    if total(down_gap, up_gap) > space:
        # First squeeze the face-down gaps, then the face-up ones.
        min_down = MIN_DOWN_GAP * card_h
        if downs:
            down_gap = max(min_down, (space - ups * up_gap) / downs)
        if total(down_gap, up_gap) > space and ups:
            up_gap = max(MIN_UP_GAP * card_h, (space - downs * down_gap) / ups)
    out, y = [], 0.0
    for i in range(n):
        out.append(round(y, 1))
        y += up_gap if faces[i] else down_gap
    return out


def waste_offsets(n: int, draw: int, card_w: float) -> list[float]:
    """Left offsets: in draw 3 the top three waste cards fan to the right."""
    out = [0.0] * n
    if draw > 1:
        shown = min(3, n)
        for k in range(shown):
            out[n - shown + k] = round(k * WASTE_FAN * card_w, 1)
    return out
