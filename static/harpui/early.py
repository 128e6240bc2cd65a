"""The early board: a copy of the drawn board that comes back before Python.

After each commit the page keeps a compact copy of the board it drew in
storage (the ``board`` record, ``harp.board``, beside ``harp.game``).  On
the next load, static/early-board.js draws it from that copy before PyScript
has even started, so a returning player sees the game at once; the
renderer's first render then replaces it in one go (the same cards in the
same places, so nothing jumps).  Taps on that board before the game is ready
are queued by the script and played here once it is, when they still fit.

A first visit has no saved game, so nothing to copy: there build.py writes a
few deals into the pages instead (first_deal), and the script draws one of
them; Python then starts that deal (Controller.start's first_code).

Pure Python: the records are built from plain data and the taps are checked
against plain data, so CPython tests cover them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import harp

from . import boardview, words
from .announce import pile_words
from .cards import FACE_DOWN, SUIT_WORDS

RECORD = "board"          # stored as harp.board (embed.harp.board on the embed page)
FORMAT = 1                # the record's own format, inside the store's versioned envelope
TEXTS = ("game-name", "deal-label", "moves", "score", "passes", "clock")


def board_record(game: dict[str, Any], board: dict[str, Any], piles: list[list[Any]],
                 texts: dict[str, str], title: str) -> dict[str, Any]:
    """The stored copy of a drawn board.

    game: which save it belongs to ({"code", "game", "history", "moves"}: the
    script shows it only when harp.game holds the same code, history length
    and move count, and the embed page only when its URL names no other
    game); board: the #board attributes ({"columns", "found", "draw",
    "relaxed", "looks": the <html> look attributes, harpui/looks.py}); piles:
    [name, art, suit, label, state, height, cards] per pile, in page order,
    each card [id, card, top, left]; texts: the status line's
    texts by element id; title: the document's title.
    """
    return {"format": FORMAT, **game, **board, "piles": piles, "texts": texts, "title": title}


def first_deal(game: harp.Game, languages: Sequence[str]) -> dict[str, Any]:
    """A first visit's board: game's deal before any move, as build.py writes
    it into the pages for static/early-board.js.

    Card positions are not in it: they depend on the card size, which the
    script measures, and then fans each column as Python's render would, with
    harpui/layout.py's numbers (layout.measures(), which the build writes
    beside the deals: buildtools/firstdeals.py).  The piles' names and the
    status line come in each of languages, for the script to pick the page's.
    ValueError for a game that deals cards to the waste (nothing to fan them by).
    """
    view = game.view()
    if view["waste"]:
        raise ValueError(f"{game.game_id} deals cards to the waste; a first visit's board cannot show them")
    ids = view["ids"]
    cards_of = {"s": ([FACE_DOWN] * len(ids["stock"]), ids["stock"]), "w": ([], [])}
    for i, cards in enumerate(view["foundations"]):
        cards_of[f"f{i + 1}"] = (cards, ids["foundations"][i])
    for i, cards in enumerate(view["tableau"]):
        cards_of[f"t{i + 1}"] = (cards, ids["tableau"][i])
    slots = boardview.slots(game.rules, len(view["tableau"]), len(view["foundations"]))
    piles = [[slot.name, slot.art, SUIT_WORDS.get(slot.suit, ""),
              boardview.pile_state(slot.name, cards_of[slot.name][0], view.get("passes_left")),
              [[cid, card] for cid, card in zip(cards_of[slot.name][1], cards_of[slot.name][0])]]
             for slot in slots]
    spoken = words.language()
    said: dict[str, Any] = {}
    try:
        for lang in languages:
            words.set_language(lang)
            texts = boardview.status_texts(view, game.rules, game.rules.name,
                                           boardview.deal_label(game.deal, game.daily))
            said[lang] = {
                "labels": [pile_words(slot.name, cards_of[slot.name][0], view, slot.suit) for slot in slots],
                "texts": {**texts, "clock": boardview.clock_text(0)},
                "title": words.t("page.title_game", name=game.rules.name),
            }
    finally:
        words.set_language(spoken)
    return {"format": FORMAT, "code": game.code, "game": game.game_id, "deal": game.deal,
            "columns": len(view["tableau"]), "found": len(view["foundations"]), "draw": view["draw"],
            "piles": piles, "words": said}


class EarlyTap(NamedTuple):
    """A tap the script queued: on which pile, which card element (its data-id;
    None on a pile's empty area), the card it showed, and when (ms on the
    page's clock: the click's event time, as harpui/input.py reads taps)."""

    pile: str
    card_id: int | None
    card: str
    at_ms: float


def parse_taps(raw: Any) -> list[EarlyTap]:
    """The script's queue ([pile, id, card, ms] each; id -1 for a pile's empty
    area) as EarlyTaps; anything malformed is left out."""
    out: list[EarlyTap] = []
    if not isinstance(raw, list):
        return out
    for item in raw:
        if not (isinstance(item, (list, tuple)) and len(item) == 4):
            continue
        pile, card_id, card, at_ms = item
        if not isinstance(pile, str) or not isinstance(card, str):
            continue
        if not isinstance(card_id, (int, float)) or not isinstance(at_ms, (int, float)):
            continue
        out.append(EarlyTap(pile, int(card_id) if card_id >= 0 else None, card, float(at_ms)))
    return out


def tap_target(tap: EarlyTap, where: dict[int, tuple[str, int]],
               cards: list[str]) -> tuple[str, int | None] | None:
    """Where a queued tap lands now, as (pile, card index) for input's tap, or
    None when it no longer fits.  A tap on the stock always fits (it draws, or
    turns the waste over); a tap on a card fits while the same card still lies
    on the same pile showing the same face.

    where: card id -> (pile, index) as drawn; cards: the tapped pile's cards.
    """
    if tap.pile == "s":
        return "s", None
    if tap.card_id is None or tap.card_id not in where:
        return None
    pile, index = where[tap.card_id]
    if pile != tap.pile or index >= len(cards) or cards[index] != tap.card:
        return None
    return pile, index
