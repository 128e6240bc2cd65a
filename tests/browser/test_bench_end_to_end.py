"""`python3 build.py bench` runs end to end in its quick mode and prints
every figure. No time is asserted: the figures are measurements, and this
machine's load is not ours to judge. They are checked for sense only:
positive, bare Pyodide 1.00x of itself, the first board before ready, one
hint timed a deal (--hints 1).

Firefox and WebKit are left out here (--no-engines: ten more Pyodide boots
on a CPU-bound run); tests/crossbrowser/ reads the same Performance mark
their figures come from, with bench_browsers.marked, in both.  So is the
brotli count (--no-brotli: about 25 s of CPU at brotli's best);
tests/test_bench.py counts a small site's files the same way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from buildtools.common import ROOT
from buildtools import bench_figures
from buildtools.bench_hint_time import HINT_DEALS


def test_bench_quick_mode_prints_every_figure(site_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "build.py", "bench", "--runs", "1", "--no-phone", "--moves", "6", "--no-engines",
         "--no-brotli", "--hints", "1", "--site", str(site_dir)],
        cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    for name in bench_figures.new_results().figures:
        line = next((s for s in lines if s.startswith(name + " ")), None)
        assert line is not None, f"{name} missing from:\n{done.stdout}"
        if name.startswith("phone"):
            assert "n/a (phone profile not run (--no-phone))" in line
            continue
        if name.startswith(("firefox", "webkit")):
            assert "n/a (not run (--no-engines))" in line
            continue
        if name == bench_figures.BROTLI_FIGURE:
            assert "n/a (not counted (--no-brotli))" in line
            continue
        assert "n/a" not in line, f"{name} was not measured: {line}"
        # A repeat visit may rightly send nothing: the service worker has it all.
        if not name.startswith(("bytes: repeat", "bytes: snapshot")):
            assert figure(lines, name) > 0, f"{name} is not positive: {line}"
        if name.endswith("bare Pyodide"):
            assert line.endswith("1.00x bare Pyodide"), line
    hint = next(s for s in lines if s.startswith("hint "))
    assert hint.endswith(f"({len(HINT_DEALS)} hints)"), hint   # one press a deal, each timed
    for prefix in ("", "repeat: ", "snapshot: "):
        assert figure(lines, prefix + "first board") < figure(lines, prefix + "ready"), done.stdout
    assert any(s.startswith("boot, first visit: ") for s in lines)


def figure(lines: list[str], name: str) -> float:
    """The number a figure's line starts with (ms, bytes)."""
    line = next(s for s in lines if s.startswith(name + " "))
    return float(line[len(name):].split()[0].replace(",", ""))
