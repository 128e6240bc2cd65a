"""The search of a hint's imagined deal makes, from the deal's start, only the moves the hint
may show (harp.solver.first_moves.FirstMovesAllowed): its line then begins with one of them,
and deeper in the tree every move is made as before."""

from __future__ import annotations

from collections.abc import Iterator

import harp
from harp.solver.stepped import Stepped, portfolio

from solverkit import replays_to_a_win


def solved(game: harp.Game, first_moves: set[str] | None) -> tuple[str, list[str]]:
    search = portfolio(game, True, 20000, None, first_moves=first_moves)
    while (result := search.advance(1000)) is None:
        pass
    return result.verdict, result.moves


def test_a_line_begins_with_a_move_allowed_and_still_wins() -> None:
    g = harp.Game.new("harpan", deal=1)
    verdict, line = solved(g, None)
    assert verdict == "win"
    first = line[0]
    others = set(g.legal_moves()) - {first}
    verdict, other_line = solved(g, others)
    assert verdict == "win" and other_line[0] in others and replays_to_a_win(g, other_line)
    # (the same move is still made deeper in: only the first is held back)
    assert first in other_line[1:] or first == "s"


def test_with_no_move_allowed_nothing_wins() -> None:
    g = harp.Game.new("harpan", deal=1)
    verdict, line = solved(g, set())
    assert verdict != "win" and line == []


class Solve(Stepped[list[str]]):
    """solve_in_slices run to its end, as a hint runs it."""

    def __init__(self, game: harp.Game, first_moves: set[str] | None) -> None:
        super().__init__()
        self.game, self.first_moves = game, first_moves

    def _work(self) -> Iterator[None]:
        line = yield from self.solve_in_slices(self.game, 20000, None, self.first_moves)
        self.result = line or []


def test_a_playout_that_begins_with_a_move_not_allowed_is_left_for_the_search() -> None:
    g = harp.Game.new("double-klondike", deal=1)            # a deal the greedy playout wins
    playout = Solve(g, None)
    while (line := playout.advance(1 << 16)) is None:
        pass
    assert line and replays_to_a_win(g, line)
    others = set(g.legal_moves()) - {line[0]}
    searched = Solve(g, others)
    while (other := searched.advance(1 << 16)) is None:
        pass
    assert other and other[0] in others and replays_to_a_win(g, other)
