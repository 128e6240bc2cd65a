"""Technique "arrangements" (harp/solver/arrangements.py): the proof searches every arrangement
of runs on equal cards as one position.  Its shuffles replay and keep the key, and its verdicts
agree with the same proof that searches each arrangement, and with the search of every line."""

from __future__ import annotations

import random

import pytest

import harp
from engine_helpers import build
from harp.solver import LOSS, TECHNIQUES, UNKNOWN, WIN, Result, prove
from harp.solver.arrangements import Wanted, bared_parents, free_levels
from harp.solver.last_pass import proof_for
from harp.solver.moves import MoveGenerator
from harp.solver.state import FITS_ON, next_slots, run_length
from positions import SMALL_POSITION_NODES, run_position
from solverkit import generator, replays_to_a_win, run_alone, without

WITHOUT = without("arrangements")


def proof(game: harp.Game, techniques: tuple[str, ...], max_nodes: int) -> Result:
    """The proof alone (the last-pass prover in the last pass), with ``techniques``."""
    moves = MoveGenerator.for_game(game, True, True, techniques)
    return run_alone(proof_for(moves, moves.deal.start, max_nodes=max_nodes))


def test_the_two_places_of_a_run_on_equal_cards_share_a_key() -> None:
    """The red 8-7 run lies on one black 9 or on the other: one position to the proof, two to the
    search that keeps arrangements apart.  Either way the proof may bare either 9."""
    placements = []
    for on_spade in (True, False):
        left, right = (["9S", "8H", "7C"], ["9C"]) if on_spade else (["9S"], ["9C", "8H", "7C"])
        placements.append(build("big-harp", [["2d", *left], ["3d", *right]], stock=[], fill=True))
    merged = [generator(game) for game in placements]
    apart = [generator(game, techniques=WITHOUT) for game in placements]
    assert len({each.keys.key(each.deal.start) for each in merged}) == 1
    assert len({each.keys.key(each.deal.start) for each in apart}) == 2
    start = merged[0].deal.start
    runs = [run_length(column) for column in start.columns]
    assert [(move, i) for move, _, i, _ in bared_parents(start, runs)] == [("t1:2>t2", 0)]
    assert free_levels(start.columns, runs)


def test_a_move_that_would_turn_up_an_unknown_card_after_a_shuffle_is_noted_with_the_shuffle() -> None:
    """Fair mode: the 5 of spades, under the red 4, could go up once the 4 moves to the 5 of
    clubs, and would turn up a face-down card the search may not know.  The search notes that
    line as a hint (a frontier): the shuffle first, so that it replays."""
    game = build("big-harp", [["2d", "5S", "4H"], ["3d", "5C"]],
                 foundations={1: ["AS", "2S", "3S", "4S"]}, fill=True)
    moves = MoveGenerator.for_game(game, thoughtful=False)
    moves.successors(moves.deal.start, None)
    assert ["t1>t2", "t1>f1"] in moves.frontier_moves
    for line in moves.frontier_moves:
        twin = game.copy()
        for move in line:
            twin.play(move)  # (raises on a move that is not legal)


@pytest.mark.parametrize("game_id", ["big-harp", "gargantua", "harpan", "double-klondike"])
def test_every_shuffle_that_bares_a_card_replays_and_keeps_the_key(game_id: str) -> None:
    """...and the run lengths it gives for the state after are that state's."""
    bared_some = 0
    for seed in range(20):
        game = run_position(game_id, seed, 30, spread=5)
        moves = generator(game)
        start = moves.deal.start
        runs = [run_length(column) for column in start.columns]
        for shuffle, bared, i, bared_runs in bared_parents(start, runs):
            assert bared_runs == [run_length(column) for column in bared.columns], (seed, shuffle)
            twin = game.copy()
            twin.play(shuffle)
            assert generator(twin).deal.start == bared, (seed, shuffle)
            assert moves.keys.key(bared) == moves.keys.key(start), (seed, shuffle)
            assert bared.columns[i] != start.columns[i] and len(bared.columns[i]) < len(start.columns[i])
            bared_some += 1
    assert bared_some >= 10, bared_some


@pytest.mark.parametrize("game_id", ["big-harp", "gargantua"])
def test_bared_parents_wanted_keeps_exactly_the_cards_that_could_go_up_or_take_an_arrival(game_id: str) -> None:
    """With ``Wanted``, the same shuffles, in the same order, less those whose bared card could
    neither go up nor take one of the arrivals (here a random dozen cards)."""
    kept_some = dropped_some = 0
    for seed in range(20):
        start = generator(run_position(game_id, seed, 30, spread=5)).deal.start
        runs = [run_length(column) for column in start.columns]
        up = next_slots(start.foundations)
        arrivals = set(random.Random(seed).sample(range(52), 12))
        every = list(bared_parents(start, runs))
        kept = [move for move, _, _, _ in bared_parents(start, runs, Wanted(up, arrivals))]
        wanted = [move for move, bared, i, _ in every
                  if bared.columns[i][-1] in up or not arrivals.isdisjoint(FITS_ON[bared.columns[i][-1]])]
        assert kept == wanted, seed
        kept_some += len(kept)
        dropped_some += len(every) - len(kept)
    assert kept_some and dropped_some, (kept_some, dropped_some)


@pytest.mark.parametrize("game_id, left, spread, least_settled, least_losses", [
    pytest.param("gargantua", 40, 9, 20, 3, marks=pytest.mark.slow),
    pytest.param("harp", 40, 9, 20, 3, marks=pytest.mark.slow), ("big-harp", 44, 6, 15, 0), ("harpan", 26, 5, 15, 0),
    ("double-klondike", 36, 9, 20, 0),
])
def test_the_proof_agrees_with_and_without_arrangements_and_with_the_search_of_every_line(
        game_id: str, left: int, spread: int, least_settled: int, least_losses: int) -> None:
    """On positions whose runs have several places (``run_position``), wherever both finish, the
    proof gives the same verdict merging arrangements as keeping them apart; wherever the search
    of every line finishes too, the same as that; and its wins replay.  (Positions with runs
    are seldom lost but for a talon in its last pass: the two-deck games with fewer passes.)"""
    settled = losses = 0
    for seed in range(30):
        game = run_position(game_id, seed, left, spread=spread)
        merged = proof(game, TECHNIQUES, 4 * SMALL_POSITION_NODES)
        if merged.verdict == WIN:
            assert replays_to_a_win(game, merged.moves), f"seed {seed}"
        apart = proof(game, WITHOUT, 4 * SMALL_POSITION_NODES)
        if UNKNOWN not in (merged.verdict, apart.verdict):
            settled += 1
            losses += merged.verdict == LOSS
            assert merged.verdict == apart.verdict, f"seed {seed}"
        if merged.verdict == LOSS:
            every_line = prove(game, max_nodes=SMALL_POSITION_NODES, prune=False)
            assert every_line.verdict != WIN, f"seed {seed}: lost merging arrangements, but a line wins"
    assert settled >= least_settled and losses >= least_losses, (settled, losses)
