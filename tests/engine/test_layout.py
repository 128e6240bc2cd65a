"""Layouts (``harp.layout``): ``Game.from_layout`` and ``game.layout()`` round-trip, and bad layouts say why."""

from __future__ import annotations

import random
from typing import Any

import pytest

import harp
from game_facts import GAME_IDS


def _board(game: harp.Game) -> dict[str, Any]:
    """What a layout holds: the revealed view without the card ids and the counters."""
    view = game.view(reveal=True)
    return {k: v for k, v in view.items() if k not in ("ids", "score", "moves", "can_undo")}


def _played(game_id: str, deal: int, moves: int) -> harp.Game:
    """A deal with some random legal moves played, so cards sit in every kind of pile."""
    game = harp.Game.new(game_id, deal=deal)
    pick = random.Random(deal)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(pick.choice(legal))
    return game


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("moves", [0, 40, 200])
def test_a_position_round_trips_through_its_layout(game_id: str, moves: int) -> None:
    game = _played(game_id, deal=11, moves=moves)
    text = game.layout()
    again = harp.Game.from_layout(text)
    assert again.layout() == text
    assert _board(again) == _board(game)
    assert again.legal_moves() == game.legal_moves()
    assert (again.pass_number, again.code, again.is_stuck()) == (game.pass_number, game.code, game.is_stuck())


def test_a_layout_sets_up_exactly_the_piles_it_names() -> None:
    game = harp.Game.from_layout("""
        HN1-D3-N-AAAAAAB
        stock: 5h 3C 9d
        waste: 7H 9H
        pass: 2
        f2: AD 2D
        t1: ks 4d QH JC
        t3: 10C
    """)
    view = game.view(reveal=True)
    assert game.rules.id == "harpan" and game.rules.draw == 3 and game.deal == 1
    assert view["stock_cards"] == ["5h", "3c", "9d"]
    assert view["waste"] == ["7H", "9H"]
    assert view["foundations"] == [[], ["AD", "2D"], [], []]
    assert view["tableau"] == [["ks", "4d", "QH", "JC"], [], ["TC"], [], [], [], []]
    assert game.down == [2, 0, 0, 0, 0, 0, 0]
    assert (game.pass_number, game.score, game.moves, game.can_undo()) == (2, 0, 0, False)
    game.play("w>t3")  # the position plays on: the 9H goes onto the TC
    assert game.view()["tableau"][2] == ["TC", "9H"] and game.score == 5
    game.undo()
    assert _board(game) == _board(harp.Game.from_layout(game.layout()))


def test_a_layout_is_written_in_one_canonical_form() -> None:
    text = "HN1-N-AAAAAAB\n\nt2:   10S\nwaste:\nstock: --\n"
    assert harp.Game.from_layout(text).layout() == "\n".join([
        "HN1-N-AAAAAAB", "stock: --", "waste: --", "pass: 1",
        "t1: --", "t2: TS", "t3: --", "t4: --", "t5: --", "t6: --", "t7: --",
    ])


@pytest.mark.parametrize(("text", "line_number", "words"), [
    ("", None, "empty"),
    ("XX1-N-AAAAAAB", 1, "deal code"),
    ("HN1-N-AAAAAAB\nt8: AS", 2, "Harpan has 7 columns"),
    ("HN1-N-AAAAAAB\nf5: AS", 2, "Harpan has 4 foundations"),
    ("HN1-N-AAAAAAB\nt1: AS\nt1: 2S", 3, "t1 is given twice"),
    ("HN1-N-AAAAAAB\nt1: AS ks", 2, "come first in a column"),
    ("HN1-N-AAAAAAB\nt1: ks", 2, "top card of a column is face up"),
    ("HN1-N-AAAAAAB\nf1: 2S", 2, "should be AS, not 2S"),
    ("HN1-N-AAAAAAB\nf1: AS 3S", 2, "should be 2S, not 3S"),
    ("HN1-N-AAAAAAB\nf1: AS 2H", 2, "should be 2S, not 2H"),
    ("HA1-N-AAAAAAB\nf1: AH", 2, "f1 is kept for spades in Harp"),
    ("HN1-N-AAAAAAB\nwaste: 7H 2s", 2, "2s is face down"),
    ("HN1-N-AAAAAAB\nhand: 2S", 2, "unknown pile 'hand'"),
    ("HN1-N-AAAAAAB\nt1: 1X", 2, "'1X' is not a card"),
    ("HN1-N-AAAAAAB\nt1 AS", 2, "expected a pile and its cards"),
    ("HA1-N-AAAAAAB\npass: 5", 2, "from 1 to 4 in Harp, not '5'"),
    ("HN1-N-AAAAAAB\npass: 0", 2, "the pass must be"),
    ("HN1-N-AAAAAAB\nwaste: 2S\nt1: 2S", None, "Harpan has one copy of each card; this layout has more of 2S"),
    ("HA1-N-AAAAAAB\nstock: 2S 2S 2s", None, "Harp has 2 copies of each card; this layout has more of 2S"),
])
def test_a_bad_layout_says_what_and_where(text: str, line_number: int | None, words: str) -> None:
    with pytest.raises(harp.BadLayout, match=words.replace("(", r"\(")) as caught:
        harp.Game.from_layout(text)
    assert caught.value.line_number == line_number
    if line_number is not None:
        assert caught.value.line == text.splitlines()[line_number - 1]
        assert str(caught.value).startswith(f"layout line {line_number} (")
    assert isinstance(caught.value, ValueError)


def test_a_layout_that_is_not_text_is_refused() -> None:
    with pytest.raises(harp.BadLayout, match="a layout is text, not bytes"):
        harp.Game.from_layout(b"HN1-N-AAAAAAB")  # type: ignore[arg-type]
