"""Offline and installable: the service worker precaches the site, the game
boots and plays with the server gone, a new deploy replaces the cache whole
and the saved game survives it, and Chromium finds the page installable.

These tests run their own servers (the site must go away and come back on
the same port) with netlify.toml's header rules, and open pages in fresh
browser contexts, so every test starts with no worker and no caches.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, expect

from buildtools.offline import precache_entries, write_service_worker
from buildtools.server import netlify_header_rules, serving
from buildtools.probes import WORKER_ACTIVATED
from pagekit import READY, READY_TIMEOUT_MS
from tabkit import FULL_CHROMIUM, Watch, open_site

STOCK = '[data-pile="s"]'

CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = (await cache.keys()).map(r => r.url);
  }
  return out;
}"""

SNAPSHOT = """() => ({
  cards: [...document.querySelectorAll('#board [data-card]')].map(c => c.dataset.pile + ':' + c.dataset.card),
  moves: document.getElementById('moves').textContent,
  code: document.getElementById('board').dataset.code || '',
})"""


def worker_build(site: Path) -> str:
    found = re.search(r'^const BUILD = "([0-9a-f]+)";$', (site / "sw.js").read_text(), re.M)
    assert found
    return found.group(1)


def precached_urls(site: Path, base: str) -> set[str]:
    return {base + ("" if url == "./" else url) for url, _ in precache_entries(site)}


class Site:
    """A folder served (buildtools.server.serving) on one port that outlives
    stops and restarts, with netlify.toml's headers and a log of (path, status)."""

    def __init__(self) -> None:
        self.port = 0
        self.log: list[tuple[str, int]] = []
        self.rules = netlify_header_rules()
        self._serving = contextlib.ExitStack()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self, root: Path) -> None:
        for attempt in range(50):  # the port may linger a moment after a stop
            try:
                url = self._serving.enter_context(serving(root, self.port, header_rules=self.rules,
                                                          request_log=self.log))
                break
            except OSError:
                if attempt == 49:
                    raise
                time.sleep(0.1)
        self.port = urlsplit(url).port or 0

    def stop(self) -> None:
        self._serving.close()


@pytest.fixture
def site() -> Iterator[Site]:
    s = Site()
    yield s
    s.stop()


@pytest.fixture
def context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    ctx = browser.new_context(**browser_context_args)
    yield ctx
    ctx.close()


@pytest.fixture
def profile(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> Iterator[BrowserContext]:
    """The whole browser (not the tests' headless shell, which installs no
    app) with a profile on disk, as people have: Chromium offers to install
    apps only outside incognito, and its disk cache holds even the 9.6 MB
    .wasm (a fresh in-memory context caches too little for it)."""
    ctx = browser_type.launch_persistent_context(tmp_path / "profile", **{**browser_type_launch_args, **FULL_CHROMIUM})
    yield ctx
    ctx.close()


def activated(page: Page) -> dict[str, str]:
    """Wait for the page's worker to be activated; return its scope and script."""
    result: dict[str, str] = page.evaluate(WORKER_ACTIVATED)
    return result


def reload_ready(page: Page) -> float:
    """Reload and wait for the game; return the seconds it took."""
    start = time.monotonic()
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return time.monotonic() - start


def play_stock(page: Page, times: int) -> None:
    before = int(page.text_content("#moves") or "0")
    for _ in range(times):
        page.click(STOCK)
    expect(page.locator("#moves")).to_have_text(str(before + times))


# --------------------------------------------------------------------------


@dataclass
class Visit:
    """A first visit (its requests and its worker), then a reload."""

    page: Page
    worker: dict[str, str]
    first_requests: set[str]


@pytest.fixture(scope="module")
def visit(browser: Browser, browser_context_args: dict[str, Any], site_url: str,
          module_watch: Watch) -> Iterator[Visit]:
    """One first visit in a fresh context until its worker is activated, then
    a reload, shared by the tests that only read what happened."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    requested: set[str] = set()
    page.on("request", lambda r: requested.add(r.url.split("?")[0].split("#")[0]))
    open_site(page, site_url, module_watch)
    worker = activated(page)
    first = set(requested)
    reload_ready(page)
    yield Visit(page, worker, first)
    context.close()


def test_worker_activates_precaches_the_site_and_controls_after_reload(
    visit: Visit, site_url: str, site_dir: Path
) -> None:
    assert visit.worker["scope"] == site_url
    assert visit.worker["script"] == site_url + "sw.js"
    cached = visit.page.evaluate(CACHES)
    name = f"harp / {worker_build(site_dir)}"
    assert list(cached) == [name], "one cache, named for the build"
    assert set(cached[name]) == precached_urls(site_dir, site_url)
    assert visit.page.evaluate("navigator.serviceWorker.controller.scriptURL") == site_url + "sw.js"


def test_cached_wasm_keeps_its_type(visit: Visit) -> None:
    cached = visit.page.evaluate("""async () => {
      const name = (await caches.keys())[0];
      const hit = await (await caches.open(name)).match('vendor/pyodide/pyodide.asm.wasm');
      const served = await fetch('vendor/pyodide/pyodide.asm.wasm');
      return [hit.status, hit.headers.get('content-type'), served.headers.get('content-type')];
    }""")
    assert cached == [200, "application/wasm", "application/wasm"]


def test_page_requests_only_precached_files_and_every_precached_chunk(
    visit: Visit, site_url: str, site_dir: Path
) -> None:
    precached = precached_urls(site_dir, site_url)
    assert visit.first_requests - precached - {site_url + "sw.js"} == set()
    chunks = {u for u in precached if "/vendor/" in u}
    assert chunks - visit.first_requests == set(), "precached runtime files the page never asks for"


def test_chromium_finds_the_page_installable(profile: BrowserContext, site_url: str, watch: Watch) -> None:
    page = open_site(profile.new_page(), site_url, watch)
    activated(page)
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == site_url + "manifest.webmanifest"
    assert manifest["errors"] == []
    assert cdp.send("Page.getAppId")["appId"] == site_url, "id ./ is the site's folder"


def test_offline_reload_boots_and_keeps_the_game(
    site: Site, site_dir: Path, context: BrowserContext, watch: Watch
) -> None:
    """With the server stopped, then with the browser offline as well."""
    site.start(site_dir)
    page = open_site(context.new_page(), site.url, watch)
    activated(page)
    site.stop()
    for how in ("server stopped", "server stopped and browser offline"):
        play_stock(page, 3)
        before = page.evaluate(SNAPSHOT)
        if "offline" in how:
            context.set_offline(True)
        # Only the worker's cache is left: empty the HTTP cache too.
        context.new_cdp_session(page).send("Network.clearBrowserCache")
        seconds = reload_ready(page)
        print(f"offline boot ({how}): {seconds:.1f} s")
        assert page.evaluate(SNAPSHOT) == before, f"{how}: the saved game, as it was"
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        play_stock(page, 2)
    help_page = context.new_page()
    watch.attach(help_page)
    help_page.goto(site.url + "static/help/index.html")  # served by the worker too
    expect(help_page.locator("h1")).to_be_visible()
    assert help_page.evaluate("getComputedStyle(document.body).margin") != "8px", "help.css applied"


def test_first_visit_sends_each_file_once_and_a_second_visit_nothing(
    site: Site, site_dir: Path, profile: BrowserContext, watch: Watch
) -> None:
    # The worker registers once the game is ready, so its precache finds the
    # page's files in the HTTP cache and revalidates them: 304s, no bodies.
    site.start(site_dir)
    page = open_site(profile.new_page(), site.url, watch)
    activated(page)
    first = list(site.log)
    sent = sorted(path for path, status in first if status == 200)
    expected = sorted("/" + ("" if url == "./" else url) for url, _ in precache_entries(site_dir))
    assert sent == sorted([*expected, "/sw.js"]), "each file sent once, in full"
    assert {status for _, status in first} <= {200, 304}
    site.log.clear()
    reload_ready(page)
    # The page asks the worker to check for an update once it is controlled.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    deadline = time.monotonic() + 30
    while ("/sw.js", 304) not in site.log and time.monotonic() < deadline:
        page.evaluate("() => new Promise(r => setTimeout(r, 50))")   # let the browser run, then look again
    assert ("/sw.js", 304) in site.log, "the update check ran"
    assert {path for path, _ in site.log} <= {"/sw.js"}
    assert all(status == 304 for _, status in site.log), site.log


SLOW_SWITCH = (
    'if (event.data === "skip-waiting") self.skipWaiting();',
    'if (event.data === "skip-waiting") setTimeout(() => self.skipWaiting(), 1500);',
)


def changed_build(site_dir: Path, where: Path, slow_switch: bool = False) -> tuple[Path, Path]:
    """Two builds: a copy of the site, and one with a changed stylesheet.  With
    ``slow_switch``, the new build's worker takes 1.5 s to act on "skip-waiting",
    as a worker the browser has to start up first can (a phone, a busy machine)."""
    old, new = where / "old", where / "new"
    shutil.copytree(site_dir, old)
    shutil.copytree(site_dir, new)
    with open(new / "static" / "style.css", "a") as f:
        f.write("\n/* the new build */\n")
    write_service_worker(new)
    assert worker_build(old) != worker_build(new)
    if slow_switch:
        code = (new / "sw.js").read_text()
        assert code.count(SLOW_SWITCH[0]) == 1
        (new / "sw.js").write_text(code.replace(*SLOW_SWITCH))
    # A deploy comes seconds after the build it replaces. Within the same
    # second, a browser that revalidates sw.js by If-Modified-Since alone
    # (Chromium's update check) rightly hears 304, as from any static host:
    # Last-Modified has whole seconds.
    later = (site_dir / "sw.js").stat().st_mtime + 2
    for changed in (new / "sw.js", new / "static" / "style.css"):
        os.utime(changed, (later, later))
    return old, new


@pytest.mark.parametrize("apply", ["reload-button", "next-load", "next-load-slow-switch"])
def test_update_installs_whole_then_replaces_the_cache_and_keeps_the_game(
    apply: str, site: Site, site_dir: Path, tmp_path: Path, context: BrowserContext, watch: Watch
) -> None:
    """A new deploy installs beside the old build, is offered, and is applied by the
    Reload button or by the next load, the saved game kept.  "next-load-slow-switch":
    the waiting worker is slow to take over, and the next load still gets the new build
    (the page that switches builds waits for it, rather than giving up after a few
    quick refreshes and showing the old build again)."""
    old, new = changed_build(site_dir, tmp_path, slow_switch=apply.endswith("slow-switch"))
    site.start(old)
    page = open_site(context.new_page(), site.url, watch)
    activated(page)
    play_stock(page, 3)
    before = page.evaluate(SNAPSHOT)

    site.stop()
    site.start(new)  # a deploy: same origin, new files
    reload_ready(page)  # still the old build; the worker finds the new one
    banner = page.locator("#harp-update")
    expect(banner).to_contain_text("A new version is ready", timeout=READY_TIMEOUT_MS)
    names = set(page.evaluate(CACHES))
    assert names == {f"harp / {worker_build(old)}", f"harp / {worker_build(new)}"}, "new cache whole beside the old"
    assert "the new build" not in page.evaluate("fetch('static/style.css').then(r => r.text())")

    if apply == "reload-button":
        with page.expect_navigation():
            banner.get_by_role("button", name="Reload").click()
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    else:
        reload_ready(page)
    expect(page.locator("#harp-update")).to_have_count(0)
    assert list(page.evaluate(CACHES)) == [f"harp / {worker_build(new)}"], "the old cache is gone"
    assert "the new build" in page.evaluate("fetch('static/style.css').then(r => r.text())")
    assert page.evaluate(SNAPSHOT) == before, "the saved game survives the update"
    play_stock(page, 1)


@pytest.mark.parametrize("damage", ["missing-file", "changed-file"])
def test_install_refuses_error_responses_and_files_of_another_build(
    damage: str, site: Site, site_dir: Path, tmp_path: Path, context: BrowserContext, watch: Watch
) -> None:
    broken = tmp_path / "site"
    shutil.copytree(site_dir, broken)
    target = broken / "static" / "icons" / "icon-512.png"
    if damage == "missing-file":
        target.unlink()  # a 404 page must not be cached
    else:
        target.write_bytes(target.read_bytes() + b"\0")  # not the file sw.js lists
    site.start(broken)
    page = open_site(context.new_page(), site.url, watch)
    state = page.evaluate("""async () => {
      let registration;
      for (let i = 0; i < 100 && !registration; i++) {
        registration = await navigator.serviceWorker.getRegistration();
        if (!registration) await new Promise(r => setTimeout(r, 100));
      }
      const worker = registration && (registration.installing || registration.waiting || registration.active);
      if (worker && !['redundant', 'activated'].includes(worker.state)) {
        await new Promise(done => worker.addEventListener('statechange',
          () => ['redundant', 'activated'].includes(worker.state) && done()));
      }
      return {state: worker ? worker.state : 'none', caches: await caches.keys()};
    }""")
    assert state["state"] in ("redundant", "none")
    assert state["caches"] == [], "no half-filled cache is kept"
    play_stock(page, 1)  # the game itself plays on
