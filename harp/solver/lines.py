"""The positions along a line of moves, by a search's own moves: how the restarts go back
along a line that led nowhere (technique "restarts", harp/solver/portfolio.py).

Internal API of the package (the tests use it): ``walk_line``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .moves import MoveGenerator
from .state import Need, State


def walk_line(generator: MoveGenerator, start: State, line: list[str]) -> Iterator[tuple[State, int]]:
    """The positions along ``line`` from ``start``, by ``generator``'s moves, each with how many
    of the line's moves lead there."""
    replay = generator.with_settings(generator.settings)  # (its frontier notes are its own)
    state, done, _ = replay.opening(start)
    if line[:len(done)] != done:
        return
    yield state, len(done)
    at, need = len(done), None
    while at < len(line):
        # (A restart's start begins with no need, so a step the need rules out is tried without.)
        needs: tuple[Need, ...] = (need,) if need is None else (need, None)
        step = next(((moves, after, then) for each in needs
                     for moves, after, _, then in replay.successors(state, each)
                     if line[at:at + len(moves)] == moves), None)
        replay.frontier_moves = []
        if step is None:
            return  # (a line the replay cannot follow ends there)
        moves, state, need = step
        at += len(moves)
        yield state, at
