"""The solver's searches against each other, on real positions late in a deal where a search can
finish: pruned and unpruned search agree on win or loss, the depth-first and best-first
searches the portfolio runs side by side agree, and a best-first win replays like any other."""

from __future__ import annotations

import functools

import pytest

import harp
from harp.progress import progress_moves
from harp.solver import UNKNOWN, WIN, solve
from harp.solver.best_first import BestFirstSearch
from harp.solver.depth_first import DepthFirstSearch
from solverkit import generator, replays_to_a_win, run_alone


def late_position(game_id: str, deal: int, takeback: bool) -> harp.Game:
    """A real position after one pass through the stock, where exhaustive search is small
    (a copy of one worked out once: two tests use the same positions)."""
    return _late_position(game_id, deal, takeback).copy()


@functools.cache
def _late_position(game_id: str, deal: int, takeback: bool) -> harp.Game:
    game = harp.Game.new(game_id, deal=deal, passes=1, takeback=takeback)
    for _ in range(600):
        progress = progress_moves(game)
        if progress:
            game.play(progress[0][0])
        elif "s" in game.legal_moves():
            game.play("s")
        else:
            break
    return game


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_pruning_is_sound(game_id: str) -> None:
    """Where both searches finish, pruned and unpruned search agree on win or loss."""
    verdicts = []
    for deal in range(1, 7):
        for takeback in (False, True):
            game = late_position(game_id, deal, takeback)
            plain = solve(game, thoughtful=True, max_nodes=2000, prune=False)
            if plain.verdict == UNKNOWN:
                continue                # nothing to hold the pruned search against
            # A loss takes the quick searches running out, then the sound proof: more nodes.
            pruned = solve(game, thoughtful=True, max_nodes=8000, prune=True)
            if pruned.verdict == UNKNOWN:
                continue
            assert pruned.verdict == plain.verdict, f"{game.code} after {game.moves} moves"
            verdicts.append(pruned.verdict)
    assert len(verdicts) >= 3, verdicts


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_depth_first_and_best_first_agree_and_their_wins_replay(game_id: str) -> None:
    """The two searches the solver runs side by side explore the same moves: where both
    finish they agree, and a win from the best-first one replays like any other."""
    verdicts = []
    for deal in range(1, 7):
        for takeback in (False, True):
            game = late_position(game_id, deal, takeback)
            quick = generator(game, sound=False)  # as Portfolio runs them
            depth = run_alone(DepthFirstSearch(quick, quick.deal.start, max_nodes=3000))
            if depth.verdict == UNKNOWN:
                continue                # nothing to hold the best-first search against
            quick = generator(game, sound=False)
            best = BestFirstSearch(quick, quick.deal.start)
            while best.result is None and best.nodes < 3000:
                best.advance(500)
            if best.result is None or best.result.verdict == UNKNOWN:
                continue
            assert depth.verdict == best.result.verdict, f"{game.code} after {game.moves} moves"
            if best.result.verdict == WIN:
                assert replays_to_a_win(game, best.result.moves)
            verdicts.append(depth.verdict)
    assert len(verdicts) >= 3, verdicts


def test_best_first_wins_a_deal_from_the_start_and_the_win_replays() -> None:
    game = harp.Game.new("easy-harp", deal=1)
    moves = generator(game)
    result = run_alone(BestFirstSearch(moves, moves.deal.start))
    assert result.verdict == WIN and result.best_move == result.moves[0]
    assert replays_to_a_win(game, result.moves)
