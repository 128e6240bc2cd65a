"""Measuring win rates: solve many deals (in parallel) and summarise them honestly."""

from __future__ import annotations

import csv
import math
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .game import Game
from .solver import LOSS, UNKNOWN, WIN, solve


@dataclass(frozen=True)
class DealResult:
    game: str
    deal: int
    verdict: str
    nodes: int
    seconds: float


def solve_deal(job: tuple[str, int, float, dict[str, object]]) -> DealResult:
    """Solve one deal from its start in thoughtful mode (a worker process runs this).

    A win counts only if its move list replays through the engine to a won game."""
    game_id, deal, budget, options = job
    game = Game.new(game_id, deal=deal, **options)  # type: ignore[arg-type]
    result = solve(game, thoughtful=True, max_seconds=budget)
    verdict = result.verdict
    if verdict == WIN:
        for move in result.moves:
            game.play(move)
        if not game.is_won():  # pragma: no cover - the solver tests guard this
            raise AssertionError(f"{game_id} deal {deal}: the solver's win does not replay")
    return DealResult(game_id, deal, verdict, result.nodes, result.seconds)


def solve_deals(
    game_id: str, deals: range, budget: float, jobs: int = 1, options: dict[str, object] | None = None
) -> list[DealResult]:
    work = [(game_id, deal, budget, options or {}) for deal in deals]
    if jobs <= 1:
        return [solve_deal(job) for job in work]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(solve_deal, work, chunksize=4))


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


DETAIL_FIELDS = ["game", "deal", "verdict", "nodes", "seconds", "budget"]


def write_details(path: Path, results: list[DealResult], budget: float) -> None:
    """Append one line a deal (``solve --csv``), so a long run can be checked and published."""
    new_file = not path.exists()
    with path.open("a", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        if new_file:
            writer.writerow(DETAIL_FIELDS)
        for r in results:
            writer.writerow([r.game, r.deal, r.verdict, r.nodes, f"{r.seconds:.3f}", f"{budget:g}"])


def read_details(path: Path) -> dict[str, tuple[list[DealResult], float]]:
    """Each game's results, sorted by deal, and its budget.  A game must cover one unbroken
    range of deals, all solved with one budget; anything else is refused with a ValueError."""
    games: dict[str, tuple[list[DealResult], float]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for line, row in enumerate(csv.DictReader(handle), 2):
            try:
                result = DealResult(row["game"], int(row["deal"]), row["verdict"], int(row["nodes"]),
                                    float(row["seconds"]))
                budget = float(row["budget"])
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"{path}, line {line}: not a result line ({', '.join(DETAIL_FIELDS)})") from None
            if result.verdict not in (WIN, LOSS, UNKNOWN):
                raise ValueError(f"{path}, line {line}: unknown verdict {result.verdict!r}")
            results, first_budget = games.setdefault(result.game, ([], budget))
            if budget != first_budget:
                raise ValueError(f"{result.game}: deals were solved with different budgets")
            results.append(result)
    for game_id, (results, _) in games.items():
        results.sort(key=lambda r: r.deal)
        deals = [r.deal for r in results]
        if deals != list(range(deals[0], deals[0] + len(deals))):
            raise ValueError(f"{game_id}: the deals measured are not one unbroken range")
    return games
