"""The page in Swedish, in a real Chromium: a Swedish browser gets the page,
the dialogs, the pile names, the announcements and the engine's refusals in
Swedish, with <html lang="sv"> and the Swedish manifest; the choice in
Options overrides the browser and is remembered.  This test also makes the
README's screenshot of the Swedish board, board-sv.png (in screenshot_dir:
`python3 build.py screenshots` writes it into docs/screenshots/)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tabkit import Tabs
from pagekit import DESKTOPS, EASY5, keyboard_act, still, viewport

def hears(page: Page, text: str) -> None:
    page.wait_for_function("t => document.getElementById('announce').textContent.replace(/\\u00a0$/, '') === t",
                           arg=text, timeout=5_000)


def test_a_swedish_browser_gets_swedish_until_options_says_otherwise(
        tabs: Tabs, browser_context_args: dict[str, Any], open_game: Callable[..., Page], screenshot_dir: Path) -> None:
    context = tabs.new_context(**{**browser_context_args, "locale": "sv-SE"})
    try:
        page = open_game(context=context, path=f"?code={EASY5}")
        root = page.locator("html")
        expect(root).to_have_attribute("lang", "sv")
        expect(page.locator("#btn-undo")).to_have_text("Ångra")
        expect(page.locator("#deal-label")).to_have_text("Giv 5")
        assert page.title().endswith("Harp-patiens")
        assert page.get_attribute('link[rel="manifest"]', "href") == "./manifest.sv.webmanifest"
        assert page.get_attribute('#board .pile[data-pile="t9"]', "aria-label") == "Kolumn 9: 8 nedvända, spader 6"
        assert page.get_attribute("#tableau", "aria-label") == "Kolumner"
        still(page)
        page.set_viewport_size(viewport(DESKTOPS["swedish"]))
        still(page)
        screenshot = screenshot_dir / "board-sv.png"
        page.screenshot(path=str(screenshot))
        assert screenshot.stat().st_size > 10_000

        keyboard_act(page, "t2>f")
        hears(page, "ruter ess till grundhög. Kolumn 2: vände upp ruter 3. 15 poäng.")
        keyboard_act(page, "t1>t3")
        hears(page, "Hjärter 3 kan inte läggas på spader 7: i kolumnerna läggs ett kort på ett kort som är "
                    "exakt ett steg högre.")
        page.click("#btn-help")
        expect(page.locator("#dlg-help-title")).to_have_text("Hjälp")
        expect(page.locator("#help-rules")).to_have_text("Regler för Easy Harp")
        expect(page.locator("#help-rules")).to_have_attribute("href", "./static/help/sv/rules-easy-harp.html")
        page.keyboard.press("Escape")

        # Options: English overrides the browser, at once and after a reload.
        page.click("#btn-settings")
        expect(page.locator("#dlg-settings-title")).to_have_text("Inställningar")
        page.select_option("#set-language", "en")
        expect(root).to_have_attribute("lang", "en")
        expect(page.locator("#dlg-settings-title")).to_have_text("Options")
        page.keyboard.press("Escape")
        expect(page.locator("#btn-undo")).to_have_text("Undo")
        assert page.get_attribute('#board .pile[data-pile="t2"]', "aria-label") == "Column 2: 3 of diamonds"
        page.reload()
        page.wait_for_selector("html[data-harp-ready]", state="attached", timeout=60_000)
        expect(root).to_have_attribute("lang", "en")
        expect(page.locator("#btn-undo")).to_have_text("Undo")
        page.click("#btn-settings")
        expect(page.locator("#set-language")).to_have_value("en")
        page.select_option("#set-language", "auto")        # back to the browser's
        expect(root).to_have_attribute("lang", "sv")
    finally:
        context.close()
