"""The embed page's rules: its URL parameters, its messages, its stand-in dialogs.

Pure Python (no browser imports), so CPython tests cover every check; the
wiring to the page (postMessage, the message listener, ResizeObserver) is in
static/embed.py.

The embed page talks to the page that frames it (the host) with postMessage,
and only to the origin named by its ``origin`` URL parameter:

    game -> host   {"type": "ready", "code": c}
                   {"type": "moved", "score": n, "moves": n, "code": c}
                   {"type": "won", "score": n, "moves": n, "code": c}
                   {"type": "resize", "width": w, "height": h}
    host -> game   {"type": "newGame", "code": c}   (no code: a new random deal)

Anything else, from anyone else, is ignored without a word.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import harp

from .ports import Notices
from .query import parse_query
from .words import t

MAX_PARAM_CHARS = 200        # longer URL parameter values are ignored
MAX_CODE_CHARS = 100         # a message's deal code (the engine's codes are at most 64)
INCOMING = ("newGame",)      # the message types the host may send
CONFIRM_NEW_S = 4.0          # New twice within this many seconds leaves a game in play

# "scheme://host[:port]" as a browser serializes an origin: http(s), an ASCII
# host name or IPv4 address or [IPv6] literal, an optional port.
_ORIGIN = re.compile(r"(https?)://([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::([0-9]{1,5}))?/?")
_DEFAULT_PORT = {"http": 80, "https": 443}


def params(search: str, fragment: str) -> dict[str, str]:
    """URL parameters from '?a=1&b=2' and '#a=1': the query string wins.

    Only the first value of each name counts; values are stripped, and
    over-long ones are dropped (they are never needed, and never shown).
    """
    out: dict[str, str] = {}
    for part in (search, fragment):
        query = (part or "").lstrip("?#")
        for name, values in parse_query(query, keep_blank_values=True).items():
            value = values[0].strip()
            if name not in out and len(value) <= MAX_PARAM_CHARS:
                out[name] = value
    return out


def clean_origin(value: Any) -> str | None:
    """The origin the host gave, serialized as event.origin spells it, or None
    when it is missing or not an http(s) origin ('*', 'null', a path, a
    user name, another scheme...): then no message is sent at all."""
    if not isinstance(value, str) or len(value) > MAX_PARAM_CHARS:
        return None
    found = _ORIGIN.fullmatch(value.strip().lower())
    if found is None:
        return None
    scheme, host, port = found.groups()
    if host.startswith(".") or host.endswith(".") or ".." in host:
        return None
    origin = f"{scheme}://{host}"
    if port is not None:
        number = int(port)
        if not 0 < number < 65536:
            return None
        if number != _DEFAULT_PORT[scheme]:
            origin += f":{number}"
    return origin


def clean_game(value: Any) -> str | None:
    """A game id the engine knows, or None."""
    return value if isinstance(value, str) and value in harp.GAMES else None


def incoming(data: Any) -> dict[str, str] | None:
    """A host's message, checked: {"type": "newGame"} or {"type": "newGame",
    "code": c} with c a string of at most MAX_CODE_CHARS; None for anything
    else. data is the message already taken out of the browser (a dict of the
    fields the page reads)."""
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in INCOMING:
        return None
    code = data.get("code")
    if code is None:
        return {"type": kind}
    if not isinstance(code, str) or len(code) > MAX_CODE_CHARS:
        return None
    return {"type": kind, "code": code.strip()}


class Reporter:
    """Turns the game after each change into the message the host gets, if any:
    'won' when the game has just been won, 'moved' after any other change to
    the game (a move, an undo, another deal), nothing when only a setting
    changed."""

    def __init__(self) -> None:
        self._last: dict[str, Any] | None = None

    def ready(self, view: dict[str, Any]) -> dict[str, Any]:
        self._last = view
        return {"type": "ready", "code": view["code"]}

    def changed(self, view: dict[str, Any]) -> dict[str, Any] | None:
        last = self._last
        if view == last:
            return None
        self._last = view
        was_won = last is not None and last["code"] == view["code"] and bool(last["won"])
        won_now = bool(view["won"]) and not was_won
        return {"type": "won" if won_now else "moved", "score": view["score"],
                "moves": view["moves"], "code": view["code"]}


class Sizer:
    """Reports the page's content size when it changes (whole CSS pixels)."""

    def __init__(self) -> None:
        self._last: tuple[int, int] | None = None

    def changed(self, width: float, height: float) -> dict[str, Any] | None:
        size = (max(int(round(width)), 0), max(int(round(height)), 0))
        if size == self._last:
            return None
        self._last = size
        return {"type": "resize", "width": size[0], "height": size[1]}


# The embedded game keeps its save, settings and statistics under keys of its own,
# apart from the main page's (same origin, same storage when the browser does not
# partition it): the Store's namespace.
STORAGE_NAMESPACE = "embed."


class Dealer(Protocol):
    """The controller, as the embed's dialogs use it (harpui.controller.Controller)."""

    @property
    def game(self) -> harp.Game: ...

    def new_game(self, game_id: str, options: dict[str, Any], kind: str) -> None: ...

    def open_code(self, typed: str) -> str | None:
        """Open a deal code; the error message, or None."""
        ...

    def options_for(self, game_id: str) -> dict[str, Any]: ...

    def take_back_note(self) -> str: ...


class Board(Notices, Protocol):
    """The renderer, as the embed's dialogs use it (harpui.render.Renderer)."""

    def celebrate(self, done: Callable[[], None], show: bool = True) -> None:
        """The win's cascade (a tap skips it), then done()."""


class EmbedDialogs:
    """What the controller, the advisor and input ask of the dialogs
    (ports.DialogWindows), without windows: the embed page has no dialogs,
    only its toast and notice line.

    New deals at once, unless a game is in play: then it asks for a second
    press within CONFIRM_NEW_S seconds (the N key is easy to hit)."""

    def __init__(self, controller: Dealer, renderer: Board,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.controller = controller
        self.renderer = renderer
        self._clock = clock
        self._new_asked_at: float | None = None

    def open(self, name: str) -> None:
        if name == "new":
            self.new_deal()

    def new_deal(self) -> None:
        view = self.controller.game.view()
        now = self._clock()
        in_play = view["moves"] > 0 and not view["won"]
        asked = self._new_asked_at is not None and now - self._new_asked_at <= CONFIRM_NEW_S
        if in_play and not asked:
            self._new_asked_at = now
            self.renderer.toast(t("embed.press_again"), CONFIRM_NEW_S)
            return
        self._new_asked_at = None
        game_id = self.controller.game.game_id
        self.controller.new_game(game_id, self.controller.options_for(game_id), "new")
        self.renderer.toast(t("msg.dealt.new", game=harp.GAMES[game_id].name, deal=self.controller.game.deal)
                            + self.controller.take_back_note(), 4 if self.controller.take_back_note() else 2.5)

    def open_code(self, code: str) -> None:
        """A host's newGame with a code: open it, or say why not and play on."""
        error = self.controller.open_code(code)
        if error:
            self.renderer.toast(t("embed.bad_code", error=error), 6)
        else:
            self.renderer.toast(t("msg.opened", code=self.controller.game.code) + self.controller.take_back_note(),
                                4 if self.controller.take_back_note() else 2.5)

    def show_won(self, view: dict[str, Any], seconds: int, assisted: bool = False,
                 feats: Sequence[str] = ()) -> None:
        """The main page's celebration (a tap skips it), then the win in a toast."""
        words = " ".join([t("embed.won", score=view["score"], moves=view["moves"]), *feats])
        self.renderer.celebrate(lambda: self.renderer.toast(words, 8), show=not assisted)

    def show_stuck(self, checks: list[harp.StuckCheck]) -> bool:
        self.renderer.toast(t("embed.stuck"), 6)
        return False                # a toast has no room for the solver's verdict: no search

    def stuck_verdict(self, kind: str, text: str, back: int | None) -> None:
        """Never asked for: show_stuck answers False, so no verdict is sought."""

    def confirm_peek(self) -> None:
        """Never asked for: Show me is offered only on the solver panel's
        button, and the embed page has no panel (its solver speaks in toasts)."""

    def show_corrupt(self, problems: list[str]) -> None:
        self.renderer.notice(" ".join(problems))

    def close_game_end(self) -> None:
        pass
