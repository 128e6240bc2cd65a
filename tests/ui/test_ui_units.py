"""The UI's pure helpers, run in CPython (no browser): storage wrapper,
column layout, statistics, card names and deal codes in URLs."""

from __future__ import annotations

import json
import pytest

from harpui import layout
from harpui.cards import parse_move
from harpui.words import card_name
from harpui.lifecycle import url_code
from harpui.looks import look_attributes
from harpui.settings import clean_settings
from harpui.stats import Stats
from harpui.store import Store
from fakes import FakeStorage


def test_store_round_trip_is_versioned() -> None:
    backend = FakeStorage()
    store = Store(backend)
    store.save("settings", {"relaxed": True})
    assert json.loads(backend.items["harp.settings"]) == {"v": 1, "data": {"relaxed": True}}
    assert Store(backend).load("settings") == {"relaxed": True}
    assert store.notice is None and not store.in_memory


def test_store_falls_back_to_memory_when_storage_throws() -> None:
    store = Store(FakeStorage(broken=True))
    store.save("game", {"x": 1})
    assert store.load("game") == {"x": 1}
    assert store.in_memory and store.notice and "memory" in store.notice
    no_storage = Store(None)
    no_storage.save("game", 2)
    assert no_storage.load("game") == 2 and no_storage.notice


def test_a_refused_save_keeps_the_old_record_and_the_new_one_in_memory_until_there_is_room() -> None:
    backend = FakeStorage()
    store = Store(backend)
    store.save("game", {"moves": 1})
    old = backend.items["harp.game"]
    backend.quota = backend.used()                  # full: nothing larger fits
    store.save("game", {"moves": 12})
    assert backend.items["harp.game"] == old        # the storage still holds the last save that fitted
    assert store.load("game") == {"moves": 12}      # and the game plays on from memory
    assert store.failing and store.notice == "Not saved: the browser's storage is full. " \
        "Play on: the game is saved as soon as there is room."
    assert not store.in_memory                      # it is tried again: no notice of "no saving here"
    store.save("game", {"moves": 13})
    assert backend.items["harp.game"] == old and store.failing
    backend.quota = None                            # room again: the next save writes everything
    store.save("settings", {"relaxed": True})
    assert json.loads(backend.items["harp.game"])["data"] == {"moves": 13}
    assert json.loads(backend.items["harp.settings"])["data"] == {"relaxed": True}
    assert not store.failing and store.notice is None
    assert Store(backend).load("game") == {"moves": 13}


def test_storage_absent_at_start_is_not_tried_again() -> None:
    """Storage that cannot be read at start (private mode, a blocked frame) is
    taken as not there: the game is kept in memory, as it always was."""
    backend = FakeStorage(broken=True)
    store = Store(backend)
    backend.broken = False
    store.save("game", {"x": 1})
    assert backend.items == {} and store.load("game") == {"x": 1}
    assert store.in_memory and not store.failing and store.notice and "memory" in store.notice


def test_an_unreadable_record_stays_until_its_backup_is_written() -> None:
    """A full storage cannot take the backup: the unreadable record stays under
    its key, and no save goes over it, until the backup is written."""
    bad = "{not a save" + "x" * 50
    backend = FakeStorage({"harp.game": bad})
    backend.quota = backend.used() + 20              # room for a small record, not for the backup
    store = Store(backend)
    assert store.load("game") is None
    store.save("game", {"new": 1})
    assert backend.items["harp.game"] == bad and "harp.backup.game" not in backend.items
    assert store.failing and store.load("game") == {"new": 1}
    backend.quota = None
    store.save("stats", {})
    assert backend.items["harp.backup.game"] == bad
    assert json.loads(backend.items["harp.game"])["data"] == {"new": 1}
    assert not store.failing


@pytest.mark.parametrize("raw", ["{nope", json.dumps({"v": 99, "data": 1}), json.dumps([1, 2]), "null"])
def test_unreadable_record_is_backed_up_and_reported_once(raw: str) -> None:
    backend = FakeStorage()
    backend.items["harp.game"] = raw
    store = Store(backend)
    assert store.load("game") is None
    assert backend.items["harp.backup.game"] == raw
    assert "harp.game" not in backend.items
    problems = store.take_problems()
    assert len(problems) == 1 and "backup" in problems[0]
    assert store.take_problems() == []
    assert store.load("game") is None and store.take_problems() == []


def test_columns_fit_their_room() -> None:
    faces = [False] * 8 + [True] * 13
    tight = layout.column_offsets(faces, card_h=100, room=600)
    assert tight[-1] + 100 <= 600 + 0.5
    assert all(b > a for a, b in zip(tight, tight[1:]))
    # Face-down gaps give way before face-up ones.
    assert tight[1] - tight[0] < tight[-1] - tight[-2]
    assert layout.column_offsets([], 100, 400) == []


def test_a_column_uses_the_height_before_it_squeezes() -> None:
    faces = [False] * 3 + [True] * 6
    # Plenty of room: face-up cards spread to a finger's target, face-down ones keep their gap.
    loose = layout.column_offsets(faces, card_h=57, room=2000)
    assert loose[1] - loose[0] == pytest.approx(layout.DOWN_GAP * 57, abs=0.1)
    assert loose[-1] - loose[-2] == pytest.approx(layout.TAP_PX, abs=0.1)
    # Less room than that: the column ends at the bottom of its room, not above it.
    some = layout.column_offsets(faces, card_h=57, room=300)
    assert some[-1] + 57 == pytest.approx(300, abs=0.5)
    assert layout.UP_GAP * 57 < some[-1] - some[-2] < layout.TAP_PX
    # A big card never spreads more than MAX_UP_GAP of its height, nor less than UP_GAP.
    big = layout.column_offsets(faces, card_h=200, room=5000)
    assert big[-1] - big[-2] == pytest.approx(max(layout.UP_GAP * 200, min(layout.TAP_PX, 160)), abs=0.1)


def test_a_squeezed_column_keeps_every_corner_in_view() -> None:
    faces = [False] * 8 + [True] * 13
    squeezed = layout.column_offsets(faces, card_h=100, room=150)
    ups = [b - a for a, b, up in zip(squeezed, squeezed[1:], faces) if up]
    assert min(ups) == pytest.approx(layout.MIN_UP_GAP * 100, abs=0.1)
    assert squeezed[-1] + 100 > 150, "a column that cannot fit runs on below its room"


def test_waste_fans_the_top_three_in_draw_three() -> None:
    assert layout.waste_offsets(5, 1, 100) == [0.0] * 5
    fan = layout.waste_offsets(5, 3, 100)
    assert fan[:2] == [0.0, 0.0] and fan[2] == 0.0 and fan[3] > 0 and fan[4] > fan[3]
    assert layout.waste_offsets(2, 3, 100)[0] == 0.0


def test_stats_streaks_and_bests() -> None:
    stats = Stats()
    stats.started("harp")
    stats.won("harp", score=900, seconds=300)
    stats.started("harp")
    stats.won("harp", score=700, seconds=200)
    stats.started("harp")
    stats.abandoned("harp")
    rec = stats.record("harp")
    assert (rec["played"], rec["won"], rec["streak"], rec["best_streak"]) == (3, 2, 0, 2)
    assert rec["best_score"] == 900 and rec["best_time"] == 200
    assert Stats.win_rate(rec) == "67%"
    assert Stats.win_rate(rec, in_play=1) == "100%"        # a game in play is neither won nor lost
    assert Stats.win_rate({"played": 1, "won": 0}, in_play=1) == "\u2013"
    assert Stats(json.loads(json.dumps(stats.to_data()))).record("harp") == rec
    assert Stats({"harp": "junk", "x": {"played": "many"}}).record("x")["played"] == 0


def test_settings_keep_only_known_values() -> None:
    s = clean_settings({"relaxed": True, "double_tap": "yes", "evil": 1})
    assert s["relaxed"] is True and s["double_tap"] is True and "evil" not in s
    assert clean_settings(None)["interactive"] is True


def test_looks_are_settings_with_known_values_shown_as_html_attributes() -> None:
    s = clean_settings({"theme": "dark", "card_size": "huge", "animation": 3, "four_colour": True})
    assert (s["theme"], s["card_size"], s["animation"], s["card_back"]) == ("dark", "auto", "normal", "blue")
    assert look_attributes(s) == {"data-scheme": "dark", "data-card-size": "auto", "data-motion": "normal",
                                  "data-back": "blue", "data-deck": "four", "data-hand": "right"}
    assert look_attributes({"left_handed": True, "card_back": "<script>"})["data-hand"] == "left"
    assert look_attributes({"card_back": "<script>"})["data-back"] == "blue"


def test_names_and_moves() -> None:
    assert card_name("7H") == "7 of hearts"
    assert card_name("TS") == "10 of spades"
    assert card_name("??") == "face-down card"
    assert parse_move("t3:4>t7") == ("t3", 4, "t7")
    assert parse_move("w>f") == ("w", 1, "f")
    assert parse_move("s") == ("s", 0, None)
    with pytest.raises(ValueError):
        parse_move("t3>>t7")


def test_deal_code_in_url() -> None:
    assert url_code("?code=EH1-N-AAAAAAF", "") == "EH1-N-AAAAAAF"
    assert url_code("", "#code=HN1-N-AAAAAAB") == "HN1-N-AAAAAAB"
    assert url_code("?x=1", "#y") is None


def test_a_win_boasts_of_a_best_time_a_best_score_and_a_streak() -> None:
    stats = Stats()
    assert stats.won("harp", score=500, seconds=300) == []          # a first win beats nothing yet
    assert stats.won("harp", score=400, seconds=200) == [("best_time", 200), ("streak", 2)]
    assert stats.won("harp", score=900, seconds=250) == [("best_score", 900), ("streak", 3)]
    stats.abandoned("harp")
    assert stats.won("harp", score=100, seconds=999) == []          # the streak starts again
    assert stats.won("easy-harp", score=1, seconds=1) == []         # each game its own records


def test_the_daily_streak_counts_days_in_a_row() -> None:
    stats = Stats()
    assert stats.daily_streak(700_000) == (False, 0)
    assert stats.won_daily(700_000) == 1
    assert stats.won_daily(700_000) == 1                        # the same day twice counts once
    assert stats.daily_streak(700_000) == (True, 1)
    assert stats.daily_streak(700_001) == (False, 1)            # tomorrow the streak still stands...
    assert stats.won_daily(700_001) == 2
    assert stats.daily_streak(700_003) == (False, 0)            # ...a missed day ends it
    assert stats.won_daily(700_003) == 1
    again = Stats(stats.to_data())                              # it is saved with the statistics
    assert again.daily == {"last": 700_003, "streak": 1, "best": 2} and again.games == stats.games
    assert Stats({"daily": {"last": "x", "streak": 2}}).daily == {"last": 0, "streak": 2, "best": 0}
