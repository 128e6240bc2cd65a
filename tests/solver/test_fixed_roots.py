"""Technique "fixed-roots": a loss proof by an easier game (harp/solver/fixed_roots.py).

Its soundness rests on one claim: every position reached by play is one the easier game
allows, and every move either leaves the easier position as it is or is a move of the
easier game.  The property test checks exactly that, move by move, over random play in every
game and option set; the others check what it proves on real deals."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import harp
from engine_helpers import build
from game_facts import GAME_IDS
from harp.solver import LOSS, UNKNOWN, solve, start_search
from harp.solver.fixed_roots import EasierPosition, FixedRootsProof
from harp.solver.state import Deal, State
from solverkit import without

NO_FIXED_ROOTS = without("fixed-roots")


def easier(state: State, proof: FixedRootsProof) -> EasierPosition:
    """The easier game's position for a real one: cards only from the stock taken back from
    the foundations' tops (``FixedRootsProof.settled``)."""
    return EasierPosition(state.downs, proof.settled(state.foundations))


@settings(deadline=None, derandomize=True, database=None, max_examples=60,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(GAME_IDS), st.sampled_from(["king", "any"]), st.booleans(),
       st.integers(1, 999_999), st.lists(st.integers(0, 1 << 30), min_size=120, max_size=260))
def test_every_move_of_play_is_a_move_of_the_easier_game(game_id: str, empty: str, takeback: bool,
                                                         deal: int, choices: list[int]) -> None:
    """From a deal, random play (moves other than the stock three times in four): after each
    move the position fits the easier game, and it is the easier position before the move or
    one of its moves.  (Positions of the easier game, as its search keeps them: no card only
    from the stock on top of a foundation.)"""
    game = harp.Game.new(game_id, deal=deal, empty=empty, takeback=takeback)
    start = Deal(game, thoughtful=True)
    proof = FixedRootsProof(start, start.start)
    position = easier(start.start, proof)
    changes = 0
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        others = [move for move in moves if move != "s"]
        pool = others if others and choice % 4 else moves
        game.play(pool[(choice >> 2) % len(pool)])
        after = easier(Deal(game, thoughtful=True).start, proof)
        assert proof.fits(after, -1), f"{game_id} {deal}: a real position the easier game does not allow"
        if proof.key(after) != proof.key(position):
            reachable = {proof.key(each) for each in proof.moves(position) if proof.fits(each, -1)}
            assert proof.key(after) in reachable, f"{game_id} {deal}: a real move the easier game cannot make"
            changes += 1
        position = after
    assert changes or not game.moves, "play changed no card's place at all"


def test_it_proves_a_harpan_deal_lost_that_the_other_searches_leave_unknown() -> None:
    """Harpan deal 631: the easier game is lost in a few hundred positions; without the
    technique no search settles the deal in 20,000."""
    game = harp.Game.new("harpan", deal=631)
    with_it = solve(game, thoughtful=True, max_nodes=20_000)
    assert with_it.verdict == LOSS and with_it.nodes < 5_000
    assert solve(game, thoughtful=True, max_nodes=20_000, techniques=NO_FIXED_ROOTS).verdict == UNKNOWN


def test_where_the_easier_game_is_won_it_leaves_the_turns_at_once() -> None:
    """Harpan deal 1 is won: so is the easier game, within its first turn, and then it takes
    no more turns (it proves nothing)."""
    run = start_search(harp.Game.new("harpan", deal=1), thoughtful=True, max_nodes=3000,
                       techniques=tuple(t for t in NO_FIXED_ROOTS + ("fixed-roots",) if t != "restarts"))
    easier_game = run.fixed_roots
    assert easier_game is not None and run.turns[0] is easier_game
    run.advance(1_000)
    assert easier_game.gave_up and easier_game.result is None and easier_game.nodes < 1_000
    assert easier_game not in run.turns


def test_it_needs_every_card_known_and_columns_that_are_runs() -> None:
    """Fair mode has no easier game (the face-down cards are unknown), nor has a position set up
    with a column whose face-up cards are not one run (no play reaches one)."""
    game = harp.Game.new("harpan", deal=631)
    assert start_search(game, max_nodes=100).fixed_roots is None
    assert start_search(game, max_nodes=100, thoughtful=True).fixed_roots is not None
    runs = build("harpan", [["2c", "6S", "5D"], ["9C"]])
    assert start_search(runs, max_nodes=100, thoughtful=True).fixed_roots is not None
    not_a_run = build("harpan", [["2c", "6S", "5D"], ["9C", "5H"]])
    assert start_search(not_a_run, max_nodes=100, thoughtful=True).fixed_roots is None


def test_a_card_lowest_in_its_column_from_the_start_may_stay_there_whatever_it_is() -> None:
    """The 9 of clubs alone in the second column, both red tens face down in the first: it lies
    on nothing and is no king, yet the position fits the easier game (it never had to move),
    and the easier game is not lost before it starts."""
    game = build("harpan", [["th", "td", "6S", "5D"], ["9C"]])
    deal = Deal(game, thoughtful=True)
    proof = FixedRootsProof(deal, deal.start)  # (it checks that its start fits)
    assert proof.fits(easier(deal.start, proof), -1)
    # With the 9 of clubs dealt on a face-down card of the second column instead, it is that
    # column's fixed lowest card; turning that card up needs the 9 to lie elsewhere: it cannot.
    under = build("harpan", [["th", "td", "6S", "5D"], ["2c", "9C"]])
    under_deal = Deal(under, thoughtful=True)
    under_proof = FixedRootsProof(under_deal, under_deal.start)
    assert not under_proof.fits(easier(under_deal.start, under_proof), 1)
