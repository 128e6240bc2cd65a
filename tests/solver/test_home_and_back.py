"""Technique "take-back-to-build": with two decks and take-backs, a depth-first and a best-first
quick search more (and a depth-first one by the deep-columns distance), by the proof's pruning,
but sending home at once every bare card that lies on the card it was built on and could go up
(it could come straight back: harp/solver/safe_moves.py), and taking a card back only together
with the moves that build on it or send its twin up in its place (harp/solver/moves.py).  Their
wins replay; their running out of positions proves nothing."""

from __future__ import annotations

import pytest

import harp
from engine_helpers import build
from harp.solver import LOSS, TECHNIQUES, UNKNOWN, WIN, solve, start_search
from harp.solver.best_first import BestFirstSearch
from harp.solver.depth_first import DepthFirstSearch
from harp.solver.last_pass import proof_for
from harp.solver.moves import MoveGenerator
from positions import SMALL_POSITION_NODES, run_position, small_position
from solverkit import generator, replays_to_a_win, run_alone, without

NOT_TO_BUILD = without("take-back-to-build")


def test_it_sends_home_a_card_on_its_parent_and_not_one_that_could_not_come_back() -> None:
    """Hearts and diamonds are up to the 4.  The 5 of hearts on the black 6 goes up: it could
    come straight back.  The other 5 of hearts, alone on a face-down card, and the 5 of diamonds
    on a card it does not build on stay (up, they could not come back there), and so does the 7
    of hearts, which could not go up.  The proof and the other quick searches keep their own
    rules (the proof sends up only aces where cards can be taken back; the quick searches a 5
    once the black 4s are up)."""
    up_to_4 = {1: ["AH", "2H", "3H", "4H"], 2: ["AD", "2D", "3D", "4D"]}
    tableau = [["2c", "6S", "5H"], ["3c", "5H"], ["4c", "9C", "5D"], ["5c", "8S", "7H"]]
    game = build("double-klondike", tableau, foundations=up_to_4, stock=[], fill=True)
    to_build = generator(game, takes_back_only_to_build=True)
    opened, moves, _ = to_build.opening(to_build.deal.start)
    assert moves == ["t1>f1"]
    assert [len(column) for column in opened.columns[:4]] == [1, 1, 2, 2]
    for other in (generator(game), generator(game, sound=False)):
        assert other.opening(other.deal.start)[1] == []


def test_it_misses_a_card_taken_back_only_to_lay_bare_the_one_under_it() -> None:
    """Double Klondike, a position found by comparing it with the proof: a win there takes the
    queen of hearts back only so that the jack under it can come down (onto the queen of clubs,
    itself taken back), and builds on the jack.  The search that takes back only to build runs
    out of positions; the proof wins: so the former's running out proves nothing."""
    game = small_position("double-klondike", 19, 28)
    moves = generator(game, takes_back_only_to_build=True)
    assert run_alone(DepthFirstSearch(moves, moves.deal.start, max_nodes=4 * SMALL_POSITION_NODES)).verdict == LOSS
    proof = MoveGenerator.for_game(game, True)
    found = run_alone(proof_for(proof, proof.deal.start, max_nodes=4 * SMALL_POSITION_NODES))
    assert found.verdict == WIN and replays_to_a_win(game, found.moves)


@pytest.mark.parametrize("game_id", [pytest.param("easy-harp", marks=pytest.mark.slow), "double-klondike",
                                     "endless-harp", pytest.param("big-harp", marks=pytest.mark.slow)])
def test_its_wins_replay_and_it_wins_no_position_the_proof_finds_lost(game_id: str) -> None:
    """On small random positions (cards strewn, and runs as in play), depth-first and best-first."""
    wins = losses = 0
    for seed in range(6):
        for game in (small_position(game_id, seed, 40), run_position(game_id, seed, 55, spread=6)):
            moves = generator(game, takes_back_only_to_build=True)
            # (The best-first one for fewer positions: it takes several times as long a position.)
            for search, nodes in ((DepthFirstSearch(moves, moves.deal.start), 20_000),
                                  (BestFirstSearch(moves, moves.deal.start), 4_000)):
                while search.result is None and search.nodes < nodes:
                    search.advance(1000)
                found = search.result
                if found is not None and found.verdict == WIN:
                    wins += 1
                    assert replays_to_a_win(game, found.moves), (seed, search)
                    proof = MoveGenerator.for_game(game, True)
                    assert run_alone(proof_for(proof, proof.deal.start, max_nodes=20_000)).verdict != LOSS, seed
                losses += found is not None and found.verdict == LOSS
    assert wins >= 12, (wins, losses)


@pytest.mark.parametrize("game_id, added", [
    ("easy-harp", True), ("big-harp", True), ("double-klondike", True), ("endless-harp", True),
    ("harpan", False), ("harp", False), ("gargantua", False),
])
def test_it_takes_turns_where_there_are_two_decks_and_take_backs(game_id: str, added: bool) -> None:
    """A depth-first and a best-first search, the depth-first one with half a quantum a turn
    (``half_turns``), the best-first one a whole one, and a depth-first one by the deep-columns
    distance (not without that technique).  They are quick searches: their losses are not
    proofs (``Settings.proves_losses``).  In thoughtful mode only: the page's hints (fair mode)
    search as before, in slices no longer than before."""
    run = start_search(harp.Game.new(game_id, deal=1), max_nodes=100, thoughtful=True)
    to_build = [each for each in run.quick_searches if each.settings.takes_back_only_to_build]
    three = [DepthFirstSearch, BestFirstSearch, DepthFirstSearch]
    assert [type(each) for each in to_build] == (three if added else [])
    assert [each.settings.deep_columns for each in to_build] == ([False, False, True] if added else [])
    assert run.to_build == to_build and run.half_turns == to_build[:1]
    for search in to_build:
        assert search.settings.sound and not search.settings.proves_losses
        assert search in run.turns
    assert all(each.settings.proves_losses == (each is run.proof) for each in run.all_searches())
    shallow = without("deep-columns")
    run = start_search(harp.Game.new(game_id, deal=1), max_nodes=100, thoughtful=True, techniques=shallow)
    assert [type(each) for each in run.to_build] == ([DepthFirstSearch, BestFirstSearch] if added else [])
    for thoughtful, techniques in ((True, NOT_TO_BUILD), (False, TECHNIQUES)):
        run = start_search(harp.Game.new(game_id, deal=1), max_nodes=100, thoughtful=thoughtful, techniques=techniques)
        assert not any(each.settings.takes_back_only_to_build for each in run.all_searches())


@pytest.mark.parametrize("game_id, deal", [("easy-harp", 51), ("big-harp", 7)])
def test_their_turns(game_id: str, deal: int) -> None:
    """Half a quantum for the depth-first one, then a whole one for the best-first one and one
    for the depth-first one by the deep-columns distance, then the next search's turn (deals
    unknown in 10 s, so that none ends its turn early with an answer; without restarts, whose
    searches take turns from where the turn is when they start)."""
    no_restarts = without("restarts")
    run = start_search(harp.Game.new(game_id, deal=deal), thoughtful=True, techniques=no_restarts)
    while run.turns[run.turn] is not run.to_build[0]:
        run.advance(run.QUANTUM)
    first, before = run.turn, [search.nodes for search in run.to_build]
    run.advance(run.QUANTUM // 2 + 2 * run.QUANTUM)
    assert [search.nodes - was for search, was in zip(run.to_build, before)] == [
        run.QUANTUM // 2, run.QUANTUM, run.QUANTUM]
    assert run.turn == first + 3 and run.used == 0


def test_it_wins_what_the_other_searches_do_not() -> None:
    """Easy Harp deal 454 (unknown in 10 s without it): won within 10,000 positions with it,
    not in 60,000 without (nor the beam search); the win replays."""
    game = harp.Game.new("easy-harp", deal=454)
    found = solve(game, thoughtful=True, max_nodes=10_000)
    assert found.verdict == WIN and replays_to_a_win(game, found.moves)
    neither = tuple(t for t in NOT_TO_BUILD if t != "beam")  # (the beam search wins it too)
    assert solve(game, thoughtful=True, max_nodes=60_000, techniques=neither).verdict == UNKNOWN


@pytest.mark.parametrize("game_id, deal", [("easy-harp", 454), ("big-harp", 12)])
def test_every_move_it_makes_replays_along_a_won_deal(game_id: str, deal: int) -> None:
    """At every fifth position of a win, each move list it makes (a take-back is one with the
    moves that build on it) replays through the engine to the position it gives; some of them
    take a card back and build on it; and after a take-back, the next move (stock taps aside)
    puts a card on it or sends one up, as no other move would keep it down."""
    game = harp.Game.new(game_id, deal=deal)
    found = solve(game, thoughtful=True, max_nodes=40_000)
    assert found.verdict == WIN
    built_on = 0
    for step, move in enumerate(found.moves):
        if step % 5 == 0:
            moves = generator(game, takes_back_only_to_build=True)
            for line, after, _, _ in moves.successors(moves.deal.start, None):
                twin = game.copy()
                for each in line:
                    twin.play(each)
                assert generator(twin).deal.start == after, line
                if line[0].startswith("f") and len(line) > 1:
                    built_on += 1
                    column = line[0].split(">")[1]
                    following = next(each for each in line[1:] if each != "s")
                    assert following.endswith(">" + column) or ">f" in following, line
        game.play(move)
    assert game.is_won() and built_on > 0
