"""Browser test harness: the built site served on localhost, Debian's Chromium
driven by pytest-playwright, and pages that fail their test on any console
error, failed load or request that leaves the machine.

Fixtures for browser tests:
    site_url   base URL of the served site, ending in "/"
    game_page  a page with the game open and ready (html[data-harp-ready])
    module_game_page  one ready page shared by a module's read-only tests
               (module_watch records it)
    table      one ready page shared by a module's tests, with a second tab of
               the site: table.deal(game) puts a game (its undo history
               included) on it as another tab's save would, without a boot
    phones     phones(size, language="en", **context args): a table on a touch
               phone of that size (a pagekit.SIZES key) in that language, one
               boot per size, language and args for the module
    open_game  open_game(context=None, path="", saved=None, stored=None) -> a further ready
               page; with no context, in a reused tab with empty storage (see
               Tabs): for reload and storage tests. saved=game starts the page on that game (its
               undo history included) as a returning player's save;
               stored={key: value} puts any localStorage items there first.
    watch      the Watch that records every page these fixtures open
    tabs       this worker's reused tabs, which the fixtures above open the game in
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Frame, Page, Request, Response

from buildtools.common import ROOT
from buildtools.server import netlify_header_rules, serving
import harp
from buildtools.common import CHROMIUM, CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL
from buildtools.testrun import TEST_PHASE
from pagekit import LOCALES, READY, READY_TIMEOUT_MS, SIZES, Table, open_seed_page, origin_of, save_record
from snapshotkit import StoredSnapshot

LOCAL_HOSTS = {"127.0.0.1", "localhost"}
LOCAL_SCHEMES = {"data", "blob", "about"}


def production_headers() -> dict[str, str]:
    """The headers netlify.toml sends with every response (its "/*" rule).
    site_url applies all its rules, by path."""
    with open(ROOT / "netlify.toml", "rb") as f:
        rules = tomllib.load(f).get("headers", [])
    return {k: v for rule in rules if rule["for"] == "/*" for k, v in rule["values"].items()}


# Each test's context compiles Pyodide's WebAssembly afresh, and V8 then
# compiles its busy functions again, optimised, on threads of their own: CPU
# that four test workers on two cores do not have.  Liftoff, V8's first
# compiler, runs the same code, just less fast; measured here, alone on the
# machine, test_play.py took 46 core-seconds instead of 52, test_pwa.py and
# test_embed.py 85 instead of 100, test_whole_games_landscape.py 68 instead
# of 73.  Not for the `alone` phase, which times the page as a player's
# browser runs it (nor for `build.py bench`).
TIMED = os.environ.get(TEST_PHASE) == "alone"
FAST_TO_COMPILE = [] if TIMED else ["--js-flags=--liftoff-only"]

# The headless shell is Chromium's Blink and V8 without the browser around
# them (its windows, profile services, app install): what Playwright itself
# runs headless tests on.  The same tests on it, measured here on the whole
# parallel phase back to back: 820 busy core-seconds and 420 s against 927 to
# 1,046 and 460 to 520 s on the whole browser (a boot in a new context: 2.5
# against 3.5 core-seconds).  The `alone` phase times the page in the browser
# players have; a test of what only the browser does (offering to install
# the app) launches it itself (FULL_CHROMIUM).
FULL_CHROMIUM = {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS + FAST_TO_COMPILE}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (its headless shell but for the timed tests);
    Playwright's own browsers can't be fetched."""
    executable = CHROMIUM if TIMED else CHROMIUM_HEADLESS_SHELL
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_ARGS + FAST_TO_COMPILE}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Every test context asks for reduced motion, so moved cards jump into place
    instead of sliding, and a test playing a hundred moves does not wait out a
    hundred slides (pagekit.still).  The slides themselves are tested where
    motion is the point: test_looks, test_play's touch game, test_comfort's
    Finish; each of those asks for pagekit.MOTION."""
    return {**browser_context_args, "reduced_motion": "reduce"}


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Serve the built site with netlify.toml's header rules, each on the paths
    it is for, as Netlify sends them (CSP and frame rules included)."""
    with serving(site_dir, header_rules=netlify_header_rules()) as url:
        yield url


@dataclass
class Watch:
    """What went wrong on the pages it watches."""

    console_errors: list[str] = field(default_factory=list)
    failed_loads: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)
    # A load is cut short (net::ERR_ABORTED) when its page navigates away before
    # it ends: the test's own goto or reload, not a fault.  Each request keeps
    # the number of the document that made it, so only those left behind are
    # excused.  A navigation begins a new document; until it commits, requests
    # still come from the one before.
    navigations: int = 0
    navigation_pending: bool = False
    document_of: dict[Request, int] = field(default_factory=dict)

    def attach(self, page: Page) -> None:
        """Record this page's console errors, failed loads and outside requests."""
        for event, handler in self._handlers().items():
            page.on(event, handler)  # type: ignore[call-overload]

    def detach(self, page: Page) -> None:
        """Stop recording page (a reused tab goes on to another test)."""
        for event, handler in self._handlers().items():
            page.remove_listener(event, handler)

    def _handlers(self) -> dict[str, Callable[..., None]]:
        return {"console": self._on_console, "pageerror": self._on_page_error, "request": self._on_request,
                "response": self._on_response, "requestfailed": self._on_request_failed,
                "crash": self._on_crash, "framenavigated": self._on_frame_navigated}

    def _on_frame_navigated(self, frame: Frame) -> None:
        if frame.parent_frame is None:
            self.navigation_pending = False

    def _on_page_error(self, error: Exception) -> None:
        self.console_errors.append(f"pageerror: {error}")

    def _on_crash(self, page: Page) -> None:
        self.console_errors.append(f"renderer crashed on {page.url}")

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            self.console_errors.append(f"{message.text} [{where}]")

    def _on_request(self, request: Request) -> None:
        if request.is_navigation_request() and request.frame.parent_frame is None:
            self.navigations += 1
            self.navigation_pending = True
            self.document_of[request] = self.navigations
        else:
            self.document_of[request] = self.navigations - self.navigation_pending
        parts = urlsplit(request.url)
        if parts.scheme not in LOCAL_SCHEMES and parts.hostname not in LOCAL_HOSTS:
            self.outside_requests.append(request.url)

    def _on_request_failed(self, request: Request) -> None:
        left_behind = self.navigations > self.document_of.get(request, self.navigations)
        if left_behind and request.failure == "net::ERR_ABORTED":
            return                  # its page had navigated away
        self.failed_loads.append(f"{request.url} ({request.failure})")

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.failed_loads.append(f"{response.url} (HTTP {response.status})")

    def check(self) -> None:
        """Fail if anything went wrong."""
        assert self.outside_requests == [], "requests left the machine"
        assert self.failed_loads == [], "some loads failed"
        assert self.console_errors == [], "console errors"


@pytest.fixture
def watch() -> Iterator[Watch]:
    """A Watch that fails the test at teardown if anything went wrong."""
    w = Watch()
    yield w
    w.check()


def open_site(page: Page, url: str, watch: Watch, stored: dict[str, str] | None = None) -> Page:
    """Open url in page under watch and wait until the game is ready.

    stored: localStorage items (such as "harp.game", a record from
    pagekit.save_record) put in the site's storage first, so the game boots
    once, straight into them, as for a returning player."""
    watch.attach(page)
    if stored:  # an empty page of the site's origin writes them
        seed = open_seed_page(page, url)
        page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                      stored)
        page.unroute(seed)
    response = page.goto(url)
    assert response is not None and response.ok, f"{url}: {response and response.status}"
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.bring_to_front()   # Chromium draws a tab behind another about once a second
    return page


class Tabs:
    """Reused tabs for the fixtures that open the game with empty storage.

    A boot in a new browser context costs about twice the CPU of one in a tab
    that has booted before, because the new renderer process compiles
    Pyodide's wasm anew (measured here: 8.3 against 4.7 CPU-seconds), and the
    browser tests are bound by CPU.  So a tab, once a test is done with it,
    comes back here: its other pages closed, its routes and the test's watch
    removed, its viewport reset, and its origin's storage cleared as a new
    context's would be (local storage, IndexedDB, Cache Storage, service
    workers: Chrome DevTools Protocol's Storage.clearDataForOrigin).

    But for one thing: the Python snapshot a returning player boots from
    (snapshotkit).  One worker's browser makes it once a run, as a player's does,
    and every tab keeps it, so the game boots from it (data-harp-boot
    "snapshot") for about half the CPU again.  So what stays warm is
    the HTTP cache, the compiled code and the snapshot; tests of what a first
    visit downloads, or of how Python boots, use contexts of their own."""

    def __init__(self, browser: Browser, site_url: str, folder: Path, folder_url: str) -> None:
        self.browser = browser
        self.site_url = site_url
        self.folder, self.folder_url = folder, folder_url   # the snapshot's bytes, served
        self.snapshot: StoredSnapshot | None = None
        self.origin = origin_of(site_url)
        self.free: dict[str, list[Page]] = {}   # by the context's options
        self.options: dict[Page, dict[str, Any]] = {}

    def take(self, context_args: dict[str, Any]) -> Page:
        """A tab on about:blank with empty storage but for the snapshot, alone
        in a context made with context_args."""
        free = self.pool(context_args)
        if free:
            return free.pop()
        page = self.new_context(**context_args).new_page()
        self.options[page] = context_args
        return page

    def new_context(self, **context_args: Any) -> BrowserContext:
        """A new context whose storage holds the snapshot and nothing else,
        for a test that needs options of its own; the test closes it."""
        if self.snapshot is None:
            self.snapshot = StoredSnapshot.shared(self.browser, self.site_url, self.folder)
        context = self.browser.new_context(**context_args)
        page = context.new_page()
        self.snapshot.put_into(page, self.site_url, self.folder_url)
        page.close()
        return context

    def give_back(self, page: Page, watch: Watch) -> None:
        """Clear what the test left in page and its context, then keep it for the next."""
        watch.detach(page)
        if page.is_closed():
            page.context.close()
            return
        for other in page.context.pages:
            if other is not page:
                other.close()
        page.unroute_all(behavior="ignoreErrors")
        page.context.unroute_all(behavior="ignoreErrors")
        page.goto("about:blank")
        context_args = self.options[page]
        page.set_viewport_size(context_args.get("viewport") or DEFAULT_VIEWPORT)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": ALL_BUT_CACHES})
        cdp.detach()
        assert self.snapshot is not None   # take() made it
        self.snapshot.delete_other_caches(page, self.site_url)
        self.pool(context_args).append(page)

    def pool(self, context_args: dict[str, Any]) -> list[Page]:
        """The free tabs whose contexts were made with context_args."""
        return self.free.setdefault(repr(sorted(context_args.items())), [])

    def close(self) -> None:
        for page in self.options:
            if not page.is_closed():
                page.context.close()


ALL_BUT_CACHES = ",".join((   # Storage.clearDataForOrigin's types but cache_storage
    "cookies", "file_systems", "indexeddb", "local_storage", "websql",
    "service_workers", "shared_storage", "storage_buckets", "other"))
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}   # Playwright's, when a context names none


@pytest.fixture(scope="session")
def tabs(browser: Browser, site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tabs]:
    """This worker's reused tabs (see Tabs).  The snapshot's folder is the
    run's, shared by its pytest-xdist workers (StoredSnapshot.shared)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tmp_path_factory.getbasetemp().parent / "snapshot"   # the run's, above each worker's own
        folder.mkdir(exist_ok=True)
    else:
        folder = tmp_path_factory.mktemp("snapshot")
    with serving(folder, headers={"Access-Control-Allow-Origin": "*"}) as folder_url:
        pool = Tabs(browser, site_url, folder, folder_url)
        yield pool
        pool.close()


@pytest.fixture
def game_page(tabs: Tabs, browser_context_args: dict[str, Any], site_url: str, watch: Watch) -> Iterator[Page]:
    """The game, open and ready, in a tab with empty storage but for the
    Python snapshot (see Tabs)."""
    page = tabs.take(browser_context_args)
    yield open_site(page, site_url, watch)
    tabs.give_back(page, watch)


@pytest.fixture(scope="module")
def module_watch() -> Iterator[Watch]:
    """A Watch for a whole module; it fails the module's last test at teardown."""
    w = Watch()
    yield w
    w.check()


@pytest.fixture(scope="module")
def module_game_page(tabs: Tabs, browser_context_args: dict[str, Any], site_url: str,
                     module_watch: Watch) -> Iterator[Page]:
    """The game, open and ready as game_page's, shared by a module whose
    tests only read it (one boot for all of them)."""
    page = tabs.take(browser_context_args)
    yield open_site(page, site_url, module_watch)
    tabs.give_back(page, module_watch)


@pytest.fixture(scope="module")
def table(tabs: Tabs, browser_context_args: dict[str, Any], site_url: str,
          module_watch: Watch) -> Iterator[Table]:
    """One game page for a module's tests, each dealt its own game (one boot for all)."""
    made = open_table(tabs, browser_context_args, site_url, module_watch)
    yield made
    tabs.give_back(made.page, module_watch)


def open_table(tabs: Tabs, context_args: dict[str, Any], site_url: str, watch: Watch) -> Table:
    """A ready game page in a reused tab with those context args, and a second
    tab of the site to deal it games from (pagekit.Table)."""
    page = open_site(tabs.take(context_args), site_url, watch)
    other_tab = page.context.new_page()
    open_seed_page(other_tab, site_url)
    return Table(page, other_tab)


@pytest.fixture(scope="module")
def phones(tabs: Tabs, browser_context_args: dict[str, Any], site_url: str,
           module_watch: Watch) -> Iterator[Callable[..., Table]]:
    """phones(size, language, **context args): a Table on a touch phone of
    that size (a SIZES key) in that language, booted once for the module."""
    made: dict[tuple, Table] = {}

    def get(size: str, language: str = "en", **extra: Any) -> Table:
        key = (size, language, tuple(sorted(extra.items())))
        if key not in made:
            width, height = SIZES[size]
            args = {**browser_context_args, "has_touch": True, "is_mobile": True, "locale": LOCALES[language],
                    "viewport": {"width": width, "height": height}, **extra}
            made[key] = open_table(tabs, args, site_url, module_watch)
        return made[key]

    yield get
    for table in made.values():
        tabs.give_back(table.page, module_watch)


@pytest.fixture
def open_game(
    tabs: Tabs, browser_context_args: dict[str, Any], site_url: str, watch: Watch
) -> Iterator[Callable[..., Page]]:
    """A factory for more ready game pages: in the given context, or else in
    a reused tab with empty storage but for the Python snapshot (see Tabs)."""
    taken: list[Page] = []

    def open_(context: BrowserContext | None = None, path: str = "", saved: harp.Game | None = None,
              stored: dict[str, str] | None = None) -> Page:
        if context is None:
            page = tabs.take(browser_context_args)
            taken.append(page)
        else:
            page = context.new_page()
        items = dict(stored or {})
        if saved is not None:
            items["harp.game"] = save_record(saved)
        return open_site(page, site_url + path, watch, items)

    yield open_
    for page in taken:
        tabs.give_back(page, watch)
