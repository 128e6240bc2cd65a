"""Small helpers over the browser DOM (PyScript main thread only)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window
from pyscript.ffi import is_none

# Proxies made by listen() live as long as the page: they are made once per
# listener at start-up, never per render, so nothing leaks.
_KEEP: list[Any] = []


def nil(value: Any) -> bool:
    """True for Python None, JS null and JS undefined."""
    return value is None or is_none(value)


def local_storage() -> Any:
    """window.localStorage, or None where merely touching it throws (private
    modes, a blocked or partitioned third-party frame)."""
    try:
        storage = window.localStorage
        storage.length  # noqa: B018 - some browsers throw only on use
        return storage
    except Exception:  # noqa: BLE001 - SecurityError, or whatever else a browser throws here
        return None


def reduced_motion() -> bool:
    """Whether the system asks for reduced motion now (the media query follows the setting live)."""
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def page_hidden() -> bool:
    """The page is out of sight (another tab, a phone's screen off): the solver stops thinking."""
    return bool(document.hidden)


def by_id(element_id: str) -> Any:
    return document.getElementById(element_id)


def proxy(fn: Callable[..., Any]) -> Any:
    """A JS function for fn that is kept alive for the life of the page."""
    p = create_proxy(fn)
    _KEEP.append(p)
    return p


def listen(target: Any, event: str, fn: Callable[..., Any], **options: Any) -> Any:
    p = proxy(fn)
    if options:
        from pyscript.ffi import to_js
        target.addEventListener(event, p, to_js(options))
    else:
        target.addEventListener(event, p)
    return p


def closest(element: Any, selector: str) -> Any:
    """element.closest(selector), or None (also for non-elements like text nodes)."""
    if nil(element) or not hasattr(element, "closest"):
        return None
    found = element.closest(selector)
    return None if nil(found) else found


def make(tag: str, cls: str = "", **attrs: str) -> Any:
    el = document.createElement(tag)
    if cls:
        el.className = cls
    for name, value in attrs.items():
        el.setAttribute(name.replace("_", "-"), value)
    return el


def later(seconds: float, fn: Callable[[], Any]) -> Any:
    """Run fn once after a delay, on the browser's event loop."""
    import asyncio
    return asyncio.get_event_loop().call_later(seconds, fn)


class AfterPaint:
    """Runs queued work once the browser has drawn the change in hand: in a task
    after the next frame (requestAnimationFrame, then setTimeout 0), so that a
    move's own handler does only what the board needs and the frame that shows
    it waits for nothing else.  A hidden page draws no frames: there a timer
    alone runs it (AFTER_PAINT_LATEST_S at the latest in any case).  The queue
    runs in order, all in one task; flush() runs it at once (the page is
    going away)."""

    def __init__(self) -> None:
        self._queue: list[Callable[[], Any]] = []
        self._run_p = proxy(self._run)
        self._next_p = proxy(lambda *_: window.setTimeout(self._run_p, 0))

    def __call__(self, fn: Callable[[], Any]) -> None:
        if not self._queue:
            if not page_hidden():
                window.requestAnimationFrame(self._next_p)
            window.setTimeout(self._run_p, AFTER_PAINT_LATEST_S * 1000)
        self._queue.append(fn)

    def _run(self, *_: object) -> None:
        queue, self._queue = self._queue, []
        for fn in queue:
            fn()

    def flush(self, *_: object) -> None:
        self._run()


AFTER_PAINT_LATEST_S = 0.25


def when_idle(quiet_s: float, fn: Callable[[], Any]) -> None:
    """Run fn once, when the player has left the page alone (no pointer or key
    input) for quiet_s seconds: for work that holds the page for a moment, so
    that it does not land between a tap and its move."""
    inputs = [0]
    handlers: list[tuple[str, Any]] = []     # (event, the JS function listening)

    def touched(*_: object) -> None:
        inputs[0] += 1

    def check(seen: int) -> None:
        if inputs[0] != seen:                 # the player acted meanwhile: wait again
            later(quiet_s, lambda: check(inputs[0]))
            return
        for event, handler in handlers:
            window.removeEventListener(event, handler, True)
        fn()

    for event in ("pointerdown", "keydown"):
        handlers.append((event, listen(window, event, touched, capture=True)))
    later(quiet_s, lambda: check(0))


def today() -> tuple[int, int, int]:
    """The player's local calendar date (Python's clock may be UTC here)."""
    d = window.Date.new()
    return int(d.getFullYear()), int(d.getMonth()) + 1, int(d.getDate())

