"""How the solver sees a position: its state names what the game shows, its distance from a
win counts what the techniques say (face-down cards, cards on them, deep columns, cards drawn
from a limited stock), and its key leaves the talon out only where every card stays in reach."""

from __future__ import annotations

import dataclasses
import random

import pytest

import harp
from harp.solver.distance import distance_for
from harp.solver.moves import MoveGenerator
from harp.solver.state import State, foundation_for, next_slots
from positions import small_position
from solverkit import generator, without


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_the_solvers_state_names_what_the_game_shows(game_id: str) -> None:
    game = harp.Game.new(game_id, deal=6)
    for _ in range(5):
        game.play("s")
    moves = generator(game)
    state = moves.deal.start
    view = game.view(reveal=True)
    assert [len(c) for c in state.columns] == [sum(1 for n in col if n.isupper()) for col in view["tableau"]]
    assert state.downs == tuple(game.down)
    assert len(state.talon) == len(view["waste"]) + view["stock"] and state.waste_size == len(view["waste"])
    assert state.pass_number == game.pass_number
    reserved = game.rules.reserved_slots
    assert state.foundations == tuple((i // game.rules.decks if reserved else -1, 0)
                                      for i in range(game.rules.foundations))
    # One face-up card lies on each column that hides cards; where cards move one at a time it
    # counts two, and a face-down card eight.  Where passes are limited, the 5 cards drawn count.
    drawn = 5 if game.rules.passes is not None else 0
    if game.rules.one_card:
        assert moves.distance(state) == 8 * sum(game.down) + 2 * sum(1 for down in game.down if down) + drawn
    else:
        assert moves.distance(state) == 4 * sum(game.down) + drawn
    assert generator(game, techniques=()).distance(state) == 4 * sum(game.down)


@pytest.mark.parametrize("game_id, counts", [("easy-harp", 2), ("harp", 0)])
def test_a_card_on_a_face_down_one_counts_in_the_distance_where_cards_move_one_at_a_time(
        game_id: str, counts: int) -> None:
    """Where cards move one at a time, each on a face-down card is a move more before it turns
    up; where runs move whole, one move clears the lot."""
    moves = generator(harp.Game.new(game_id, deal=1))
    state = moves.deal.start
    bare, hiding = state.downs.index(0), state.downs.index(max(state.downs))
    card = state.columns[bare][-1]

    def with_card_on(column: int) -> State:
        columns = list(state.columns)
        columns[column] = columns[column] + (card,)
        return state._replace(columns=tuple(columns))

    assert moves.distance(with_card_on(hiding)) == moves.distance(state) + counts
    assert moves.distance(with_card_on(bare)) == moves.distance(state)


def test_the_deep_columns_distance_adds_the_square_of_each_columns_face_down_cards() -> None:
    moves = generator(harp.Game.new("easy-harp", deal=1))
    state = moves.deal.start
    plain = moves.distance(state)
    deep = distance_for(dataclasses.replace(moves.settings, deep_columns=True))
    assert deep(state) == plain + sum(down * down for down in state.downs)
    # Two columns of 4 and 2 face-down cards look further from a win than 3 and 3.
    uneven = state._replace(downs=(4, 2) + state.downs[2:])
    even = state._replace(downs=(3, 3) + state.downs[2:])
    assert deep(uneven) == deep(even) + 2


@pytest.mark.parametrize("game_id, counted", [("gargantua", True), ("big-harp", True), ("harp", True),
                                              ("double-klondike", False), ("easy-harp", False)])
def test_where_passes_are_limited_every_card_drawn_from_the_stock_counts_in_the_distance(
        game_id: str, counted: bool) -> None:
    """The stock is spent for good where passes are limited: a card drawn adds one, and a pass
    gone by adds the whole talon."""
    moves = generator(harp.Game.new(game_id, deal=1))
    state = moves.deal.start
    assert state.waste_size == 0 and state.pass_number == 1
    drawn = state._replace(waste_size=5)
    next_pass = state._replace(pass_number=2)
    assert moves.distance(drawn) - moves.distance(state) == (5 if counted else 0)
    assert moves.distance(next_pass) - moves.distance(state) == (len(state.talon) if counted else 0)
    uncounted = generator(harp.Game.new(game_id, deal=1), techniques=without("stock-drawn"))
    assert uncounted.distance(drawn) == uncounted.distance(next_pass) == uncounted.distance(state)


@pytest.mark.parametrize("game_id, kept_in_order", [("easy-harp", False), ("double-klondike", False),
                                                    ("harp", True), ("endless-harp", True)])
def test_the_talon_is_a_set_in_the_key_only_where_every_card_stays_in_reach(
        game_id: str, kept_in_order: bool) -> None:
    """Drawing one card with no pass limit, any talon card can be played at any time, so two
    talons with the same cards in another order are the same position."""
    moves = generator(harp.Game.new(game_id, deal=2))
    state = moves.deal.start
    swapped = state._replace(talon=state.talon[::-1])
    assert sorted(swapped.talon) == sorted(state.talon) and swapped.talon != state.talon
    assert (moves.keys.key(swapped) != moves.keys.key(state)) == kept_in_order


@pytest.mark.parametrize("game_id", ["easy-harp", "double-klondike"])
@pytest.mark.parametrize("thoughtful", [True, False])
def test_where_the_key_leaves_the_talon_out_the_rest_of_the_key_tells_its_cards(game_id: str, thoughtful: bool) -> None:
    """Drawing one card with no pass limit the key leaves the talon out: the cards in it are the
    ones neither in the columns nor on the foundations.  Over random play (the quick searches'
    moves, take-backs and stock plays among them), positions with one key hold one talon."""
    rng = random.Random(f"{game_id} {thoughtful}")
    talons: dict[object, list[int]] = {}
    for deal in range(1, 7):
        game = harp.Game.new(game_id, deal=deal)
        if not thoughtful:
            while game.pass_number == 1:  # a first pass, so that the stock is known
                game.play("s")
        made = MoveGenerator.for_game(game, thoughtful)
        moves = made.with_settings(dataclasses.replace(made.settings, sound=False))
        state = moves.deal.start
        for _ in range(150):
            talons.setdefault(moves.keys.key(state)[0], sorted(state.talon))
            assert talons[moves.keys.key(state)[0]] == sorted(state.talon), (deal, state)
            children = moves.successors(state, None)
            if not children:
                break
            state = rng.choice(children)[1]
    assert len(talons) > 200  # (many positions, with talons of many sizes)
    assert len({len(talon) for talon in talons.values()}) > 10


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_the_slot_a_card_goes_up_on_is_the_first_the_engine_would_take_it_on(game_id: str) -> None:
    """``foundation_for`` and ``next_slots`` (the solver's quick answers) name, for every card,
    the first slot the engine's own rule accepts it on, or none, on 40 random foundations, some
    with empty slots."""
    rules = harp.GAMES[game_id]
    for seed in range(40):
        game = small_position(game_id, seed, left=rules.cards * (1, 4, 8, 9)[seed % 4] // 10)
        foundations = generator(game).deal.start.foundations
        up = next_slots(foundations)
        for card in range(52):
            first = next((slot for slot in range(rules.foundations) if game.foundation_accepts(slot, card)), -1)
            assert foundation_for(foundations, card) == first == up.get(card, -1), (seed, foundations, card)
