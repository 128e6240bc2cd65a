"""The site's standard library is trimmed to what the pages import
(buildtools/stdlib.py).  Every browser test runs on it; the whole game with
hints and every dialog is test_play.py's test_a_whole_game_by_mouse_taps_and_drags,
and the embed page's hint is here.  A module the trimmed zip lacks shows up
as the page's error (the watch fixture fails on any console error)."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

from buildtools.common import PYODIDE_DIR
from buildtools.stdlib import STDLIB
from playwright.sync_api import Page, expect


def stdlib_names(path: Path) -> set[str]:
    with zipfile.ZipFile(path) as zf:
        return set(zf.namelist())


def test_the_site_ships_the_trimmed_stdlib(site_dir: Path) -> None:
    """Fewer modules than Pyodide's zip (as source or bytecode), and the ones the pages use."""
    trimmed = {name.removesuffix("c") for name in stdlib_names(site_dir / "vendor" / "pyodide" / STDLIB)}
    full = stdlib_names(PYODIDE_DIR / STDLIB)
    assert trimmed < full
    assert {"json/__init__.py", "random.py", "dataclasses.py", "pyodide/__init__.py"} <= trimmed
    assert not {"email/__init__.py", "unittest/__init__.py", "xml/__init__.py"} & trimmed


def test_the_embed_page_hints_on_the_trimmed_stdlib(open_game: Callable[..., Page]) -> None:
    page = open_game(path="embed.html")
    page.click('#board [data-pile="s"]')
    page.click('[data-action="hint"]')
    expect(page.locator("#board .hint").first).to_be_attached(timeout=60_000)
