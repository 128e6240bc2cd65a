"""The hand-checked tables of engine_helpers cover every game the engine has.

The engine tests are parametrised over ``harp.GAMES``; a game added there
without its hand-checked facts must fail here, never be skipped silently.
"""

from __future__ import annotations

import harp
from engine_helpers import GAME_IDS, LAYOUT, RESERVED_GAMES


def test_the_tests_run_over_every_game() -> None:
    assert GAME_IDS == list(harp.GAMES)


def test_layout_has_an_entry_for_every_game() -> None:
    missing = sorted(set(harp.GAMES) - set(LAYOUT))
    unknown = sorted(set(LAYOUT) - set(harp.GAMES))
    assert not missing, f"engine_helpers.LAYOUT has no entry for {missing}: add its facts from docs/rules.md"
    assert not unknown, f"engine_helpers.LAYOUT names games the engine does not have: {unknown}"


def test_reserved_slot_games_are_the_engines() -> None:
    assert set(RESERVED_GAMES) <= set(harp.GAMES)
    assert sorted(g for g, rules in harp.GAMES.items() if rules.reserved_slots) == sorted(RESERVED_GAMES)
