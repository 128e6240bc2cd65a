"""One scenario a player's visits make, run in Firefox and in WebKit (not a
test module; tests/crossbrowser/test_*.py run it).

Playwright drives only Chromium here (tests/browser/); buildtools/browsers.py
drives Debian's Firefox ESR and WebKitGTK.  The scenario serves the built
site on a server of its own, so it can stop it for the offline visit, and
checks what the page shows against the same deal played in CPython with
the `harp` engine, card by card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from buildtools.server import netlify_header_rules, serving
import harp
from harp.notation import split_move
from buildtools import bench_browsers
from buildtools.bench_moves import scripted_moves
from buildtools.probes import LAYOUT_JS, POINT_JS, SNAPSHOT_SETTLED, WORKER_ACTIVATED, expected_layout
from buildtools.browsers import EngineError, EnginePage, LostInput, WebKitPage, open_engine

DEAL = "EH1-N-AAAAAAF"      # Easy Harp: taps and drags both come early
MOVES = 10
LOST_INPUT_S = 5             # how long a gesture the driver lost may take to show
READY_S = 90                 # a plain boot takes 3-9 s in WebKit here; a busy machine stretches it
MADE_S = 240                 # 10 s after ready, then a second Pyodide in a Worker
SNAPSHOT_CACHE_PREFIX = "harp-snapshot "

LAYOUT_IS_JS = f"""want => {{
  const got = ({LAYOUT_JS})(), piles = Object.keys(want);
  return piles.length === Object.keys(got).length
    && piles.every(pile => JSON.stringify(got[pile]) === JSON.stringify(want[pile]));
}}"""
# Nothing moves, two frames after the last move: a move's slide starts at the frame after
# it (render's FLIP reads where cards land in that frame's layout), and until then the moved
# card already sits where it lands, unanimated; a drag begun there found it in flight (taps
# pass through a card in flight) once WebKit, on a busy machine, was slow to draw that frame.
SETTLED_JS = """() => new Promise(frame => requestAnimationFrame(() => requestAnimationFrame(frame)))
  .then(() => document.getAnimations().length === 0 && !document.querySelector('.card.flying'))"""
# [cache name, [entry URLs], [their lengths]] of the snapshot caches.
SNAPSHOT_ENTRIES_JS = """async prefix => {
  const out = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(prefix)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      out.push([name, request.url, body.byteLength]);
    }
  }
  return out;
}"""
SPOIL_SNAPSHOT_JS = """async prefix => {
  for (const name of await caches.keys()) {
    if (!name.startsWith(prefix)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const real = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      const garbage = real.map((b, i) => (i * 7919) & 0xff);
      await cache.put(request, new Response(garbage, {headers: {'X-Harp-Length': String(garbage.length)}}));
    }
  }
}"""
CENTRE_JS = """selector => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""
# Every card's art is a symbol of this page, so it is drawn with the card:
# an external sprite left WebKit's card faces blank at ready in 3 of 6 visits.
ART_IN_PAGE_JS = """() => {
  const uses = [...document.querySelectorAll('#board [data-card] use')];
  return uses.length > 0 && uses.every(use => {
    const href = use.getAttribute('href') || '';
    return href.startsWith('#') && document.getElementById(href.slice(1)) !== null;
  });
}"""


@contextmanager
def engine_page(name: str) -> Iterator[EnginePage]:
    page = open_engine(name)
    try:
        yield page
    finally:
        page.close()


class Visits:
    """The scenario's page and the engine's game it is checked against."""

    def __init__(self, page: EnginePage) -> None:
        self.page = page
        self.game = harp.Game.from_code(DEAL)

    def ready(self, step: str) -> None:
        self.page.wait_ready(READY_S)
        if isinstance(self.page, WebKitPage):
            self.page.collect_errors()
        assert self.page.run(ART_IN_PAGE_JS), f"{self.page.name}, {step}: every card's art is in the page"
        self.shows_game(step)

    def shows_game(self, step: str) -> None:
        """The board shows the engine's game, every pile card by card."""
        want = expected_layout(self.game)
        try:
            self.page.wait(LAYOUT_IS_JS, 10, want)
        except EngineError:
            got = self.page.run(LAYOUT_JS)
            wrong = {pile: (got.get(pile), cards) for pile, cards in want.items() if got.get(pile) != cards}
            raise AssertionError(f"{self.page.name}, {step}: the board is not the engine's: {wrong}") from None

    def play(self, gesture: str, move: str) -> None:
        """Make move with gesture ('tap' or 'drag') as a player would."""
        self.page.wait(SETTLED_JS, 10)
        src, n, dst = split_move(move)
        if gesture == "tap":
            point = self.page.run(POINT_JS, ["pile", src, -1])
            self.gesture(lambda: self.page.tap(*point), lambda game: game.play(move))
        else:
            start, end = self.page.run(POINT_JS, ["card", src, -n]), self.page.run(POINT_JS, ["pile", dst, -1])
            self.gesture(lambda: self.page.drag(tuple(start), tuple(end)), lambda game: game.play(move))
        self.shows_game(f"after {gesture} {move}")

    def gesture(self, make: Callable[[], None], effect: Callable[[harp.Game], object]) -> None:
        """Make a gesture whose effect on the game is known.  If the driver
        loses it (LostInput), the page says whether it arrived: if the board
        still shows the game before it, it is made once more; the caller's
        check of the board then tells either way."""
        before = expected_layout(self.game)
        effect(self.game)
        try:
            make()
        except LostInput:
            try:
                self.page.wait(LAYOUT_IS_JS, LOST_INPUT_S, expected_layout(self.game))
            except EngineError:
                if self.page.run(LAYOUT_IS_JS, before):
                    make()

    def snapshot_entries(self) -> list[list[object]]:
        return list(self.page.run(SNAPSHOT_ENTRIES_JS, SNAPSHOT_CACHE_PREFIX))


def run_scenario(name: str, site_dir: Path) -> None:
    """A first visit, moves, Undo, a reload, the snapshot made and booted
    from, a spoilt snapshot, an offline reload, and no script errors."""
    with engine_page(name) as page:
        visits = Visits(page)
        with serving(site_dir, header_rules=netlify_header_rules()) as url:
            online(visits, url)
        # Offline: the server is gone; the service worker serves the game.
        page.reload()
        visits.ready("offline")
        visits.play("tap", "s")
        errors = page.page_errors()
    assert not errors, f"{name}: script errors: {errors}"


def online(visits: Visits, url: str) -> None:
    page, name = visits.page, visits.page.name
    # A first visit: a plain boot, and no snapshot made.  It is timed as
    # `build.py bench` times these browsers, by the page's own mark.
    ready_ms = bench_browsers.marked(page, f"{url}?code={DEAL}", bench_browsers.READY_MARK)
    assert ready_ms > 0, f"{name}: the page marks its ready time: {ready_ms}"
    visits.ready("first visit")
    assert page.attribute("data-harp-boot") == "plain", f"{name}: a first visit boots plain"
    page.wait(SNAPSHOT_SETTLED, 30)
    assert page.attribute("data-harp-snapshot") == "skipped", f"{name}: a first visit makes no snapshot"

    # Moves, taps and drags, each checked against the engine card by card.
    for gesture, move in scripted_moves(DEAL, MOVES):
        visits.play(gesture, move)

    # Undo, from the toolbar.
    undo = page.run(CENTRE_JS, '[data-action="undo"]')
    visits.gesture(lambda: page.tap(*undo), harp.Game.undo)
    visits.shows_game("after Undo")

    # A reload keeps the game; this returning visit makes the snapshot.
    page.wait(WORKER_ACTIVATED, READY_S)
    page.reload()
    visits.ready("after a reload")
    page.wait(SNAPSHOT_SETTLED, MADE_S)
    assert page.attribute("data-harp-snapshot") == "made", f"{name}: the returning visit made a snapshot"
    entries = visits.snapshot_entries()
    assert len(entries) == 1 and int(str(entries[0][2])) > 1_000_000, \
        f"{name}: Cache Storage holds the snapshot once the page says made: {entries}"

    # The next visit boots from it, and plays.
    page.reload()
    visits.ready("booted from the snapshot")
    assert page.attribute("data-harp-boot") == "snapshot", f"{name}: the visit after it boots from the snapshot"
    visits.play("tap", "s")

    # A spoilt snapshot: the visit falls back to a plain boot, and plays.
    page.run(SPOIL_SNAPSHOT_JS, SNAPSHOT_CACHE_PREFIX)
    page.reload()
    visits.ready("with a spoilt snapshot")
    assert page.attribute("data-harp-boot") == "plain", f"{name}: a spoilt snapshot is not booted from"
    visits.play("tap", "s")
