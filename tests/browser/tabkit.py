"""The browser tests' harness apart from its fixtures (conftest.py): how
Chromium is launched, the Watch that fails a test on a console error, a failed
load or a request that leaves the machine, open_site, and the reused tabs
(Tabs) the fixtures open the game in.  Tests import these from here, never
from conftest (not a test module)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Frame, Page, Request, Response

from buildtools.common import CHROMIUM, CHROMIUM_ARGS
from buildtools.testrun import TEST_PHASE
from pagekit import READY, READY_TIMEOUT_MS, Table, open_seed_page, origin_of
from snapshotkit import StoredSnapshot

LOCAL_HOSTS = {"127.0.0.1", "localhost"}
LOCAL_SCHEMES = {"data", "blob", "about"}


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


def open_table(tabs: Tabs, context_args: dict[str, Any], site_url: str, watch: Watch) -> Table:
    """A ready game page in a reused tab with those context args, and a second
    tab of the site to deal it games from (pagekit.Table)."""
    page = open_site(tabs.take(context_args), site_url, watch)
    other_tab = page.context.new_page()
    open_seed_page(other_tab, site_url)
    return Table(page, other_tab)
