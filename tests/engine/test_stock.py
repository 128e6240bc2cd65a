"""The stock: draw 1 and 3, redeals in the same order, and the pass limits."""

from __future__ import annotations

import pytest

import harp
from engine_helpers import assert_full_deck, build
from game_facts import GAME_IDS, facts


def taps_until_empty(g: harp.Game) -> list[list[str]]:
    """Tap until the stock is empty; the waste after each tap."""
    seen = []
    while g.view()["stock"]:
        g.play("s")
        seen.append(g.view()["waste"])
    return seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_draw_one_turns_the_next_card(game_id: str) -> None:
    g = harp.Game.new(game_id, deal=17, draw=1)
    stock = [c.upper() for c in g.view(reveal=True)["stock_cards"]]
    n = len(stock)
    g.play("s")
    assert g.view()["waste"] == [stock[-1]]
    assert g.view()["stock"] == n - 1
    g.play("s")
    assert g.view()["waste"] == [stock[-1], stock[-2]]
    taps_until_empty(g)
    # the whole stock, drawn from the top: the waste is the stock reversed
    assert g.view()["waste"] == stock[::-1]
    assert g.view()["stock"] == 0
    assert g.moves == n
    assert_full_deck(g)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_draw_three_and_the_short_last_draw(game_id: str) -> None:
    g = harp.Game.new(game_id, deal=17, draw=3)
    stock = [c.upper() for c in g.view(reveal=True)["stock_cards"]]
    n = len(stock)
    g.play("s")
    assert g.view()["waste"] == stock[::-1][:3], "three cards, the third drawn on top"
    assert g.view()["waste"][-1] == stock[-3]
    assert g.view()["stock"] == n - 3
    sizes = [len(w) for w in taps_until_empty(g)]
    expected = [min(3 * i, n) for i in range(2, (n + 2) // 3 + 1)]
    assert sizes == expected
    # 59 = 19*3 + 2, 49 = 16*3 + 1, 24 = 8*3: the last tap turns what is left
    assert g.moves == (n + 2) // 3
    assert g.view()["waste"] == stock[::-1]


def test_draw_three_last_tap_counts() -> None:
    g = harp.Game.new("endless-harp", deal=3)  # draws 3 by default; 49 cards
    for _ in range(16):
        g.play("s")
    assert g.view()["stock"] == 1
    g.play("s")
    assert g.view()["stock"] == 0 and len(g.view()["waste"]) == 49


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_redeal_keeps_the_order(game_id: str, draw: int) -> None:
    g = harp.Game.new(game_id, deal=23, draw=draw, passes=None)
    first_pass = taps_until_empty(g)
    waste = g.view()["waste"]
    g.play("s")  # the redeal
    assert g.view()["waste"] == []
    assert g.view()["stock"] == len(waste)
    revealed = g.view(reveal=True)["stock_cards"]
    assert [c.upper() for c in revealed] == waste[::-1], "face down again, in the same order"
    second_pass = taps_until_empty(g)
    assert second_pass[0][-1] == first_pass[0][-1], "the first card of pass 2 is the first card of pass 1"
    assert second_pass == first_pass
    assert_full_deck(g)


def test_redeal_after_playing_from_the_waste() -> None:
    """Cards played from the waste are gone; the rest come round in the same order."""
    g = build("double-klondike", [["KS"], ["KH"]], stock=["9D", "QD", "4C", "QC", "7H"], fill=False)
    g.play("s")
    g.play("s")  # waste: 7H QC
    g.play("w>t2")  # QC on KH
    g.play("s")
    g.play("s")  # waste: 7H 4C QD
    g.play("w>t1")  # QD on KS
    g.play("s")  # waste: 7H 4C 9D
    assert g.view()["stock"] == 0
    g.play("s")
    assert g.view(reveal=True)["stock_cards"] == ["9d", "4c", "7h"]
    g.play("s")
    assert g.view()["waste"] == ["7H"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_passes_left(game_id: str) -> None:
    passes = facts(game_id).passes
    # Passes left after each: with 4 passes, 3, 2, 1, 0.
    counts: list[int | None] = [None] * 6 if passes is None else list(range(passes - 1, -1, -1))
    g = harp.Game.new(game_id, deal=29)
    seen = [g.view()["passes_left"]]
    for _ in range(len(counts) - 1):
        taps_until_empty(g)
        g.play("s")  # redeal
        seen.append(g.view()["passes_left"])
    assert seen == counts
    if counts[-1] == 0:
        taps_until_empty(g)
        assert "s" not in g.legal_moves()
        with pytest.raises(harp.IllegalMove) as info:
            g.play("s")
        assert "pass" in str(info.value).lower()
        # the waste stays where it is
        assert g.view()["stock"] == 0 and len(g.view()["waste"]) == facts(game_id).stock


@pytest.mark.parametrize("passes", [1, 2, 3, 5])
def test_pass_option_counts(passes: int) -> None:
    g = harp.Game.new("harpan", deal=4, passes=passes, draw=3)
    redeals = 0
    while True:
        taps_until_empty(g)
        if "s" not in g.legal_moves():
            break
        g.play("s")
        redeals += 1
        assert g.view()["passes_left"] == passes - 1 - redeals
    assert redeals == passes - 1


def test_tap_refused_when_stock_and_waste_are_empty() -> None:
    g = build("easy-harp", [["KS"]], stock=[], waste=[])
    assert g.view()["passes_left"] is None
    assert "s" not in g.legal_moves()
    with pytest.raises(harp.IllegalMove) as info:
        g.play("s")
    assert "empty" in str(info.value)


def test_undo_a_redeal() -> None:
    g = harp.Game.new("harp", deal=31)
    taps_until_empty(g)
    before = g.view(reveal=True)
    g.play("s")
    assert g.view()["passes_left"] == 2
    assert g.undo()
    after = g.view(reveal=True)
    assert after["waste"] == before["waste"] and after["stock_cards"] == []
    assert after["passes_left"] == 3


def test_unlimited_passes_really_are() -> None:
    g = harp.Game.new("easy-harp", deal=2)
    for _ in range(20 * 60):
        g.play("s")
    assert g.view()["passes_left"] is None
    assert "s" in g.legal_moves()
    assert g.moves == 1200
