"""Moves: docs/rules.md's legal and illegal examples, per game, on hand-built positions."""

from __future__ import annotations

import itertools

import pytest

import harp
from harp.game import Game
from harp.notation import split_move
from engine_helpers import ALL_NAMES, assert_full_deck, build, is_red, rank_of
from game_facts import GAME_IDS, facts, games_where

RESERVED_GAMES = games_where(lambda rules: rules.reserved_slots)
ANY_ACE_GAMES = games_where(lambda rules: not rules.reserved_slots)
KING_SPACE_GAMES = games_where(lambda rules: rules.empty == "king")  # by default
RUN_GAMES = games_where(lambda rules: not rules.one_card)  # whole runs move between columns


def refused(g: Game, move: str, *words: str) -> str:
    """Assert ``move`` is refused with a readable message that leaves the game alone."""
    before = g.view(reveal=True)
    with pytest.raises(harp.IllegalMove) as info:
        g.play(move)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert len(message.split()) >= 4, f"not a sentence: {message!r}"
    for word in words:
        assert word in message.lower(), f"{word!r} not in {message!r}"
    assert g.view(reveal=True) == before, "a refused move changed the game"
    assert move not in g.legal_moves()
    return message


def allowed(g: Game, move: str) -> Game:
    assert move in g.legal_moves(), f"{move} missing from {g.legal_moves()}"
    g.play(move)
    return g


def tableau(g: Game) -> list[list[str]]:
    return g.view(reveal=True)["tableau"]


# ----- building on the tableau ----------------------------------------------------


def test_tableau_building_matches_the_rule_for_every_pair_of_cards() -> None:
    """A card goes on a face-up card of the other colour, one rank higher: all 52 x 52 pairs."""
    for mover, target in itertools.product(ALL_NAMES, ALL_NAMES):
        if mover == target:
            continue
        g = build("harpan", [[target], [mover]], stock=[])
        expected = rank_of(mover) + 1 == rank_of(target) and is_red(mover) != is_red(target)
        assert ("t2>t1" in g.legal_moves()) == expected, (mover, target)
        if expected:
            g.play("t2>t1")
            assert tableau(g)[0] == [target, mover]
        else:
            refused(g, "t2>t1")


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seven, eight", [("7H", "8S"), ("7H", "8C"), ("7D", "8S"), ("7D", "8C")])
def test_red_seven_on_black_eight(game_id: str, seven: str, eight: str) -> None:
    g = build(game_id, [["4d", eight], ["9c", seven]])
    allowed(g, "t2>t1")
    assert tableau(g)[:2] == [["4d", eight, seven], ["9C"]], "the card under the 7 turns up by itself"
    assert_full_deck(g)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seven, eight",
                         [("7S", "8S"), ("7C", "8S"), ("7H", "8D"), ("6H", "8S"), ("8H", "8S"), ("9H", "8S")])
def test_wrong_colour_or_rank_is_refused(game_id: str, seven: str, eight: str) -> None:
    g = build(game_id, [[eight], [seven]])
    word = "colour" if is_red(seven) == is_red(eight) else "rank"
    refused(g, "t2>t1", word)


# ----- runs and empty columns -------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_packed_king_queen_jack_into_an_empty_column(game_id: str) -> None:
    g = build(game_id, [["5c", "KS", "QH", "JC"], []])
    allowed(g, "t1:3>t2")
    assert tableau(g)[:2] == [["5C"], ["KS", "QH", "JC"]]


@pytest.mark.parametrize("game_id", KING_SPACE_GAMES)
def test_queen_alone_into_an_empty_column_is_refused(game_id: str) -> None:
    g = build(game_id, [["5c", "QH"], []])
    refused(g, "t1>t2", "king")
    # a queen-led run is refused as well
    g = build(game_id, [["5c", "QH", "JC"], []])
    refused(g, "t1:2>t2", "one card" if harp.GAMES[game_id].one_card else "king")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_empty_any_takes_a_single_card(game_id: str) -> None:
    g = build(game_id, [["5c", "QH"], []], empty="any")
    allowed(g, "t1>t2")
    assert tableau(g)[:2] == [["5C"], ["QH"]]


def test_big_harp_space_takes_any_card_or_run() -> None:
    g = build("big-harp", [["5c", "QH", "JC", "TD"], []])
    allowed(g, "t1:2>t2")
    assert tableau(g)[:2] == [["5c", "QH"], ["JC", "TD"]]
    g = build("big-harp", [["5c", "QH", "JC", "TD"], []])
    allowed(g, "t1:3>t2")
    assert tableau(g)[:2] == [["5C"], ["QH", "JC", "TD"]]


@pytest.mark.parametrize("game_id", RUN_GAMES)
def test_runs_move_whole_or_from_any_face_up_card(game_id: str) -> None:
    g = build(game_id, [["2h", "TS", "9H", "8C", "7D"], ["JD"], ["9D"], ["8S"]])
    moves = g.legal_moves()
    assert {"t1:4>t2", "t1:2>t3", "t1>t4"} <= set(moves)
    assert "t1:3>t2" not in moves and "t1:4>t3" not in moves
    allowed(g, "t1:4>t2")
    assert tableau(g)[:2] == [["2H"], ["JD", "TS", "9H", "8C", "7D"]]


@pytest.mark.parametrize("game_id", RUN_GAMES)
@pytest.mark.parametrize(
    "column, word",
    [(["9S", "8H", "7D"], "colour"), (["9S", "8H", "6C"], "rank"), (["9S", "9H", "8C"], "rank")],
)
def test_run_with_a_break_is_refused(game_id: str, column: list[str], word: str) -> None:
    g = build(game_id, [["TD"], column])
    refused(g, "t2:3>t1", "run", word)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moving_a_face_down_card_is_refused(game_id: str) -> None:
    g = build(game_id, [["TD"], ["9s", "8H"]])
    refused(g, "t2:2>t1", "face-down")
    g = build(game_id, [["TD"], ["9s", "kd", "KH"]])
    refused(g, "t2:3>t1", "face-down")
    refused(g, "t2:4>t1")  # more cards than the column holds


# ----- Easy Harp's one-card rule ---------------------------------------------------


def test_easy_harp_refuses_runs_between_columns() -> None:
    g = build("easy-harp", [["TH"], ["4c", "9S", "8H"]])
    refused(g, "t2:2>t1", "one card")
    # the same run moves in Harp
    g = build("harp", [["TH"], ["4c", "9S", "8H"]])
    allowed(g, "t2:2>t1")


def test_easy_harp_refusal_message_mentions_one_card_at_a_time() -> None:
    g = build("easy-harp", [["TH"], ["4c", "9S", "8H"]])
    message = refused(g, "t2:2>t1")
    assert "one card" in message.lower()


@pytest.mark.parametrize("empty", ["king", "any"])
def test_easy_harp_king_led_run(empty: str) -> None:
    g = build("easy-harp", [["5c", "KS", "QH", "JC"], [], ["QD"]], empty=empty)
    allowed(g, "t1:3>t2")
    assert tableau(g)[:2] == [["5C"], ["KS", "QH", "JC"]]
    # a king-led run onto a non-empty column is refused (a king builds on nothing anyway)
    g = build("easy-harp", [["5c", "KS", "QH"], ["QD"]], empty=empty)
    refused(g, "t1:2>t2")
    # the top part of a king-led run is not king-led
    g = build("easy-harp", [["5c", "KS", "QH", "JC"], [], ["KD"]], empty=empty)
    refused(g, "t1:2>t3", "one card")


def test_easy_harp_empty_any_single_card_yes_run_no() -> None:
    g = build("easy-harp", [["5c", "QH", "JC"], []], empty="any")
    refused(g, "t1:2>t2", "one card")
    allowed(g, "t1>t2")
    assert tableau(g)[:2] == [["5c", "QH"], ["JC"]]
    # and with the default (king) a single non-king is refused
    g = build("easy-harp", [["5c", "QH", "JC"], []])
    refused(g, "t1>t2", "king")


def test_easy_harp_legal_moves_never_list_non_king_runs() -> None:
    g = build("easy-harp", [["2h", "TS", "9H", "8C", "7D"], ["JD"], ["9D"], ["8S"]])
    moves = g.legal_moves()
    assert "t1>t4" in moves
    assert not [m for m in moves if ":" in m]


# ----- foundations -------------------------------------------------------------------

SLOTS = {"S": (1, 2), "H": (3, 4), "D": (5, 6), "C": (7, 8)}


@pytest.mark.parametrize("game_id", RESERVED_GAMES)
@pytest.mark.parametrize("suit", "SHDC")
def test_reserved_slots_take_their_own_aces(game_id: str, suit: str) -> None:
    g = build(game_id, [], waste=["A" + suit])
    to_foundation = sorted(m for m in g.legal_moves() if m.startswith("w>f"))
    assert to_foundation == sorted(f"w>f{i}" for i in SLOTS[suit])
    for i in range(1, 9):
        if i not in SLOTS[suit]:
            refused(g, f"w>f{i}", "kept for")
    for i in SLOTS[suit]:  # a waste ace onto either empty foundation of its suit
        allowed(g.copy(), f"w>f{i}")


@pytest.mark.parametrize("game_id", ANY_ACE_GAMES)
@pytest.mark.parametrize("suit", "SHDC")
def test_any_ace_starts_any_empty_foundation(game_id: str, suit: str) -> None:
    g = build(game_id, [], waste=["A" + suit])
    n = g.rules.foundations
    assert sorted(m for m in g.legal_moves() if m.startswith("w>f")) == sorted(f"w>f{i}" for i in range(1, n + 1))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_five_of_clubs_onto_the_four(game_id: str) -> None:
    slot = 7 if game_id in RESERVED_GAMES else 1
    other = 8 if game_id in RESERVED_GAMES else 2
    g = build(game_id, [["5C"]], foundations={slot: ["AC", "2C", "3C", "4C"]})
    refused(g, f"t1>f{other}", "ace")
    allowed(g, f"t1>f{slot}")
    assert g.view()["foundations"][slot - 1] == ["AC", "2C", "3C", "4C", "5C"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_foundations_build_up_in_suit_one_rank_at_a_time(game_id: str) -> None:
    slot = 7 if game_id in RESERVED_GAMES else 1
    two_decks = facts(game_id).decks == 2
    extra = [["4C"], ["AC"]] if two_decks else []
    g = build(game_id, [["6C"], ["5S"], *extra], foundations={slot: ["AC", "2C", "3C", "4C"]})
    refused(g, f"t1>f{slot}", "next")  # skips the 5
    refused(g, f"t2>f{slot}")  # wrong suit
    if two_decks:
        refused(g, f"t3>f{slot}")  # same rank again
        refused(g, f"t4>f{slot}")  # an ace on a started foundation


@pytest.mark.parametrize("game_id", games_where(lambda rules: rules.decks == 2))  # two spade foundations
def test_nothing_goes_on_a_king(game_id: str) -> None:
    full = [r + "S" for r in "A23456789TJQK"]
    g = build(game_id, [], waste=["AS"], foundations={1: full})
    refused(g, "w>f1")
    assert "w>f1" not in g.legal_moves()
    g.play("w>f")  # the other spade foundation
    assert [len(f) for f in g.view()["foundations"]][:2] == [13, 1]
    assert max(len(f) for f in g.view()["foundations"]) == 13


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_foundations_take_one_card_at_a_time(game_id: str) -> None:
    g = build(game_id, [["3S", "2H"]], foundations={1: ["AS"]}, takeback=True)
    refused(g, "t1:2>f1", "one")
    refused(g, "t1:2>f")
    refused(g, "f1:2>t1")


def test_first_accepting_foundation_is_chosen() -> None:
    g = build("harp", [["2H"]], foundations={3: ["AH"], 4: ["AH"]})
    assert {"t1>f3", "t1>f4"} <= set(g.legal_moves())  # each destination listed
    g.play("t1>f")
    assert g.view()["foundations"][2:4] == [["AH", "2H"], ["AH"]]
    # only the second accepts
    g = build("harp", [["3H"]], foundations={3: ["AH"], 4: ["AH", "2H"]})
    g.play("t1>f")
    assert g.view()["foundations"][2:4] == [["AH"], ["AH", "2H", "3H"]]
    # w>f: an ace goes to the first empty slot of its suit
    g = build("harp", [], waste=["AD"])
    g.play("w>f")
    assert g.view()["foundations"][4] == ["AD"]
    # any-ace game: the first empty foundation
    g = build("double-klondike", [], waste=["AD"], foundations={1: ["AS"]})
    g.play("w>f")
    assert g.view()["foundations"][:3] == [["AS"], ["AD"], []]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_shorthand_foundation_move_refused_when_none_accepts(game_id: str) -> None:
    g = build(game_id, [["5C"]], waste=["9D"])
    refused(g, "t1>f")
    refused(g, "w>f")


# ----- take-backs ----------------------------------------------------------------------


@pytest.mark.parametrize("option", [None, True, False])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_take_back(game_id: str, option: bool | None) -> None:
    options = {} if option is None else {"takeback": option}
    g = build(game_id, [["3H"]], foundations={1: ["AS", "2S"]}, **options)
    expected = facts(game_id).takeback if option is None else option
    if expected:
        allowed(g, "f1>t1")
        assert g.view()["foundations"][0] == ["AS"]
        assert tableau(g)[0] == ["3H", "2S"]
        assert g.score == 0, "a take-back scores nothing"
    else:
        refused(g, "f1>t1", "foundation")
        assert not [m for m in g.legal_moves() if m.startswith("f")]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_take_back_rules(game_id: str) -> None:
    spades = [r + "S" for r in "A23456789TJQK"]
    hearts = [r + "H" for r in "A23456789TJQ"]
    g = build(game_id, [["3C"], []], foundations={1: spades, 3: hearts}, takeback=True)
    refused(g, "f1>f3", "foundation")
    refused(g, "f4>t1", "empty")
    allowed(g.copy(), "f1>t2")  # a king into a space
    if g.rules.empty == "king":
        refused(g, "f3>t2", "king")
    else:
        allowed(g.copy(), "f3>t2")
    refused(g, "f3>t1")  # queen of hearts on the 3 of clubs


# ----- notation --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_count_of_one_is_the_same_move(game_id: str) -> None:
    a = build(game_id, [["8S"], ["9c", "7H"]])
    b = a.copy()
    a.play("t2>t1")
    b.play("t2:1>t1")
    assert a.view(reveal=True) == b.view(reveal=True)
    c = build(game_id, [["8S"]], waste=["7D"])
    d = c.copy()
    c.play("w>t1")
    d.play(" W:1>T1 ")
    assert c.view(reveal=True) == d.view(reveal=True)


BAD_NOTATION = [
    "", " ", "x", "t1", "t1>", ">t1", "t1>>t2", "t1-t2", "t1 > t2", "t1>t2>t3", "s>t1", "t1>s", "t1>w",
    "w>w", "t1:0>t2", "t1:-1>t2", "t1:>t2", "t>t1", "f>t1", "t0>t1", "t1>t0", "t10>t1", "t99>t1",
    "f0>t1", "f9>t1", "t1>f9", "ss", "undo", "t1:2:3>t2", "t1>t2 extra",
]


@pytest.mark.parametrize("move", BAD_NOTATION)
def test_bad_notation_is_refused(move: str) -> None:
    g = build("harp", [["8S"], ["9c", "7H"]])
    with pytest.raises(harp.IllegalMove) as info:
        g.play(move)
    assert str(info.value).strip()
    assert g.moves == 0


def test_split_move_takes_the_text_apart() -> None:
    """harp.notation.split_move: the one parser of moves (the page and the tests use it)."""
    assert split_move("t3:4>t7") == ("t3", 4, "t7")
    assert split_move(" w>f ") == ("w", 1, "f")
    assert split_move("f2>t4") == ("f2", 1, "t4")
    assert split_move("s") == ("s", 0, None)
    for move in ("", "t1>>t2", "t1>s", "s>t1", "t1:2:3>t2", "undo"):
        with pytest.raises(ValueError):
            split_move(move)


@pytest.mark.parametrize("move", [None, 5, b"s", ["s"], ("t1", "t2")])
def test_non_string_move_is_refused(move: object) -> None:
    g = harp.Game.new("easy-harp", deal=5)
    with pytest.raises(harp.IllegalMove):
        g.play(move)  # type: ignore[arg-type]


def test_pile_ranges_follow_the_game() -> None:
    harpan = build("harpan", [["8S"]])
    refused(harpan, "t8>t1", "t7")
    refused(harpan, "t1>f5", "f4")
    endless = build("endless-harp", [[]] * 9 + [["5c", "KS"]])
    refused(endless, "t11>t1", "t10")
    allowed(endless, "t10>t1")
    assert tableau(endless)[0] == ["KS"] and tableau(endless)[9] == ["5C"]
    harp9 = build("harp", [["8S"]])
    refused(harp9, "t10>t1", "t9")
    refused(harp9, "t1>t10", "t9")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_empty_sources(game_id: str) -> None:
    g = build(game_id, [["8S"], []])
    refused(g, "w>t1", "waste")
    refused(g, "t2>t1", "empty")
    refused(g, "t1>t1")


def test_moves_are_case_and_space_insensitive() -> None:
    g = build("harp", [["8S"], ["9c", "7H"]])
    g.play("  T2>T1\n")
    assert tableau(g)[:2] == [["8S", "7H"], ["9C"]]


def test_illegal_move_carries_the_move_and_reason() -> None:
    g = build("harp", [["8S"], ["7C"]])
    with pytest.raises(harp.IllegalMove) as info:
        g.play("t2>t1")
    assert info.value.move == "t2>t1"
    assert info.value.reason == str(info.value)
    assert issubclass(harp.IllegalMove, ValueError)


# ----- legal_moves on a known position, exactly -------------------------------------------


def test_exact_legal_moves_harp() -> None:
    hearts = ["AH", "2H", "3H", "4H", "5H", "6H"]
    g = build("harp", [["8S"], ["8C"]], waste=["7H"], foundations={3: hearts, 4: list(hearts)})
    assert sorted(g.legal_moves()) == sorted(["w>f3", "w>f4", "w>t1", "w>t2", "s"])


def test_exact_legal_moves_easy_harp_with_take_backs() -> None:
    g = build(
        "easy-harp",
        [["kd", "8S"], ["9H", "8C"]],
        waste=["7H"],
        foundations={1: ["AS"], 3: ["AH"]},
        stock=[],
    )
    # 7H on either black 8; 8S/8C go nowhere; 9H-8C is a run but not king-led; the
    # aces have no red/black 2 to go on and are not kings; the stock is empty
    # but the waste is not, and passes are unlimited, so a tap redeals.
    assert sorted(g.legal_moves()) == sorted(["w>t1", "w>t2", "s"])


def test_exact_legal_moves_big_harp_space() -> None:
    g = build("big-harp", [["4h", "9H", "8C"], []], stock=[], passes_used=1)
    # empty column takes any card or run; no stock, no waste, no redeal
    expected = [f"t1>t{i}" for i in range(2, 11)] + [f"t1:2>t{i}" for i in range(2, 11)]
    assert sorted(g.legal_moves()) == sorted(expected)


# ----- the app's tap and double tap -------------------------------------------------------


def test_tap_finds_the_first_foundation_that_accepts() -> None:
    g = build("harp", [["AS"], ["2H"], ["9D"]], foundations={3: ["AH"], 4: ["AH"]})
    assert g.foundation_move("t1") == "t1>f1"
    assert g.foundation_move("t2") == "t2>f3"
    assert g.foundation_move("T2 ") == "t2>f3"
    assert g.foundation_move("t3") is None
    assert g.foundation_move("w") is None  # empty waste
    assert g.foundation_move("s") is None
    assert g.foundation_move("f3") is None
    assert g.foundation_move("t42") is None
    assert g.foundation_move("nonsense") is None


def test_double_tap_prefers_the_longest_column_then_a_space() -> None:
    g = build("easy-harp", [["8S"], ["2d", "4h", "8C"], [], ["KD"]], waste=["7H"])
    assert g.tableau_move("w") == "w>t2"  # t2 is the longest column that takes the 7H
    g = build("easy-harp", [["8S"], ["2d", "4h", "QC"], [], ["5c", "KD"]], waste=["KH"])
    assert g.tableau_move("w") == "w>t3", "a king goes to the empty column"
    assert g.tableau_move("t4") == "t4>t3"
    assert g.tableau_move("t1") is None
    assert g.tableau_move("s") is None
    # a lone king moved to another space changes nothing, so it is not offered
    g = build("easy-harp", [["KD"], []])
    assert g.tableau_move("t1") is None
