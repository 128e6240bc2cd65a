"""`build.py bench` in headless Chromium, through Playwright: one run of a
profile (desktop or phone) visits the game and the bare Pyodide pages that
bench_serving.py serves, in persistent profiles, and puts each visit's times
into the figures (bench_figures.py); on the desktop it also plays the
scripted moves (bench_moves.py) and times each.

PROBE runs in every page before its own scripts and records, from the
navigation's start, the events the figures are made of; the phone profile
slows the CPU and the network through the DevTools protocol.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from harp.notation import split_move

from .bench_figures import BYTE_FIGURES, HINT_FIGURES, Results, own_stdlib_name
from .bench_hint_time import time_hints
from .bench_moves import DEAL, scripted_moves
from .bench_serving import BARE_OWN_PAGE, BARE_PAGE, Served
from .common import CHROMIUM, CHROMIUM_ARGS
from .probes import LAYOUT_JS, POINT_JS, SNAPSHOT_SETTLED, WORKER_ACTIVATED, expected_layout

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Playwright

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 412, "height": 860}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
PHONE_CPU_SLOWDOWN = 4
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
                 "uploadThroughput": 750_000 / 8}
TIMEOUT_S = {"desktop": 90.0, "phone": 400.0}
SNAPSHOT_TIMEOUT_S = {"desktop": 240.0, "phone": 900.0}

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
GAME_EVENTS = ("card", "ready")
BARE_EVENTS = ("pyodide",)


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


def run_once(playwright: Playwright, served: Served, results: Results, phone: bool, moves: int,
             hints: int = 0) -> None:
    """One run of one profile: game (first, repeat, snapshot), bare (repeat) in
    one profile, then (desktop only) the scripted moves, and the hint time if
    hints (presses a deal); bare Pyodide's first visit in a fresh one."""
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
        if hints:
            times, why = time_hints(context, game_url, hints, lambda page: throttle(page, phone))
            hint_figure = results[HINT_FIGURES[1] if phone else HINT_FIGURES[0]]
            if why:
                hint_figure.missing = why     # a run that stopped early is not a figure
            else:
                hint_figure.values.extend(times)
    with profile(playwright, phone) as context:
        bare_first = visit(context, bare_url, phone, BARE_EVENTS)
    with profile(playwright, phone) as context:
        bare_own = visit(context, served.url + BARE_OWN_PAGE, phone, BARE_EVENTS)
    record_visits(results, "phone: " if phone else "", first, bare_first)
    results[own_stdlib_name("phone: " if phone else "")].add(
        bare_own.events.get("pyodide"), bare_first.events.get("pyodide"), bare_own.failed or "no bare Pyodide time")
    record_visits(results, prefix + "repeat: ", repeat, bare_repeat)
    record_visits(results, prefix + "snapshot: ", snapshot, bare_repeat)
