"""Harp: the rules engine of the Harp family of solitaire games.

    >>> import harp
    >>> g = harp.Game.new("easy-harp", deal=5)
    >>> g.code
    'EH1-N-AAAAAAF'
    >>> "s" in g.legal_moves()
    True

Standard library only, so the same code runs in CPython and in the browser.
"""

from __future__ import annotations

from .cards import card_name, parse_card
from .codes import MAX_DEAL, daily_deal
from .effects import Effect, effect_of
from .errors import BadCode, BadLayout, CorruptSave, IllegalMove
from .game import Game
from .progress import StuckCheck, hint
from .rules import GAMES, Rules, valid_options

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "MAX_DEAL",
    "BadCode",
    "BadLayout",
    "CorruptSave",
    "Effect",
    "Game",
    "IllegalMove",
    "Rules",
    "StuckCheck",
    "card_name",
    "daily_deal",
    "effect_of",
    "hint",
    "parse_card",
    "valid_options",
]
