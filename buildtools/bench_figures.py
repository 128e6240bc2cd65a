"""`build.py bench`'s figures: the numbers over the runs (median, percentile),
how each prints, every figure the bench prints, in its order, and the report.

The runs fill them (bench_chromium.py, bench_browsers.py, bench.py's measure);
a figure nobody filled prints "n/a" and why.
"""

from __future__ import annotations

import datetime
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field

from . import bench_browsers
from .browsers import ENGINES

BYTE_FIGURES = ("bytes: first visit", "bytes: repeat visit", "bytes: snapshot visit")
BROTLI_FIGURE = "bytes: first visit, brotli"
HINT_FIGURES = ("hint", "phone: hint")   # the page's hint time (bench_hint_time.py), desktop and phone


# -- numbers -----------------------------------------------------------------
def median(values: Sequence[float]) -> float:
    """The median of values (the mean of the middle two for an even count)."""
    if not values:
        raise ValueError("median of nothing")
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (0-100) of values by the nearest-rank method."""
    if not values:
        raise ValueError("percentile of nothing")
    s = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(s)))
    return s[min(rank, len(s)) - 1]


def fmt_ms(ms: float) -> str:
    """1234.5 -> '1,235 ms'."""
    return f"{ms:,.0f} ms"


def fmt_bytes(n: float) -> str:
    """5123456 -> '5,123,456 B (4.9 MiB)'."""
    return f"{n:,.0f} B ({n / 1024 / 1024:.1f} MiB)" if n >= 1024 * 1024 else f"{n:,.0f} B"


def fmt_ratio(ratio: float | None) -> str:
    return "" if ratio is None else f"{ratio:.2f}x bare Pyodide"


# -- the figures ---------------------------------------------------------------
@dataclass
class Figure:
    """One printed figure: its values over the runs (or why there are none)."""

    name: str
    unit: str = "ms"                                    # "ms", "bytes", "latency" (moves) or "hint" (presses)
    values: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)   # per run, to that run's bare Pyodide
    extra: list[float] = field(default_factory=list)    # response counts, for bytes
    missing: str = ""                                   # why it is n/a

    def add(self, value: float | None, baseline: float | None = None, why: str = "") -> None:
        if value is None:
            self.missing = self.missing or why or "not measured"
            return
        self.values.append(value)
        if baseline:
            self.ratios.append(value / baseline)

    def line(self, width: int = 28) -> str:
        """The figure for people: median (and p95 or ratio), or n/a and why."""
        label = f"{self.name:<{max(width, len(self.name) + 1)}}"
        if not self.values:
            return f"{label}n/a ({self.missing or 'not measured'})"
        if self.unit == "bytes":
            count = f" in {median(self.extra):,.0f} responses" if self.extra else ""
            return f"{label}{fmt_bytes(median(self.values))}{count}".rstrip()
        if self.unit in ("latency", "hint"):
            counted = "moves" if self.unit == "latency" else "hints"
            return (f"{label}{fmt_ms(median(self.values))} median, {fmt_ms(percentile(self.values, 95))} p95"
                    f" ({len(self.values)} {counted})")
        ratio = median(self.ratios) if self.ratios else None
        return f"{label}{fmt_ms(median(self.values)):>10}   {fmt_ratio(ratio)}".rstrip()


@dataclass
class Results:
    """Every figure, by name, in the order they print."""

    figures: dict[str, Figure] = field(default_factory=dict)
    boot: dict[str, dict[str, list[float]]] = field(default_factory=dict)  # visit -> step -> values

    def __getitem__(self, name: str) -> Figure:
        return self.figures[name]

    def declare(self, name: str, unit: str = "ms") -> None:
        self.figures[name] = Figure(name, unit)


def figure_names(prefix: str) -> list[str]:
    return [f"{prefix}first board", f"{prefix}ready", f"{prefix}bare Pyodide"]


def own_stdlib_name(prefix: str) -> str:
    return f"{prefix}bare Pyodide, own stdlib"


def new_results() -> Results:
    r = Results()
    for prefix in ("", "repeat: ", "snapshot: ", "phone: ", "phone repeat: ", "phone snapshot: "):
        for name in figure_names(prefix):
            r.declare(name)
        if prefix in ("", "phone: "):
            r.declare(own_stdlib_name(prefix))
    for engine in ENGINES:
        for name in bench_browsers.figure_names(engine):
            r.declare(name)
    r.declare("move latency", "latency")
    for name in HINT_FIGURES:
        r.declare(name, "hint")
    for name in BYTE_FIGURES:
        r.declare(name, "bytes")
    r.declare(BROTLI_FIGURE, "bytes")
    return r


# -- the report ------------------------------------------------------------------
def report(results: Results, runs: int, phone_runs: int, when: datetime.datetime | None = None) -> str:
    """The figures for people."""
    when = when or datetime.datetime.now(datetime.UTC)
    head = (f"Harp bench, {when:%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, {runs} desktop run(s),"
            f" {phone_runs} phone run(s); medians, from the navigation's start")
    lines = [head]
    lines += [f.line() for f in results.figures.values()]
    for visit_name, steps in results.boot.items():
        parts = [f"{label} {fmt_ms(median(v))}" for label, v in steps.items() if v]
        lines.append(f"boot, {visit_name.rstrip(': ')}: " + ", ".join(parts))
    return "\n".join(lines) + "\n"
