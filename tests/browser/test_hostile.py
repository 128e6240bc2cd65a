"""Hostile input: deal codes, game names, themes and origins from the URL (the
main page's ?code= and #code=, every embed.html parameter) and from
postMessage are text, never HTML.

Each payload would set window.__pwned if it ever ran, and its <img src=x>
would ask the server for "x" (a 404, which the watch fixture fails on, like
any console error). After each, the page must be whole: ready, the board
dealt, a message in words for the player, nothing in the console, and the
game in progress still there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING
from urllib.parse import quote

import harp
import pytest
from playwright.sync_api import Frame, Page, expect

from embedkit import (READY, READY_TIMEOUT_MS, Server, embed_url, game_frame, iframe, open_host,
                      post_from_host, received, serve, wait_for_message)

if TYPE_CHECKING:
    from tabkit import Watch

EASY5 = "EH1-N-AAAAAAF"
PWN = "window.__pwned=1"
SCRIPTISH = [
    f'<img src=x onerror="{PWN}">',
    f'"><script>{PWN}</script><b x="',
    f"javascript:{PWN}//",
    f"'><svg onload={PWN}>",
]
MALFORMED = [
    "%E0%A4%A",                                  # broken percent-encoding, sent as is
    "EH1-N-AAAAAAF\u0000\u202e<b>bold</b>",
    "\U0001f0a1" * 30,                           # playing cards, outside the BMP
    "EH1--",
]
HUGE = "<img src=x onerror=" + "A" * 100_000 + ">"   # 100 KB

# Everything a page might have grown from input: nothing of the sort is in
# the pages' own markup or made by their scripts.
INJECTED = "() => document.querySelectorAll('img, iframe, object, embed, svg[onload], [onerror], [onload]').length"


def clean(page: Page | Frame, code: str) -> None:
    """No payload ran or landed in the page, and the game is whole: code's deal, every card of it on the board."""
    assert page.evaluate("window.__pwned") is None, "a payload ran"
    assert page.evaluate(INJECTED) == 0, "markup from the input is in the page"
    assert page.get_attribute("#board", "data-code") == code
    assert page.locator("#board [data-card]").count() == 52 * harp.Game.from_code(code).rules.decks


def played(page: Page | Frame) -> tuple[str, str]:
    return page.get_attribute("#board", "data-code") or "", page.inner_text("#moves")


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serve(tmp_path_factory, "hostile-host", "localhost")


def test_main_page_code_from_the_url(open_game: Callable[..., Page], site_url: str) -> None:
    page = open_game(path=f"?code={EASY5}")
    for _ in range(2):
        page.click('#board [data-pile="s"]')
    expect(page.locator("#moves")).to_have_text("2")
    before = played(page)
    # Each link is a boot; the embed test and the message test below send every payload.
    links = [f"?code={quote(p, safe='')}" for p in SCRIPTISH[:1] + MALFORMED[1:3]]
    links.append(f"?code={MALFORMED[0]}")                   # not encoded again
    # 100 KB does not fit in a request line (servers answer 414), but it fits after '#'.
    links.append(f"?n=1#code={quote(HUGE, safe='')}")
    for link in links:
        page.goto(site_url + link)
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        expect(page.locator("#toast")).to_contain_text("That link holds a deal code that does not work")
        clean(page, EASY5)
        assert played(page) == before, f"the saved game is lost after {link[:60]}"
        assert "code=" not in page.url, "the bad code is dropped from the address"


def test_embed_parameters_from_the_url(open_game: Callable[..., Page], site_url: str) -> None:
    page = open_game(path=embed_url("", code=EASY5))
    page.click('#board [data-pile="s"]')
    expect(page.locator("#moves")).to_have_text("1")
    before = played(page)
    for n, (payload, other) in enumerate(zip(SCRIPTISH, MALFORMED)):
        params = {"game": payload, "code": payload, "theme": other, "lang": payload, "origin": other}
        page.goto(embed_url(site_url, **params) + f"#game={quote(HUGE, safe='')}&n={n}")
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        expect(page.locator("#toast")).to_contain_text("That link holds a deal code that does not work")
        clean(page, EASY5)
        assert page.get_attribute("html", "data-theme") == "green"
        assert page.get_attribute("html", "lang") == "en"
        assert played(page) == before, f"the embed's game is lost after {payload!r}"
    # Over-long values are dropped before anything looks at them.
    page.goto(site_url + "embed.html#code=" + quote(HUGE, safe="") + "&theme=" + "d" * 100_000)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    clean(page, EASY5)
    assert played(page) == before


def test_embed_messages(page: Page, site_url: str, host: Server, watch: Watch) -> None:
    src = embed_url(site_url, code=EASY5, origin=host.origin)
    open_host(page, host, watch, iframe("game", src, 800, 600))
    frame = game_frame(page)
    wait_for_message(page, "ready")
    frame.click('#board [data-pile="s"]')
    wait_for_message(page, "moved")
    before = played(frame)

    for payload in SCRIPTISH + MALFORMED:
        frame.evaluate("document.getElementById('toast').textContent = ''")
        post_from_host(page, {"type": "newGame", "code": payload})
        expect(frame.locator("#toast")).to_contain_text("That deal code does not work")
        clean(frame, EASY5)
        assert played(frame) == before
    # Shapes that are not messages at all: ignored without a word.
    frame.evaluate("document.getElementById('toast').textContent = ''")
    for data in [{"type": "newGame", "code": HUGE}, {"type": SCRIPTISH[0], "code": EASY5},
                 {"type": HUGE}, SCRIPTISH[1], [SCRIPTISH[0]], {"type": "newGame", "code": {"html": HUGE}}]:
        post_from_host(page, data)
    post_from_host(page, {"type": "newGame", "code": "HN1-N-AAAAAAE"})   # then a good one
    expect(frame.locator("#board")).to_have_attribute("data-code", "HN1-N-AAAAAAE")
    clean(frame, "HN1-N-AAAAAAE")
    assert [m["code"] for m in received(page, "moved")] == [EASY5, "HN1-N-AAAAAAE"]
    assert harp.Game.from_code("HN1-N-AAAAAAE").view()["moves"] == int(frame.inner_text("#moves"))
