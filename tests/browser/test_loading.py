"""The loading screen: a board frame and progress at once, and words plus a
Retry button when the Python runtime cannot load."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, Route, expect

from pagekit import READY, wait_ready


def test_frame_and_progress_show_before_python(page: Page, site_url: str) -> None:
    # Hold the runtime back: what shows meanwhile is plain HTML and CSS.
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url)
    expect(page.locator("#loader")).to_be_visible()
    expect(page.locator("#loader-bar")).to_be_attached()
    expect(page.locator("#board .slot").first).to_be_visible()
    assert page.locator("#board .slot").count() >= 9
    page.unroute("**/pyodide.asm.wasm")
    for route in held:
        route.fallback()
    wait_ready(page)
    expect(page.locator("#loader")).to_be_hidden()
    expect(page.locator("#btn-new")).to_be_enabled()


def test_runtime_failure_says_so_and_retries(page: Page, site_url: str) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site_url)
    expect(page.locator("#loader-failed")).to_be_visible(timeout=30_000)
    expect(page.locator("#loader-error")).to_contain_text("could not start")
    retry = page.get_by_role("button", name="Retry")
    expect(retry).to_be_focused()
    page.unroute("**/pyodide.asm.wasm")
    retry.click()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(page.locator("#loader")).to_be_hidden()


def test_a_swedish_player_gets_swedish_loading_words_and_retry(
        browser: Browser, browser_context_args: dict[str, Any], site_url: str) -> None:
    """The words before Python starts (static/boot.js) follow the browser's language,
    and the choice in Options over it; no game boots here, the runtime never loads."""
    context = browser.new_context(**{**browser_context_args, "locale": "sv-SE"})
    try:
        page = context.new_page()
        page.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page.goto(site_url)
        expect(page.locator("html")).to_have_attribute("lang", "sv")
        expect(page.locator('#loader-steps li[data-step="runtime"]')).to_have_text("Python-miljö")
        expect(page.locator("#loader-error")).to_contain_text("Spelet kunde inte starta", timeout=30_000)
        expect(page.locator("#loader-text")).to_have_text("Laddningen avbröts.")
        expect(page.get_by_role("button", name="Försök igen")).to_be_focused()
        # English chosen in Options (the stored settings) wins over the browser.
        page.evaluate("""() => localStorage.setItem("harp.settings",
                         JSON.stringify({v: 1, data: {language: "en"}}))""")
        page.reload()
        expect(page.locator("#loader-error")).to_contain_text("The game could not start", timeout=30_000)
        expect(page.locator("html")).to_have_attribute("lang", "en")
    finally:
        context.close()
