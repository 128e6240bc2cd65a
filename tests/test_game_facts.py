"""Every game in ``harp.GAMES`` has what it needs beyond its ``Rules`` entry, the
table of games in docs/rules.md (``game_facts.FACTS``) says what the rules data says,
and each game's short win (``game_facts.SHORT_WINS``) is won with Finish soon.

What a game needs is what docs/README.md's "How to add a game" lists; a game
without one of them fails ``test_every_game_has_what_a_game_needs`` by name.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import harp
from buildtools import help as pages
from game_facts import (FACTS, GAME_IDS, ROOT, SHORT_WIN_MOVES, SHORT_WIN_NODES, SHORT_WINS, Facts, facts,
                        moves_to_finish, read_facts, solved_line)
from harp.winrates import read_details

WINNABLE = ROOT / "static" / "winnable"


def what_is_missing(game_id: str, measured: set[str]) -> list[str]:
    """What ``game_id`` lacks, each in words that say where to put it; ``measured``: the games
    with rows in measurements/win-rates.csv."""
    missing = []
    if game_id not in FACTS:
        missing.append("its row in the table of games of docs/rules.md")
    for language in pages.LANGUAGES:
        path = pages.prose_path(game_id, language)
        if not path.is_file():
            missing.append(f"its prose in {path.relative_to(ROOT)}")
    if game_id not in measured:
        missing.append(f"its win-rate rows in {pages.MEASUREMENTS.relative_to(ROOT)} (python3 -m harp solve ... --csv)")
    listed = WINNABLE / f"{game_id}.json"
    if not listed.is_file() or not _lists_deals(listed, game_id):
        missing.append(f"its winnable list {listed.relative_to(ROOT)} (python3 -m harp certify)")
    if game_id not in SHORT_WINS:
        missing.append("its short win in tests/game_facts.py's SHORT_WINS (game_facts.shortest_win finds one)")
    return missing


def _lists_deals(path: Path, game_id: str) -> bool:
    data = json.loads(path.read_text(encoding="utf-8"))
    return isinstance(data, dict) and data.get("game") == game_id and bool(data.get("winnable"))


def test_every_game_has_what_a_game_needs() -> None:
    measured = set(read_details(pages.MEASUREMENTS))
    lacking = [f"{game_id} has no {thing}" for game_id in GAME_IDS for thing in what_is_missing(game_id, measured)]
    assert not lacking, "a game needs more than its Rules entry (docs/README.md, How to add a game):\n" + "\n".join(
        lacking)


def test_a_game_added_to_the_rules_alone_is_named_with_everything_it_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a game the way docs/README.md's "How to add a game" does, its step 1 only."""
    rules = dataclasses.replace(harp.GAMES["harpan"], id="tiny-harp", name="Tiny Harp", prefix="TH")
    monkeypatch.setitem(harp.GAMES, "tiny-harp", rules)
    game = harp.Game.new("tiny-harp", deal=3)  # the engine plays it from its rules entry alone
    assert harp.Game.from_code(game.code).layout() == game.layout()
    lacking = what_is_missing("tiny-harp", set(read_details(pages.MEASUREMENTS)))
    assert [thing.split(" in ")[0].split(" (")[0] for thing in lacking] == [
        "its row", "its prose", "its prose", "its win-rate rows", "its winnable list static/winnable/tiny-harp.json",
        "its short win"]
    assert "docs/rules.md" in lacking[0] and "static/help/source/sv/tiny-harp.md" in lacking[2]


def test_no_row_names_a_game_the_engine_does_not_have() -> None:
    assert sorted(set(FACTS) - set(harp.GAMES)) == []
    assert sorted(set(SHORT_WINS) - set(harp.GAMES)) == []


@pytest.mark.parametrize("game_id", sorted(SHORT_WINS))
def test_each_short_win_is_won_and_offers_finish_soon(game_id: str) -> None:
    """What tests/browser/wholegames.py plays: the solver's line, up to Finish."""
    deal = SHORT_WINS[game_id]
    line = solved_line(game_id, deal)
    assert line is not None, f"{game_id} deal {deal}: no win within {SHORT_WIN_NODES} nodes"
    moves = moves_to_finish(game_id, deal, line)
    assert moves is not None and moves <= SHORT_WIN_MOVES, \
        f"{game_id} deal {deal}: Finish after {moves} moves (at most {SHORT_WIN_MOVES})"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_table_of_games_says_what_the_rules_say(game_id: str) -> None:
    rules, row = harp.GAMES[game_id], facts(game_id)
    said = {field.name: getattr(row, field.name) for field in dataclasses.fields(Facts)}
    said.pop("stock")
    assert said == {name: getattr(rules, name) for name in said}, f"docs/rules.md's row of {game_id}"
    assert row.stock == 52 * row.decks - row.columns * (row.columns + 1) // 2


def test_the_table_is_read_cell_by_cell() -> None:
    """The reader on a made-up row: defaults in words, bold, and the descending deal."""
    row = ("| `x` | y | **1** | 6, **6..1** (21 cards) | 31 | 1 or 3 (option; 3 by default) |"
           " unlimited, 3 or 1 (option; 2 by default) | **a single card** | **any card or run** |"
           " 4, two a suit | option, on by default |")
    assert read_facts(row) == {"x": Facts(decks=1, columns=6, descending=True, stock=31, draw=3, passes=2,
                                          one_card=True, empty="any", foundations=4, reserved_slots=True,
                                          takeback=True)}
