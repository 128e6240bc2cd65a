"""`build.py bench`: how long the game takes to show and to answer, in headless Chromium
(and how long it takes to be ready in Firefox ESR and WebKitGTK: bench_browsers.py).

It builds the site (or takes --site DIR), copies it into a temporary folder
beside a bare Pyodide page (bench-pyodide.html: the same vendored files, and
nothing but loadPyodide()), and serves the copy as a static host does:
netlify.toml's headers, gzip, ETags and 304s (buildtools/server.py;
bench_serving.py). Then it drives Debian's Chromium through --runs runs
(bench_chromium.py); each run measures, from the navigation's start
(performance.now() in the page):

- first board: the first card element ([data-card]) visible, at a frame;
- ready: <html data-harp-ready> set;
- bare Pyodide: loadPyodide() resolved on the bare page;
- bare Pyodide, own stdlib: the same, with Pyodide's own python_stdlib.zip
  (all of it, as source) in place of the site's trimmed one, whose modules
  are bytecode (buildtools/stdlib.py), on a first visit: Pyodide as it
  ships, for a player's view of what the site's boot saves;
- the same on a repeat visit in the same persistent profile (service worker
  installed, caches warm), which then makes the player's memory snapshot
  (static/pyodide-boot.template.mjs); and on a third visit, a returning
  player's usual one, which boots from that snapshot ("snapshot: "; n/a
  when it booted without one); the bare page's repeat visit comes last, so
  the browser's code cache is as warm for it as for the game;
- the same again in a phone profile: the CPU slowed 4x, 1.6 Mbit/s down with
  150 ms latency, a phone's screen (--phone-runs, default 1; --no-phone skips it);
- move latency: a pointerup on the board to the board's next DOM change, over
  a scripted line of taps and drags on EH1-N-AAAAAAF chosen with harp in CPython,
  begun once the ready board has been painted (as a player, who taps what
  they see; a click sent before that frame would time the board's first
  paint, about 100 ms here, not the move);
- hint: a stock tap, then Hint at once, on a Harpan, a Big Harp and a Gargantua
  deal (--hints presses each), from the button's release to the card the page
  marks as the hint; in the phone profile too (bench_hint_time.py);
- bytes: what the server sent (bodies, gzip as sent) during the first visit,
  service worker precache included, during the repeat visit (the snapshot's
  making included) and during the snapshot visit; and the first visit's
  files again as brotli would send them (the host's choice: buildtools/server.py
  sends gzip; --no-brotli skips that count, about 25 s of CPU);
- ready and bare Pyodide in Firefox ESR and WebKitGTK, first visit and
  snapshot visit (bench_browsers.py; --no-engines skips them);
- boot steps: when PyScript reported its interpreter (Pyodide) loaded, the
  [files] unpacked, main.py started (py:ready), the first board, and ready.

Times are medians over the runs, each with the median of its ratios to the
bare Pyodide of the same run and visit. A figure that could not be measured
prints "n/a" and why. Nothing here is asserted: it is a measurement, the
tests only check that it runs (tests/browser/test_bench_end_to_end.py).

The bench's modules, one job each: this one holds the command line and the
run (measure); bench_serving.py the served copy and its byte log;
bench_chromium.py the Chromium visits and the played moves; bench_hint_time.py
the hint time; bench_moves.py
the scripted line of moves; bench_figures.py the figures, their statistics
and the report; bench_browsers.py the Firefox ESR and WebKitGTK runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from .common import CHROMIUM, DIST
from .site import build
from . import bench_browsers
from .bench_chromium import run_once
from .bench_figures import BROTLI_FIGURE, HINT_FIGURES, Results, figure_names, new_results, own_stdlib_name, report
from .bench_hint_time import PRESSES
from .bench_moves import MOVES
from .bench_serving import BARE_PAGE, brotli_total, served_copy
from .browsers import ENGINES

RUNS = 3
PHONE_RUNS = 1
ENGINE_RUNS = 1


# -- arguments -----------------------------------------------------------------
def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """bench's own options (build.py passes what follows `bench`)."""
    parser = argparse.ArgumentParser(prog="build.py bench",
                                     description="Time the game in headless Chromium, Firefox ESR and WebKitGTK.")
    parser.add_argument("--runs", type=positive, default=RUNS, help=f"desktop runs (default {RUNS})")
    parser.add_argument("--phone", action=argparse.BooleanOptionalAction, default=True,
                        help="also measure the phone profile (default: yes; --no-phone skips it)")
    parser.add_argument("--phone-runs", type=positive, default=PHONE_RUNS,
                        help=f"phone profile runs (default {PHONE_RUNS}: a run takes minutes)")
    parser.add_argument("--engines", action=argparse.BooleanOptionalAction, default=True,
                        help="also time Firefox ESR and WebKitGTK (default: yes; --no-engines skips them)")
    parser.add_argument("--engine-runs", type=positive, default=ENGINE_RUNS,
                        help=f"runs of each of Firefox and WebKit (default {ENGINE_RUNS})")
    parser.add_argument("--brotli", action=argparse.BooleanOptionalAction, default=True,
                        help="also count the first visit's bytes at brotli's best (default: yes; about 25 s "
                             "of CPU here; --no-brotli skips it)")
    parser.add_argument("--moves", type=positive, default=MOVES, help=f"scripted moves per run (default {MOVES})")
    parser.add_argument("--hints", type=int, default=PRESSES,
                        help=f"presses of Hint on each deal of the hint time (default {PRESSES}; 0 skips it)")
    parser.add_argument("--site", type=Path, default=None,
                        help="a built site to measure instead of building dist/")
    return parser.parse_args(list(argv))


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {text}")
    return value


# -- the run -------------------------------------------------------------------------
def measure(site: Path, runs: int, phone_runs: int, moves: int, engine_runs: int = 0,
            log: Callable[[str], None] = print, brotli: bool = True, hints: int = 0) -> Results:
    """Serve a copy of site and run the profiles; the figures."""
    from playwright.sync_api import sync_playwright

    results = new_results()
    with served_copy(site) as (served, copy):
        with sync_playwright() as playwright:
            for i in range(runs):
                started = time.monotonic()
                run_once(playwright, served, results, False, moves, hints)
                log(f"desktop run {i + 1}/{runs}: {time.monotonic() - started:.0f} s")
            for i in range(phone_runs):
                started = time.monotonic()
                run_once(playwright, served, results, True, moves, hints)
                log(f"phone run {i + 1}/{phone_runs}: {time.monotonic() - started:.0f} s")
        if engine_runs:
            bench_browsers.measure(lambda name, value, base, why: results[name].add(value, base, why),
                                   served.url, served.url + BARE_PAGE, engine_runs, log)
        if brotli:
            results[BROTLI_FIGURE].add(brotli_total(copy, served.first_visit), why="no first visit measured")
        else:
            results[BROTLI_FIGURE].missing = "not counted (--no-brotli)"
    if hints == 0:
        for name in HINT_FIGURES:
            results[name].missing = "not run (--hints 0)"
    if phone_runs == 0:
        for name in (figure_names("phone: ") + [own_stdlib_name("phone: ")] + figure_names("phone repeat: ")
                     + figure_names("phone snapshot: ") + [HINT_FIGURES[1]]):
            results[name].missing = "phone profile not run (--no-phone)"
    if engine_runs == 0:
        for engine in ENGINES:
            for name in bench_browsers.figure_names(engine):
                results[name].missing = "not run (--no-engines)"
    return results


def bench(argv: Sequence[str]) -> int:
    """build.py bench [--runs N] [--no-phone] [--phone-runs N] [--no-engines] [--no-brotli] [--moves N] [--hints N]
    [--site DIR]."""
    args = parse_args(argv)
    if importlib.util.find_spec("playwright") is None:
        print("bench needs Playwright for Python: pip install -r requirements-test.txt", flush=True)
        return 2
    if not Path(CHROMIUM).exists():
        print(f"bench needs Chromium at {CHROMIUM}: apt-get install -y chromium", flush=True)
        return 2
    site = args.site or build(DIST)
    phone_runs = args.phone_runs if args.phone else 0
    engine_runs = args.engine_runs if args.engines else 0
    results = measure(site, args.runs, phone_runs, args.moves, engine_runs, log=lambda s: print(s, flush=True),
                      brotli=args.brotli, hints=max(0, args.hints))
    print(report(results, args.runs, phone_runs), end="", flush=True)
    return 0
