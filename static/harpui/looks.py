"""The player's looks: theme, deck colours, card size, hand, animation, card back.

Pure Python.  Each look is a setting (saved with the others, settings.py) and
shows on the page as one attribute of <html> that style.css draws: the
renderer writes them on every render, and the early board's stored copy
carries them so static/early-board.js sets them before Python starts.
"""

from __future__ import annotations

from typing import Any

# Looks with a choice of values: setting key -> its values, the default first.
CHOICES: dict[str, tuple[str, ...]] = {
    "theme": ("auto", "light", "dark"),            # auto follows prefers-color-scheme
    "card_size": ("auto", "larger", "largest"),    # auto fits the whole board on screen
    "animation": ("normal", "fast", "off"),        # prefers-reduced-motion means off
    "card_back": ("blue", "red", "green"),
}
# Looks that are on or off.
SWITCHES: dict[str, bool] = {"four_colour": False, "left_handed": False}

DEFAULTS: dict[str, Any] = {**{key: values[0] for key, values in CHOICES.items()}, **SWITCHES}

# How long Finish waits between cards, against the normal pace, for each animation speed.
PACE = {"normal": 1.0, "fast": 0.5, "off": 0.0}


def clean_choice(key: str, value: Any) -> str:
    """value when it is one of key's choices, else key's default."""
    values = CHOICES[key]
    return value if value in values else values[0]


def look_attributes(settings: dict[str, Any]) -> dict[str, str]:
    """The <html> attributes that show the looks in settings."""
    return {
        "data-scheme": clean_choice("theme", settings.get("theme")),
        "data-card-size": clean_choice("card_size", settings.get("card_size")),
        "data-motion": clean_choice("animation", settings.get("animation")),
        "data-back": clean_choice("card_back", settings.get("card_back")),
        "data-deck": "four" if settings.get("four_colour") else "two",
        "data-hand": "left" if settings.get("left_handed") else "right",
    }
