"""A returning player's Python boots from a memory snapshot their own browser
made (static/pyodide-boot.template.mjs, static/snapshot-worker.mjs).

A first visit makes none. A visit after a ready one, finding no snapshot for
this build, makes one in a Worker once the game is ready
(<html data-harp-snapshot> goes "making" then "made"), and the next visit
boots from it (<html data-harp-boot="snapshot">) into a game that plays. A
snapshot of another build is never read and gets replaced; a broken one
falls back to a plain boot and gets replaced too.

The module shares one browser context holding a made snapshot: each test
that spoils it waits for its replacement, so the next finds it whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from buildtools.snapshot import runtime_hash
import harp
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tabkit import Watch, open_site
from pagekit import EASY5, assert_shows, replay, save_record, still
from snapshotkit import MADE_TIMEOUT_MS, MAKE_AFTER_READY_MS


# {cache name: [entry URLs]} for the snapshot caches of this origin.
SNAPSHOT_ENTRIES_JS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    if (name.startsWith('harp-snapshot ')) out[name] = (await (await caches.open(name)).keys()).map(r => r.url);
  }
  return out;
}"""

# Replace this origin's snapshot entries with one: [entry URL, bytes kind, length header kind].
PUT_ENTRY_JS = """async ([name, from, to, kind]) => {
  const cache = await caches.open(name);
  const real = new Uint8Array(await (await cache.match(from)).arrayBuffer());
  let bytes = real, length = real.length;
  if (kind === 'garbage') bytes = real.map((b, i) => (i * 7919) & 0xff);
  if (kind === 'cut short') bytes = real.slice(0, real.length >> 1);
  if (kind === 'cut short, length agreeing') length = (bytes = real.slice(0, real.length >> 1)).length;
  for (const request of await cache.keys()) await cache.delete(request);
  await cache.put(to, new Response(bytes, {headers: {'X-Harp-Length': String(length)}}));
}"""


def boot_of(page: Page) -> str | None:
    return page.get_attribute("html", "data-harp-boot")


def ui_code_of(page: Page) -> str | None:
    """Where the UI's compiled modules came from: "snapshot" or "compiled"."""
    return page.get_attribute("html", "data-harp-ui-code")


def snapshot_state(page: Page) -> str:
    """What the visit did about a snapshot, once it has settled.  The page
    waits MAKE_AFTER_READY_MS before it starts making one; the test's clock
    skips that wait (the making itself, in a Worker, runs in real time)."""
    page.clock.fast_forward(MAKE_AFTER_READY_MS)
    page.wait_for_function(
        "() => ['skipped', 'made', 'failed'].includes(document.documentElement.dataset.harpSnapshot)",
        timeout=MADE_TIMEOUT_MS)
    return page.get_attribute("html", "data-harp-snapshot") or ""


def entries(page: Page) -> dict[str, list[str]]:
    return page.evaluate(SNAPSHOT_ENTRIES_JS)


def reload_ready(page: Page) -> None:
    page.reload()
    page.wait_for_selector("html[data-harp-ready]", state="attached", timeout=60_000)


def plays(page: Page) -> None:
    """The game answers: a tap on the stock draws, as the engine says."""
    g = harp.Game.from_json(page.evaluate("JSON.parse(localStorage.getItem('harp.game')).data.game"))
    page.click('[data-pile="s"]')
    g.play("s")
    page.wait_for_function("m => document.getElementById('moves').textContent === m", arg=str(g.view()["moves"]))
    still(page)
    assert_shows(page, g)


@pytest.fixture(scope="module")
def entry_url(site_dir: Path, site_url: str) -> str:
    return f"{site_url}harp-snapshot/{runtime_hash(site_dir)}"


@pytest.fixture(scope="module")
def returning(browser: Browser, browser_context_args: dict[str, Any], site_url: str,
              module_watch: Watch, entry_url: str) -> Iterator[Page]:
    """A page in a context that has made this build's snapshot: a first visit
    (none made), then a second (one made)."""
    context: BrowserContext = browser.new_context(**browser_context_args)
    context.clock.install()   # time runs as usual until snapshot_state skips ahead
    page = open_site(context.new_page(), site_url, module_watch)
    assert boot_of(page) == "plain"
    assert snapshot_state(page) == "skipped", "a first visit makes no snapshot"
    assert entries(page) == {}
    reload_ready(page)
    assert boot_of(page) == "plain"
    assert snapshot_state(page) == "made"
    yield page
    context.close()


def test_a_returning_visit_boots_from_its_snapshot_and_plays(returning: Page, entry_url: str) -> None:
    assert list(entries(returning).values()) == [[entry_url]]
    g = replay(EASY5, ["s", "s", "s", "t2>f5"])   # the saved game comes back through it
    returning.evaluate("([k, v]) => localStorage.setItem(k, v)", ["harp.game", save_record(g)])
    reload_ready(returning)
    assert boot_of(returning) == "snapshot"
    assert ui_code_of(returning) == "snapshot", "the UI's modules come compiled in the snapshot"
    still(returning)
    assert_shows(returning, g)
    plays(returning)
    assert snapshot_state(returning) == "skipped", "nothing to make: it booted from one"


def test_a_snapshot_of_another_build_is_never_read_and_gets_replaced(returning: Page, entry_url: str) -> None:
    name = next(iter(entries(returning)))
    stale = entry_url.rsplit("/", 1)[0] + "/" + "0" * 64
    returning.evaluate(PUT_ENTRY_JS, [name, entry_url, stale, "whole"])
    reload_ready(returning)
    assert boot_of(returning) == "plain"
    assert ui_code_of(returning) == "compiled"
    plays(returning)
    assert snapshot_state(returning) == "made"
    assert entries(returning) == {name: [entry_url]}, "this build's snapshot, in place of the other"


@pytest.mark.parametrize("kind", ["garbage", "cut short", "cut short, length agreeing"])
def test_a_broken_snapshot_falls_back_to_a_plain_boot_and_gets_replaced(
        returning: Page, entry_url: str, kind: str) -> None:
    name = next(iter(entries(returning)))
    returning.evaluate(PUT_ENTRY_JS, [name, entry_url, entry_url, kind])
    reload_ready(returning)
    assert boot_of(returning) == "plain"
    plays(returning)
    assert snapshot_state(returning) == "made"
    assert entries(returning) == {name: [entry_url]}
