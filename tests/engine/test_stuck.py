"""The shallow stuck verdict and Harpan's four questions, on hand-built positions."""

from __future__ import annotations

from typing import Any

import pytest

import harp
from engine_helpers import build

# Nine columns, each a face-down card under a black top card. Black never goes
# on black, none of them is an ace or a king, and nothing is on the foundations:
# no move at all.
# Kings are inert too: no empty column to go to. Games use the first 7, 9 or 10 columns.
DOWN = ["2h", "4d", "6h", "8d", "th", "qd", "2d", "4h", "6d", "8h"]
TOPS = ["5S", "5C", "9S", "9C", "JS", "JC", "KS", "KC", "3S", "QC"]


def position(game_id: str = "harp", tops: list[str] | None = None, **kw: Any) -> harp.Game:
    columns = harp.GAMES[game_id].columns
    cols = [[d, t] for d, t in zip(DOWN, tops or TOPS)][:columns]
    kw.setdefault("stock", [])
    return build(game_id, kw.pop("tableau", cols), **kw)


def answers(g: harp.Game) -> list[bool]:
    return [check.found for check in g.stuck_checks()]


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_nothing_to_do_is_stuck(game_id: str) -> None:
    g = position(game_id)
    assert g.legal_moves() == []
    assert g.is_stuck()
    assert answers(g) == [False, False, False, False]


def test_stuck_checks_ask_the_four_questions_by_key() -> None:
    checks = position().stuck_checks()
    assert [check.key for check in checks] == ["waste_playable", "run_uncovers", "takeback_opens", "king_to_space"]
    assert [check.question for check in checks] == list(harp.progress.STUCK_QUESTIONS.values())
    questions = [check.question.lower() for check in checks]
    assert "waste" in questions[0]
    assert "face-down" in questions[1] or "uncover" in questions[1]
    assert "foundation" in questions[2]
    assert "king" in questions[3] and "empty" in questions[3]
    assert all(q.endswith("?") for q in questions)


def test_a_foundation_move_is_not_stuck() -> None:
    g = position(foundations={1: ["AS", "2S", "3S", "4S"]})
    assert g.legal_moves() == ["t1>f1"]
    assert not g.is_stuck()


def test_a_column_that_can_be_emptied_is_not_stuck() -> None:
    cols = [[d, t] for d, t in zip(DOWN, TOPS)][:9]
    cols[0] = ["8D"]  # alone in its column, and it fits on a black 9
    g = position(tableau=cols)
    assert not g.is_stuck()


def test_a_reachable_waste_card_is_not_stuck() -> None:
    g = position(stock=["JD", "4H", "KD"])  # the 4H fits on a black 5, two taps away
    assert g.legal_moves() == ["s"]
    assert not g.is_stuck()
    assert answers(g)[0] is False, "the top of the waste is not playable yet"


def test_the_top_waste_card_is_playable() -> None:
    g = position(waste=["4H"])
    assert not g.is_stuck()
    assert answers(g)[0] is True


def test_cycling_an_unplayable_stock_is_stuck() -> None:
    g = position("easy-harp", stock=["7D", "KH"], waste=["8S"], passes_used=2)   # every card seen
    assert g.legal_moves() == ["s"]
    assert g.is_stuck(), "drawing round an unchanged stock counts as nothing"


@pytest.mark.parametrize("game_id", ["easy-harp", "big-harp"])
def test_a_stock_not_yet_seen_is_never_called_useless(game_id: str) -> None:
    # Before the first redeal the stock's cards are unseen: calling the game stuck would give
    # away that none of them fits.  Once they have all been through the waste, it is stuck.
    assert not position(game_id, stock=["7D"], waste=["8S"]).is_stuck()
    if harp.GAMES[game_id].passes != 1:
        assert position(game_id, stock=["7D"], waste=["8S"], passes_used=2).is_stuck()


@pytest.mark.parametrize("passes_used, stuck", [(4, True), (3, False)])
def test_buried_waste_card_and_the_passes_left(passes_used: int, stuck: bool) -> None:
    # the 4H fits on a black 5 but is under the KD; only a redeal brings it up
    g = position(waste=["4H", "KD"], passes_used=passes_used)
    assert g.view()["passes_left"] == 4 - passes_used
    assert g.is_stuck() is stuck


@pytest.mark.parametrize("stock, stuck", [(["JD", "4H", "KD"], True), (["JD", "4H", "KD", "9D"], False)])
def test_draw_three_reaches_only_every_third_card(stock: list[str], stuck: bool) -> None:
    # draw 3, unlimited passes: with 3 cards the 4H is always in the middle of the fan;
    # with a fourth card on top, the first tap turns 9D, KD, 4H and the 4H is playable
    g = position(stock=stock, draw=3, passes=None, passes_used=2)   # the stock seen once round
    assert g.is_stuck() is stuck


def test_take_back_that_opens_a_move_is_not_stuck() -> None:
    tops = ["7H", "5H", "9S", "9C", "JS", "JC", "KS", "KC", "QS"]
    spades = ["AS", "2S", "3S", "4S", "5S", "6S"]
    g = position("easy-harp", tops=tops, foundations={1: spades})
    # 6S back onto the 7H lets the 5H go on it and turn a card up
    assert g.legal_moves() == ["f1>t1"]
    assert not g.is_stuck()
    assert answers(g) == [False, False, True, False]
    # without a card that could use the 6S, the take-back alone is no progress
    tops[1] = "TS"
    g = position("easy-harp", tops=tops, foundations={1: spades})
    assert g.legal_moves() == ["f1>t1"]
    assert g.is_stuck()
    assert answers(g) == [False, False, False, False]


def test_tableau_move_that_frees_a_foundation_card_is_not_stuck() -> None:
    cols = [[d, t] for d, t in zip(DOWN, TOPS)][:9]
    cols[2] = ["6h", "9S", "8H"]  # the 8H can move to the 9C, then the 9S goes home
    g = position(tableau=cols, foundations={1: ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]})
    assert sorted(g.legal_moves()) == ["t3>t4"]
    assert not g.is_stuck()


def test_shuttling_between_equivalent_places_is_stuck() -> None:
    cols = [[d, t] for d, t in zip(DOWN, TOPS)][:9]
    cols[2] = ["6h", "9S", "8H"]  # the 8H can go to the 9C and back: nothing changes
    g = position(tableau=cols)
    assert g.legal_moves() == ["t3>t4"]
    assert g.is_stuck()


def test_run_that_uncovers_a_card() -> None:
    cols = [[d, t] for d, t in zip(DOWN, TOPS)][:7]
    cols[0] = ["2h", "9H", "8S"]
    cols[1] = ["4d", "TS"]
    g = position("harpan", tableau=cols)
    assert "t1:2>t2" in g.legal_moves()
    assert not g.is_stuck()
    assert answers(g)[1] is True


def test_king_to_an_empty_column() -> None:
    cols = [[d, t] for d, t in zip(DOWN, TOPS)][:7]
    cols[0] = ["2h", "KD"]
    cols[6] = []
    g = position("harpan", tableau=cols)
    assert "t1>t7" in g.legal_moves()
    assert not g.is_stuck()
    assert answers(g)[3] is True
    # a lone king moved to another space is a no-op: still stuck without it
    cols[0] = ["KD"]
    g = position("harpan", tableau=cols)
    assert g.is_stuck()
    assert answers(g)[3] is False


def test_won_game_is_not_stuck() -> None:
    spades = [r + "S" for r in "A23456789TJQK"]
    hearts = [r + "H" for r in "A23456789TJQK"]
    diamonds = [r + "D" for r in "A23456789TJQK"]
    clubs = [r + "C" for r in "A23456789TJQK"]
    g = build("harpan", [], foundations={1: spades, 2: hearts, 3: diamonds, 4: clubs}, stock=[])
    assert g.is_won() and not g.is_stuck()
