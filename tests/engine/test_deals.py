"""Deals: the layout docs/rules.md's table gives each game, and golden deals that pin the shuffle."""

from __future__ import annotations

import random

import pytest

import harp
from harp.rng import SplitMix64
from engine_helpers import ALL_NAMES, assert_full_deck, deck_counts
from game_facts import GAME_IDS, facts

DEALS = [1, 2, 5, 4242, 999_999]


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fresh_deal_layout(game_id: str, deal: int) -> None:
    row = facts(game_id)
    columns, stock, foundations, decks, descending = row.columns, row.stock, row.foundations, row.decks, row.descending
    g = harp.Game.new(game_id, deal=deal)
    view = g.view()
    heights = list(range(1, columns + 1))
    if descending:
        heights.reverse()
    assert [len(col) for col in view["tableau"]] == heights
    # only the top card of each column is face up
    for col in view["tableau"]:
        assert col[:-1] == ["??"] * (len(col) - 1)
        assert col[-1] != "??" and col[-1].isupper()
    assert view["stock"] == stock
    assert view["waste"] == []
    assert view["foundations"] == [[] for _ in range(foundations)]
    assert view["score"] == 0 and view["moves"] == 0 and view["won"] is False
    assert sum(heights) + stock == 52 * decks

    revealed = g.view(reveal=True)
    for col in revealed["tableau"]:
        assert all(c.islower() for c in col[:-1]), "face-down cards are written in lower case"
        assert col[-1].isupper()
    assert len(revealed["stock_cards"]) == stock
    assert all(c.islower() for c in revealed["stock_cards"])
    counts = deck_counts(revealed)
    assert set(counts) == set(ALL_NAMES)
    assert set(counts.values()) == {decks}
    assert_full_deck(g)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_face_down_count(game_id: str) -> None:
    view = harp.Game.new(game_id, deal=77).view()
    hidden = sum(col.count("??") for col in view["tableau"])
    assert hidden == facts(game_id).face_down  # every card of a column but its top one


def test_hidden_counts_from_rules() -> None:
    """docs/rules.md: 45 dealt / 36 down (Easy Harp), 28 / 21 (Harpan), 55 / 45 (Endless Harp)."""
    for game_id, dealt, down in (("easy-harp", 45, 36), ("harpan", 28, 21), ("endless-harp", 55, 45)):
        view = harp.Game.new(game_id, deal=3).view()
        assert sum(len(c) for c in view["tableau"]) == dealt
        assert sum(c.count("??") for c in view["tableau"]) == down


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_deal_is_repeatable_and_numbers_differ(game_id: str) -> None:
    a = harp.Game.new(game_id, deal=31337).view(reveal=True)
    b = harp.Game.new(game_id, deal=31337).view(reveal=True)
    assert a == b
    layouts = {
        repr((v["tableau"], v["stock_cards"]))
        for v in (harp.Game.new(game_id, deal=d).view(reveal=True) for d in range(1, 41))
    }
    assert len(layouts) == 40


def test_restart_and_from_code_give_the_same_deal() -> None:
    g = harp.Game.new("harp", deal=12)
    start = g.view(reveal=True)
    g.play("s")
    assert g.restart().view(reveal=True) == start
    assert harp.Game.from_code(g.code).view(reveal=True) == start


def test_random_deal_is_in_range() -> None:
    for _ in range(20):
        g = harp.Game.new("easy-harp")
        assert 1 <= g.deal <= 999_999


# ----- the generator and golden deals -----------------------------------------


def test_splitmix64_reference_vectors() -> None:
    """SplitMix64's published outputs (Vigna's reference C code, seed 1234567)."""
    gen = SplitMix64(1234567)
    assert [gen.next() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    gen = SplitMix64(0)
    assert gen.next() == 0xE220A8397B1DCDAF


def test_below_is_in_range_and_uses_every_value() -> None:
    gen = SplitMix64(99)
    seen = {gen.below(7) for _ in range(500)}
    assert seen == set(range(7))


# Generated once from the engine, then frozen: these pin the shuffle forever.
# If one of them changes, every saved game and shared deal code breaks.
GOLDEN = {
    ("easy-harp", 5): (
        [
            "3H",
            "3d AD",
            "8c 2h 7S",
            "qh 5h jh 2H",
            "4d 9c 2c qc 2S",
            "8c 2d 6c as qc 7H",
            "jc ad 5s kc 4d 5h 5D",
            "qd 9s 8s 5c js 8h ah 4H",
            "7c 7c td 9s 7d 7s 6s th 6S",
        ],
        "2s kh kd 5c qh ks ts th ts 4s 9h jd 4c 3s kc 3c qs 9h ks 3s ah jh qd 6h kd kh as 4c tc ac 8h 8s 8d"
        " jc 9c 2d 9d 8d 6c 7d jd js ac tc 3h 2c 4s 7h qs 6d td 3c 9d 5s 6h 6d 4h 5d 3d",
    ),
    ("harpan", 1): (
        [
            "8D",
            "7h 6H",
            "5c jd 3H",
            "tc 8h 9h TH",
            "8s 4c 2d 8c 7S",
            "2h 9d 4d jh kc QS",
            "ah kh qc ks jc 3s AD",
        ],
        "qd 4h 7c 6s 4s 7d ac js as 2s 6d td ts 9c 5h qh 6c kd 2c 5s 3c 3d 9s 5d",
    ),
    ("big-harp", 999_999): (
        [
            "4h 5s 6s 4d qs 2s 6c ah 9d 5C",
            "9c 5c ts 6d td 3d 6h 2h JS",
            "as 4h tc ts 6s qc 9d KH",
            "th 9s 6c jd 7c 5d 3C",
            "8c ac 8c 7s jc JH",
            "4d jd 7h 3c AD",
            "8s 8d 7d KD",
            "7c kd KC",
            "qd QC",
            "KS",
        ],
        "2c 3s tc js 8s qh 3h td ad 9h 9h 2d th 5h 4s 3d ks 6h kc ah 5s as 7d 9c jh 2d 5d 2h 2c 4c qs 7s ac"
        " qh jc 2s 5h 8h 7h qd 4s 9s 8d kh 4c 3s 6d 8h 3h",
    ),
    ("endless-harp", 123_456): (
        [
            "9C",
            "3s JD",
            "th 9d AD",
            "5c 2c 5s 7C",
            "3h qs 2s 2s TS",
            "2d ks 4c 4d 8h 7D",
            "jd jh kh 6s 5h 8d QC",
            "4s 7h 6h jc 7s 4s 3c TC",
            "7h 8s 5s 2h 2d kc 8s 4h JS",
            "5c 3h 7d 7s 6d ad 3d 9h 3s JC",
        ],
        "9s 8c qd 2h as jh js 5h qh ks 5d 4d qc kd 6c 4h 9h th qd kd qh td as 3c 5d ac 9d 9c kh 6h tc ah 7c"
        " 2c qs ah 6c 9s 6d 3d 6s 8c kc td 4c ts 8h ac 8d",
    ),
}


def _golden_view(game_id: str, deal: int) -> tuple[list[str], str]:
    view = harp.Game.new(game_id, deal=deal).view(reveal=True)
    return [" ".join(col) for col in view["tableau"]], " ".join(view["stock_cards"])


@pytest.mark.parametrize("key", list(GOLDEN), ids=lambda k: f"{k[0]}-{k[1]}")
def test_golden_deal(key: tuple[str, int]) -> None:
    assert _golden_view(*key) == GOLDEN[key]


def test_golden_deal_matches_the_plain_view_and_the_next_card() -> None:
    g = harp.Game.new("easy-harp", deal=5)
    tops = [col[-1] for col in g.view()["tableau"]]
    assert tops == ["3H", "AD", "7S", "2H", "2S", "7H", "5D", "4H", "6S"]
    g.play("s")  # the last stock card listed is drawn first
    assert g.view()["waste"] == ["3D"]


def test_shuffle_does_not_use_pythons_random(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the deal must not depend on Python's random module")

    for name in ("shuffle", "random", "randint", "randrange", "choice", "choices", "sample", "seed", "getrandbits"):
        monkeypatch.setattr(random, name, refuse)
    monkeypatch.setattr(random.Random, "random", refuse)
    monkeypatch.setattr(random.Random, "shuffle", refuse)
    monkeypatch.setattr(random.Random, "getrandbits", refuse)
    for key, expected in GOLDEN.items():
        assert _golden_view(*key) == expected
    harp.Game.from_code("HN1-D3P3EAT0-D-AAAAAAH").legal_moves()
