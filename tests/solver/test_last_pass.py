"""The last-pass prover (harp/solver/last_pass.py): its losses hold against a search of every line."""

from __future__ import annotations


import pytest

import harp
from harp.progress import progress_moves
from harp.solver import LOSS, UNKNOWN, WIN, Result, prove, solve
from harp.solver.depth_first import DepthFirstSearch
from harp.solver.last_pass import LastPassProof, in_last_pass, proof_for, reaches
from harp.solver.moves import MoveGenerator
from positions import SMALL_POSITION_NODES, small_position
from solverkit import replays_to_a_win, run_alone


def last_pass_proof(game: harp.Game, max_nodes: int, thoughtful: bool = True) -> Result:
    """The last-pass prover alone, from ``game``'s position."""
    generator = MoveGenerator.for_game(game, thoughtful)
    return run_alone(LastPassProof(generator, generator.deal.start, max_nodes=max_nodes))


def test_taps_in_the_last_pass_reach_these_waste_sizes() -> None:
    assert reaches(1, 10, 3, 3) and reaches(1, 10, 3, 9) and not reaches(1, 10, 4, 3)
    assert reaches(3, 10, 1, 4) and reaches(3, 10, 1, 7) and reaches(3, 10, 1, 10)
    assert not reaches(3, 10, 1, 5) and not reaches(3, 10, 1, 9) and not reaches(3, 10, 5, 4)


@pytest.mark.parametrize("game_id, options, left, spread, least_losses", [
    ("big-harp", {}, 24, 10, 0), ("gargantua", {}, 20, 6, 1), ("harp", {}, 24, 9, 0),
    ("harpan", {"passes": 1}, 20, 3, 3), ("harpan", {"passes": 1, "draw": 3}, 20, 3, 5),
    ("harpan", {"passes": 3, "draw": 3, "takeback": False}, 20, 3, 10),
])
def test_every_loss_the_prover_proves_is_lost_by_exhaustive_search(
        game_id: str, options: dict[str, object], left: int, spread: int, least_losses: int) -> None:
    """On small random positions in the last pass, wherever both finish, the prover agrees with a
    search of every line without pruning and without the second-round techniques; its wins
    replay.  (Two decks' random positions are seldom lost: there the check is on the wins.)"""
    settled = losses = 0
    for seed in range(40):
        game = small_position(game_id, seed, left, spread=spread, least_talon=0.25, **options)
        plain = solve(game, thoughtful=True, max_nodes=SMALL_POSITION_NODES, prune=False, techniques=())
        proof = last_pass_proof(game, SMALL_POSITION_NODES)
        if proof.verdict == LOSS:
            assert plain.verdict != WIN, f"seed {seed}: the prover calls it lost, but a line wins"
        if proof.verdict == WIN:
            assert replays_to_a_win(game, proof.moves), f"seed {seed}"
        if UNKNOWN not in (plain.verdict, proof.verdict):
            settled += 1
            assert proof.verdict == plain.verdict, f"seed {seed}"
            losses += proof.verdict == LOSS
    assert settled >= 30 and losses >= least_losses, (settled, losses)


@pytest.mark.parametrize("game_id, options", [("harpan", {"passes": 3}), ("harpan", {"passes": 3, "draw": 3})])
def test_fair_mode_claims_no_loss_that_a_face_down_card_could_undo(game_id: str, options: dict[str, object]) -> None:
    """Fair mode does not know face-down cards (it knows the stock after the first pass): the
    prover answers LOSS there only when no move could turn one up, so every fair loss is a loss
    by the search of every line too."""
    fair_losses = confirmed = 0
    for seed in range(40):
        game = small_position(game_id, seed, 20, least_talon=0.25, **options)
        fair = last_pass_proof(game, SMALL_POSITION_NODES, thoughtful=False)
        if fair.verdict == LOSS:
            fair_losses += 1
            plain = solve(game, thoughtful=True, max_nodes=SMALL_POSITION_NODES, prune=False, techniques=())
            assert plain.verdict != WIN, f"seed {seed}: fair mode calls it lost, but a line wins"
            confirmed += plain.verdict == LOSS
    assert fair_losses >= 1 and confirmed >= 1, (fair_losses, confirmed)


def test_solve_answers_loss_where_the_prover_proves_it_and_the_win_where_there_is_one() -> None:
    """Through the public API: ``solve`` in thoughtful mode, in the last pass, with and without
    technique "last-pass", agrees with the search of every line."""
    checked = 0
    for seed in range(30):
        game = small_position("harpan", seed, 20, least_talon=0.25, passes=1, draw=3)
        plain = solve(game, thoughtful=True, max_nodes=SMALL_POSITION_NODES, prune=False, techniques=())
        full = solve(game, thoughtful=True, max_nodes=SMALL_POSITION_NODES)
        if UNKNOWN not in (plain.verdict, full.verdict):
            checked += 1
            assert full.verdict == plain.verdict, f"seed {seed}"
    assert checked >= 20


def late_last_pass(game_id: str, deal: int) -> harp.Game:
    """A real deal played by the engine's progress moves, tapping when there are none, until
    no move is left or the last pass has fewer than three stock cards left."""
    game = harp.Game.new(game_id, deal=deal)
    assert game.rules.passes is not None
    while game.moves < 600 and not (game.pass_number >= game.rules.passes and len(game.stock) < 3):
        step = [move for move, *_ in progress_moves(game)][:1] or [m for m in game.legal_moves() if m == "s"]
        if not step:
            break
        game.play(step[0])
    return game


@pytest.mark.parametrize("game_id, deal", [("big-harp", 76), ("gargantua", 20), ("gargantua", 60)])
def test_a_real_deal_left_unknown_is_lost_from_late_in_its_last_pass(game_id: str, deal: int) -> None:
    """Deals that were unknown at 10 s before technique "arrangements" (Gargantua 20 and 60 are
    won from the start now), played on by the engine's progress moves into the last pass: the
    prover proves the position lost (the progress moves threw the win away), and a search of
    every line without pruning agrees."""
    game = late_last_pass(game_id, deal)
    generator = MoveGenerator.for_game(game, True)
    assert in_last_pass(game.rules, generator.deal.start)
    proof = last_pass_proof(game, 50_000)
    assert proof.verdict == LOSS
    assert solve(game, thoughtful=True, max_nodes=200_000, prune=False, techniques=()).verdict == LOSS


@pytest.mark.slow
def test_prove_runs_the_proof_alone_the_last_pass_prover_where_it_applies() -> None:
    """``prove``: the proof with no quick search beside it.  Harpan deal 259 is lost (the table
    says so too), deal 4 won with a line that replays, and a budget ends the run.  Its search is
    the last-pass prover where a limited-pass game is in its last pass (Big Harp, from the
    start: one pass), else the sound depth-first search."""
    lost, won = harp.Game.new("harpan", deal=259), harp.Game.new("harpan", deal=4)
    assert prove(lost, max_nodes=100_000).verdict == LOSS
    result = prove(won, max_nodes=100_000)
    assert result.verdict == WIN and replays_to_a_win(won, result.moves)
    out_of_budget = prove(harp.Game.new("big-harp", deal=2), max_nodes=500)
    assert out_of_budget.verdict == UNKNOWN and out_of_budget.nodes <= 501
    for game_id, prover in (("big-harp", LastPassProof), ("harpan", DepthFirstSearch), ("gargantua", DepthFirstSearch)):
        generator = MoveGenerator.for_game(harp.Game.new(game_id, deal=2), thoughtful=True)
        assert type(proof_for(generator, generator.deal.start)) is prover, game_id
