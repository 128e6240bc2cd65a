"""`build.py bench`: how long the game takes to show and to answer, in headless Chromium
(and how long it takes to be ready in Firefox ESR and WebKitGTK: bench_browsers.py).

It builds the site (or takes --site DIR), copies it into a temporary folder
beside a bare Pyodide page (bench-pyodide.html: the same vendored files, and
nothing but loadPyodide()), and serves the copy as a static host does:
netlify.toml's headers, gzip, ETags and 304s (buildtools/server.py). Then it
drives Debian's Chromium through --runs runs; each run measures, from the
navigation's start (performance.now() in the page):

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
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import importlib.util
import json
import math
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harp.notation import split_move

from .common import CHROMIUM, CHROMIUM_ARGS, DIST, PYODIDE_DIR
from .server import gzipped, make_server, netlify_header_rules
from .site import build
from . import bench_browsers
from .browsers import ENGINES
from .probes import LAYOUT_JS, POINT_JS, SNAPSHOT_SETTLED, WORKER_ACTIVATED, expected_layout
from .sizes import COMPRESSIBLE, brotli_sizes
from .snapshot import page_lock

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Playwright

RUNS = 3
PHONE_RUNS = 1
ENGINE_RUNS = 1
DEAL = "EH1-N-AAAAAAF"          # the deal the move latency is measured on
MOVES = 20                      # scripted taps and drags per run
BARE_PAGE = "bench-pyodide.html"
BARE_OWN_PAGE = "bench-pyodide-own-stdlib.html"
OWN_STDLIB = "vendor/pyodide/own-python_stdlib.zip"   # Pyodide's own, in the bench's copy only
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 412, "height": 860}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
PHONE_CPU_SLOWDOWN = 4
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
                 "uploadThroughput": 750_000 / 8}
TIMEOUT_S = {"desktop": 90.0, "phone": 400.0}
SNAPSHOT_TIMEOUT_S = {"desktop": 240.0, "phone": 900.0}

BARE_HTML = """<!doctype html>
<meta charset="utf-8">
<title>bare Pyodide</title>
<link rel="icon" href="data:,">
<script type="module" src="./__MODULE__"></script>
"""
BARE_MJS = """// The bench's baseline: Pyodide alone, from the site's own vendored files,
// with the lock file the game's boot module holds (the site ships no other).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
await loadPyodide({ lockFileContents: __LOCK__, __STDLIB__ });
performance.mark("pyodide-ready");        // read by browsers the probe cannot enter
if (window.__bench) window.__bench.events.pyodide = performance.now();
"""

# Runs in every page before its own scripts: timestamps (ms since the
# navigation started) for the figures, and the move latencies.
PROBE = """(() => {
  const b = window.__bench = {events: {}, latencies: []};
  const mark = (name) => { if (!(name in b.events)) b.events[name] = performance.now(); };
  addEventListener("py:progress", (e) => mark("progress: " + e.detail));
  document.addEventListener("py:ready", () => mark("py:ready"));
  document.addEventListener("py:done", () => mark("py:done"));
  new MutationObserver(() => {   // (no <html> yet when this runs: watch the document)
    if (document.documentElement && document.documentElement.hasAttribute("data-harp-ready")) mark("ready");
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-harp-ready"]});
  const frame = () => {            // a card counts once a frame shows it
    const card = document.querySelector("[data-card]");
    if (card && card.checkVisibility() && card.getClientRects().length) mark("card");
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  let upAt = null;                 // move latency: pointerup -> the board's next change
  addEventListener("pointerup", (e) => { upAt = e.timeStamp; }, true);
  const changed = new MutationObserver(() => {
    if (upAt !== null) { b.latencies.push(performance.now() - upAt); upAt = null; }
  });
  document.addEventListener("DOMContentLoaded", () => {
    const board = document.getElementById("board");
    if (board) changed.observe(board, {subtree: true, childList: true, attributes: true, characterData: true});
  });
})();"""

# Resolves once a frame has been drawn after the call: the second animation
# frame callback runs after the first one's frame was produced.
PAINTED_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"

BOOT_STEPS = [("interpreter loaded", "progress: Loaded interpreter"), ("files unpacked", "progress: Loaded files"),
              ("main.py starts", "py:ready"), ("first board", "card"), ("ready", "ready")]


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


@dataclass
class Figure:
    """One printed figure: its values over the runs (or why there are none)."""

    name: str
    unit: str = "ms"                                    # "ms" or "bytes"
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
        if self.unit == "latency":
            return (f"{label}{fmt_ms(median(self.values))} median, {fmt_ms(percentile(self.values, 95))} p95"
                    f" ({len(self.values)} moves)")
        ratio = median(self.ratios) if self.ratios else None
        return f"{label}{fmt_ms(median(self.values)):>10}   {fmt_ratio(ratio)}".rstrip()


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
    parser.add_argument("--site", type=Path, default=None,
                        help="a built site to measure instead of building dist/")
    return parser.parse_args(list(argv))


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {text}")
    return value


# -- the scripted moves --------------------------------------------------------
def scripted_moves(code: str = DEAL, count: int = MOVES) -> list[tuple[str, str]]:
    """(gesture, move) pairs on the deal, legal in turn: 'tap' for a card that a
    tap sends to a foundation and for the stock, 'drag' for a move to a column.
    Drags and taps alternate where both exist; no move returns to a position
    seen before, so the line never goes round in circles."""
    import harp

    g = harp.Game.from_code(code)
    seen = {json.dumps(g.view(), sort_keys=True)}
    out: list[tuple[str, str]] = []
    while len(out) < count:
        fresh: list[str] = []
        for m in g.legal_moves():
            if m.startswith("f"):
                continue
            g.play(m)
            key = json.dumps(g.view(), sort_keys=True)
            g.undo()
            if key not in seen:
                fresh.append(m)
        taps = [m for m in fresh if ">f" in m and g.foundation_move(m.split(">")[0]) == m]
        dragged = [m for gesture, m in out if gesture == "drag"]
        back = split_move(dragged[-1]) if dragged else None  # do not just put the last card back
        drags = [m for m in fresh if ">t" in m
                 and not (back and split_move(m)[0] == back[2] and split_move(m)[2] == back[0])]
        drags.sort(key=lambda m: -split_move(m)[1])      # runs of cards first
        if "s" in fresh:
            taps.append("s")
        if not taps and not drags:
            break
        want_drag = len(out) % 2 == 1
        gesture, move = ("drag", drags[0]) if drags and (want_drag or not taps) else ("tap", taps[0])
        g.play(move)
        seen.add(json.dumps(g.view(), sort_keys=True))
        out.append((gesture, move))
    return out


# -- serving ---------------------------------------------------------------------
@dataclass
class Served:
    url: str
    byte_log: list[tuple[str, int, int]]
    first_visit: list[str] = field(default_factory=list)   # paths sent whole in the first desktop visit

    def mark(self) -> int:
        return len(self.byte_log)

    def since(self, mark: int) -> tuple[int, int]:
        """(body bytes, responses) sent since mark."""
        entries = self.byte_log[mark:]
        return sum(e[2] for e in entries), len(entries)

    def quiet(self, seconds: float = 1.0, limit: float = 60.0) -> None:
        """Wait until no request has come for `seconds` (at most `limit`)."""
        end = time.monotonic() + limit
        n = len(self.byte_log)
        calm_since = time.monotonic()
        while time.monotonic() < end:
            time.sleep(0.1)
            if len(self.byte_log) != n:
                n, calm_since = len(self.byte_log), time.monotonic()
            elif time.monotonic() - calm_since >= seconds:
                return


def bench_copy(site: Path, folder: Path) -> Path:
    """The site copied into folder, with the bare Pyodide page beside it."""
    copy = folder / "site"
    shutil.copytree(site, copy)
    shutil.copyfile(PYODIDE_DIR / "python_stdlib.zip", copy / OWN_STDLIB)
    bare_mjs = BARE_MJS.replace("__LOCK__", json.dumps(page_lock()))
    for page, stdlib in ((BARE_PAGE, ""), (BARE_OWN_PAGE, f"stdLibURL: {json.dumps('./' + OWN_STDLIB)}")):
        module = page.replace(".html", ".mjs")
        (copy / page).write_text(BARE_HTML.replace("__MODULE__", module), encoding="utf-8")
        (copy / module).write_text(bare_mjs.replace("__STDLIB__", stdlib), encoding="utf-8")
    for p in copy.rglob("*"):            # compress once now, not during the first run
        if p.is_file() and p.suffix in COMPRESSIBLE:
            gzipped(p)
    return copy


# -- the browser -------------------------------------------------------------------
def wait_events(page: Page, names: Sequence[str], timeout_s: float) -> dict[str, float]:
    """The probe's events once all of names are in."""
    page.wait_for_function(f"() => window.__bench && {json.dumps(list(names))}.every(n => n in window.__bench.events)",
                           timeout=timeout_s * 1000)
    events: dict[str, float] = page.evaluate("() => window.__bench.events")
    return events


def throttle(page: Page, phone: bool) -> None:
    """The phone profile's CPU and network, on this page (before it navigates)."""
    if not phone:
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)


@dataclass
class Visit:
    events: dict[str, float] = field(default_factory=dict)
    failed: str = ""
    boot: str = ""          # <html data-harp-boot>: "snapshot" or "plain" ("" on the bare page)


def visit(context: BrowserContext, url: str, phone: bool, wanted: Sequence[str],
          after: Callable[[Page], None] | None = None) -> Visit:
    """Open url in a new page of context and wait for the wanted events."""
    page = context.new_page()
    try:
        throttle(page, phone)
        page.goto(url, wait_until="commit")
        events = wait_events(page, wanted, TIMEOUT_S["phone" if phone else "desktop"])
        boot = page.get_attribute("html", "data-harp-boot") or ""
        if after is not None:
            after(page)
        return Visit(events, boot=boot)
    except Exception as error:  # noqa: BLE001 - reported as n/a, the bench goes on
        return Visit(failed=f"{type(error).__name__}: {str(error).splitlines()[0][:120]}")
    finally:
        page.close()


@contextlib.contextmanager
def profile(playwright: Playwright, phone: bool) -> Iterator[BrowserContext]:
    """A persistent Chromium profile in a temporary folder, with the probe."""
    with tempfile.TemporaryDirectory(prefix="harp-bench-profile-") as data:
        options: dict[str, Any] = dict(PHONE if phone else DESKTOP)
        context = playwright.chromium.launch_persistent_context(
            data, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options)
        context.add_init_script(PROBE)
        try:
            yield context
        finally:
            context.close()


def play_moves(context: BrowserContext, served: Served, count: int) -> tuple[list[float], str]:
    """The scripted line on DEAL with the mouse: the latency of each move, and
    why the line stopped early, if it did."""
    import harp

    moves = scripted_moves(DEAL, count)
    page = context.new_page()
    try:
        page.goto(f"{served.url}?code={DEAL}", wait_until="commit")
        page.wait_for_selector("html[data-harp-ready]", state="attached", timeout=TIMEOUT_S["desktop"] * 1000)
        page.evaluate(PAINTED_JS)
        g = harp.Game.from_code(DEAL)
        for k, (gesture, move) in enumerate(moves, 1):
            page.wait_for_function("() => document.getAnimations().length === 0", timeout=10_000)
            src, n, dst = split_move(move)
            if gesture == "tap":
                x, y = page.evaluate(POINT_JS, ["pile", src, -1])
                page.mouse.click(x, y)
            else:
                start = page.evaluate(POINT_JS, ["card", src, -n])
                end = page.evaluate(POINT_JS, ["pile", dst, -1])
                page.mouse.move(*start)
                page.mouse.down()
                page.mouse.move(start[0] + 10, start[1] + 10, steps=2)
                page.mouse.move(*end, steps=6)
                page.mouse.up()
            g.play(move)
            page.wait_for_function(f"() => window.__bench.latencies.length >= {k}", timeout=10_000)
        page.wait_for_function("() => document.getAnimations().length === 0", timeout=10_000)
        latencies: list[float] = page.evaluate("() => window.__bench.latencies")
        if page.evaluate(LAYOUT_JS) != expected_layout(g):
            return [], "the page and the engine disagree after the scripted line"
        return latencies, "" if len(moves) == count else f"the line ran out after {len(moves)} moves"
    except Exception as error:  # noqa: BLE001 - reported as n/a
        return [], f"{type(error).__name__}: {str(error).splitlines()[0][:120]}"
    finally:
        page.close()


# -- the runs ----------------------------------------------------------------------
GAME_EVENTS = ("card", "ready")
BARE_EVENTS = ("pyodide",)


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
    for name in BYTE_FIGURES:
        r.declare(name, "bytes")
    r.declare(BROTLI_FIGURE, "bytes")
    return r


def record_visits(results: Results, prefix: str, game: Visit, bare: Visit) -> None:
    """One run's game and bare Pyodide visit as figures; boot steps too."""
    base = bare.events.get("pyodide")
    why_bare = bare.failed or "no bare Pyodide time"
    results[f"{prefix}bare Pyodide"].add(base, base, why_bare)
    for name, event in (("first board", "card"), ("ready", "ready")):
        results[f"{prefix}{name}"].add(game.events.get(event), base, game.failed or f"no {event} event")
    if not game.failed:
        steps = results.boot.setdefault(prefix or "first visit: ", {})
        for label, event in BOOT_STEPS:
            if event in game.events:
                steps.setdefault(label, []).append(game.events[event])


BYTE_FIGURES = ("bytes: first visit", "bytes: repeat visit", "bytes: snapshot visit")
BROTLI_FIGURE = "bytes: first visit, brotli"


def brotli_total(site: Path, sent: Sequence[str]) -> float | None:
    """What the first visit's responses (paths in the served site) would be
    where the host serves brotli: compressible files at brotli's best, the rest
    as they are.  None if no first visit was logged."""
    if not sent:
        return None
    files = [site / path.split("?")[0].lstrip("/") for path in sent]
    files = [f / "index.html" if f.is_dir() else f for f in files]
    return float(sum(brotli_sizes(files).values()))


def run_once(playwright: Playwright, served: Served, results: Results, phone: bool, moves: int) -> None:
    """One run of one profile: game (first, repeat, snapshot), bare (repeat) in
    one profile; bare Pyodide's first visit in a fresh one."""
    prefix = "phone " if phone else ""
    game_url, bare_url = served.url, served.url + BARE_PAGE
    made: list[str] = []

    def install(page: Page) -> None:       # the first visit ends once the worker is in
        page.evaluate(WORKER_ACTIVATED)

    def snapshot_made(page: Page) -> None:  # the repeat visit ends once its snapshot is made
        page.wait_for_function(SNAPSHOT_SETTLED, timeout=SNAPSHOT_TIMEOUT_S["phone" if phone else "desktop"] * 1000)
        made.append(page.get_attribute("html", "data-harp-snapshot") or "")

    with profile(playwright, phone) as context:
        game_visits: list[Visit] = []
        for byte_figure, after in zip(BYTE_FIGURES, (install, snapshot_made, None)):
            mark = served.mark()
            game_visits.append(visit(context, game_url, phone, GAME_EVENTS, after))
            served.quiet()
            sent, responses = served.since(mark)
            if byte_figure == BYTE_FIGURES[0] and not phone and not served.first_visit:
                served.first_visit = [path for path, status, _ in served.byte_log[mark:] if status == 200]
            if not phone:
                results[byte_figure].add(None if game_visits[-1].failed else sent, why=game_visits[-1].failed)
                results[byte_figure].extra.append(responses)
        first, repeat, snapshot = game_visits
        if not snapshot.failed and snapshot.boot != "snapshot":
            snapshot = Visit(failed=f"booted without a snapshot (the repeat visit's making: {made or 'n/a'})")
        bare_repeat = visit(context, bare_url, phone, BARE_EVENTS)
        if not phone:
            latencies, why = play_moves(context, served, moves)
            figure = results["move latency"]
            figure.values.extend(latencies)
            if not latencies:
                figure.add(None, why=why)
    with profile(playwright, phone) as context:
        bare_first = visit(context, bare_url, phone, BARE_EVENTS)
    with profile(playwright, phone) as context:
        bare_own = visit(context, served.url + BARE_OWN_PAGE, phone, BARE_EVENTS)
    record_visits(results, "phone: " if phone else "", first, bare_first)
    results[own_stdlib_name("phone: " if phone else "")].add(
        bare_own.events.get("pyodide"), bare_first.events.get("pyodide"), bare_own.failed or "no bare Pyodide time")
    record_visits(results, prefix + "repeat: ", repeat, bare_repeat)
    record_visits(results, prefix + "snapshot: ", snapshot, bare_repeat)


def measure(site: Path, runs: int, phone_runs: int, moves: int, engine_runs: int = 0,
            log: Callable[[str], None] = print, brotli: bool = True) -> Results:
    """Serve a copy of site and run the profiles; the figures."""
    from playwright.sync_api import sync_playwright

    results = new_results()
    with tempfile.TemporaryDirectory(prefix="harp-bench-") as tmp:
        copy = bench_copy(site, Path(tmp))
        byte_log: list[tuple[str, int, int]] = []
        server = make_server(copy, header_rules=netlify_header_rules(), compress=True, byte_log=byte_log)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            served = Served(f"http://127.0.0.1:{server.server_address[1]}/", byte_log)
            with sync_playwright() as playwright:
                for i in range(runs):
                    started = time.monotonic()
                    run_once(playwright, served, results, False, moves)
                    log(f"desktop run {i + 1}/{runs}: {time.monotonic() - started:.0f} s")
                for i in range(phone_runs):
                    started = time.monotonic()
                    run_once(playwright, served, results, True, moves)
                    log(f"phone run {i + 1}/{phone_runs}: {time.monotonic() - started:.0f} s")
            if engine_runs:
                bench_browsers.measure(lambda name, value, base, why: results[name].add(value, base, why),
                                       served.url, served.url + BARE_PAGE, engine_runs, log)
            if brotli:
                results[BROTLI_FIGURE].add(brotli_total(copy, served.first_visit), why="no first visit measured")
            else:
                results[BROTLI_FIGURE].missing = "not counted (--no-brotli)"
        finally:
            server.shutdown()
            server.server_close()
            thread.join()
    if phone_runs == 0:
        for name in (figure_names("phone: ") + [own_stdlib_name("phone: ")] + figure_names("phone repeat: ")
                     + figure_names("phone snapshot: ")):
            results[name].missing = "phone profile not run (--no-phone)"
    if engine_runs == 0:
        for engine in ENGINES:
            for name in bench_browsers.figure_names(engine):
                results[name].missing = "not run (--no-engines)"
    return results


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


def bench(argv: Sequence[str]) -> int:
    """build.py bench [--runs N] [--no-phone] [--phone-runs N] [--no-engines] [--no-brotli] [--moves N] [--site DIR]."""
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
                      brotli=args.brotli)
    print(report(results, args.runs, phone_runs), end="", flush=True)
    return 0
