"""The public calls the UI and the tools use instead of reaching into the engine."""

from __future__ import annotations

import harp


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
