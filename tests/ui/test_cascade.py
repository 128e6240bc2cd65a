"""The win's cascade, planned in CPython (harpui/cascade.py): every card
leaves, the top cards first, each falls, bounces off the bottom lower each
time, and leaves the screen at a side."""

from __future__ import annotations

from harpui import cascade

SCREEN = (390.0, 844.0)
CARD = (53.0, 74.0)


def test_every_card_leaves_top_cards_first() -> None:
    piles = [(150.0 + 55 * i, 60.0, 13) for i in range(4)]
    flights = cascade.plan(piles, *CARD, *SCREEN)
    assert len(flights) == 52
    assert [(f.pile, f.depth) for f in flights[:5]] == [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]
    assert sorted((f.pile, f.depth) for f in flights) == [(p, d) for p in range(4) for d in range(13)]
    starts = [f.start_s for f in flights]
    assert starts == sorted(starts) and starts[-1] <= cascade.LAUNCHES_S
    for f in flights:
        assert f.points[0] == piles[f.pile][:2], "a card starts on its foundation"


def test_two_decks_are_thrown_within_the_same_time() -> None:
    flights = cascade.plan([(10.0 * i, 60.0, 13) for i in range(8)], *CARD, *SCREEN)
    assert len(flights) == 104 and flights[-1].start_s <= cascade.LAUNCHES_S
    assert cascade.length_s(flights) <= cascade.LAUNCHES_S + cascade.LONGEST_FLIGHT_S


def test_a_card_bounces_lower_each_time_and_leaves_at_a_side() -> None:
    width, height = SCREEN
    for throw in range(20):
        points = cascade.path(200.0, 60.0, *CARD, width, height, throw)
        x, _ = points[-1]
        assert x + CARD[0] < 0 or x > width, f"throw {throw} ends on the screen at {points[-1]}"
        ys = [y for _, y in points]
        assert max(ys) <= height - CARD[1] + 0.1, "never below the screen's bottom"
        # The highest point between two bounces comes lower each time.
        lows = [i for i in range(1, len(ys) - 1) if ys[i] >= ys[i - 1] and ys[i] > ys[i + 1]]
        peaks = [min(ys[a:b]) for a, b in zip(lows, lows[1:])]
        assert peaks == sorted(peaks), f"throw {throw}: peaks {peaks}"
        assert len(lows) >= 1, f"throw {throw} never bounces"


def test_the_same_win_cascades_the_same_way() -> None:
    piles = [(100.0, 50.0, 5), (160.0, 50.0, 3)]
    assert cascade.plan(piles, *CARD, *SCREEN) == cascade.plan(piles, *CARD, *SCREEN)
