"""Input edges the other engine tests do not reach."""

from __future__ import annotations

import pytest

import harp


def test_engine_input_edges_give_clear_errors() -> None:
    with pytest.raises(ValueError, match="calendar date"):
        harp.daily_deal("2026-11-29")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="daily_deal"):
        harp.Game.new("harp", daily=True)
    game = harp.Game.new("harp", deal=1)
    with pytest.raises(harp.IllegalMove) as refusal:
        game.play("x" * 5000)
    assert len(str(refusal.value)) < 200
