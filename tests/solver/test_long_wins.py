"""The wins that searches longer than the win-rate table's found on deals the table leaves
unknown (measurements/long-wins.txt): each line is a certificate, and replays through the
engine to a win.  With the table's wins they show that every Gargantua deal 1-1000 can be won,
so that no loss can be proven there (measurements/solver-experiments.md, "What is left
unknown")."""

from __future__ import annotations

import pytest

import harp
from buildtools.help import MEASUREMENTS  # (the win-rate table)
from harp.winrates import read_details

LONG_WINS = MEASUREMENTS.with_name("long-wins.txt")


def long_wins() -> list[dict[str, str]]:
    """The file's lines, each as its fields: game, deal, search, positions, moves."""
    rows = []
    for line in LONG_WINS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            game, deal, search, positions, moves = line.split(" ", 4)
            rows.append({"game": game, "deal": deal, "search": search, "positions": positions, "moves": moves})
    return rows


@pytest.mark.parametrize("row", long_wins(), ids=lambda row: f"{row['game']}-{row['deal']}")
def test_a_long_win_replays_to_a_win(row: dict[str, str]) -> None:
    game = harp.Game.new(row["game"], deal=int(row["deal"]))
    moves = row["moves"].split()
    assert moves and row["search"] in {"proof", "beam", "deep-beam"} and int(row["positions"]) > 0
    for move in moves:
        game.play(move)
    assert game.is_won()


def test_every_gargantua_deal_1_to_1000_is_won_in_the_table_or_by_a_long_win() -> None:
    results, _ = read_details(MEASUREMENTS)["gargantua"]
    won = {result.deal for result in results if result.verdict == "win"}
    won |= {int(row["deal"]) for row in long_wins() if row["game"] == "gargantua"}
    assert set(range(1, 1001)) - won == set()
