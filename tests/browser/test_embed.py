"""embed.html in another site's iframe: its messages, its size, its storage.

The site is served as usual (site_url: http://127.0.0.1:PORT1, with
netlify.toml's headers, so embed.html's frame-ancestors * is live); host
pages written by the tests are served by a second server and opened as
http://localhost:PORT2, another site. They frame the game with
sandbox="allow-scripts allow-same-origin" and origin=<their own origin>, and
record every message they get in window.received. Headless Chromium here
gives such a third-party frame no storage at all (localStorage throws,
IndexedDB is denied), so these tests also show the embed starting and
playing from memory there.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import harp
import pytest
from playwright.sync_api import Page, expect

from buildtools.offline import precache_entries
from embedkit import (PLAIN_PAGE, READY, READY_TIMEOUT_MS, InFrame, Server, code_in, embed_url,
                      frame_of, game_frame, game_view, iframe, mouse_act, open_host, post_from_host,
                      received, serve, wait_for_message)
from pagekit import EASY5, HARPAN1, HARPAN1_WIN, card_point, mouse_move, open_seed_page, replay, save_record

if TYPE_CHECKING:
    from tabkit import Watch

@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The host site: http://localhost:PORT2/, another site than the game's."""
    yield from serve(tmp_path_factory, "host", "localhost")


@pytest.fixture(scope="module")
def third(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A third origin, http://127.0.0.1:PORT3/: neither the game nor its host."""
    yield from serve(tmp_path_factory, "third", "127.0.0.1")


# -- the tests ---------------------------------------------------------------------------
def test_embed_talks_to_its_host(page: Page, site_url: str, host: Server, watch: Watch) -> None:
    src = embed_url(site_url, game="easy-harp", code=EASY5, origin=host.origin)
    open_host(page, host, watch, iframe("game", src, 800, 600))
    frame = game_frame(page)
    site_origin = site_url.rstrip("/")

    ready = wait_for_message(page, "ready")
    assert ready == {"type": "ready", "code": EASY5}
    assert {m["origin"] for m in page.evaluate("window.received")} == {site_origin}
    assert wait_for_message(page, "resize") == {"type": "resize", "width": 800, "height": 600}

    # Real clicks in the frame: the stock, then a card a tap sends home.
    frame.click('#board [data-pile="s"]')
    assert wait_for_message(page, "moved") == {"type": "moved", "code": EASY5,
                                               **pick(game_view(EASY5, ["s"]))}
    g = harp.Game.from_code(EASY5)
    g.play("s")
    pile = next(f"t{i + 1}" for i in range(9) if g.foundation_move(f"t{i + 1}"))
    move = g.foundation_move(pile)
    assert move is not None
    page.mouse.click(*card_point(InFrame(page, frame), pile))
    g.play(move)
    moved = wait_for_message(page, "moved", 2)
    assert moved == {"type": "moved", "code": EASY5, **pick(g.view())}
    assert moved["score"] > 0, "a card on a foundation scores"
    expect(frame.locator("#moves")).to_have_text("2")

    # The compact toolbar: Hint marks a move; New asks first while a game is in play.
    frame.click("#btn-hint")
    # As solver_says waits: a hint solves imagined deals.
    expect(frame.locator("#toast")).to_contain_text("Hint", timeout=30_000)
    expect(frame.locator("#board .hint").first).to_be_attached()        # a card, or the stock to tap
    frame.click("#btn-new")
    expect(frame.locator("#toast")).to_contain_text("Press New again")
    frame.click("#btn-new")
    dealt = wait_for_message(page, "moved", 3)
    assert dealt["code"].startswith("EH1-") and dealt["code"] != EASY5 and dealt["moves"] == 0

    # The host deals another game by code; a code that is no code changes nothing.
    post_from_host(page, {"type": "newGame", "code": "HN1-N-AAAAAAE"})
    assert wait_for_message(page, "moved", 4) == {"type": "moved", "score": 0, "moves": 0,
                                                  "code": "HN1-N-AAAAAAE"}
    expect(frame.locator("#board")).to_have_attribute("data-code", "HN1-N-AAAAAAE")
    expect(frame.locator("#board [data-card]")).to_have_count(52)
    expect(frame.locator("#game-name")).to_have_text("Harpan")
    post_from_host(page, {"type": "newGame", "code": "HN1-N-ZZZZZZZ"})
    expect(frame.locator("#toast")).to_contain_text("That deal code does not work")
    post_from_host(page, {"type": "newGame"})                # no code: a new deal of this game
    new = wait_for_message(page, "moved", 5)
    assert new["code"].startswith("HN1-") and new["code"] != "HN1-N-AAAAAAE"
    assert len(received(page, "moved")) == 5, "the bad code sent nothing"

    # The frame grows: the host hears the new size, and the cards grow with it.
    small = frame.evaluate("document.querySelector('#board [data-card]').offsetWidth")
    page.evaluate("document.getElementById('game').height = 700")
    assert wait_for_message(page, "resize", 2) == {"type": "resize", "width": 800, "height": 700}
    frame.wait_for_function(f"document.querySelector('#board [data-card]').offsetWidth > {small}")


def pick(view: dict[str, Any]) -> dict[str, Any]:
    return {"score": view["score"], "moves": view["moves"]}


def test_a_won_game_is_reported(page: Page, site_url: str, host: Server, watch: Watch) -> None:
    """The whole of a winning line by mouse, in a frame: a 'moved' per move with
    the engine's score and move count, then 'won'. Long columns stay in the frame."""
    page.set_viewport_size({"width": 900, "height": 720})
    page.emulate_media(reduced_motion="reduce")     # no sliding cards to wait for
    src = embed_url(site_url, code=HARPAN1, origin=host.origin)
    open_host(page, host, watch, iframe("game", src, 640, 600))
    frame = game_frame(page)
    wait_for_message(page, "ready")
    framed = InFrame(page, frame)
    lowest = ("() => Math.max(...[...document.querySelectorAll('#tableau [data-card]')]"
              ".map(c => c.getBoundingClientRect().bottom))")
    g = harp.Game.from_code(HARPAN1)
    expected = []
    for n, move in enumerate(HARPAN1_WIN):
        mouse_act(framed, move)
        g.play(move)
        v = g.view()
        expected.append({"type": "won" if v["won"] else "moved", "score": v["score"],
                         "moves": v["moves"], "code": HARPAN1})
        if n == 120:
            assert max(len(c) for c in v["tableau"]) >= 10
            assert frame.evaluate(lowest) <= 600, "long columns end inside the frame"
    assert g.is_won()
    wait_for_message(page, "won")
    got = [m for m in received(page) if m["type"] in ("moved", "won")]
    assert got == expected
    expect(frame.locator("#toast")).to_contain_text("You won!")


def test_an_embedded_win_celebrates_until_a_tap(page: Page, site_url: str, watch: Watch) -> None:
    """With motion, the embed's win rains suits as the main page's does; the
    toast that names the win comes once a tap ends the celebration."""
    watch.attach(page)
    page.emulate_media(reduced_motion="no-preference")
    open_seed_page(page, site_url)
    before_win = replay(HARPAN1, HARPAN1_WIN[:-1])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["embed.harp.game", save_record(before_win)])
    page.goto(embed_url(site_url, code=HARPAN1))
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    mouse_move(page, HARPAN1_WIN[-1])
    celebration = page.locator(".celebration")
    celebration.wait_for(state="attached")
    expect(page.locator("#toast")).not_to_contain_text("You won!")
    celebration.click()
    expect(celebration).to_have_count(0)
    expect(page.locator("#toast")).to_contain_text("You won!")


@pytest.mark.parametrize(("width", "height"), [(360, 560), (1200, 820)])
def test_embed_fits_its_frame(page: Page, site_url: str, host: Server, watch: Watch,
                              width: int, height: int) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    src = embed_url(site_url, game="easy-harp", code=EASY5, origin=host.origin)
    open_host(page, host, watch, iframe("game", src, width, height))
    frame = game_frame(page)
    assert wait_for_message(page, "resize") == {"type": "resize", "width": width, "height": height}
    box = frame.evaluate("""() => {
      const rects = [...document.querySelectorAll('#board [data-card], #board .pile, .tools button')]
        .map(e => e.getBoundingClientRect());
      return {left: Math.min(...rects.map(r => r.left)), right: Math.max(...rects.map(r => r.right)),
              top: Math.min(...rects.map(r => r.top)), bottom: Math.max(...rects.map(r => r.bottom)),
              scrollWidth: document.documentElement.scrollWidth,
              card: document.querySelector('#tableau [data-card]').getBoundingClientRect().width};
    }""")
    assert box["left"] >= 0 and box["right"] <= width, box
    assert box["top"] >= 0 and box["bottom"] <= height, box
    assert box["scrollWidth"] <= width, "no sideways scrolling"
    assert box["card"] >= (30 if width < 400 else 100), box
    # No site chrome: three tools in view, no links out of the game.
    # (Finish is there too, hidden until foundation moves alone win.)
    assert frame.locator(".tools button:visible").all_inner_texts() == ["Undo", "Hint", "New"]
    assert frame.locator("a").count() == 0


def block_embed_storage(page: Page, unless_origin: str | None = None) -> None:
    """Storage made to throw in the page's embed frames (all of them, or those
    whose ?origin= is not unless_origin), whatever the browser's own rule for
    third-party frames."""
    keep = json.dumps(f"origin={quote(unless_origin, safe='')}" if unless_origin else None)
    page.context.add_init_script(f"""
      if (location.pathname.endsWith('/embed.html') && !({keep} && location.search.includes({keep}))) {{
        for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) {{
          Object.defineProperty(window, name, {{configurable: true,
            get() {{ throw new DOMException('The operation is insecure.', 'SecurityError'); }}}});
        }}
      }}""")


def test_messages_go_only_to_the_named_origin_and_come_only_from_the_parent(
    page: Page, site_url: str, host: Server, third: Server, watch: Watch
) -> None:
    third_src = third.write("other.html", PLAIN_PAGE.format(name="another site"))
    sibling_src = host.write("sibling.html", PLAIN_PAGE.format(name="the host's own frame"))
    page.set_viewport_size({"width": 1280, "height": 900})
    # The three games share one origin, so one saved game: a frame could take
    # another's move (controller.follow) before its own click lands. Only
    # "game" may save, so each frame's moves are its own.
    block_embed_storage(page, unless_origin=host.origin)
    open_host(
        page, host, watch,
        iframe("game", embed_url(site_url, code=EASY5, origin=host.origin), 400, 420),
        iframe("wrong", embed_url(site_url, code=EASY5, origin=third.origin), 400, 420),
        iframe("star", embed_url(site_url, code=EASY5, origin="*"), 400, 420),
        iframe("third", third_src, 200, 60),
        iframe("sibling", sibling_src, 200, 60),
    )
    frames = {name: game_frame(page, name) for name in ("game", "wrong", "star")}
    wait_for_message(page, "ready")
    expect(frames["game"].locator("#notice")).to_be_hidden()
    for name in ("wrong", "star"):
        expect(frames[name].locator("#notice")).to_contain_text("Saving is not available")
        frames[name].click('#board [data-pile="s"]')
        # Three Pythons share this page's one main thread; on a busy machine
        # the draw took over expect's 5 s once.
        expect(frames[name].locator("#moves")).to_have_text("1", timeout=30_000)
    frames["game"].click('#board [data-pile="s"]')
    wait_for_message(page, "moved")

    # Others speak to the game: a frame of a third origin, a frame of the
    # host's origin that is not the parent, and the parent with bad shapes.
    third_frame, sibling = frame_of(page, "third"), frame_of(page, "sibling")
    to_game = "code => parent.frames[0].postMessage({type: 'newGame', code: code}, '*')"
    third_frame.evaluate(to_game, "HN1-N-AAAAAAB")
    sibling.evaluate(to_game, "HN1-N-AAAAAAC")
    for bad in ["newGame", ["newGame", "HN1-N-AAAAAAD"], None, 7, {"type": "newgame", "code": "HN1-N-AAAAAAD"},
                {"type": "ready"}, {"type": "newGame", "code": 12}, {"type": "newGame", "code": ["HN1-N-AAAAAAD"]},
                {"type": "newGame", "code": "HN1-N-AAAAAAD" + " " * 100}, {"type": ["newGame"]},
                {"type": "newGame", "code": {"toString": "HN1-N-AAAAAAD"}}]:
        post_from_host(page, bad)
    post_from_host(page, {"type": "newGame", "code": "HN1-N-AAAAAAE"})   # the one that counts
    assert wait_for_message(page, "moved", 2)["code"] == "HN1-N-AAAAAAE"
    assert [m["code"] for m in received(page, "moved")] == [EASY5, "HN1-N-AAAAAAE"]
    expect(frames["game"].locator("#toast")).not_to_contain_text("does not work")

    # Only the game with the host's origin spoke to it; the third site heard nothing.
    assert {m["from"] for m in page.evaluate("window.received")} == {"game"}
    assert third_frame.evaluate("window.received") == []
    assert sibling.evaluate("window.received") == []
    for name in ("wrong", "star"):
        assert code_in(frames[name]) == EASY5


def test_blocked_storage_plays_from_memory(page: Page, site_url: str, host: Server, watch: Watch) -> None:
    """Storage made to throw in the frame, whatever the browser's own rule for
    third-party frames: the game starts, plays, and says it can't save."""
    block_embed_storage(page)
    src = embed_url(site_url, code=EASY5, origin=host.origin)
    open_host(page, host, watch, iframe("game", src, 800, 600))
    frame = game_frame(page)
    assert frame.get_attribute("html", "data-harp-memory-idb") == ""
    expect(frame.locator("#notice")).to_be_visible()
    expect(frame.locator("#notice")).to_contain_text("Saving is not available")
    for _ in range(3):
        frame.click('#board [data-pile="s"]')
    frame.click("#btn-undo")
    g = harp.Game.from_code(EASY5)
    for _ in range(3):
        g.play("s")
    g.undo()
    assert wait_for_message(page, "moved", 4) == {"type": "moved", "code": EASY5, **pick(g.view())}
    expect(frame.locator("#moves")).to_have_text(str(g.view()["moves"]))


def test_embed_keeps_its_own_save(page: Page, site_url: str, watch: Watch) -> None:
    """Opened where storage works, the embed resumes its own game and never
    touches the main page's saved game."""
    watch.attach(page)
    page.goto(site_url + "?code=" + EASY5)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.click('#board [data-pile="s"]')
    expect(page.locator("#moves")).to_have_text("1")
    main_save = page.evaluate("localStorage.getItem('harp.game')")

    page.goto(embed_url(site_url, code="HN1-N-AAAAAAE"))
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    for _ in range(2):
        page.click('#board [data-pile="s"]')
    expect(page.locator("#moves")).to_have_text("2")
    expect(page.locator("#notice")).to_be_hidden()
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#moves")).to_have_text("2")
    assert page.evaluate("localStorage.getItem('harp.game')") == main_save
    saved = json.loads(page.evaluate("localStorage.getItem('embed.harp.game')"))
    assert harp.Game.from_json(saved["data"]["game"]).code == "HN1-N-AAAAAAE"


@pytest.mark.parametrize(("theme", "lang", "shown", "spoken"), [
    ("dark", "en", "dark", "en"), ("blue", "xx", "blue", "en"), ("purple", "", "green", "en"),
    ("", "EN", "green", "en"), ("", "sv", "green", "sv")])
def test_theme_and_language_from_the_url(page: Page, site_url: str, theme: str, lang: str, shown: str,
                                         spoken: str) -> None:
    page.route("**/vendor/**", lambda route: route.abort())   # the look alone: no need to boot
    page.goto(embed_url(site_url, theme=theme, lang=lang), wait_until="domcontentloaded")
    assert page.get_attribute("html", "data-theme") == shown
    assert page.get_attribute("html", "lang") == spoken
    felt = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()")
    themed = {"blue": "#14507a", "dark": "#1f2326"}             # static/embed.css
    assert felt == themed[shown] if shown in themed else felt not in themed.values()


def test_the_worker_precaches_the_embed_page(site_dir: Path) -> None:
    listed = {url for url, _ in precache_entries(site_dir)}
    assert {"embed.html", "static/embed.py", "static/embed.css", "static/embed-boot.js"} <= listed
    page = (site_dir / "embed.html").read_text(encoding="utf-8")
    for asset in ("./static/embed-boot.js", "./static/embed.css", "./static/embed.py", "./pyscript.toml"):
        assert f'"{asset}"' in page, asset
