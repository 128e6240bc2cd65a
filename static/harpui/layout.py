"""Where each card sits inside its pile, in pixels.  Pure Python.

Columns fan downwards.  A column uses the height it has: its face-up cards
spread out, up to a finger's width apart (TAP_PX), as far as the room down
to the bottom of the screen allows.  A long column squeezes its gaps so that
it still ends above the bottom: face-down gaps give way first, then face-up
ones, but never so far that a face-up card's corner (its rank and suit) is
hidden.  A column longer than even that runs on below the screen.

The numbers here are the layout's one source.  harpui/render.py measures the
page with them (metrics), and static/early-board.js, which lays out a first
visit's deal before Python has started, reads the same ones from the page:
the build writes measures() into it (buildtools/firstdeals.py).  That script
therefore holds column_offsets and metrics a second time, in JavaScript (it
must paint before Python loads), with none of these numbers of its own;
tests/ui/test_early.py runs its two functions in Node against these, and
tests/browser/test_early_layout.py compares its board with Python's at every
screen size the browser tests use.
"""

from __future__ import annotations

DOWN_GAP = 0.14      # of a card height, between face-down cards
UP_GAP = 0.30        # of a card height, between face-up cards when room is short
MIN_DOWN_GAP = 0.05
MIN_UP_GAP = 0.25    # the corner's rank and suit (cards.svg: 70 of 280 units) stay in view
TAP_PX = 44.0        # a face-up card spreads out to a finger's target when the height allows
MAX_UP_GAP = 0.8     # ... but never more than this much of a card height
WASTE_FAN = 0.42     # of a card width, between the top three waste cards in draw 3
CARD_RATIO = 1.4     # a card's height over its width (cards.svg: 200 by 280 units)
UNMEASURED_CARD_W = 60.0   # px: the card width taken while column 1 measures none (not laid out yet)
ROOM_MARGIN_PX = 8.0       # px left free under the columns
MIN_ROOM = 2.2       # of a card height: the least room a column is given, however short the screen
PANEL_MARGIN_PX = 12.0     # px: the solver's panel sits this far above the bottom, which it takes too


def measures() -> dict[str, float]:
    """The numbers above by name, as the build writes them into the pages for
    static/early-board.js (which reads them by these names)."""
    return {"DOWN_GAP": DOWN_GAP, "UP_GAP": UP_GAP, "MIN_DOWN_GAP": MIN_DOWN_GAP, "MIN_UP_GAP": MIN_UP_GAP,
            "TAP_PX": TAP_PX, "MAX_UP_GAP": MAX_UP_GAP, "WASTE_FAN": WASTE_FAN, "CARD_RATIO": CARD_RATIO,
            "UNMEASURED_CARD_W": UNMEASURED_CARD_W, "ROOM_MARGIN_PX": ROOM_MARGIN_PX, "MIN_ROOM": MIN_ROOM,
            "PANEL_MARGIN_PX": PANEL_MARGIN_PX}


def metrics(card_w: float, top: float, floor: float, dock: float) -> tuple[float, float, float]:
    """Card width and height in px, and the height a column may use.

    card_w: the width column 1 measures (0 while it is not laid out); top:
    where the columns start on screen; floor: where the board's room ends (the
    window's bottom, or the top of a toolbar at the bottom); dock: the px the
    solver's panel takes at the bottom while it shows (dock_height), else 0.
    """
    w = card_w or UNMEASURED_CARD_W
    h = w * CARD_RATIO
    return w, h, max(floor - top - ROOM_MARGIN_PX - dock, MIN_ROOM * h)


def dock_height(panel_h: float) -> float:
    """The px at the bottom the solver's panel takes, panel_h px tall."""
    return panel_h + PANEL_MARGIN_PX


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
    elif ups:
        # Room to spare: the face-up cards spread out, up to a finger's target.
        widest = max(up_gap, min(TAP_PX, MAX_UP_GAP * card_h))
        up_gap = min(widest, (space - downs * down_gap) / ups)
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
