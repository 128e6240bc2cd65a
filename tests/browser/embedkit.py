"""Helpers for the browser tests of embed.html in another site's iframe (not
a test module): a second and third origin to serve host pages from, host
pages that record the messages they get, and the embedded game's frame.

A host page is served as http://localhost:PORT/ while the site is at
http://127.0.0.1:PORT/: another site, so the game is a third-party frame.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import harp
import pytest
from playwright.sync_api import Frame, Page

from buildtools.server import serving
from pagekit import READY, READY_TIMEOUT_MS, mouse_move

if TYPE_CHECKING:
    from tabkit import Watch


# A host page: frames, and a record of every message, with the frame it came from.
HOST_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">
<style>body {{ margin: 0; }} iframe {{ border: 0; display: block; }}</style>
<script>
window.received = [];
addEventListener("message", function (event) {{
  var from = "?";
  document.querySelectorAll("iframe").forEach(function (f) {{
    if (f.contentWindow === event.source) from = f.id;
  }});
  window.received.push({{origin: event.origin, from: from, data: event.data}});
}});
</script></head>
<body>{frames}</body></html>
"""
# A plain page for a frame that is not the game (another origin, or the host's).
PLAIN_PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script>window.received = []; addEventListener("message", function (e) {{ received.push(e.data); }});</script>
</head><body>{name}</body></html>
"""
SANDBOX = "allow-scripts allow-same-origin"


# -- servers and pages ------------------------------------------------------------------
class Server:
    """A folder served on its own port: another origin for host pages and frames."""

    def __init__(self, root: Path, url: str) -> None:
        self.root, self.url = root, url

    @property
    def origin(self) -> str:
        return self.url.rstrip("/")

    def write(self, name: str, text: str) -> str:
        (self.root / name).write_text(text, encoding="utf-8")
        return self.url + name


def serve(tmp_path_factory: pytest.TempPathFactory, name: str, host: str) -> Iterator[Server]:
    root = tmp_path_factory.mktemp(name)
    with serving(root) as url:
        yield Server(root, url.replace("127.0.0.1", host))


def embed_url(site_url: str, **params: str) -> str:
    return site_url + "embed.html?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in params.items())


def iframe(frame_id: str, src: str, width: int, height: int) -> str:
    return (f'<iframe id="{frame_id}" src="{html.escape(src)}" width="{width}" height="{height}"'
            f' sandbox="{SANDBOX}"></iframe>')


def open_host(page: Page, host: Server, watch: Watch, *frames: str, name: str = "host.html") -> Page:
    watch.attach(page)
    url = host.write(name, HOST_PAGE.format(frames="\n".join(frames)))
    response = page.goto(url)
    assert response is not None and response.ok
    return page


def frame_of(page: Page, frame_id: str) -> Frame:
    """The Playwright frame of the host page's iframe #frame_id."""
    handle = page.locator(f"#{frame_id}").element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    return frame


def game_frame(page: Page, frame_id: str = "game") -> Frame:
    """The frame of a game, once it is ready."""
    frame = frame_of(page, frame_id)
    frame.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return frame


def received(page: Page, kind: str | None = None, frame_id: str | None = "game") -> list[dict[str, Any]]:
    """The messages the host got (data only), from one frame, of one type."""
    found: list[dict[str, Any]] = page.evaluate("window.received")
    return [m["data"] for m in found if (frame_id is None or m["from"] == frame_id)
            and (kind is None or (isinstance(m["data"], dict) and m["data"].get("type") == kind))]


def wait_for_message(page: Page, kind: str, count: int = 1, frame_id: str = "game") -> dict[str, Any]:
    """Wait until the host has count messages of this type from frame_id; the last one."""
    page.wait_for_function(
        "([kind, count, from]) => window.received.filter("
        "m => m.from === from && m.data && m.data.type === kind).length >= count",
        arg=[kind, count, frame_id], timeout=10_000)
    return received(page, kind, frame_id)[-1]


def post_from_host(page: Page, data: Any, frame_id: str = "game") -> None:
    page.evaluate("([id, data]) => document.getElementById(id).contentWindow.postMessage(data, '*')",
                  [frame_id, data])


def code_in(frame: Frame) -> str:
    return frame.get_attribute("#board", "data-code") or ""


def game_view(code: str, moves: list[str]) -> dict[str, Any]:
    g = harp.Game.from_code(code)
    for m in moves:
        g.play(m)
    return g.view()


FRAME_ORIGIN_JS = """e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return [r.x + e.clientLeft + parseFloat(s.paddingLeft), r.y + e.clientTop + parseFloat(s.paddingTop)]; }"""


class InFrame:
    """A frame dressed as a page for pagekit's helpers: locators and scripts
    run in the frame; the mouse is the host page's (Playwright gives element
    boxes in the host page's coordinates)."""

    def __init__(self, page: Page, frame: Frame) -> None:
        self.mouse = page.mouse
        self._frame = frame

    def offset(self) -> tuple[float, float]:
        """Where the frame's viewport starts on the host page (pagekit.point)."""
        element = self._frame.frame_element()
        x, y = element.evaluate(FRAME_ORIGIN_JS)
        return x, y

    def __getattr__(self, name: str) -> Any:
        return getattr(self._frame, name)


mouse_act = mouse_move   # one move by mouse, as a player would (pagekit.mouse_move)
