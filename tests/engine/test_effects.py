"""``harp.effect_of`` names what a move does, as playing it shows, and the hint follows its order.

Random games in every game: at each position every legal move is played on a
copy, and what changed (cards face down, cards on the foundations, empty
columns, the stock) must give the effect ``effect_of`` named, the best one
when a move does several things.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

import harp
from harp import Effect, effect_of
from harp.progress import progress_moves
from game_facts import GAME_IDS


def observed(game: harp.Game, move: str) -> Effect:
    """What playing ``move`` on a copy of ``game`` does, the best effect first."""
    after = game.copy()
    after.play(move)
    if move == "s":
        return Effect.TURNS if len(after.stock) > len(game.stock) else Effect.DRAWS
    up_before, up_after = (sum(map(len, g.foundations)) for g in (game, after))
    empty_before, empty_after = (sum(1 for column in g.tableau if not column) for g in (game, after))
    if sum(after.down) < sum(game.down):
        return Effect.UNCOVERS
    if up_after > up_before:
        return Effect.HOME
    if up_after < up_before:
        return Effect.TAKES_BACK
    if empty_after > empty_before:
        return Effect.EMPTIES
    if move.startswith("w"):
        return Effect.FROM_STOCK
    return Effect.SHIFTS


def positions_of_random_play(game_id: str, deal: int, seed: int) -> Iterator[harp.Game]:
    """Up to 60 positions of a game played at random, each with legal moves."""
    game = harp.Game.new(game_id, deal=deal)
    choose = random.Random(seed)
    for _ in range(60):
        moves = game.legal_moves()
        if not moves:
            return
        yield game
        game.play(choose.choice(moves))


games = {"game_id": st.sampled_from(GAME_IDS), "deal": st.integers(1, harp.MAX_DEAL), "seed": st.integers(0, 2**32)}


@settings(max_examples=40, deadline=None)
@given(**games)
def test_every_legal_move_does_what_its_effect_says(game_id: str, deal: int, seed: int) -> None:
    for game in positions_of_random_play(game_id, deal, seed):
        for move in game.legal_moves():
            assert effect_of(game, move) is observed(game, move), f"{game.code} after {game.history}: {move}"


@settings(max_examples=30, deadline=None)
@given(**games)
def test_the_hint_makes_the_best_progress_there_is(game_id: str, deal: int, seed: int) -> None:
    for game in positions_of_random_play(game_id, deal, seed):
        progress = progress_moves(game)
        if progress:
            hinted = harp.hint(game)
            assert hinted is not None
            assert effect_of(game, hinted) == min(effect for _, effect in progress), f"{game.code}: {hinted}"


def test_effects_are_named_and_ordered_as_documented() -> None:
    game = harp.Game.new("harpan", deal=1)
    assert effect_of(game, "s") is Effect.DRAWS
    assert effect_of(game, "t2>t5") is Effect.UNCOVERS     # the one face-up card of a column with cards under it
    assert list(Effect) == sorted(Effect), "best first"
    assert Effect.UNCOVERS < Effect.HOME < Effect.EMPTIES < Effect.FROM_STOCK < Effect.SHIFTS < Effect.TAKES_BACK
    try:
        effect_of(game, "t9>t1")
    except harp.IllegalMove as error:
        assert "t9" in str(error)
    else:
        raise AssertionError("a column the game does not have is no move")
