"""What several of the solver's test files share (not a test module): the move generator a
search of a position uses, a search run alone to its end, the check that a line of moves
replays through the engine to a win, and every technique but one."""

from __future__ import annotations

import dataclasses

import harp
from harp.solver import TECHNIQUES, Result
from harp.solver.best_first import BestFirstSearch
from harp.solver.depth_first import DepthFirstSearch
from harp.solver.moves import MoveGenerator


def without(technique: str) -> tuple[str, ...]:
    """Every technique of the solver but ``technique`` (to measure or test what it does)."""
    assert technique in TECHNIQUES, technique
    return tuple(each for each in TECHNIQUES if each != technique)


def generator(game: harp.Game, prune: bool = True, techniques: tuple[str, ...] = TECHNIQUES,
              **settings: object) -> MoveGenerator:
    """The moves a search of ``game``'s position makes, seeing every card (thoughtful mode),
    by the sound search's settings with ``settings`` changed (``sound=False``: a quick search's)."""
    made = MoveGenerator.for_game(game, True, prune, techniques)
    if not settings:
        return made
    return made.with_settings(dataclasses.replace(made.settings, **settings))  # type: ignore[arg-type]


def replays_to_a_win(game: harp.Game, moves: list[str]) -> bool:
    twin = game.copy()
    for move in moves:
        twin.play(move)
    return twin.is_won()


def run_alone(search: BestFirstSearch | DepthFirstSearch) -> Result:
    while search.advance(1000) is None:
        pass
    assert search.result is not None
    return search.result
