"""The project's own seeded generator, so deal N is the same everywhere.

``random`` may change its algorithms between Python versions; this file will
not.  SplitMix64 is small, well studied and uses only integer arithmetic,
which CPython and Pyodide compute identically.  ``deal_cards`` deals a shuffled
deck out as a person would.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled(items: list[T], seed: int) -> list[T]:
    """A Fisher-Yates shuffle of a copy of ``items`` driven by ``seed``."""
    out = list(items)
    gen = SplitMix64(seed)
    for i in range(len(out) - 1, 0, -1):
        j = gen.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def mix(*values: int) -> int:
    """Fold several integers into one 64-bit seed."""
    gen = SplitMix64(0x48415250)  # "HARP"
    for v in values:
        gen.state ^= v & _MASK
        gen.next()
    return gen.next()


def deal_cards(cards: int, columns: int, descending: bool, seed: int) -> tuple[list[int], list[list[int]], list[int]]:
    """A shuffled deal of ``cards`` cards (ids 0..cards-1): the value of each id (from the seeded
    shuffle), the columns bottom -> top (``columns`` of them, 1..n cards high, or n..1 when
    ``descending``), dealt row by row as a person would, and the stock left, bottom -> top."""
    values = shuffled([i % 52 for i in range(cards)], seed)
    order = list(range(cards))
    tableau: list[list[int]] = [[] for _ in range(columns)]
    heights = list(range(1, columns + 1))
    if descending:
        heights.reverse()
    dealt = 0
    for row in range(max(heights)):
        for col, height in enumerate(heights):
            if row < height:
                tableau[col].append(order[dealt])
                dealt += 1
    return values, tableau, order[dealt:][::-1]
