"""Measuring win rates: solve many deals (in parallel) and summarise them honestly.

Each deal gets a ``Budget``: seconds (``10s``), as the published win rates are measured,
or nodes (``20000nodes``), which gives the same verdicts and node counts on any machine
however busy it is (the tests use it).  A ``solve --csv`` file records the budget on every
line, in its ``budget`` column: seconds as a bare number (``10``, as the files written
before node budgets have it), nodes with their unit (``20000nodes``).  One file holds one
budget a game: ``already_solved`` refuses to add deals solved with another kind or size.

A game played with other rule options than its own (Harpan drawing three) is a table of its
own: the ``options`` column names them as a deal code writes them (``D3``), and is empty for
the game's own rules.

Published tables (``read_details``: the rules pages' win rates and ``certify --from``'s
winnable lists, whose JSON says ``budget_seconds``) are measured with a time budget, so
``read_details`` refuses a file solved with a node budget, with a ValueError saying so.
"""

from __future__ import annotations

import csv
import itertools
import math
import statistics
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path

from .codes import option_tokens
from .game import Game
from .solver import LOSS, TECHNIQUES, UNKNOWN, WIN, solve


@dataclass(frozen=True)
class DealResult:
    game: str
    deal: int
    verdict: str
    nodes: int
    seconds: float
    options: str = ""   # the rule options that differ from the game's own, as a deal code writes them

    @property
    def table(self) -> str:
        """The table this deal belongs to: ``harpan``, or ``harpan D3`` with other options."""
        return table_name(self.game, self.options)


def table_name(game_id: str, options: str) -> str:
    """``harpan``, or ``harpan D3``: a game and the options that differ from its own rules."""
    return f"{game_id} {options}" if options else game_id


@dataclass(frozen=True)
class Budget:
    """What a deal may spend: ``seconds`` or ``nodes``, exactly one of them."""

    seconds: float | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if (self.seconds is None) == (self.nodes is None):
            raise ValueError("a budget is seconds or nodes, exactly one of them")
        if (self.seconds if self.seconds is not None else self.nodes or 0) <= 0:
            raise ValueError(f"a budget must be more than nothing, not {self}")

    def __str__(self) -> str:
        """``10s`` or ``20000 nodes``, as the command's messages say it."""
        return f"{self.seconds:g}s" if self.seconds is not None else f"{self.nodes} nodes"

    @property
    def column(self) -> str:
        """The CSV's ``budget`` column: ``10`` (seconds) or ``20000nodes``."""
        return f"{self.seconds:g}" if self.seconds is not None else f"{self.nodes}{NODES}"

    @classmethod
    def from_column(cls, text: str) -> Budget:
        """Read the ``budget`` column back; a bad one is a ValueError."""
        if text.endswith(NODES):
            return cls(nodes=int(text[:-len(NODES)]))
        return cls(seconds=float(text))


NODES = "nodes"  # the unit of a node budget: ``--budget 20000nodes``, and the CSV's column


@dataclass(frozen=True)
class Job:
    """One deal to solve: a time budget, or a budget in nodes (deterministic, for comparisons)."""

    game: str
    deal: int
    budget: float | None
    options: tuple[tuple[str, object], ...] = ()
    max_nodes: int | None = None
    techniques: tuple[str, ...] = TECHNIQUES


def solve_deal(job: Job) -> DealResult:
    """Solve one deal from its start in thoughtful mode (a worker process runs this).

    A win counts only if its move list replays through the engine to a won game."""
    game_id, deal = job.game, job.deal
    game = Game.new(game_id, deal=deal, **dict(job.options))  # type: ignore[arg-type]
    result = solve(game, thoughtful=True, max_seconds=job.budget, max_nodes=job.max_nodes,
                   techniques=job.techniques)
    verdict = result.verdict
    if verdict == WIN:
        for move in result.moves:
            game.play(move)
        if not game.is_won():  # pragma: no cover - the solver tests guard this
            raise AssertionError(f"{game_id} deal {deal}: the solver's win does not replay")
    return DealResult(game_id, deal, verdict, result.nodes, result.seconds, option_tokens(game.rules))


def solve_deals(
    game_id: str, deals: Iterable[int], budget: float | None, jobs: int = 1, options: dict[str, object] | None = None,
    max_nodes: int | None = None, techniques: tuple[str, ...] = TECHNIQUES, scheduler: str | None = None,
) -> list[DealResult]:
    return list(each_solved(game_id, deals, budget, jobs, options, max_nodes, techniques, scheduler))


def each_solved(
    game_id: str, deals: Iterable[int], budget: float | None, jobs: int = 1, options: dict[str, object] | None = None,
    max_nodes: int | None = None, techniques: tuple[str, ...] = TECHNIQUES, scheduler: str | None = None,
) -> Iterator[DealResult]:
    """Each deal's result as soon as it (and every deal before it) is solved, in deal order.

    ``jobs`` worker processes here, or, with ``scheduler`` (an address such as
    ``tcp://10.0.0.5:8786``), the workers of a Dask cluster (``on_cluster``)."""
    settings = tuple(sorted((options or {}).items()))
    work = [Job(game_id, deal, budget, settings, max_nodes, techniques) for deal in deals]
    if scheduler is not None:
        yield from on_cluster(scheduler, work)
        return
    if jobs <= 1:
        yield from map(solve_deal, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(solve_deal, work, chunksize=1)


def on_cluster(scheduler: str, work: list[Job]) -> Iterator[DealResult]:
    """Solve each job on a Dask cluster's workers, yielding results in job order.

    Dask's ``distributed`` is the optional extra ``pip install .[cluster]``, so the engine
    itself needs nothing outside the standard library.  Each worker needs this package
    installed too (``pip install .`` there), since it runs ``solve_deal``."""
    try:
        from distributed import Client
    except ImportError:
        raise ValueError("--scheduler needs Dask's distributed package: pip install .[cluster]") from None
    with Client(scheduler) as client:  # type: ignore[no-untyped-call, unused-ignore]
        futures = client.map(solve_deal, work, pure=False)
        for future in futures:
            yield future.result()


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for the default z)."""
    if total == 0:
        return (0.0, 1.0)
    p = successes / total
    centre = p + z * z / (2 * total)
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    denominator = 1 + z * z / total
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


@dataclass(frozen=True)
class Summary:
    game: str
    deals: int
    won: int
    lost: int
    unknown: int
    low: float  # lower end of the 95% interval, counting every unknown as a loss
    high: float  # upper end, counting every unknown as a win
    median_seconds: float
    p90_seconds: float
    nodes: int
    seconds: float

    @property
    def resolved(self) -> float:
        return (self.won + self.lost) / self.deals if self.deals else 0.0

    def line(self) -> str:
        return (
            f"{self.game:<16} {self.deals:>6} {self.won:>6} {self.lost:>6} {self.unknown:>7}"
            f"  {100 * self.won / max(1, self.deals):5.1f}%  [{100 * self.low:5.1f}%, {100 * self.high:5.1f}%]"
            f"  {100 * self.resolved:5.1f}%  {self.median_seconds:7.2f}s {self.p90_seconds:7.2f}s"
        )


HEADER = (
    f"{'game':<16} {'deals':>6} {'won':>6} {'lost':>6} {'unknown':>7}  {'winnable':>6}  "
    f"{'95% interval (unknowns both ways)':<18}  resolved  median     p90"
)


def summarise(game_id: str, results: list[DealResult]) -> Summary:
    won = sum(r.verdict == WIN for r in results)
    lost = sum(r.verdict == LOSS for r in results)
    unknown = len(results) - won - lost
    low, _ = wilson(won, len(results))
    _, high = wilson(won + unknown, len(results))
    times = sorted(r.seconds for r in results) or [0.0]
    p90 = times[min(len(times) - 1, math.ceil(0.9 * len(times)) - 1)]
    return Summary(
        game_id, len(results), won, lost, unknown, low, high, statistics.median(times), p90,
        sum(r.nodes for r in results), sum(r.seconds for r in results),
    )


def certified_list(game_id: str, deals: range, results: list[DealResult], budget: float) -> dict[str, object]:
    """The data file of deals proven winnable (thoughtful mode), as the page loads it."""
    return {
        "game": game_id,
        "mode": "thoughtful",
        "budget_seconds": budget,
        "checked": [deals.start, deals.stop - 1],
        "winnable": sorted(r.deal for r in results if r.verdict == WIN),
    }


DETAIL_FIELDS = ["game", "deal", "verdict", "nodes", "seconds", "budget", "options"]


def write_details(path: Path, results: list[DealResult], budget: Budget) -> None:
    """Append one line a deal (``solve --csv``), so a long run can be checked and published.
    A file written before the ``options`` column is first rewritten with it."""
    new_file = not path.exists()
    if not new_file and _header(path) != DETAIL_FIELDS:
        compact_details(path)
    with path.open("a", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        if new_file:
            writer.writerow(DETAIL_FIELDS)
        for r in results:
            writer.writerow([r.game, r.deal, r.verdict, r.nodes, f"{r.seconds:.3f}", budget.column, r.options])


def _header(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="") as handle:
        return next(csv.reader(handle), [])


def read_rows(path: Path) -> Iterator[tuple[DealResult, Budget]]:
    """Every result line of a ``solve --csv`` file with its budget; a bad line is a ValueError."""
    with path.open(encoding="utf-8", newline="") as handle:
        for line, row in enumerate(csv.DictReader(handle), 2):
            try:
                result = DealResult(row["game"], int(row["deal"]), row["verdict"], int(row["nodes"]),
                                    float(row["seconds"]), row.get("options") or "")
                budget = Budget.from_column(row["budget"])
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"{path}, line {line}: not a result line ({', '.join(DETAIL_FIELDS)})") from None
            if result.verdict not in (WIN, LOSS, UNKNOWN):
                raise ValueError(f"{path}, line {line}: unknown verdict {result.verdict!r}")
            yield result, budget


def already_solved(path: Path, game_id: str, budget: Budget, options: str = "") -> dict[int, DealResult]:
    """The deals of ``game_id`` (with ``options``, as a deal code writes them) a ``solve --csv``
    file holds already, so a long run can go on where it stopped.  A deal solved with another
    budget (of the other kind, or another size) is refused with a ValueError."""
    if not path.exists():
        return {}
    done: dict[int, DealResult] = {}
    table = table_name(game_id, options)
    for result, solved_with in read_rows(path):
        if result.table != table:
            continue
        if solved_with.column != budget.column:
            raise ValueError(f"{path} has {table} deal {result.deal} solved with a budget of {solved_with}, "
                             f"not {budget}: use another file, or the same budget")
        done[result.deal] = result
    return done


def latest_rows(path: Path) -> dict[tuple[str, int], tuple[DealResult, Budget]]:
    """Each (table, deal) of a ``solve --csv`` file with its last line: a deal solved again
    (``solve --again``) is appended, and its new line replaces the old."""
    return {(result.table, result.deal): (result, budget) for result, budget in read_rows(path)}


def compact_details(path: Path) -> None:
    """Rewrite a ``solve --csv`` file with one line a deal, the latest, where the first stood.
    The new file is written beside it and then renamed over it, so a stop midway loses nothing."""
    rows = latest_rows(path)
    fresh = path.with_name(path.name + ".new")
    fresh.unlink(missing_ok=True)
    for budget, run in itertools.groupby(rows.values(), key=itemgetter(1)):  # one write a run of one budget
        write_details(fresh, [result for result, _ in run], budget)
    fresh.replace(path)


def read_details(path: Path) -> dict[str, tuple[list[DealResult], float]]:
    """Each table's results (``DealResult.table``: ``harpan``, ``harpan D3``), sorted by deal,
    and its budget in seconds, for a published table.  A table must cover one unbroken range
    of deals, all solved with one time budget; anything else (a node budget too: see the
    module's docstring) is refused with a ValueError."""
    games: dict[str, tuple[list[DealResult], float]] = {}
    for result, budget in latest_rows(path).values():
        if budget.seconds is None:
            raise ValueError(f"{path}: {result.table} deal {result.deal} was solved with a budget of {budget}; "
                             "published win rates and winnable lists are measured with a time budget "
                             "(solve --budget 10s)")
        results, first_budget = games.setdefault(result.table, ([], budget.seconds))
        if budget.seconds != first_budget:
            raise ValueError(f"{result.table}: deals were solved with different budgets")
        results.append(result)
    for game_id, (results, _) in games.items():
        results.sort(key=lambda r: r.deal)
        deals = [r.deal for r in results]
        if deals != list(range(deals[0], deals[0] + len(deals))):
            raise ValueError(f"{game_id}: the deals measured are not one unbroken range")
    return games
