"""axe-core (pinned in package.json) on the real pages, with the WCAG 2.2 AA
and best-practice rules: no serious or critical violation on the board at
desktop and phone sizes and in every dialog, in the light theme and the
dark one (the system's), in English and in Swedish, and on every help page.

One booted game page a theme and language serves the module (themed_page):
the checks only open and close dialogs, they never play.  One more reused tab visits
every help page, watched for console errors and failed loads as the game is."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from buildtools.common import DIST
from axekit import report, serious_violations
from tabkit import Tabs, Watch, open_site
from pagekit import DESKTOPS, LOCALES, viewport

DESKTOP = viewport(DESKTOPS["axe"])
PHONE = {"width": 390, "height": 844}
TOOLBAR_DIALOGS = ("new", "settings", "stats", "help")
# Windows the game opens by itself; here opened as they stand, empty texts and all.
OTHER_DIALOGS = ("dlg-won", "dlg-stuck", "dlg-peek", "dlg-corrupt")
# The page's looks axe sees: the system's colour scheme, the browser's language.
LOOKS = {"light-en": ("light", "en"), "dark-en": ("dark", "en"), "dark-sv": ("dark", "sv")}
HELP = DIST / "static" / "help"
HELP_PAGES = sorted(p.relative_to(HELP).as_posix() for p in HELP.rglob("*.html")) if HELP.is_dir() else []


@pytest.fixture(scope="module", params=list(LOOKS))
def themed_page(request: pytest.FixtureRequest, tabs: Tabs, browser_context_args: dict[str, Any],
                site_url: str, module_watch: Watch) -> Iterator[Page]:
    """The game, open and ready, in one of LOOKS: shared by the module's
    board and dialog checks (pytest runs them a look at a time)."""
    scheme, language = LOOKS[request.param]
    page = tabs.take({**browser_context_args, "color_scheme": scheme, "locale": LOCALES[language]})
    open_site(page, site_url, module_watch)
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    yield page
    tabs.give_back(page, module_watch)


@pytest.fixture
def board(themed_page: Page) -> Iterator[Page]:
    """The shared page with no dialog open, at desktop size."""
    page = themed_page
    page.bring_to_front()             # after a help page's test opened another tab
    page.set_viewport_size(DESKTOP)
    yield page
    page.evaluate("() => document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_board(board: Page, size: dict[str, int]) -> None:
    board.set_viewport_size(size)
    board.wait_for_function("([w]) => document.documentElement.clientWidth === w", arg=[size["width"]])
    found = serious_violations(board)
    assert not found, report(found)


@pytest.mark.parametrize("action", TOOLBAR_DIALOGS)
def test_each_toolbar_dialog(board: Page, action: str) -> None:
    board.click(f'[data-action="{action}"]')
    expect(board.locator(f"#dlg-{action}")).to_be_visible()
    found = serious_violations(board)
    assert not found, report(found)


@pytest.mark.parametrize("dialog", OTHER_DIALOGS)
def test_each_window_the_game_opens(board: Page, dialog: str) -> None:
    board.evaluate("id => document.getElementById(id).showModal()", dialog)
    expect(board.locator(f"#{dialog}")).to_be_visible()
    found = serious_violations(board)
    assert not found, report(found)


@pytest.fixture(scope="module")
def help_tab(tabs: Tabs, browser_context_args: dict[str, Any], module_watch: Watch) -> Iterator[Page]:
    """One tab for every help page: a new browser context a page would cost
    a new renderer, and axe compiled anew in each."""
    page = tabs.take(browser_context_args)
    module_watch.attach(page)
    yield page
    tabs.give_back(page, module_watch)


@pytest.mark.parametrize("name", HELP_PAGES)
def test_each_help_page(help_tab: Page, site_url: str, name: str) -> None:
    page = help_tab
    response = page.goto(f"{site_url}static/help/{name}")
    assert response is not None and response.ok
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        found = serious_violations(page)
        assert not found, f"{name} at {size['width']} px:\n{report(found)}"


def test_help_pages_are_all_checked() -> None:
    assert len(HELP_PAGES) >= 20, "the site is not built, or the help pages in both languages are missing"
    assert any(name.startswith("sv/") for name in HELP_PAGES)
