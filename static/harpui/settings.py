"""The player's settings: their defaults, and stored values checked against them.

Pure Python, a plain JSON-able dict.  A new setting is a default here, a
control in the Options window (index.html, harpui/dialogs.py), and, for a
look, harpui/looks.py.
"""

from __future__ import annotations

from typing import Any

from . import looks

DEFAULT_SETTINGS: dict[str, Any] = {
    "double_tap": True,
    "one_tap": False,            # one tap sends a card to its best place (else: tap = foundation, double tap = column)
    "interactive": True,
    "relaxed": False,
    "winnable_only": False,      # New Deal picks from the certified winnable deals
    "auto_finish": False,        # Finish by itself: play the cards home once foundation moves alone win
    "sound": False,              # short tones for moves, refusals and the win (harpui/sound.py)
    "language": "auto",          # "auto" (the browser's), or a language of harpui/words.py
    # The last choices in the New Game window: game id and rule options.
    "game": "easy-harp",
    "options": {},
    **looks.DEFAULTS,            # theme, card size, animation, card back, four colours, left hand
}


def clean_settings(data: Any) -> dict[str, Any]:
    """Defaults overlaid with whatever stored values have the right type."""
    out = dict(DEFAULT_SETTINGS)
    out["options"] = {}
    if isinstance(data, dict):
        for key, default in DEFAULT_SETTINGS.items():
            value = data.get(key)
            if isinstance(value, type(default)):
                out[key] = looks.clean_choice(key, value) if key in looks.CHOICES else value
    return out
