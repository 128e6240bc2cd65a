"""The early board lies where Python's board does, at every screen size.

static/early-board.js lays out a first visit's deal before Python has
started, with harpui/layout.py's algorithm a second time in JavaScript and
layout.py's numbers, which the build writes into the page; a returning
player's reload draws the board's stored copy.  At every phone (pagekit.SIZES)
and desktop (pagekit.DESKTOPS) size the browser tests use, each pile and
each card of the early board must be where Python's first render puts it,
within 1 px, and each pile must tell a screen reader the same words, in the
page's language; so must the toolbar, the status line and the board's names
around it (static/boot.js puts them in the page's language before Python).

Each case is a first visit in a context of its own (service workers blocked,
so the route on the runtime sees every request: pagekit.WASM), then a reload
of the same page: Python is held back while the early board is read, then
let through, and the board read again once the game is ready.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import harp
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from pagekit import (DESKTOPS, LOCALES, RECTS_JS, SIZES, WASM, board_copy_for, code_of, not_ready, release,
                     reload_holding_runtime, viewport)
from tabkit import Watch

PILES_JS = """() => Object.fromEntries([...document.querySelectorAll('#board .pile[data-pile]')].map(p => {
  const r = p.getBoundingClientRect();
  return [p.dataset.pile, [r.left, r.top, r.width, r.height]];
}))"""   # pile -> [left, top, width, height] on screen
WORDS_JS = """() => Object.fromEntries([...document.querySelectorAll('#board .pile[data-pile]')].map(p =>
  [p.dataset.pile, [p.getAttribute('aria-roledescription'), p.getAttribute('aria-label')]]))"""

SHELL_WORDS_JS = """() => {
  // (Python names the game in the title: that is not a translation)
  const shown = (el) => !el.closest('title, dialog, #loader, #solver-panel, noscript');
  const texts = [...document.querySelectorAll('[data-i18n]')].filter(shown)
    .map(el => [`${el.id || el.className}: ${el.dataset.i18n}`, el.textContent.trim()]);
  const attributes = [...document.querySelectorAll('[data-i18n-attr]')].filter(shown)
    .flatMap(el => el.dataset.i18nAttr.split(/\\s+/).map(pair =>
      [`${el.id || el.className}: ${pair}`, el.getAttribute(pair.split(':')[0])]));
  return Object.fromEntries([...texts, ...attributes]);
}"""   # the page shell's words around the board (the toolbar, the status line, the board's names)

SCREENS = {**{name: (size, True) for name, size in SIZES.items()},      # (width, height), a touch phone
           **{name: (size, False) for name, size in DESKTOPS.items()}}
CASES = [*((screen, "en") for screen in SCREENS), ("portrait", "sv"), ("swedish", "sv")]


@pytest.fixture
def first_visit(request: pytest.FixtureRequest, browser: Browser,
                browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """A new player's browser of the case's screen and language."""
    screen, language = request.param
    size, phone = SCREENS[screen]
    touch = {"has_touch": True, "is_mobile": True} if phone else {}
    context = browser.new_context(**{**browser_context_args, **touch, "viewport": viewport(size),
                                     "locale": LOCALES[language], "service_workers": "block"})
    yield context
    context.close()


def board_of(page: Page) -> dict[str, dict[str, Any]]:
    """Where each pile and card is, each pile's words, and the words around the board."""
    return {"piles": page.evaluate(PILES_JS), "cards": page.evaluate(RECTS_JS), "words": page.evaluate(WORDS_JS),
            "shell": page.evaluate(SHELL_WORDS_JS)}


def early_board(page: Page) -> dict[str, dict[str, Any]]:
    """The early board, read while the runtime is held back."""
    page.wait_for_selector("#board [data-card]", state="visible")
    assert not_ready(page) and page.get_attribute("html", "data-harp-early") is not None
    return board_of(page)


def assert_same_board(early: dict[str, dict[str, Any]], python: dict[str, dict[str, Any]],
                      what: str) -> None:
    for part in ("piles", "cards"):
        assert early[part].keys() == python[part].keys(), f"{what}: the same {part}"
        moved = {name: (early[part][name], python[part][name]) for name in early[part]
                 if any(abs(a - b) > 1 for a, b in zip(early[part][name], python[part][name]))}
        assert moved == {}, f"{what}: {part} moved when Python took the board over (early, Python)"
    assert early["words"] == python["words"], f"{what}: the piles' words"
    # The toolbar, the status line and the board's names speak the page's language from the start.
    assert early["shell"] == python["shell"], f"{what}: the words around the board"
    assert early["shell"]["btn-undo: tool.undo"], "the toolbar's words were read"


@pytest.mark.parametrize("first_visit", CASES, ids=[f"{screen}-{language}" for screen, language in CASES],
                         indirect=True)
def test_the_early_board_lies_where_pythons_board_does(first_visit: BrowserContext, site_url: str,
                                                       watch: Watch) -> None:
    page = first_visit.new_page()
    watch.attach(page)
    held: list[Route] = []
    page.route(WASM, lambda route: held.append(route))
    page.goto(site_url)
    drawn = early_board(page)
    release(page, held)
    assert_same_board(drawn, board_of(page), "a first visit's deal")

    board_copy_for(page, harp.Game.from_code(code_of(page)))
    held = reload_holding_runtime(page)
    drawn = early_board(page)
    release(page, held)
    assert_same_board(drawn, board_of(page), "the stored copy, on a reload")
