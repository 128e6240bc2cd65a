"""Every game played whole on a phone held in portrait, with touch: no pile and
no toolbar button moves at any frame from the deal to the win, Finish
included (wholegames.py says how the languages are shared out)."""

from __future__ import annotations

from typing import Callable

import pytest

from pagekit import Table
from wholegames import languages, play_to_the_win

SIZE = "portrait"


@pytest.mark.parametrize(("game_id", "language"), languages(SIZE).items())
def test_no_pile_moves_in_a_whole_game(phones: Callable[..., Table], game_id: str, language: str) -> None:
    play_to_the_win(phones(SIZE, language), game_id)
