"""Deal codes, daily deals and rule options."""

from __future__ import annotations

import datetime
import itertools

import pytest

import harp
from harp.codes import CODE_REASONS
from game_facts import GAME_IDS, facts


def letters(n: int) -> str:
    """docs/rules.md: the number in base 26 with A = 0, padded to 7 letters (written independently)."""
    out = []
    for _ in range(7):
        out.append(chr(ord("A") + n % 26))
        n //= 26
    assert n == 0
    return "".join(reversed(out))


def test_easy_harp_deal_5_code() -> None:
    assert harp.Game.new("easy-harp", deal=5).code == "EH1-N-AAAAAAF"
    g = harp.Game.from_code("EH1-N-AAAAAAF")
    assert (g.game_id, g.deal, g.daily) == ("easy-harp", 5, False)
    assert g.rules == harp.GAMES["easy-harp"]


@pytest.mark.parametrize(
    "deal, tail",
    [(1, "AAAAAAB"), (25, "AAAAAAZ"), (26, "AAAAABA"), (27, "AAAAABB"), (676, "AAAABAA"), (999_999, letters(999_999))],
)
def test_number_letters(deal: int, tail: str) -> None:
    assert harp.Game.new("easy-harp", deal=deal).code == f"EH1-N-{tail}"


def test_999999_in_base_26() -> None:
    # Worked by hand: 999999 = 2*26^4 + 4*26^3 + 23*26^2 + 7*26 + 13  ->  C E X H N
    tail = harp.Game.new("harp", deal=999_999).code.split("-")[-1]
    assert [ord(letter) - ord("A") for letter in tail] == [0, 0, 2, 4, 23, 7, 13]
    assert tail == letters(999_999) == "AACEXHN"


def test_prefixes_are_distinct_two_letters() -> None:
    prefixes = [harp.Game.new(g, deal=1).code[:2] for g in GAME_IDS]
    assert len(set(prefixes)) == len(GAME_IDS)
    assert all(len(p) == 2 and p.isalpha() and p.isupper() for p in prefixes)
    assert prefixes[0] == "EH"


def test_default_codes_have_no_option_part() -> None:
    for game_id in GAME_IDS:
        code = harp.Game.new(game_id, deal=9).code
        assert code.count("-") == 2
        assert code[2] == "1", "the digit after the prefix is the rules version"


OPTION_SETS: list[dict[str, object]] = [{}]
OPTION_SETS += [{"draw": d} for d in (1, 3)]
OPTION_SETS += [{"passes": p} for p in (None, 1, 2, 3, 4, 7)]
OPTION_SETS += [{"empty": e} for e in ("king", "any")]
OPTION_SETS += [{"takeback": t} for t in (True, False)]
OPTION_SETS += [
    {"draw": d, "passes": p, "empty": e, "takeback": t}
    for d, p, e, t in itertools.product((1, 3), (None, 1, 3), ("king", "any"), (True, False))
]


@pytest.mark.parametrize("daily", [False, True])
@pytest.mark.parametrize("options", OPTION_SETS, ids=repr)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_code_round_trip(game_id: str, options: dict[str, object], daily: bool) -> None:
    for deal in (1, 5, 123_456, 999_999):
        g = harp.Game.new(game_id, deal=deal, daily=daily, **options)
        code = g.code
        assert ("-D-" in code) == daily and ("-N-" in code) == (not daily)
        back = harp.Game.from_code(code)
        assert back.code == code
        assert (back.game_id, back.deal, back.daily) == (game_id, deal, daily)
        assert back.rules == g.rules
        for key, val in options.items():
            assert getattr(back.rules, key) == val
        if deal == 5:
            assert back.view(reveal=True) == g.view(reveal=True)
            # parsing ignores case and surrounding white space, and gives the canonical code
            for variant in (code.lower(), f"  {code}\n", f"\t{code.swapcase()} ", code.title()):
                assert harp.Game.from_code(variant).code == code


def test_distinct_options_give_distinct_codes() -> None:
    for game_id in GAME_IDS:
        games = [harp.Game.new(game_id, deal=3, **o) for o in OPTION_SETS]
        codes = {g.rules: g.code for g in games}
        assert len(set(codes.values())) == len(codes)


BAD_CODES = [
    "",
    "   ",
    "garbage",
    "EH1",
    "EH1-N",
    "EH1-N-AAAAAAF-X",
    "EH1-D3-P3-N-AAAAAAF",
    "XX1-N-AAAAAAF",  # unknown prefix
    "E1-N-AAAAAAF",
    "EH-N-AAAAAAF",  # no version
    "EH2-N-AAAAAAF",  # wrong version
    "EH0-N-AAAAAAF",
    "EHX-N-AAAAAAF",
    "EH1-X-AAAAAAF",  # bad kind
    "EH1-ND-AAAAAAF",
    "EH1-N-AAAAAF",  # 6 letters
    "EH1-N-AAAAAAAF",  # 8 letters
    "EH1-N-AAAAAA5",
    "EH1-N-AAAAAAA",  # deal 0
    "EH1-N-AACEXHO",  # 1000000
    "EH1-N-BAAAAAA",  # > 999999
    "EH1-N-ZZZZZZZ",
    "EH" + "1" * 5000 + "-N-AAAAAAF",  # a version past int()'s digit limit
    "EH1-P" + "9" * 5000 + "-N-AAAAAAF",
    "EH1-" + "X" * 300 + "-AAAAAAF",
    "EH1-Q9-N-AAAAAAF",  # bad option token
    "EH1-D-N-AAAAAAF",
    "EH1-D2-N-AAAAAAF",  # draw 2
    "EH1-D0-N-AAAAAAF",
    "EH1-P0-N-AAAAAAF",  # passes 0
    "EH1-PX-N-AAAAAAF",
    "EH1-EQ-N-AAAAAAF",
    "EH1-T2-N-AAAAAAF",
    "EH1-N-AAAAAAß",
    "EH²-N-AAAAAAF",
    "EH1 -N-AAAAAAF",
    "EH1-N-AAAA AAF",
    "EH1_N_AAAAAAF",
    "-".join(["EH1"] * 1000),
    "EH1-N-" + "A" * 10_000 + "F",
]


@pytest.mark.parametrize("code", BAD_CODES, ids=lambda c: repr(c[:30]))
def test_bad_codes_raise_value_error(code: str) -> None:
    with pytest.raises(ValueError) as info:
        harp.Game.from_code(code)
    assert str(info.value).strip(), "the error must say what is wrong"
    assert len(str(info.value)) < 400, "a message should not echo a huge input back"


@pytest.mark.parametrize("code", [None, 5, b"EH1-N-AAAAAAF", ["EH1-N-AAAAAAF"], 5.0])
def test_non_string_codes_raise_value_error(code: object) -> None:
    with pytest.raises(ValueError) as info:
        harp.Game.from_code(code)  # type: ignore[arg-type]
    assert str(info.value)


def test_bad_code_messages_name_the_problem() -> None:
    def message(code: str) -> str:
        with pytest.raises(ValueError) as info:
            harp.Game.from_code(code)
        return str(info.value).lower()

    assert "version" in message("EH2-N-AAAAAAF")
    assert "999999" in message("EH1-N-AAAAAAA")
    assert "draw" in message("EH1-D2-N-AAAAAAF")
    assert "passes" in message("EH1-P0-N-AAAAAAF")


# Each reason a code can be refused for, and a code that is refused for it.
REFUSED_FOR = {
    "not_text": 5,
    "not_ascii": "EH1-N-AAAAAAß",
    "too_long": "EH1-" + "D3" * 40 + "-N-AAAAAAF",
    "bad_shape": "EH1-AAAAAAF",
    "bad_kind": "EH1-X-AAAAAAF",
    "bad_number": "EH1-N-AAAAAA1",
    "deal_out_of_range": "EH1-N-AAAAAAA",
    "unknown_game": "ZZ1-N-AAAAAAF",
    "no_version": "EHX-N-AAAAAAF",
    "other_version": "EH2-N-AAAAAAF",
    "bad_options": "EH1-Q9-N-AAAAAAF",
    "bad_draw": "EH1-D2-N-AAAAAAF",
    "bad_passes": "EH1-P0-N-AAAAAAF",
}


def test_every_reason_a_code_is_refused_for_is_keyed_and_worded_once() -> None:
    """A page words a BadCode from its key and params (another language from its catalogue);
    its English text is the CODE_REASONS template, filled."""
    assert set(REFUSED_FOR) == set(CODE_REASONS)
    for key, code in REFUSED_FOR.items():
        with pytest.raises(harp.BadCode) as info:
            harp.Game.from_code(code)  # type: ignore[arg-type]
        assert info.value.key == key, code
        assert str(info.value) == CODE_REASONS[key].format(**info.value.params)


# ----- daily deals ---------------------------------------------------------------


def test_daily_deal_range_stable_and_varied() -> None:
    start = datetime.date(2024, 1, 1)
    days = [start + datetime.timedelta(days=i) for i in range(730)]
    numbers = [harp.daily_deal(d) for d in days]
    assert all(1 <= n <= 999_999 for n in numbers)
    assert numbers == [harp.daily_deal(d) for d in days], "the same date gives the same deal"
    assert len(set(numbers)) >= 720, "different dates should almost always differ"
    adjacent_equal = sum(a == b for a, b in zip(numbers, numbers[1:]))
    assert adjacent_equal <= 2


def test_daily_deal_golden_values() -> None:
    """Pinned once: everyone, on every machine and Python version, gets these."""
    assert harp.daily_deal(datetime.date(2026, 1, 1)) == 10782
    assert harp.daily_deal(datetime.date(2026, 11, 30)) == 145560
    assert harp.daily_deal(datetime.date(2030, 2, 28)) == 5796


def test_daily_deal_spread_over_ten_years() -> None:
    start = datetime.date(2025, 1, 1)
    numbers = [harp.daily_deal(start + datetime.timedelta(days=i)) for i in range(3653)]
    # 3653 draws from 999999 numbers: about 7 repeats expected by chance
    assert len(set(numbers)) >= 3653 - 25
    # spread over the whole range, not bunched at the low end
    assert sum(n > 500_000 for n in numbers) > 1500
    assert sum(n < 100_000 for n in numbers) > 250


def test_daily_deal_accepts_datetime_like_dates() -> None:
    d = datetime.date(2030, 12, 31)
    assert harp.daily_deal(d) == harp.daily_deal(datetime.date(2030, 12, 31))
    assert harp.daily_deal(datetime.date(2000, 2, 29)) != harp.daily_deal(datetime.date(2000, 3, 1))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_daily_code(game_id: str) -> None:
    d = datetime.date(2026, 11, 30)
    n = harp.daily_deal(d)
    g = harp.Game.new(game_id, deal=n, daily=True)
    assert "-D-" in g.code
    assert g.code.endswith(letters(n))
    back = harp.Game.from_code(g.code)
    assert back.daily and back.deal == n and back.code == g.code
    # a daily deal is the same cards as the numbered deal with that number
    assert back.view(reveal=True)["tableau"] == harp.Game.new(game_id, deal=n).view(reveal=True)["tableau"]


# ----- options -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_accepts_every_option(game_id: str) -> None:
    for draw, passes, empty, takeback in itertools.product((1, 3), (None, 1, 2, 3, 10), ("king", "any"), (True, False)):
        g = harp.Game.new(game_id, deal=8, draw=draw, passes=passes, empty=empty, takeback=takeback)
        assert (g.rules.draw, g.rules.passes, g.rules.empty, g.rules.takeback) == (draw, passes, empty, takeback)
        view = g.view()
        assert view["draw"] == draw
        assert view["passes_left"] == (None if passes is None else passes - 1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_defaults_from_rules_table(game_id: str) -> None:
    r, row = harp.Game.new(game_id, deal=1).rules, facts(game_id)
    assert (r.draw, r.passes, r.empty, r.takeback) == (row.draw, row.passes, row.empty, row.takeback)


BAD_OPTIONS = [
    {"draw": 2},
    {"draw": 0},
    {"draw": True},
    {"draw": "1"},
    {"draw": 1.0},
    {"draw": 3.0},
    {"draw": None},
    {"passes": 0},
    {"passes": -1},
    {"passes": 1.5},
    {"passes": 2.0},
    {"passes": True},
    {"passes": "3"},
    {"empty": "queen"},
    {"empty": "King"},
    {"empty": None},
    {"empty": True},
    {"takeback": "yes"},
    {"takeback": 1},
    {"takeback": None},
    {"daily": "yes"},
]


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("options", BAD_OPTIONS, ids=repr)
def test_bad_option_values(game_id: str, options: dict[str, object]) -> None:
    with pytest.raises(ValueError) as info:
        harp.Game.new(game_id, deal=1, **options)  # type: ignore[arg-type]
    assert str(info.value).strip()
    assert type(info.value) is ValueError


@pytest.mark.parametrize("game_id", ["", "klondike", "Easy-Harp", "easy_harp", None, 5, "harp "])
def test_bad_game_id(game_id: object) -> None:
    with pytest.raises(ValueError) as info:
        harp.Game.new(game_id, deal=1)  # type: ignore[arg-type]
    assert str(info.value)


@pytest.mark.parametrize("deal", [0, -1, 1_000_000, 10**30, "5", 5.0, True, [5]])
def test_bad_deal_number(deal: object) -> None:
    with pytest.raises(ValueError) as info:
        harp.Game.new("easy-harp", deal=deal)  # type: ignore[arg-type]
    assert "deal" in str(info.value)
