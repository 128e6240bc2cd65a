"""A first visit's deals, written into both pages (index.html, embed.html).

A player who has never played has no saved board for static/early-board.js
to draw before Python starts, so the page carries a few deals of the default
game instead (harpui/early.py, first_deal), taken from the start of its
certified winnable list: the first deal a new player meets can be won.  The
script draws one of them at once, and Python then starts that deal.  Beside
them goes harpui/layout.py's numbers (layout.measures()), with which the
script fans the deal's columns as Python's render does.
"""

from __future__ import annotations

import json
from typing import Any

import harp
from harpui import early, layout, winnable, words
from harpui.settings import DEFAULT_SETTINGS

from .common import ROOT

STATIC = ROOT / "static"
COUNT = 4                                  # deals in the page: a few kilobytes gzipped
PLACEHOLDER = '<script type="application/json" id="first-deals"></script>'


def first_deals(count: int = COUNT) -> dict[str, Any]:
    """{"game": the default game, "layout": layout.measures(), "deals":
    [first_deal record, ...]}, from the first ``count`` deals of that game's
    certified winnable list."""
    game_id = str(DEFAULT_SETTINGS["game"])
    listed = (STATIC / "winnable" / f"{game_id}.json").read_text(encoding="utf-8")
    numbers = winnable.parse(listed, game_id)[:count]
    if not numbers:
        raise ValueError(f"static/winnable/{game_id}.json certifies no deal to show a first visit")
    deals = [early.first_deal(harp.Game.new(game_id, deal=n), words.LANGUAGES) for n in numbers]
    return {"game": game_id, "layout": layout.measures(), "deals": deals}


def fill_first_deals(page: str, data: dict[str, Any]) -> str:
    """Put data into the page's empty <script type="application/json"
    id="first-deals">; a page without one is returned as it is."""
    if PLACEHOLDER not in page:
        return page
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return page.replace(PLACEHOLDER, PLACEHOLDER.replace("></", f">{text}</"))
