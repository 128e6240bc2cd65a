"""`build.py bench` in Firefox ESR and WebKitGTK: ready against bare Pyodide.

Playwright's probe cannot enter these browsers' pages before their scripts,
so the times are the pages' own Performance marks, from the navigation's
start: "harp-ready" (static/harpui/startup.py, as <html data-harp-ready> is
set) and "pyodide-ready" (the bare Pyodide page, bench_serving.BARE_MJS).  Each
run is two new profiles of the browser (buildtools/browsers.py), as
bench_chromium.py's Chromium runs are:

- the game's first visit, then a repeat visit (it makes the snapshot), then
  the snapshot visit, and bare Pyodide's repeat visit last;
- bare Pyodide's first visit, in a profile of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from .browsers import APT_PACKAGES, ENGINES, PROGRAMS, EnginePage, open_engine
from .probes import SNAPSHOT_SETTLED, WORKER_ACTIVATED

READY_MARK, BARE_MARK = "harp-ready", "pyodide-ready"
TIMEOUT_S = 120.0
SNAPSHOT_TIMEOUT_S = 240.0


def figure_names(engine: str) -> list[str]:
    """The figures one engine adds, in the order they print."""
    return [f"{engine}: ready", f"{engine}: bare Pyodide", f"{engine} snapshot: ready",
            f"{engine} snapshot: bare Pyodide"]


def missing_program(engine: str) -> str:
    """Why engine cannot run here ('' if it can)."""
    absent = [APT_PACKAGES[program] for program in PROGRAMS[engine] if not Path(program).exists()]
    return f"not installed: {', '.join(absent)} (build.py test installs it)" if absent else ""


def marked(page: EnginePage, url: str, mark: str) -> float:
    """Open url; the time of the page's Performance mark, once it is made."""
    page.goto(url)
    page.wait(f"() => performance.getEntriesByName({json.dumps(mark)}).length > 0", TIMEOUT_S)
    return float(page.run(f"() => performance.getEntriesByName({json.dumps(mark)})[0].startTime"))


def run_once(engine: str, game_url: str, bare_url: str) -> dict[str, tuple[float | None, float | None, str]]:
    """One run: figure name -> (value, bare Pyodide of the same visit, why it is missing)."""
    page = open_engine(engine)
    try:
        first = marked(page, game_url, READY_MARK)
        page.wait(WORKER_ACTIVATED, TIMEOUT_S)
        marked(page, game_url, READY_MARK)                        # the repeat visit makes the snapshot
        page.wait(SNAPSHOT_SETTLED, SNAPSHOT_TIMEOUT_S)
        made = page.attribute("data-harp-snapshot")
        snapshot = marked(page, game_url, READY_MARK)
        booted = page.attribute("data-harp-boot")
        bare_repeat = marked(page, bare_url, BARE_MARK)
    finally:
        page.close()
    page = open_engine(engine)
    try:
        bare_first = marked(page, bare_url, BARE_MARK)
    finally:
        page.close()
    no_snapshot = "" if booted == "snapshot" else f"booted without a snapshot (the repeat visit's making: {made})"
    return {
        f"{engine}: ready": (first, bare_first, ""),
        f"{engine}: bare Pyodide": (bare_first, bare_first, ""),
        f"{engine} snapshot: ready": (None if no_snapshot else snapshot, bare_repeat, no_snapshot),
        f"{engine} snapshot: bare Pyodide": (bare_repeat, bare_repeat, ""),
    }


def measure(add: Callable[[str, float | None, float | None, str], None], game_url: str, bare_url: str,
            runs: int, log: Callable[[str], None] = print) -> None:
    """runs runs of each engine; every figure goes to add(name, value, baseline, why)."""
    for engine in ENGINES:
        absent = missing_program(engine)
        for k in range(runs if not absent else 1):
            try:
                figures = run_once(engine, game_url, bare_url) if not absent else {}
            except Exception as error:  # noqa: BLE001 - reported as n/a, the bench goes on
                why = f"{type(error).__name__}: {str(error).splitlines()[0][:120] if str(error) else ''}"
                figures = {name: (None, None, why) for name in figure_names(engine)}
            for name in figure_names(engine):
                value, baseline, why = figures.get(name, (None, None, absent))
                add(name, value, baseline, why)
            if not absent:
                log(f"{engine} run {k + 1}/{runs} done")
