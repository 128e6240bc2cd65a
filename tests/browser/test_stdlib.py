"""The site's standard library is trimmed to what the pages import
(buildtools/stdlib.py): a whole game with hints, the dialogs and the embed
page play on it. A module the trimmed zip lacks shows up here as the page's
error (the watch fixture fails on any console error)."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

import build
from playwright.sync_api import Page, expect

from pagekit import HARPAN1, HARPAN1_WIN, assert_shows, mouse_move, replay, solver_says, still

LAST_MOVES = 6   # played by mouse up to the win


def stdlib_names(path: Path) -> set[str]:
    with zipfile.ZipFile(path) as zf:
        return set(zf.namelist())


def test_the_site_ships_the_trimmed_stdlib(site_dir: Path) -> None:
    trimmed = stdlib_names(site_dir / "vendor" / "pyodide" / build.STDLIB)
    full = stdlib_names(build.PYODIDE_DIR / build.STDLIB)
    assert trimmed < full
    assert {"json/__init__.py", "random.py", "dataclasses.py", "pyodide/__init__.py"} <= trimmed
    assert not {"email/__init__.py", "unittest/__init__.py", "xml/__init__.py"} & trimmed


def test_a_hint_a_win_and_every_dialog_work_on_the_trimmed_stdlib(open_game: Callable[..., Page]) -> None:
    """What the page imports late: the solver at the first hint, the win and its
    statistics at the last move, and each dialog.  (Every other browser test
    runs on the trimmed zip too; a whole game is played in test_play.)"""
    before_the_end = HARPAN1_WIN[:-LAST_MOVES]
    page = open_game(saved=replay(HARPAN1, before_the_end))
    page.click('[data-action="hint"]')
    assert solver_says(page, timeout=60_000)
    page.click("#solver-close")
    for notation in HARPAN1_WIN[-LAST_MOVES:]:
        mouse_move(page, notation)
        still(page)
    g = replay(HARPAN1, HARPAN1_WIN)
    assert g.is_won()
    expect(page.locator("#dlg-won")).to_be_visible()
    assert_shows(page, g)
    page.keyboard.press("Escape")
    for action in ("new", "stats", "settings", "help"):
        page.click(f'[data-action="{action}"]')
        expect(page.locator("dialog[open]")).to_have_count(1)
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)


def test_the_embed_page_hints_on_the_trimmed_stdlib(open_game: Callable[..., Page]) -> None:
    page = open_game(path="embed.html")
    page.click('#board [data-pile="s"]')
    page.click('[data-action="hint"]')
    expect(page.locator("#board .hint").first).to_be_attached(timeout=60_000)
