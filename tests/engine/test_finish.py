"""``Game.finishing_moves()``: the foundation moves alone that win from here.

Positions are hand-built (engine_helpers.build) with the whole deck placed,
so a game really is won once every card is home; a win the solver finds
checks the answer along a real game.
"""

from __future__ import annotations

import harp
from engine_helpers import build
from harp.solver import solve

RANKS = "A23456789TJQK"


def up_to(suit: str, top: str) -> list[str]:
    """A foundation of ``suit`` from the ace up to and including rank ``top``."""
    return [r + suit for r in RANKS[: RANKS.index(top) + 1]]


HOME = {2: up_to("H", "K"), 3: up_to("D", "K"), 4: up_to("C", "K")}


def test_cards_go_home_lowest_rank_first_and_the_line_wins() -> None:
    g = build("harpan", [["QS"], ["KS"]], waste=["JS"], stock=[], foundations={1: up_to("S", "T"), **HOME})
    before = g.view(reveal=True)
    line = g.finishing_moves()
    assert line == ["w>f1", "t1>f1", "t2>f1"]
    assert g.view(reveal=True) == before, "asking changed the game"
    for move in line:
        g.play(move)
    assert g.is_won()
    assert g.finishing_moves() == []


def test_a_blocked_card_means_no_finish() -> None:
    g = build("harpan", [["QS", "KS"]], stock=[], foundations={1: up_to("S", "J"), **HOME})
    assert g.finishing_moves() is None
    assert g.foundation_move("t1") is None


def test_it_never_looks_at_cards_the_player_has_not_seen() -> None:
    # The face-down king would go home after the queen: still no answer while it is face down.
    g = build("harpan", [["ks", "QS"]], stock=[], foundations={1: up_to("S", "J"), **HOME})
    assert g.finishing_moves() is None
    # A card in the stock: foundation moves alone never reach it.
    g = build("harpan", [["QS"]], stock=["KS"], foundations={1: up_to("S", "J"), **HOME})
    assert g.finishing_moves() is None
    g.play("t1>f1")
    g.play("s")
    assert g.finishing_moves() == ["w>f1"]


def test_two_deck_games_choose_between_foundations_of_one_suit() -> None:
    spades = {1: up_to("S", "Q"), 2: up_to("S", "J")}
    rest = {3: up_to("H", "K"), 4: up_to("H", "K"), 5: up_to("D", "K"), 6: up_to("D", "K"),
            7: up_to("C", "K"), 8: up_to("C", "K")}
    g = build("harp", [["KS"], ["KS"], ["QS"]], stock=[], foundations={**spades, **rest})
    line = g.finishing_moves()
    assert line is not None and len(line) == 3
    for move in line:
        g.play(move)
    assert g.is_won()


def test_a_real_win_can_be_finished_once_the_last_cards_are_in_view() -> None:
    g = harp.Game.new("harpan", deal=1)
    result = solve(g.copy(), thoughtful=True, max_seconds=20)
    assert result.verdict == "win" and result.moves
    seen = None
    for played, move in enumerate(result.moves):
        line = g.finishing_moves()
        if line is not None:
            seen = played
            break
        g.play(move)
    assert seen is not None, "the win never reached a finish"
    view = g.view()
    assert view["stock"] == 0 and all("??" not in col for col in view["tableau"])
    assert line and all(">f" in m for m in line)
    for move in line:
        g.play(move)
    assert g.is_won()
