"""Static hosts: GitHub Pages (a sub-path, no custom headers) and Netlify
(netlify.toml's headers: a strict CSP, frame rules, MIME types).

The site_url fixture already serves the site with netlify.toml's rules,
each on its paths; the GitHub Pages case gets its own server here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page, expect

from buildtools.server import serving
from buildtools.probes import WORKER_ACTIVATED
from pagekit import READY, READY_TIMEOUT_MS

if TYPE_CHECKING:
    from tabkit import Watch

SUB_PATH = "/harp-solitaire/"

# Collects CSP violations from the page's start (some leave no console line).
RECORD_VIOLATIONS = """
window.__violations = [];
addEventListener('securitypolicyviolation', e => window.__violations.push(
  e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber));
"""


def open_site(page: Page, url: str, watch: Watch) -> Page:
    watch.attach(page)
    page.add_init_script(RECORD_VIOLATIONS)
    response = page.goto(url)
    assert response is not None and response.ok, url
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__violations")
    return found


@pytest.fixture
def profile(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> Iterator[BrowserContext]:
    """A browser with a profile on disk (installability needs one)."""
    ctx = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    yield ctx
    ctx.close()


def test_github_pages_sub_path_without_custom_headers(
    site_dir: Path, profile: BrowserContext, watch: Watch
) -> None:
    log: list[tuple[str, int]] = []
    with serving(site_dir, prefix=SUB_PATH, request_log=log) as url:
        assert url.endswith(SUB_PATH)
        page = open_site(profile.new_page(), url, watch)
        assert page.evaluate(WORKER_ACTIVATED)["scope"] == url, "the worker's scope is the sub-path"
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"
        page.click('[data-pile="s"]')
        expect(page.locator("#moves")).to_have_text("1")
        cdp = profile.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")["manifest"]
        assert (manifest["startUrl"], manifest["scope"]) == (url, url), "they follow the sub-path"
        # So does the app's id (the manifest has none, so it is start_url): two
        # project sites under one origin stay two apps.
        assert manifest["id"] == url
    assert log, "the server saw the page"
    assert all(path.startswith(SUB_PATH) for path, _ in log), "nothing asked outside the sub-path"
    assert {status for _, status in log} <= {200, 304}, [entry for entry in log if entry[1] >= 400]


def test_netlify_headers_block_nothing_the_game_needs(
    page: Page, site_url: str, watch: Watch
) -> None:
    response = page.request.get(site_url)
    csp = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "'unsafe-eval'" in csp
    assert response.headers["x-content-type-options"] == "nosniff"
    wasm = page.request.get(site_url + "vendor/pyodide/pyodide.asm.wasm")
    assert wasm.headers["content-type"] == "application/wasm"

    open_site(page, site_url, watch)
    page.evaluate(WORKER_ACTIVATED)  # worker-src and connect-src allow the worker
    for _ in range(3):
        page.click('[data-pile="s"]')
    expect(page.locator("#moves")).to_have_text("3")
    for button, dialog in [("#btn-new", "#dlg-new"), ("#btn-stats", "#dlg-stats"),
                           ("#btn-settings", "#dlg-settings"), ("#btn-help", "#dlg-help")]:
        page.click(button)
        expect(page.locator(dialog)).to_be_visible()
        page.locator(f"{dialog} .dialog-buttons button").last.click()  # a method=dialog submit
        expect(page.locator(dialog)).to_be_hidden()
    page.click("#btn-hint")
    page.click("#btn-undo")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert violations(page) == []


def test_help_pages_run_under_their_policy(page: Page, site_url: str, site_dir: Path, watch: Watch) -> None:
    pages = sorted(p.name for p in (site_dir / "static" / "help").glob("*.html"))
    assert "index.html" in pages
    watch.attach(page)
    page.add_init_script(RECORD_VIOLATIONS)
    for name in pages:
        response = page.goto(site_url + "static/help/" + name)
        assert response is not None and response.ok
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        expect(page.locator("h1")).to_be_visible()
        assert violations(page) == [], name
        page.wait_for_load_state("networkidle")   # the icon is fetched after load: let it finish


def test_main_page_refuses_to_be_framed_by_another_site(page: Page, site_url: str, tmp_path: Path) -> None:
    (tmp_path / "frame.html").write_text(f'<!doctype html><iframe src="{site_url}"></iframe>')
    with serving(tmp_path) as other:  # another port: another origin
        with page.expect_console_message(lambda m: "frame-ancestors" in m.text):
            page.goto(other + "frame.html")      # Chromium says why it refused the frame
        frame = page.frames[1]
        assert frame.evaluate("document.getElementById('board')") is None, "the game must not load in a frame"
