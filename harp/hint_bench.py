"""``python3 -m harp bench hints``: a player who follows every hint, measured.

From the start of each deal, it plays the move the page's Hint shows (``harp.solver.HintSearch``,
on a budget in nodes, so the figures do not depend on how busy the machine is) until the game
is won or the hint has no move.  Like the page, it follows a sure line (one that wins with no
unseen card) without thinking again while the game stays on it.

Each game ends one way:

* ``won``;
* ``lost``: the fair search proved that no line can win or turn up a card;
* ``gave up``: the hint found no move that changes anything, without a proof;
* ``cap``: still playing after ``MOVE_CAP`` moves.

Beside it, the two faults a hint must never show: a ``circle`` (a placement came back on the
line since a card was last turned up or sent home) and a ``back-and-forth`` (a hint took back
the move the hint before it made).  And what a player may wait for: how many hints thought again
on a larger budget (``rethinks``: where the hint would otherwise give up, up to 4 times a
hint's budget in all), and the nodes of the longest hint.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from .game import Game
from .solver import HintSearch

MOVE_CAP = 3000


@dataclass
class Followed:
    game: str
    deal: int
    outcome: str          # "won", "lost", "gave up" or "cap"
    hints: int            # hints that thought (a sure line's later moves are not counted)
    moves: int
    nodes: int
    seconds: float        # thinking time, all hints
    circles: int
    back_and_forth: int
    rethinks: int = 0     # hints that thought again on a larger budget (``hints.RETHINK``)
    most_nodes: int = 0   # the nodes of the longest hint: what a player may wait for


def follow_hints(game_id: str, deal: int, nodes: int, seed: int = 0) -> Followed:
    """Follow every hint from the start of one deal."""
    game = Game.new(game_id, deal=deal)
    sure: list[str] = []
    hints = spent = circles = back_and_forth = rethinks = most_nodes = 0
    thinking = 0.0
    been: set[tuple[object, ...]] = {game.placement()}
    previous: tuple[object, ...] | None = None
    outcome = "cap"
    while game.history_length < MOVE_CAP:
        if game.is_won():
            outcome = "won"
            break
        if sure and sure[0] in game.legal_moves():
            move = sure.pop(0)
        else:
            search = HintSearch(game, max_nodes=nodes, seed=seed)
            while (hint := search.advance(1 << 16)) is None:
                pass
            hints += 1
            spent += hint.nodes
            thinking += hint.seconds
            rethinks += hint.rethought > 0
            most_nodes = max(most_nodes, hint.nodes)
            if hint.move is None:
                outcome = "lost" if hint.lost else "gave up"
                break
            move = hint.move
            sure = hint.line[1:] if hint.sure else []
        parsed = game.parse_move(move) if move != "s" else None
        if parsed is not None and previous == (parsed.dst, parsed.count, parsed.src):
            back_and_forth += 1
        before = _progress(game)
        game.play(move)
        previous = None if parsed is None else (parsed.src, parsed.count, parsed.dst)
        if _progress(game) != before:
            been = set()          # a card turned up or went home: the line starts again
        elif game.placement() in been:
            circles += 1
        been.add(game.placement())
    return Followed(game_id, deal, outcome, hints, game.history_length, spent, thinking, circles, back_and_forth,
                    rethinks, most_nodes)


def _progress(game: Game) -> tuple[int, int]:
    """Face-down cards and cards home: either changes only when a card is turned up or sent home."""
    return sum(game.down), sum(map(len, game.foundations))


def winnable_deals(folder: Path, game_id: str, deals: Iterable[int]) -> list[int]:
    """The deals among ``deals`` that the certified list (``certify``'s JSON) proves winnable."""
    data = json.loads((folder / f"{game_id}.json").read_text())
    known = set(data["winnable"])
    return [deal for deal in deals if deal in known]


def _follow(job: tuple[str, int, int, int]) -> Followed:
    return follow_hints(*job)


def each_followed(game_id: str, deals: list[int], nodes: int, seed: int, jobs: int) -> Iterator[Followed]:
    work = [(game_id, deal, nodes, seed) for deal in deals]
    if jobs <= 1:
        yield from map(_follow, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_follow, work, chunksize=1)


HEADER = (f"{'game':<16} {'deals':>5} {'won':>7} {'lost':>7} {'gave up':>7} {'circles':>7} {'b&f':>4}"
          f" {'hints/game':>10} {'ms/hint':>8} {'nodes/hint':>10} {'rethinks':>8} {'most nodes':>10}")


def report_line(game_id: str, rows: list[Followed]) -> str:
    n = len(rows)

    def share(outcome: str) -> str:
        return f"{100 * sum(r.outcome == outcome for r in rows) / n:6.1f}%" if n else f"{'-':>7}"

    hints = sum(r.hints for r in rows)
    ms = 1000 * sum(r.seconds for r in rows) / hints if hints else 0.0
    per_game = hints / n if n else 0.0
    nodes = sum(r.nodes for r in rows) / hints if hints else 0.0
    gave_up = sum(r.outcome in ("gave up", "cap") for r in rows)
    return (f"{game_id:<16} {n:>5} {share('won')} {share('lost')} {gave_up:>7} {sum(r.circles > 0 for r in rows):>7}"
            f" {sum(r.back_and_forth for r in rows):>4} {per_game:>10.1f} {ms:>8.0f} {nodes:>10.0f}"
            f" {sum(r.rethinks for r in rows):>8} {max((r.most_nodes for r in rows), default=0):>10}")


def bench_hints(games: list[str], deals: list[int], nodes: int, seed: int, jobs: int, winnable: Path,
                out: TextIO, details: TextIO | None = None) -> dict[str, list[Followed]]:
    """Follow every hint on the certified-winnable deals among ``deals`` of each game; print a
    line a game (and, to ``details``, a line a deal)."""
    print(f"Hint benchmark: a player who follows every hint, certified-winnable deals among "
          f"{deals[0]}-{deals[-1]}, {nodes} nodes a hint, seed {seed}, {jobs} process(es).", file=out)
    print(HEADER, file=out, flush=True)
    results: dict[str, list[Followed]] = {}
    for game_id in games:
        started = time.perf_counter()
        rows = []
        for row in each_followed(game_id, winnable_deals(winnable, game_id, deals), nodes, seed, jobs):
            rows.append(row)
            if details is not None:
                print(f"{row.game} {row.deal} {row.outcome} hints={row.hints} moves={row.moves} "
                      f"nodes={row.nodes} seconds={row.seconds:.1f} circles={row.circles} "
                      f"back-and-forth={row.back_and_forth} rethinks={row.rethinks} most-nodes={row.most_nodes}",
                      file=details, flush=True)
        results[game_id] = rows
        lost = [r.deal for r in rows if r.outcome != "won"]
        print(report_line(game_id, rows), file=out, flush=True)
        print(f"{'':<16} not won: {' '.join(map(str, lost)) or '-'} ({time.perf_counter() - started:.0f} s)",
              file=out, flush=True)
    return results
