"""Browser test harness: the built site served on localhost, Debian's Chromium
driven by pytest-playwright, and pages that fail their test on any console
error, failed load or request that leaves the machine.  This file holds the
fixtures; the rest of the harness (Watch, open_site, Tabs, Chromium's launch
settings) is tabkit.py, which tests import (never conftest, which only
pytest's own loading of conftest files makes importable).

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
    screenshot_dir  the folder the README's pictures are written into
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

import harp
from buildtools.common import CHROMIUM, CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL
from buildtools.screenshots import SCREENSHOTS
from buildtools.server import netlify_header_rules, serving
from pagekit import LOCALES, SIZES, Table, save_record
from tabkit import FAST_TO_COMPILE, TIMED, Tabs, Watch, open_site, open_table


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (its headless shell but for the timed tests);
    Playwright's own browsers can't be fetched."""
    executable = CHROMIUM if TIMED else CHROMIUM_HEADLESS_SHELL
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_ARGS + FAST_TO_COMPILE}


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where test_screenshots.py and test_swedish.py write the README's
    pictures: a temporary folder, so a run never changes the committed ones,
    or the folder HARP_SCREENSHOTS names (`build.py screenshots`: docs/screenshots/)."""
    given = os.environ.get(SCREENSHOTS)
    if not given:
        return tmp_path_factory.mktemp("screenshots")
    Path(given).mkdir(parents=True, exist_ok=True)
    return Path(given)


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


@pytest.fixture
def watch() -> Iterator[Watch]:
    """A Watch that fails the test at teardown if anything went wrong."""
    w = Watch()
    yield w
    w.check()


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
