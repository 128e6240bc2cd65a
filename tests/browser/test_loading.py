"""The loading screen: a first visit's deal and progress at once, and words
plus a Retry button when the game cannot load."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import harp
from playwright.sync_api import Browser, Page, Route, expect

from pagekit import READY, RECTS_JS, assert_shows, cards_stayed, code_of, wait_ready

WINNABLE = Path(__file__).resolve().parents[2] / "static" / "winnable"   # the certified deal lists


def test_a_first_visit_shows_a_winnable_deal_before_python_then_plays_it(page: Page, site_url: str) -> None:
    """A first visit has no saved board, so the page draws one of the deals
    build.py wrote into it (static/early-board.js) while the runtime is held
    back; Python then starts that very deal, and no card moves."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url)
    expect(page.locator("#loader")).to_be_visible()
    expect(page.locator("#loader-bar")).to_be_attached()
    page.wait_for_selector("#board [data-card]", state="visible")
    assert page.get_attribute("html", "data-harp-ready") is None
    assert page.get_attribute("html", "data-harp-early") is not None
    offered = json.loads(page.text_content("#first-deals") or "{}")
    code = code_of(page)
    assert code in [deal["code"] for deal in offered["deals"]]
    g = harp.Game.from_code(code)
    certified = json.loads((WINNABLE / f"{g.game_id}.json").read_text(encoding="utf-8"))["winnable"]
    assert g.game_id == offered["game"] and g.deal in certified, "a deal the solver has won"
    assert_shows(page, g)
    assert page.text_content("#deal-label") == f"Deal {g.deal}"
    early = page.evaluate(RECTS_JS)

    page.unroute("**/pyodide.asm.wasm")
    for route in held:
        route.fallback()
    wait_ready(page)
    expect(page.locator("#loader")).to_be_hidden()
    assert code_of(page) == code, "Python started the deal the page drew"
    assert_shows(page, g)
    cards_stayed(page, early)
    page.click('#board [data-pile="s"]')
    g.play("s")
    assert_shows(page, g)


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
    """The words before Python starts (static/boot.js) and the first visit's
    board follow the browser's language, and the choice in Options over it;
    no game boots here, the runtime never loads."""
    context = browser.new_context(**{**browser_context_args, "locale": "sv-SE"})
    try:
        page = context.new_page()
        page.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page.goto(site_url)
        expect(page.locator("html")).to_have_attribute("lang", "sv")
        expect(page.locator('#loader-steps li[data-step="runtime"]')).to_have_text("Kort")
        expect(page.locator("#loader-error")).to_contain_text("Spelet kunde inte starta", timeout=30_000)
        expect(page.locator("#loader-text")).to_have_text("Laddningen avbröts.")
        expect(page.get_by_role("button", name="Försök igen")).to_be_focused()
        # The first visit's deal is drawn in Swedish too (index.html carries its words in each language).
        deal = harp.Game.from_code(code_of(page))
        expect(page.locator("#deal-label")).to_have_text(f"Giv {deal.deal}")
        column = page.locator('#board .pile[data-pile="t1"]')
        expect(column).to_have_attribute("aria-label", re.compile(r"^Kolumn 1\b"))
        # English chosen in Options (the stored settings) wins over the browser.
        page.evaluate("""() => localStorage.setItem("harp.settings",
                         JSON.stringify({v: 1, data: {language: "en"}}))""")
        page.reload()
        expect(page.locator("#loader-error")).to_contain_text("The game could not start", timeout=30_000)
        expect(page.locator("html")).to_have_attribute("lang", "en")
    finally:
        context.close()
