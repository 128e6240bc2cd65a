"""The per-game facts the tests check the engine against: one table, read from docs/rules.md.

A fact a ``harp.Rules`` entry states (columns, decks, draw, ...) is rules data:
a test that needs it to pick its games reads ``harp.GAMES`` (``games_where``),
so no test copies it.  What the rules data is checked against is the
hand-written table of games in docs/rules.md, one row a game:
``FACTS`` reads it, and ``tests/test_game_facts.py`` checks each row against
``harp.GAMES`` and that every game has its row, its prose in every language,
its measured win rates, its winnable list and its short win.

One per-game fact is the tests' own, not the rules': ``SHORT_WINS``, the deal
the browser tests play whole on a phone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import harp
from harp.solver import WIN, solve

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT / "docs" / "rules.md"

#: Every game the engine has: tests run over all of them, so a new game is never skipped silently.
GAME_IDS = list(harp.GAMES)


def games_where(test: Callable[[harp.Rules], bool]) -> list[str]:
    """The games whose rules pass ``test``, e.g. ``games_where(lambda r: r.reserved_slots)``."""
    return [game_id for game_id, rules in harp.GAMES.items() if test(rules)]


@dataclass(frozen=True)
class Facts:
    """One row of docs/rules.md's table of games, as the tests use it."""

    decks: int
    columns: int
    descending: bool  # "10..1": the tallest column on the left
    stock: int  # cards left in the stock after the deal
    draw: int  # by default
    passes: int | None  # by default; None: unlimited
    one_card: bool  # "a single card" moves between columns
    empty: str  # what an empty column takes by default: "king" or "any"
    foundations: int
    reserved_slots: bool  # "two a suit": each foundation slot kept for its suit
    takeback: bool  # by default

    @property
    def face_down(self) -> int:
        """Cards dealt face down: every column's but its top card."""
        return self.columns * (self.columns - 1) // 2


def _plain(cell: str) -> str:
    return cell.replace("**", "").replace("`", "").strip()


def _default(cell: str) -> str:
    """A cell's default: "1 or 3 (option; 1 by default)" -> "1"; "4 in all" -> "4"."""
    found = re.search(r"(\w+) by default", cell)
    return found.group(1) if found else cell.split()[0].rstrip(",")


def _row(cells: list[str]) -> Facts:
    decks, deal, stock, draw, passes, moves, empty, foundations, takeback = (_plain(c) for c in cells[2:11])
    columns, order = re.match(r"(\d+), (\d+\.\.\d+)", deal).groups()  # type: ignore[union-attr]
    passes = _default(passes)
    return Facts(
        decks=int(decks),
        columns=int(columns),
        descending=order.startswith(columns),
        stock=int(stock),
        draw=int(_default(draw)),
        passes=None if passes == "unlimited" else int(passes),
        one_card=moves.startswith("a single card"),
        empty={"a": "king", "any": "any"}[empty.split()[0]],
        foundations=int(foundations.split(",")[0]),
        reserved_slots="two a suit" in foundations,
        takeback=takeback.startswith("yes") or "on by default" in takeback,
    )


def read_facts(text: str) -> dict[str, Facts]:
    """The rows of docs/rules.md's table of games, by game id."""
    rows = [line.split("|")[1:-1] for line in text.splitlines() if re.match(r"\| `[a-z-]+` \|", line)]
    return {_plain(cells[0]): _row(cells) for cells in rows}


#: docs/rules.md's table, by game id.
FACTS: dict[str, Facts] = read_facts(RULES_MD.read_text(encoding="utf-8"))


def facts(game_id: str) -> Facts:
    """A game's row, or a failure that says where it should be."""
    if game_id not in FACTS:
        raise AssertionError(f"{game_id}: no row in the table of games of docs/rules.md (tests/game_facts.py reads it)")
    return FACTS[game_id]


#: For each game, a deal whose winning line (the solver's, seeing every card, within
#: SHORT_WIN_NODES) reaches Finish in few moves: 74 (Harpan) to 303 (Easy Harp), at most
#: SHORT_WIN_MOVES.  tests/browser/wholegames.py plays it whole on a phone.  A new game's:
#: ``shortest_win(game_id, range(1, 401))`` (minutes) gives the deal and its moves to Finish.
SHORT_WINS = {"easy-harp": 17, "harp": 218, "gargantua": 101, "harpan": 364,
              "endless-harp": 7, "big-harp": 38, "double-klondike": 218}
SHORT_WIN_NODES = 20_000
SHORT_WIN_MOVES = 320


def solved_line(game_id: str, deal: int) -> list[str] | None:
    """The solver's winning line of a deal (thoughtful mode, within SHORT_WIN_NODES), or None."""
    result = solve(harp.Game.new(game_id, deal=deal), thoughtful=True, max_nodes=SHORT_WIN_NODES)
    return list(result.moves) if result.verdict == WIN else None


def moves_to_finish(game_id: str, deal: int, line: list[str]) -> int | None:
    """How many of line's moves are played before Finish is offered; None if it never is."""
    game = harp.Game.new(game_id, deal=deal)
    for played, move in enumerate(line):
        if game.finishing_moves() is not None:
            return played
        game.play(move)
    return None


def shortest_win(game_id: str, deals: range) -> tuple[int, int] | None:
    """(deal, moves to Finish) of the deal in deals whose solved line reaches Finish soonest."""
    found = []
    for deal in deals:
        line = solved_line(game_id, deal)
        moves = None if line is None else moves_to_finish(game_id, deal, line)
        if moves is not None:
            found.append((moves, deal))
    return (min(found)[1], min(found)[0]) if found else None
