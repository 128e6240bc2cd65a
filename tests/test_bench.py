"""build.py bench's pure helpers: the numbers, the lines it prints, its options
and the scripted moves. (tests/browser/test_bench_end_to_end.py runs it end to
end; no test asserts a time.)"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import build
import harp
from buildtools import bench, bench_figures, bench_moves, bench_serving
from buildtools.sizes import brotli_sizes


def test_median_and_percentile() -> None:
    assert bench_figures.median([3, 1, 2]) == 2
    assert bench_figures.median([4, 1, 3, 2]) == 2.5
    assert bench_figures.percentile(list(range(1, 101)), 95) == 95
    assert bench_figures.percentile([7], 95) == 7
    assert bench_figures.percentile([1, 2, 3], 100) == 3 and bench_figures.percentile([1, 2, 3], 0) == 1
    with pytest.raises(ValueError):
        bench_figures.median([])
    with pytest.raises(ValueError):
        bench_figures.percentile([], 50)


def test_formatting() -> None:
    assert bench_figures.fmt_ms(1234.4) == "1,234 ms" and bench_figures.fmt_ms(0.6) == "1 ms"
    assert bench_figures.fmt_bytes(512) == "512 B"
    assert bench_figures.fmt_bytes(5 * 1024 * 1024) == "5,242,880 B (5.0 MiB)"
    assert bench_figures.fmt_ratio(None) == "" and bench_figures.fmt_ratio(0.25) == "0.25x bare Pyodide"


def test_figure_lines() -> None:
    f = bench_figures.Figure("ready")
    for value, base in ((300.0, 100.0), (200.0, 100.0), (100.0, 100.0)):
        f.add(value, base)
    assert f.line(10) == "ready         200 ms   2.00x bare Pyodide"
    missing = bench_figures.Figure("phone: ready")
    missing.add(None, why="phone profile not run (--no-phone)")
    assert missing.line().endswith("n/a (phone profile not run (--no-phone))")
    latency = bench_figures.Figure("move latency", "latency", values=[float(v) for v in range(1, 21)])
    assert latency.line(13) == "move latency 10 ms median, 19 ms p95 (20 moves)"
    sent = bench_figures.Figure("bytes: first visit", "bytes", values=[100.0, 300.0], extra=[3, 5])
    assert sent.line(20) == "bytes: first visit  200 B in 4 responses"


def test_report_names_every_figure_even_unmeasured() -> None:
    results = bench_figures.new_results()
    results["ready"].add(5000.0, 4000.0)
    results.boot["first visit: "] = {"interpreter loaded": [3000.0], "ready": [5000.0]}
    text = bench_figures.report(results, 1, 0)
    for name in results.figures:
        assert f"\n{name} " in text
    assert "\nready                         5,000 ms   1.25x bare Pyodide\n" in text
    assert "first board                 n/a (not measured)" in text
    assert "boot, first visit: interpreter loaded 3,000 ms, ready 5,000 ms" in text


def test_arguments() -> None:
    args = bench.parse_args([])
    assert (args.runs, args.phone, args.phone_runs, args.moves, args.site) == (3, True, 1, 20, None)
    args = bench.parse_args(["--runs", "1", "--no-phone", "--site", "x", "--moves", "5"])
    assert (args.runs, args.phone, args.moves, str(args.site)) == (1, False, 5, "x")
    with pytest.raises(SystemExit):
        bench.parse_args(["--runs", "0"])
    with pytest.raises(argparse.ArgumentTypeError):
        bench.positive("-1")


def test_brotli_counts_what_a_host_compresses_and_the_rest_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "help").mkdir()
    page, script, icon = tmp_path / "help" / "index.html", tmp_path / "app.js", tmp_path / "icon.png"
    page.write_text("<p>harp</p>" * 500)
    script.write_text("let card = 1;\n" * 500)
    icon.write_bytes(bytes(range(256)) * 4)
    sizes = brotli_sizes([page, script, icon])
    assert 0 < sizes[page] < 5500 / 20 and 0 < sizes[script] < 7000 / 20
    assert sizes[icon] == 1024
    assert bench_serving.brotli_total(tmp_path, ["/help/", "/app.js?v=1", "/icon.png"]) == sum(sizes.values())
    assert bench_serving.brotli_total(tmp_path, []) is None
    assert not bench.parse_args(["--no-brotli"]).brotli and bench.parse_args([]).brotli


def test_build_py_hands_bench_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    monkeypatch.setattr(build, "bench", lambda argv: seen.append(list(argv)) or 0)
    assert build.main(["bench", "--runs", "1", "--no-phone"]) == 0
    assert seen == [["--runs", "1", "--no-phone"]]


def test_scripted_moves_are_legal_taps_and_drags() -> None:
    moves = bench_moves.scripted_moves(bench_moves.DEAL, 20)
    assert len(moves) == 20
    assert {gesture for gesture, _ in moves} == {"tap", "drag"}
    g = harp.Game.from_code(bench_moves.DEAL)
    for gesture, move in moves:
        if gesture == "tap" and move != "s":   # a tap sends a card where the page's tap does
            assert g.foundation_move(move.split(">")[0]) == move
        if gesture == "drag":
            assert ">t" in move
        g.play(move)
