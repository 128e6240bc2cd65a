"""Certified winnable deals: the lists in static/winnable/<game>.json.

``python -m harp certify`` writes one list per game: the deal numbers its
solver won in thoughtful mode (seeing every card), each win replayed through
the engine.  They hold for the game's own rules only, so a deal is picked
from a list only when every rule option is the game's default.

Pure Python: the page hands in a ``fetch_text(url) -> str`` coroutine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

import harp

from .words import t, tn

FOLDER = "./static/winnable/"   # relative to the page, so sub-paths and offline work


def url_for(game_id: str) -> str:
    return f"{FOLDER}{game_id}.json"


def parse(text: str, game_id: str) -> list[int]:
    """The certified deal numbers in a list file; ValueError if it is not one."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("game") != game_id:
        raise ValueError(f"not the list for {game_id}")
    numbers = data.get("winnable")
    if not isinstance(numbers, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= harp.MAX_DEAL for n in numbers):
        raise ValueError("its 'winnable' is not a list of deal numbers")
    return sorted(set(numbers))


def is_default(game_id: str, options: dict[str, Any]) -> bool:
    """Whether these rule options are all the game's own (the lists' rules)."""
    own = harp.GAMES[game_id].options()
    return all(own.get(key) == value for key, value in options.items() if key in own)


def count_text(numbers: list[int] | None, default_rules: bool) -> str:
    """What the New Game window says about the lists."""
    if not default_rules:
        return t("winnable.other_rules")
    if numbers is None:
        return t("winnable.looking")
    if not numbers:
        return t("winnable.none")
    n = len(numbers)
    return tn("winnable.count", n)


class Lists:
    """The lists, fetched once each and kept; a list that fails to load counts
    as empty until a later load succeeds.  Without ``fetch_text`` it fetches
    from the page."""

    def __init__(self, fetch_text: Callable[[str], Awaitable[str]] | None = None) -> None:
        self.fetch_text = fetch_text
        self.numbers: dict[str, list[int]] = {}
        self.failed: set[str] = set()

    def known(self, game_id: str) -> list[int] | None:
        """The list if it has been loaded (empty if it could not be), else None."""
        if game_id in self.failed:
            return []
        return self.numbers.get(game_id)

    async def load(self, game_id: str) -> list[int]:
        if game_id in self.numbers:
            return self.numbers[game_id]
        fetch_text = self.fetch_text or browser_fetch_text
        try:
            numbers = parse(await fetch_text(url_for(game_id)), game_id)
        except Exception:  # noqa: BLE001 - offline without a cache, a bad file: no list
            self.failed.add(game_id)
            return []
        self.failed.discard(game_id)
        self.numbers[game_id] = numbers
        return numbers

    def certified(self, game_id: str, deal: int, options: dict[str, Any], daily: bool = False) -> bool:
        """Whether this deal, with these rules, is on a loaded list."""
        numbers = self.numbers.get(game_id)
        return numbers is not None and not daily and is_default(game_id, options) and deal in numbers


async def browser_fetch_text(url: str) -> str:
    """The text at url, relative to the page (the service worker serves it offline)."""
    from pyscript import window

    response = await window.fetch(url)
    if not response.ok:
        raise OSError(f"{url}: HTTP {response.status}")
    return str(await response.text())


def pick(numbers: list[int], rng: random.Random | None = None, avoid: int | None = None) -> int:
    """A certified deal number at random (another than ``avoid`` when there is one)."""
    rng = rng or random.SystemRandom()
    choices = [n for n in numbers if n != avoid] or numbers
    return rng.choice(choices)
