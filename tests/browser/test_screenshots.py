"""The README's pictures, taken from the real page: the light and dark
boards on a desktop and the phone's layouts in both languages, each a game in
progress resumed from a save (so the clock stands still and no message
shows).  A run writes them into a folder of its own (screenshot_dir);
`python3 build.py screenshots` writes them into docs/screenshots/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tabkit import Tabs
from pagekit import DESKTOPS, HARPAN1, HARPAN1_WIN, LOCALES, png_pixels, replay, still, viewport

DESKTOP = viewport(DESKTOPS["pictures"])
PHONE = {"width": 844, "height": 390}


def shoot(page: Page, folder: Path, name: str) -> Path:
    """Write the page as <folder>/<name>.png, once nothing moves."""
    still(page)
    page.evaluate("() => document.fonts.ready")
    path = folder / f"{name}.png"
    data = page.screenshot()
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)
    return path


@pytest.mark.parametrize("name,context", [
    ("light", {"viewport": DESKTOP, "color_scheme": "light"}),
    ("dark", {"viewport": DESKTOP, "color_scheme": "dark"}),
    ("phone-landscape", {"viewport": PHONE, "has_touch": True, "is_mobile": True, "color_scheme": "light"}),
    ("phone-landscape-sv", {"viewport": PHONE, "has_touch": True, "is_mobile": True, "color_scheme": "light",
                            "locale": "sv-SE"}),
])
def test_readme_screenshots(name: str, context: dict[str, Any], tabs: Tabs, screenshot_dir: Path,
                            browser_context_args: dict[str, Any], open_game: Callable[..., Page]) -> None:
    ctx = tabs.new_context(**{**browser_context_args, **context})
    try:
        page = open_game(ctx, saved=replay(HARPAN1, HARPAN1_WIN[:75]))
        width, height, rows = png_pixels(shoot(page, screenshot_dir, name).read_bytes())
        assert (width, height) == (context["viewport"]["width"], context["viewport"]["height"])
        corner = tuple(rows[height - 1][:3])                 # the felt in the bottom left corner
        dark = max(corner) <= 40                             # green felt is (10, 68, 40) at its darkest
        assert dark == (name == "dark"), f"{name}: the felt is {corner}"
    finally:
        ctx.close()


PORTRAIT = {"width": 390, "height": 844}


@pytest.mark.parametrize("language", ["en", "sv"])
def test_readme_phone_portrait_and_win(language: str, tabs: Tabs, screenshot_dir: Path,
                                       browser_context_args: dict[str, Any], open_game: Callable[..., Page]) -> None:
    """A phone held upright: a long game in progress (its longest column
    fanned down the screen) and its menu open; in English, then the win, with its window."""
    from test_phone_fit import long_column    # the recorded win's position with the longest column
    ctx = tabs.new_context(**{**browser_context_args, "viewport": PORTRAIT, "has_touch": True,
                              "is_mobile": True, "color_scheme": "light", "locale": LOCALES[language]})
    suffix = "" if language == "en" else f"-{language}"
    try:
        g, _ = long_column()
        page = open_game(ctx, saved=g)
        assert png_pixels(shoot(page, screenshot_dir, f"phone-portrait{suffix}").read_bytes())[:2] == (390, 844)
        page.locator("[data-action=menu]").tap()
        page.wait_for_selector("#tools-more:popover-open")
        assert png_pixels(shoot(page, screenshot_dir, f"phone-menu{suffix}").read_bytes())[:2] == (390, 844)
        if language != "en":
            return
        page = open_game(ctx, saved=replay(HARPAN1, HARPAN1_WIN[:-1]))
        page.locator("[data-action=finish]").tap()
        page.wait_for_selector("#dlg-won[open]")
        assert png_pixels(shoot(page, screenshot_dir, "phone-win").read_bytes())[:2] == (390, 844)
    finally:
        ctx.close()
