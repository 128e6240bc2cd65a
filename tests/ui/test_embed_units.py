"""The embed page's rules, run in CPython (no browser): URL parameters, the
host's origin, message shapes, what the host is told, and the embed's
storage keys and stand-in dialogs (static/harpui/embed.py)."""

from __future__ import annotations

from typing import Any

import harp
import pytest

from harpui import embed
from harpui.store import Store
from fakes import FakeScreen, FakeStorage


# -- URL parameters ---------------------------------------------------------------
def test_params_query_wins_over_fragment_and_first_value_counts() -> None:
    got = embed.params("?game=harpan&game=harp&theme=dark", "#theme=blue&origin=https://a.example")
    assert got == {"game": "harpan", "theme": "dark", "origin": "https://a.example"}
    assert embed.params("", "") == {}
    assert embed.params("?code=%20EH1-N-AAAAAAF%20", "") == {"code": "EH1-N-AAAAAAF"}


def test_params_drop_over_long_values() -> None:
    long = "x" * (embed.MAX_PARAM_CHARS + 1)
    assert embed.params(f"?game={long}&theme=dark", f"#game=harp&origin={'y' * 100_000}") == {
        "theme": "dark", "game": "harp"}


@pytest.mark.parametrize(("given", "origin"), [
    ("https://your.site", "https://your.site"),
    ("https://your.site/", "https://your.site"),
    ("HTTPS://Your.Site", "https://your.site"),
    ("https://your.site:443", "https://your.site"),
    ("http://your.site:80", "http://your.site"),
    ("http://localhost:8123", "http://localhost:8123"),
    ("http://127.0.0.1:8123", "http://127.0.0.1:8123"),
    ("https://[::1]:8443", "https://[::1]:8443"),
    (" https://your.site ", "https://your.site"),
])
def test_clean_origin_serializes_like_the_browser(given: str, origin: str) -> None:
    assert embed.clean_origin(given) == origin


@pytest.mark.parametrize("given", [
    None, "", "*", "null", "your.site", "//your.site", "ftp://your.site", "javascript:alert(1)",
    "https://your.site/page", "https://your.site?x=1", "https://your.site#x", "https://user@your.site",
    "https://your.site:0", "https://your.site:65536", "https://your.site:99999", "https://.your.site",
    "https://your..site", "https://your.site.", "https://y\u00f6ur.site", "https://your\n.site",
    "https://your.site, https://other.site", "<img src=x onerror=alert(1)>", "https://" + "a" * 300, 42,
])
def test_clean_origin_refuses_anything_else(given: Any) -> None:
    assert embed.clean_origin(given) is None


def test_clean_game_knows_only_the_engines_ids() -> None:
    assert embed.clean_game("harpan") == "harpan"
    for bad in (None, "", "Harpan", "__proto__", "harpan<script>", 7):
        assert embed.clean_game(bad) is None


# -- messages ---------------------------------------------------------------------
def test_incoming_accepts_new_game_with_or_without_a_code() -> None:
    assert embed.incoming({"type": "newGame", "code": " EH1-N-AAAAAAF "}) == {
        "type": "newGame", "code": "EH1-N-AAAAAAF"}
    assert embed.incoming({"type": "newGame", "code": None}) == {"type": "newGame"}
    assert embed.incoming({"type": "newGame", "code": "not a code"}) == {
        "type": "newGame", "code": "not a code"}     # the engine explains; the shape is fine


@pytest.mark.parametrize("data", [
    None, "newGame", ["newGame"], 1, {}, {"type": "newgame"}, {"type": "ready"}, {"type": "moved"},
    {"type": None, "code": "EH1-N-AAAAAAF"}, {"type": 1}, {"type": "newGame", "code": 42},
    {"type": "newGame", "code": ["EH1-N-AAAAAAF"]}, {"type": "newGame", "code": "A" * 101},
    {"type": "newGame", "code": "A" * 100_000}, {"type": "newGame " * 1000},
])
def test_incoming_ignores_other_shapes(data: Any) -> None:
    assert embed.incoming(data) is None


def view(code: str = "EH1-N-AAAAAAF", score: int = 0, moves: int = 0, won: bool = False,
         stock: int = 59) -> dict[str, Any]:
    return {"code": code, "score": score, "moves": moves, "won": won, "stock": stock}


def test_reporter_says_moved_after_each_change_to_the_game_and_won_once() -> None:
    r = embed.Reporter()
    assert r.ready(view()) == {"type": "ready", "code": "EH1-N-AAAAAAF"}
    assert r.changed(view()) is None                     # a setting changed: nothing to tell
    assert r.changed(view(moves=1)) == {"type": "moved", "score": 0, "moves": 1, "code": "EH1-N-AAAAAAF"}
    assert r.changed(view(moves=1, stock=58)) == {"type": "moved", "score": 0, "moves": 1,
                                                  "code": "EH1-N-AAAAAAF"}   # an undo, say
    assert r.changed(view(moves=2, score=10, won=True)) == {
        "type": "won", "score": 10, "moves": 2, "code": "EH1-N-AAAAAAF"}
    assert r.changed(view(moves=2, score=10, won=True)) is None
    assert r.changed(view(moves=3, score=0)) == {"type": "moved", "score": 0, "moves": 3,
                                                 "code": "EH1-N-AAAAAAF"}   # undone
    won = r.changed(view(moves=4, score=10, won=True))                      # and won again
    assert won is not None and won["type"] == "won"
    assert r.changed(view(code="HN1-N-AAAAAAE")) == {"type": "moved", "score": 0, "moves": 0,
                                                     "code": "HN1-N-AAAAAAE"}


def test_sizer_reports_whole_pixels_on_change_only() -> None:
    s = embed.Sizer()
    assert s.changed(360.4, 559.6) == {"type": "resize", "width": 360, "height": 560}
    assert s.changed(360.0, 560.0) is None
    assert s.changed(400, 560) == {"type": "resize", "width": 400, "height": 560}


# -- storage --------------------------------------------------------------------------
def test_embed_keeps_its_save_apart_from_the_main_page() -> None:
    backend = FakeStorage()
    Store(backend).save("game", {"main": True})
    Store(backend, namespace=embed.STORAGE_NAMESPACE).save("game", {"embed": True})
    assert Store(backend).load("game") == {"main": True}
    assert Store(backend, namespace=embed.STORAGE_NAMESPACE).load("game") == {"embed": True}
    assert set(backend.items) == {"harp.game", "embed.harp.game"}


def test_embed_names_its_backup_by_the_key_it_really_has() -> None:
    backend = FakeStorage()
    backend.items["embed.harp.game"] = "{not json"
    store = Store(backend, namespace=embed.STORAGE_NAMESPACE)
    assert store.load("game") is None
    assert backend.items["embed.harp.backup.game"] == "{not json"
    assert "\u201cembed.harp.backup.game\u201d" in store.take_problems()[0]


def test_embed_store_falls_back_to_memory_when_storage_throws() -> None:
    store = Store(FakeStorage(broken=True), namespace=embed.STORAGE_NAMESPACE)
    store.save("game", {"x": 1})
    assert store.load("game") == {"x": 1}
    assert store.in_memory and store.notice


# -- the stand-in dialogs ------------------------------------------------------------------
class FakeController:
    """The controller's game, new_game, open_code and options_for, over the engine."""

    def __init__(self, code: str) -> None:
        self.game = harp.Game.from_code(code)

    def options_for(self, game_id: str) -> dict[str, Any]:
        return {}

    def new_game(self, game_id: str, options: dict[str, Any], kind: str) -> None:
        assert kind == "new"
        self.game = harp.Game.new(game_id, **options)

    def open_code(self, code: str) -> str | None:
        try:
            self.game = harp.Game.from_code(code)
        except ValueError as error:
            return str(error)
        return None

    def take_back_note(self) -> str:
        return ""


def test_new_deals_at_once_unless_a_game_is_in_play() -> None:
    now = [100.0]
    c, r = FakeController("HN1-N-AAAAAAE"), FakeScreen()
    d = embed.EmbedDialogs(c, r, clock=lambda: now[0])
    d.open("new")                                          # nothing played yet
    assert c.game.code != "HN1-N-AAAAAAE" and c.game.game_id == "harpan"
    c.game.play("s")
    first = c.game.code
    d.open("new")
    assert c.game.code == first and "again" in r.toasts[-1]
    now[0] += embed.CONFIRM_NEW_S + 1                      # too late: asks again
    d.open("new")
    assert c.game.code == first
    now[0] += 1
    d.open("new")
    assert c.game.code != first and c.game.game_id == "harpan"
    d.open("stats")                                        # the embed has no other windows
    d.close_game_end()


def test_a_bad_code_from_the_host_keeps_the_game_and_says_why() -> None:
    c, r = FakeController("HN1-N-AAAAAAE"), FakeScreen()
    d = embed.EmbedDialogs(c, r)
    d.open_code("<img src=x onerror=alert(1)>")
    assert c.game.code == "HN1-N-AAAAAAE"
    assert r.toasts[-1].startswith("That deal code does not work: ") and "not a deal code" in r.toasts[-1]
    d.open_code("EH1-N-AAAAAAF")
    assert c.game.code == "EH1-N-AAAAAAF" and r.toasts[-1] == "Opened deal EH1-N-AAAAAAF."
    d.show_won({"score": 5, "moves": 9}, 60)
    assert r.toasts[-1] != "You won! Score 5, 9 moves.", "the win waits for its celebration"
    done, shown = r.celebrating.pop()
    assert shown
    done()
    assert r.toasts[-1] == "You won! Score 5, 9 moves."
    d.show_won({"score": 5, "moves": 9}, 60, assisted=True)
    assert r.celebrating[-1][1] is False, "a win the solver played is not celebrated"
    d.show_corrupt(["Your saved game could not be read."])
    assert r.notices == ["Your saved game could not be read."]
