"""Easy Harp's score, the move counter, and undo (100 actions in Easy Harp, unlimited elsewhere)."""

from __future__ import annotations

import pytest

import harp
from engine_helpers import build, without_moves
from game_facts import GAME_IDS, games_where


@pytest.mark.parametrize(
    "layout, move, points",
    [
        # card to a foundation: +10
        (dict(tableau=[["AS"]]), "t1>f1", 10),
        (dict(tableau=[], waste=["AS"]), "w>f1", 10),
        # ...that also turns a face-down card up: +10 +5
        (dict(tableau=[["5c", "AS"]]), "t1>f1", 15),
        # face-down card turned up: +5
        (dict(tableau=[["5c", "8S"], ["9H"]]), "t1>t2", 5),
        # moving off a face-up card turns nothing: 0
        (dict(tableau=[["5c", "9D", "8S"], ["9H"]]), "t1>t2", 0),
        # emptying a column turns nothing up: 0
        (dict(tableau=[["8S"], ["9H"]]), "t1>t2", 0),
        # waste to tableau: +5
        (dict(tableau=[["9H"]], waste=["8S"]), "w>t1", 5),
        # king-led run into a space, turning a card up: +5
        (dict(tableau=[["5c", "KS", "QH"], []]), "t1:2>t2", 5),
        # stock tap: 0
        (dict(tableau=[["KS"]]), "s", 0),
        # take-back: 0
        (dict(tableau=[["3H"]], foundations={1: ["AS", "2S"]}), "f1>t1", 0),
    ],
)
def test_points_per_action(layout: dict, move: str, points: int) -> None:
    g = build("easy-harp", **layout)
    g.score = 40  # points are added to what is there
    g.play(move)
    assert g.score == 40 + points
    assert g.moves == 1
    assert g.undo()
    assert g.score == 40, "undo removes exactly the points the action earned"
    assert g.moves == 1, "undo never lowers the move counter"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_keeps_score_and_moves(game_id: str) -> None:
    g = build(game_id, [["5c", "AS"], ["9H"]], waste=["8S"])
    g.play("w>t2")
    g.play("t1>f1")
    assert (g.score, g.moves) == (5 + 15, 2)
    assert g.view()["score"] == 20 and g.view()["moves"] == 2


def test_take_back_then_return_scores_again() -> None:
    g = build("easy-harp", [["3H"]], foundations={1: ["AS", "2S"]})
    g.play("f1>t1")
    assert g.score == 0
    g.play("t1>f1")
    assert g.score == 10, "a card scores +10 each time it reaches a foundation"
    g.play("f1>t1")
    g.play("t1>f")
    assert g.score == 20
    assert g.moves == 4


def test_undo_removes_exactly_the_points_step_by_step() -> None:
    g = build("easy-harp", [["5c", "AS"], ["9h", "8S"], ["9D"], []], waste=["7H", "2S"])
    moves = ["t1>f1", "w>f1", "t2>t3", "w>t3", "s"]
    # AS home +10 and 5C up +5; 2S home +10; 8S on 9D, 9H up +5; 7H from the waste +5; a tap 0
    expected = [0, 15, 25, 30, 35, 35]
    scores = [g.score]
    for m in moves:
        g.play(m)
        scores.append(g.score)
    assert scores == expected
    for want in reversed(expected[:-1]):
        assert g.undo()
        assert g.score == want
    assert g.moves == 5
    assert not g.undo()


def test_hand_scored_sequence() -> None:
    g = build("easy-harp", [["5c", "AS"], ["9h", "8S"], ["9D"]], waste=["7H"], stock=["2S"], fill=False)
    g.play("t1>f1")  # AS home (+10), 5C turns up (+5)
    assert g.score == 15
    g.play("t2>t3")  # 8S onto 9D, 9H turns up (+5)
    assert g.score == 20
    g.play("w>t3")  # 7H from the waste onto 8S (+5)
    assert g.score == 25
    g.play("s")  # 2S drawn (0)
    g.play("w>f1")  # 2S home (+10)
    assert g.score == 35
    assert g.moves == 5
    g.undo()
    g.undo()
    assert g.score == 25
    assert g.moves == 5


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_returns_the_exact_previous_position(game_id: str) -> None:
    g = harp.Game.new(game_id, deal=41)
    history = [g.view(reveal=True)]
    for i in range(60):
        moves = g.legal_moves()
        non_stock = [m for m in moves if m != "s"]
        g.play(non_stock[i % len(non_stock)] if non_stock and i % 3 else "s")
        history.append(g.view(reveal=True))
    played = g.moves
    for expected in reversed(history[:-1]):
        assert g.undo()
        now = g.view(reveal=True)
        assert without_moves(now) == without_moves(expected) | {"can_undo": now["can_undo"]}
        assert now["moves"] == played
    assert not g.undo()
    assert not g.view()["can_undo"]


def test_easy_harp_undo_reaches_back_exactly_100_actions() -> None:
    g = harp.Game.new("easy-harp", deal=6)
    positions = [g.view(reveal=True)]
    for _ in range(150):
        g.play("s")
        positions.append(g.view(reveal=True))
    for i in range(100):
        assert g.undo(), f"undo {i + 1} of 100"
    assert not g.undo(), "the 101st undo is refused"
    assert not g.view()["can_undo"]
    assert g.view(reveal=True)["stock_cards"] == positions[50]["stock_cards"]
    assert g.view()["waste"] == positions[50]["waste"]
    assert g.moves == 150
    # the floor is sticky: new actions can be undone, but never past it
    for _ in range(5):
        g.play("s")
    for _ in range(5):
        assert g.undo()
    assert not g.undo()
    assert g.view()["waste"] == positions[50]["waste"]
    assert g.moves == 155


def test_easy_harp_floor_moves_forward_with_play() -> None:
    g = harp.Game.new("easy-harp", deal=6)
    for _ in range(120):
        g.play("s")
    for _ in range(30):
        assert g.undo()
    # 90 actions are live, the floor is at 20
    for _ in range(40):
        g.play("s")
    # 130 live, floor 30: exactly 100 undos
    count = 0
    while g.undo():
        count += 1
    assert count == 100


def test_easy_harp_actions_past_the_window_stay_gone() -> None:
    """Once an action falls out of the last 100, undoing and replaying never brings it back."""
    g = harp.Game.new("easy-harp", deal=6)
    for _ in range(150):
        g.play("s")  # actions 1-50 are past the window
    for _ in range(30):
        assert g.undo()
    for _ in range(5):
        g.play("s")  # 125 actions, of which only 51-125 can still be undone
    count = 0
    while g.undo():
        count += 1
    assert count == 75


@pytest.mark.parametrize("game_id", games_where(lambda rules: rules.undo_limit is None))
def test_other_games_undo_without_limit(game_id: str) -> None:
    g = harp.Game.new(game_id, deal=6, passes=None)
    start = g.view(reveal=True)
    for _ in range(250):
        g.play("s")
    count = 0
    while g.undo():
        count += 1
    assert count == 250
    assert without_moves(g.view(reveal=True)) == without_moves(start)
    assert g.moves == 250


def test_score_never_negative() -> None:
    g = build("easy-harp", [["3H"]], foundations={1: ["AS", "2S"]})
    g.play("f1>t1")
    g.play("s")
    g.undo()
    g.undo()
    assert g.score == 0
