"""The beam search (technique "beam"): its wins replay, it keeps to its slices, its running dry
proves nothing (it starts again wider), and the portfolio runs it only where it was measured to
pay: where cards move one at a time, seeing every card."""

from __future__ import annotations

import pytest

import harp
from harp.solver import LOSS, WIN, solve
from harp.solver.beam import BeamSearch
from harp.solver.moves import MoveGenerator
from harp.solver.portfolio import Portfolio
from solverkit import generator, replays_to_a_win, without
from test_searches import late_position


def test_a_beam_win_from_the_start_replays() -> None:
    game = harp.Game.new("easy-harp", deal=1)
    beam = BeamSearch(generator(game, sound=False), generator(game).deal.start)
    while beam.result is None and beam.nodes < 20_000:
        beam.advance(500)
    assert beam.result is not None and beam.result.verdict == WIN
    assert beam.result.best_move == beam.result.moves[0]
    assert replays_to_a_win(game, beam.result.moves)


def test_a_slice_expands_at_most_its_budget() -> None:
    game = harp.Game.new("gargantua", deal=45)
    beam = BeamSearch(generator(game, sound=False), generator(game).deal.start)
    for budget in (1, 7, 64, 300):
        before = beam.nodes
        beam.advance(budget)
        assert 0 < beam.nodes - before <= budget


def test_running_dry_proves_nothing_the_beam_starts_again_twice_as_wide(monkeypatch) -> None:
    """A lost position (the sound proof says so): a narrow beam runs dry over and over, each
    time twice as wide, and never answers LOSS, since what fell outside it was never searched."""
    game = late_position("gargantua", 5, False)
    assert solve(game, thoughtful=True, max_nodes=8000).verdict == LOSS
    monkeypatch.setattr(BeamSearch, "FIRST_WIDTH", 1)
    beam = BeamSearch(generator(game, sound=False), generator(game).deal.start)
    widths = set()
    while beam.nodes < 3000:
        assert beam.advance(1) is None
        widths.add(beam.width)
    assert {1, 2, 4, 8} <= widths


@pytest.mark.parametrize("game_id, thoughtful, runs_it", [
    ("easy-harp", True, True),
    ("easy-harp", False, False),  # (fair mode: the page's hints)
    ("big-harp", True, True), ("gargantua", True, True), ("harp", True, True),
    ("big-harp", False, False),
    ("harpan", True, False),  # (one deck: the proof's losses need the time)
])
def test_the_portfolio_runs_a_beam_with_two_decks_seeing_every_card(
        game_id: str, thoughtful: bool, runs_it: bool) -> None:
    game = harp.Game.new(game_id, deal=3)
    moves = MoveGenerator.for_game(game, thoughtful)
    portfolio = Portfolio(moves, max_nodes=None, max_seconds=None)
    assert (portfolio.beam is not None) == runs_it
    assert (portfolio.beam in portfolio.turns) == runs_it
    if runs_it:
        assert portfolio.beam is not None and not portfolio.beam.settings.sound
        without_it = Portfolio(MoveGenerator.for_game(game, thoughtful, techniques=without("beam")), None, None)
        assert without_it.beam is None


def test_the_beams_turns_grow_from_one_quantum_to_its_longest(monkeypatch) -> None:
    """A deal the other searches win soon waits little for the beam: its first turn is one
    quantum, its second four, and then every turn BEAM_QUANTA (a small quantum here, to see
    several turns soon)."""
    monkeypatch.setattr(Portfolio, "QUANTUM", 16)
    game = harp.Game.new("easy-harp", deal=51)  # (unknown at 10 s before the beam: no quick win)
    portfolio = Portfolio(MoveGenerator.for_game(game, True), max_nodes=None, max_seconds=None)
    beam = portfolio.beam
    assert beam is not None
    turns: list[int] = []
    last, in_turn = beam.nodes, False
    while len(turns) < 4:
        assert portfolio.advance(1) is None
        grew = beam.nodes - last
        assert grew in (0, 1)  # (a slice of one node is one node, whoever has the turn)
        if grew and in_turn:
            turns[-1] += 1
        elif grew:
            turns.append(1)
        in_turn, last = bool(grew), beam.nodes
    assert turns[:3] == [16, 64, 16 * Portfolio.BEAM_QUANTA]
