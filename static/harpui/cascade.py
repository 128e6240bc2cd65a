"""The win's cascade: the cards leave the foundations one by one and bounce
across the table, as in the classic game.  This module only plans it: where
each card flies, frame by frame (render.py draws the plan with the Web
Animations API).  Pure Python, so CPython tests cover the paths.

Each card is thrown sideways from its foundation, falls, bounces off the
bottom of the screen a little lower each time, and flies on until it has
left the screen at the side.  The throws come from fixed steps, not chance:
the same win cascades the same way every time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

FRAME_S = 1 / 30          # the plan's frame: the browser tweens between them
GRAVITY = 2000.0          # px/s²
BOUNCE = 0.72             # what a bounce keeps of the speed down
LAUNCH_GAP_S = 0.09       # between two cards' throws...
LAUNCHES_S = 4.0          # ...or closer, so that all are thrown within this
LONGEST_FLIGHT_S = 6.0    # a card still on the screen by then is left where it is


class Flight(NamedTuple):
    """One card's flight: which foundation and how deep in it (0: its top
    card), when it is thrown (s after the win) and where its top-left
    corner is at each FRAME_S from then."""

    pile: int
    depth: int
    start_s: float
    points: list[tuple[float, float]]


def order(heights: Sequence[int]) -> list[tuple[int, int]]:
    """(foundation, depth) in the order the cards leave: the top card of
    each foundation in turn, then the next ones down, as the classic game."""
    return [(pile, depth) for depth in range(max(heights, default=0))
            for pile, height in enumerate(heights) if depth < height]


def path(x: float, y: float, card_w: float, card_h: float, screen_w: float, screen_h: float,
         throw: int) -> list[tuple[float, float]]:
    """The frames of one card from (x, y) until it has left the screen at
    a side (or LONGEST_FLIGHT_S has passed).  throw picks the throw: a
    speed sideways, away from the nearer side... or the farther one, and
    a speed up or down."""
    toward_left = (throw % 3 == 0) if x + card_w / 2 > screen_w / 2 else (throw % 3 != 0)
    vy = -float((throw * 97) % 420)                       # px/s, up: the card is thrown upwards a little
    floor = max(screen_h - card_h, y)
    # Sideways slowly enough to reach the bottom once before the side.
    falls_s = (-vy + math.sqrt(vy * vy + 2 * GRAVITY * (floor - y))) / GRAVITY
    way = x + card_w if toward_left else screen_w - x
    speed = min(180.0 + (throw * 53) % 260, way / (falls_s * 1.2))   # px/s
    vx = -speed if toward_left else speed
    points = [(x, y)]
    for _ in range(int(LONGEST_FLIGHT_S / FRAME_S)):
        vy += GRAVITY * FRAME_S
        x += vx * FRAME_S
        y += vy * FRAME_S
        if y > floor:                                     # a bounce, a little lower each time
            y = floor - (y - floor) * BOUNCE
            vy = -vy * BOUNCE
        points.append((round(x, 1), round(y, 1)))
        if x + card_w < 0 or x > screen_w:
            break
    return points


def plan(piles: Sequence[tuple[float, float, int]], card_w: float, card_h: float,
         screen_w: float, screen_h: float) -> list[Flight]:
    """Every card's flight.  piles: each foundation's (x, y, number of
    cards), its top card's top-left corner on the screen."""
    heights = [count for _, _, count in piles]
    steps = order(heights)
    gap = min(LAUNCH_GAP_S, LAUNCHES_S / max(len(steps), 1))
    return [Flight(pile, depth, i * gap,
                   path(piles[pile][0], piles[pile][1], card_w, card_h, screen_w, screen_h, i))
            for i, (pile, depth) in enumerate(steps)]


def length_s(flights: Sequence[Flight]) -> float:
    """How long the whole cascade lasts."""
    return max((f.start_s + (len(f.points) - 1) * FRAME_S for f in flights), default=0.0)
