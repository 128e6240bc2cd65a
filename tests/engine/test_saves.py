"""Saves: exact round trips, and every kind of damaged save refused with CorruptSave."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import harp
from harp.game import Game
from engine_helpers import assert_full_deck
from game_facts import GAME_IDS


def played(game_id: str, deal: int, n: int, seed: int, **options: Any) -> Game:
    """A real game: ``n`` legal moves chosen by a seeded picker that prefers non-stock moves."""
    g = harp.Game.new(game_id, deal=deal, **options)
    rng = random.Random(seed)
    for _ in range(n):
        moves = g.legal_moves()
        if not moves:
            break
        others = [m for m in moves if m != "s"]
        g.play(rng.choice(others) if others and rng.random() < 0.7 else rng.choice(moves))
        if rng.random() < 0.1:
            g.undo()
    return g


def assert_same_game(a: Game, b: Game) -> None:
    assert a.view(reveal=True) == b.view(reveal=True)
    assert a.legal_moves() == b.legal_moves()
    assert a.code == b.code
    assert (a.score, a.moves, a.can_undo()) == (b.score, b.moves, b.can_undo())
    # the same undo history: undo both, step by step
    a, b = a.copy(), b.copy()
    while True:
        ua, ub = a.undo(), b.undo()
        assert ua == ub
        assert a.view(reveal=True) == b.view(reveal=True)
        if not ua:
            break


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("options", [{}, {"draw": 3, "passes": 2, "empty": "any", "takeback": True}])
def test_round_trip(game_id: str, options: dict[str, Any]) -> None:
    for n, seed in ((0, 1), (40, 2), (200, 3)):
        g = played(game_id, 11, n, seed, **options)
        text = g.to_json()
        json.loads(text)  # plain JSON
        back = harp.Game.from_json(text)
        assert_same_game(g, back)
        assert back.to_json() == text
        assert_full_deck(back)


def test_round_trip_of_a_daily_game_keeps_the_kind() -> None:
    g = harp.Game.new("harp", deal=7, daily=True)
    g.play("s")
    back = harp.Game.from_json(g.to_json())
    assert back.daily and "-D-" in back.code


def test_easy_harp_undo_floor_survives() -> None:
    g = harp.Game.new("easy-harp", deal=9)
    for _ in range(150):
        g.play("s")
    for _ in range(10):
        assert g.undo()
    back = harp.Game.from_json(g.to_json())
    assert back.moves == 150
    count = 0
    while back.undo():
        count += 1
    assert count == 90
    assert_same_game(g, harp.Game.from_json(g.to_json()))


def test_loaded_game_plays_on_like_the_original() -> None:
    g = played("double-klondike", 3, 80, 5)
    back = harp.Game.from_json(g.to_json())
    rng = random.Random(9)
    for _ in range(60):
        moves = g.legal_moves()
        assert moves == back.legal_moves()
        if not moves:
            break
        m = rng.choice(moves)
        g.play(m)
        back.play(m)
    assert g.view(reveal=True) == back.view(reveal=True)


def test_accepts_bytes() -> None:
    g = played("harpan", 2, 30, 1)
    assert harp.Game.from_json(g.to_json().encode()).view(reveal=True) == g.view(reveal=True)


# ----- damaged saves -----------------------------------------------------------------------


def corrupt(text: object) -> str:
    with pytest.raises(harp.CorruptSave) as info:
        harp.Game.from_json(text)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert message.strip() and len(message) < 1000
    return message


@pytest.fixture(scope="module")
def save() -> dict[str, Any]:
    g = played("easy-harp", 5, 120, 7)
    assert g.score > 0 and g.history_length > 10
    return json.loads(g.to_json())


@pytest.mark.parametrize(
    "text",
    ["", " ", "{", "}", "null", "[]", "42", '"text"', "{}", "[1, 2", "{'format': 'harp-save'}", "\x00", "NaN",
     "[" * 100_000],
)
def test_malformed_json(text: str) -> None:
    corrupt(text)


@pytest.mark.parametrize("value", [None, 42, 4.2, ["{}"], {"format": "harp-save"}, object()])
def test_not_text(value: object) -> None:
    corrupt(value)


def test_truncated_saves() -> None:
    text = played("harp", 8, 150, 3).to_json()
    lengths = sorted(set(list(range(0, 60)) + list(range(60, len(text), 17)) + [len(text) - i for i in range(1, 40)]))
    for n in lengths:
        corrupt(text[:n])
    harp.Game.from_json(text)  # the whole text is fine


def _with(save: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(json.dumps(save))
    change(data)
    return json.dumps(data)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        del data[key]

    return change


WRONG_TYPES = [
    _set("format", "chess-save"),
    _set("format", None),
    _drop("format"),
    _set("version", "1"),
    _set("version", True),
    _set("version", 1.0),
    _set("version", None),
    _drop("version"),
    _set("code", 5),
    _set("code", "EH1-N-AAAAAAA"),
    _set("code", "not a code"),
    _drop("code"),
    _set("actions", "s"),
    _set("actions", {"0": "s"}),
    _set("actions", [1, 2]),
    _set("actions", [None]),
    _drop("actions"),
    _set("moves", "3"),
    _set("moves", 3.5),
    _set("moves", True),
    _set("moves", None),
    _set("moves", -1),
    _drop("moves"),
    _set("undo_floor", -1),
    _set("undo_floor", "0"),
    _set("undo_floor", 10**6),
    _drop("undo_floor"),
    _set("board", []),
    _set("board", None),
    _set("board", {}),
    _drop("board"),
]


@pytest.mark.parametrize("change", WRONG_TYPES,
                         ids=lambda f: f.__qualname__ + repr(f.__closure__[-1].cell_contents if f.__closure__ else ""))
def test_wrong_types(save: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> None:
    corrupt(_with(save, change))


@pytest.mark.parametrize("version", [0, 2, 99, -1, 10**20])
def test_unknown_or_newer_version(save: dict[str, Any], version: int) -> None:
    message = corrupt(_with(save, _set("version", version)))
    if version > 1:
        assert "newer" in message


def test_moves_counter(save: dict[str, Any]) -> None:
    actions = len(save["actions"])
    corrupt(_with(save, _set("moves", actions - 1)))
    corrupt(_with(save, _set("moves", -5)))
    harp.Game.from_json(_with(save, _set("moves", actions + 7)))  # undone moves still count


def _board(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def outer(data: dict[str, Any]) -> None:
        change(data["board"])

    return outer


def test_tampered_board(save: dict[str, Any]) -> None:
    board = save["board"]
    col = next(i for i, c in enumerate(board["tableau"]) if c)
    top = board["tableau"][col][-1]
    other = "KD" if top != "KD" else "QD"

    def change_one(b: dict[str, Any]) -> None:
        b["tableau"][col][-1] = other

    def third_copy(b: dict[str, Any]) -> None:
        b["tableau"][col].append(top)

    def remove_one(b: dict[str, Any]) -> None:
        b["tableau"][col].pop()

    def swap_two(b: dict[str, Any]) -> None:  # same cards, wrong places
        b["stock_cards"][0], b["stock_cards"][-1] = b["stock_cards"][-1], b["stock_cards"][0]
        if b["stock_cards"][0] == b["stock_cards"][-1]:
            b["stock_cards"].reverse()

    def reveal(b: dict[str, Any]) -> None:  # a face-down card shown face up
        for c in b["tableau"]:
            if len(c) > 1 and c[0].islower():
                c[0] = c[0].upper()
                return

    def not_a_card(b: dict[str, Any]) -> None:
        b["waste"] = b["waste"] + ["ZZ"]

    def wrong_kind(b: dict[str, Any]) -> None:
        b["tableau"] = "t1"

    def bad_name_type(b: dict[str, Any]) -> None:
        b["waste"] = b["waste"] + [7]

    for change in (
        change_one, third_copy, remove_one, swap_two, reveal, not_a_card, wrong_kind, bad_name_type,
        lambda b: b.__setitem__("score", b["score"] + 5),
        lambda b: b.__setitem__("passes_left", 3),
        lambda b: b.pop("stock_cards"),
        lambda b: b["foundations"].append([]),
    ):
        corrupt(_with(save, _board(change)))


def test_tampered_actions(save: dict[str, Any]) -> None:
    actions = save["actions"]
    assert len(actions) > 10

    def illegal(data: dict[str, Any]) -> None:
        data["actions"][3] = "t1>t1"

    def nonsense(data: dict[str, Any]) -> None:
        data["actions"][0] = "fly"

    def dropped(data: dict[str, Any]) -> None:
        del data["actions"][-1]

    def extra_tap(data: dict[str, Any]) -> None:
        data["actions"].append("s")
        data["moves"] += 1

    def doubled(data: dict[str, Any]) -> None:
        data["actions"] = data["actions"] * 2
        data["moves"] *= 2

    for change in (illegal, nonsense, dropped, extra_tap, doubled):
        corrupt(_with(save, change))


def test_too_many_actions(save: dict[str, Any]) -> None:
    message = corrupt(_with(save, lambda d: d.update(actions=["s"] * 200_001, moves=200_001)))
    assert "actions" in message


def test_code_swapped_for_another_deal(save: dict[str, Any]) -> None:
    corrupt(_with(save, _set("code", "EH1-N-AAAAAAG")))
    corrupt(_with(save, _set("code", "HA1-N-AAAAAAF")))


def test_random_damage_never_escapes_as_another_error() -> None:
    """Flip, drop and insert characters: a save either loads or raises CorruptSave."""
    text = played("endless-harp", 13, 90, 4).to_json()
    rng = random.Random(2024)
    loaded = 0
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[i] = rng.choice('0123456789{}[]",:-stfwAZaz ')
            elif op < 0.7:
                del chars[i]
            else:
                chars.insert(i, rng.choice('0123456789{}[]",:-s'))
        damaged = "".join(chars)
        try:
            g = harp.Game.from_json(damaged)
        except harp.CorruptSave as e:
            assert str(e)
        else:
            loaded += 1
            assert_full_deck(g)
            # whatever loads is self-consistent: it saves back to something that loads the same
            assert harp.Game.from_json(g.to_json()).view(reveal=True) == g.view(reveal=True)
    assert loaded < 300


def test_corrupt_save_is_a_value_error() -> None:
    assert issubclass(harp.CorruptSave, ValueError)
