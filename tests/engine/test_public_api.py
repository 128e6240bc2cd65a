"""The public calls the UI and the tools use instead of reaching into the engine."""

from __future__ import annotations

import harp
import pytest
from engine_helpers import build, value


def test_only_easy_harp_never_declares_a_loss() -> None:
    assert [g for g, r in harp.GAMES.items() if not r.declares_loss] == ["easy-harp"]


def test_slot_suit_follows_reserved_slots() -> None:
    assert [harp.GAMES["easy-harp"].slot_suit(i) for i in range(8)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [harp.GAMES["harpan"].slot_suit(i) for i in range(4)] == [None] * 4


def test_history_length_counts_actions_and_undo() -> None:
    g = harp.Game.new("harp", deal=3)
    assert g.history_length == 0
    g.play("s")
    g.play("s")
    assert g.history_length == 2
    g.undo()
    assert g.history_length == 1
    assert harp.Game.from_json(g.to_json()).history_length == 1


def test_valid_options_keeps_good_values_and_drops_the_rest() -> None:
    assert harp.valid_options({"draw": 3, "passes": None, "empty": "any", "takeback": False}) == {
        "draw": 3, "passes": None, "empty": "any", "takeback": False}
    assert harp.valid_options({"draw": 2, "passes": 0, "empty": "queen", "takeback": 1, "x": 1}) == {}
    assert harp.valid_options({"passes": "unlimited", "draw": True}) == {"passes": None}
    assert harp.valid_options(["draw", 3]) == {}
    assert harp.valid_options(None) == {}


# ----- what the engine's own modules (progress, saves, solver) use instead of Game's privates -----


def test_parse_move_names_the_piles_and_the_count() -> None:
    g = harp.Game.new("harp", deal=3)
    move = g.parse_move("t3:4>t7")
    assert move == harp.game.CardMove(("t", 2), 4, ("t", 6))
    assert (move.src, move.count, move.dst) == (("t", 2), 4, ("t", 6))
    assert g.parse_move(" W>F2 ") == (("w", 0), 1, ("f", 1))
    assert g.parse_move("f8>t9") == (("f", 7), 1, ("t", 8))


def test_parse_move_resolves_the_any_foundation_form_as_play_does() -> None:
    g = build("harp", [["AH"], ["AS"]], stock=[])
    assert g.parse_move("t1>f") == (("t", 0), 1, ("f", 2))  # f3-f4 are kept for hearts
    assert g.parse_move("t2>f") == (("t", 1), 1, ("f", 0))
    g.play("t1>f")
    assert g.view()["foundations"][2] == ["AH"]


def test_parse_move_refuses_what_play_refuses_to_read() -> None:
    g = harp.Game.new("harpan", deal=3)
    for text, words in (("t8>t1", "no t8"), ("t1>t", "not a move"), ("t1:0>t2", "at least one"), ("s", "stock")):
        with pytest.raises(harp.IllegalMove) as info:
            g.parse_move(text)
        assert words in str(info.value)
        if text != "s":
            with pytest.raises(harp.IllegalMove) as played:
                g.play(text)
            assert str(played.value) == str(info.value)


def test_value_of_reads_the_card_behind_an_id() -> None:
    g = harp.Game.new("big-harp", deal=11)
    view = g.view(reveal=True)
    ids = view["ids"]
    for column, names in zip(ids["tableau"], view["tableau"]):
        assert [g.value_of(i) for i in column] == [value(n) for n in names]
    assert [g.value_of(i) for i in ids["stock"]] == [value(n) for n in view["stock_cards"]]


def test_foundation_accepts_agrees_with_play() -> None:
    g = build("harp", [["AH"], ["2H"], ["AS"]], foundations={4: ["AH"]}, stock=[], fill=True)
    assert [g.foundation_accepts(i, value("AH")) for i in range(8)] == [False, False, True] + [False] * 5
    assert [g.foundation_accepts(i, value("2H")) for i in range(8)] == [False, False, False, True] + [False] * 4
    assert not g.foundation_accepts(0, value("2S"))
    open_slots = build("harpan", [["AH"]], foundations={2: ["AS"]}, stock=[], fill=True)
    assert [open_slots.foundation_accepts(i, value("AH")) for i in range(4)] == [True, False, True, True]
    assert open_slots.foundation_accepts(1, value("2S"))


def test_history_and_last_action_follow_play_and_undo() -> None:
    g = harp.Game.new("harpan", deal=3)
    assert g.history == () and g.last_action is None
    g.play("s")
    g.play("S ")
    assert g.history == ("s", "s") and g.last_action == "s"
    g.undo()
    assert g.history == ("s",) and g.history_length == 1
    move = next(m for m in g.legal_moves() if m != "s")
    g.play(move)
    assert g.last_action == move and g.history == ("s", move)
    assert harp.Game.from_json(g.to_json()).history == g.history


def test_undo_floor_and_restore_counters() -> None:
    g = harp.Game.new("easy-harp", deal=5)
    for _ in range(103):
        g.play("s")
    assert g.undo_floor == 3
    again = harp.Game.from_code(g.code)
    for action in g.history:
        again.play(action)
    again.restore_counters(150, 3)
    assert (again.moves, again.undo_floor) == (150, 3)
    assert again.to_json() == harp.Game.from_json(g.to_json()).to_json().replace('"moves":103', '"moves":150')
    for moves, floor in ((102, 3), (103, 2), (103, 104)):
        with pytest.raises(ValueError):
            again.restore_counters(moves, floor)
    assert (again.moves, again.undo_floor) == (150, 3), "a refused restore changes nothing"
    unlimited = harp.Game.new("harp", deal=5)
    unlimited.play("s")
    with pytest.raises(ValueError):
        unlimited.restore_counters(1, 1)
    unlimited.restore_counters(7, 0)
    assert unlimited.moves == 7 and unlimited.can_undo()


# ----- the stock rule, written once in Rules and used by the game, progress and the solver -----


def _literal_taps(draw: int, passes: int | None, talon: int, waste: int, pass_number: int,
                  taps: int) -> list[tuple[int, int]]:
    """The (waste size, pass) after each of ``taps`` taps, from docs/rules.md's words, written out again."""
    out = []
    for _ in range(taps):
        if waste < talon:
            waste = min(waste + draw, talon)
        elif talon and (passes is None or pass_number < passes):
            waste, pass_number = 0, pass_number + 1
        else:
            break
        out.append((waste, pass_number))
    return out


def test_tap_draws_then_redeals_while_passes_remain() -> None:
    harp_rules = harp.GAMES["harp"]  # draw 1, 4 passes
    assert harp_rules.tap(59, 0, 1) == (1, 1)
    assert harp_rules.tap(59, 59, 1) == (0, 2)
    assert harp_rules.tap(59, 59, 4) is None
    assert harp_rules.tap(0, 0, 1) is None
    endless = harp.GAMES["endless-harp"]  # draw 3, unlimited
    assert endless.tap(49, 47, 1) == (49, 1)
    assert endless.tap(49, 49, 100) == (0, 101)


def test_stock_cycle_lists_the_first_tap_to_reach_each_waste_size() -> None:
    for game_id in ("harp", "big-harp", "endless-harp"):
        for draw in (1, 3):
            for passes in (None, 1, 2, 4):
                rules = harp.GAMES[game_id].with_options(draw=draw, passes=passes)
                for talon in range(0, 9):
                    for waste in range(talon + 1):
                        for pass_number in range(1, (passes or 3) + 1):
                            literal = _literal_taps(draw, passes, talon, waste, pass_number, 4 * (talon + 2))
                            first: dict[int, tuple[int, int, int]] = {}
                            before = waste
                            for taps, (size, pass_now) in enumerate(literal, 1):
                                if size and size != waste and size not in first:
                                    first[size] = (taps, before, pass_now)
                                before = size
                            cycle = rules.stock_cycle(talon, waste, pass_number)
                            got = [(t.waste, (t.taps, t.drawn_from, t.pass_number)) for t in cycle]
                            assert got == list(first.items())


def test_the_game_taps_as_the_rules_say() -> None:
    g = harp.Game.new("endless-harp", deal=4, passes=2)
    expected = _literal_taps(3, 2, 49, 0, 1, 40)
    for waste, pass_number in expected:
        g.play("s")
        assert (len(g.view()["waste"]), g.pass_number) == (waste, pass_number)
    with pytest.raises(harp.IllegalMove, match="No passes left"):
        g.play("s")
