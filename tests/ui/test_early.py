"""The early board's pure parts (harpui/early.py): the stored copy's record,
the queue of taps static/early-board.js hands over, and whether a queued tap
still fits.  The script itself runs in tests/browser/test_early_board.py."""

from __future__ import annotations

import json
from pathlib import Path

import harp

from harpui import boardview, early, layout, words

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "early-board.js"


def test_record_holds_the_game_it_belongs_to_and_the_board() -> None:
    piles = [["s", "", "", "Stock, 1 card", "", "", [[7, "??", 0.0, 0.0]]],
             ["t1", "empty", "", "Column 1, 7H on top", "", "84px", [[3, "7H", 0.0, 0.0]]]]
    record = early.board_record({"code": "EH1-N-AAAAAAF", "game": "easy-harp", "history": 2, "moves": 2},
                                {"columns": 9, "found": 8, "draw": 1, "relaxed": False},
                                piles, {"moves": "2"}, "Easy Harp \u2013 Harp solitaire")
    assert record["format"] == early.FORMAT == 1
    assert (record["code"], record["game"], record["history"], record["moves"]) == ("EH1-N-AAAAAAF", "easy-harp", 2, 2)
    assert record["piles"] == piles and record["columns"] == 9 and record["texts"] == {"moves": "2"}
    assert json.loads(json.dumps(record)) == record, "JSON holds it as it is"


def test_queued_taps_are_read_and_junk_left_out() -> None:
    raw = [["s", -1, "", 10], ["t3", 12, "7H", 20.5], "junk", ["t1", "x", "7H", 1], [1, 2, 3, 4],
           ["t2", 4, "8S"], None, ["t4", 5.0, "9D", 30]]
    assert early.parse_taps(raw) == [early.EarlyTap("s", None, "", 10.0), early.EarlyTap("t3", 12, "7H", 20.5),
                                      early.EarlyTap("t4", 5, "9D", 30.0)]
    assert early.parse_taps(None) == [] and early.parse_taps({"a": 1}) == []


def test_a_queued_tap_fits_while_its_card_lies_where_it_was() -> None:
    where = {12: ("t3", 4), 13: ("t4", 0)}
    tap = early.EarlyTap("t3", 12, "7H", 0.0)
    assert early.tap_target(tap, where, ["??", "??", "??", "??", "7H"]) == ("t3", 4)
    assert early.tap_target(tap, {12: ("t5", 4)}, ["??"] * 4 + ["7H"]) is None, "moved to another pile"
    assert early.tap_target(tap, where, ["??"] * 5) is None, "turned face down"
    assert early.tap_target(tap, where, ["??"] * 3) is None, "the pile is shorter now"
    assert early.tap_target(tap, {}, []) is None, "the card is gone"
    assert early.tap_target(early.EarlyTap("t2", None, "", 0.0), where, []) is None
    assert early.tap_target(early.EarlyTap("s", None, "", 0.0), {}, []) == ("s", None), "the stock always draws"


def test_script_leaves_card_names_to_the_stored_pile_names() -> None:
    """The script's cards are hidden from screen readers: each pile's stored
    name (written by the renderer, in the page's language) speaks for them."""
    js = SCRIPT.read_text(encoding="utf-8")
    assert 'cardEl.setAttribute("aria-hidden", "true")' in js
    assert 'el.setAttribute("aria-label", String(p[3]))' in js
    assert "`${namespace}harp.${name}`" in js and "board.format !== 1" in js


def test_a_first_deal_is_the_engines_deal_with_the_renderers_piles_and_words() -> None:
    """What static/early-board.js draws on a first visit (buildtools/firstdeals.py
    writes it into index.html): Python's first render must show the same."""
    g = harp.Game.new("easy-harp", deal=4)
    deal = early.first_deal(g, ("en", "sv"))
    view = g.view()
    assert (deal["code"], deal["game"], deal["deal"], deal["draw"]) == (g.code, "easy-harp", 4, view["draw"])
    slots = boardview.slots(g.rules, len(view["tableau"]), len(view["foundations"]))
    assert [p[0] for p in deal["piles"]] == [slot.name for slot in slots]
    cards = {p[0]: [c[1] for c in p[4]] for p in deal["piles"]}
    assert cards["s"] == ["??"] * view["stock"] and cards["w"] == []
    assert [cards[f"t{i + 1}"] for i in range(len(view["tableau"]))] == view["tableau"]
    assert [c[0] for p in deal["piles"] for c in p[4] if p[0] == "t1"] == view["ids"]["tableau"][0]
    assert deal["gaps"] == [layout.DOWN_GAP, layout.UP_GAP, layout.MIN_DOWN_GAP, layout.MIN_UP_GAP,
                            layout.MAX_UP_GAP, layout.TAP_PX]
    en, sv = deal["words"]["en"], deal["words"]["sv"]
    assert en["texts"] == {"game-name": "Easy Harp", "deal-label": "Deal 4", "moves": "0", "score": "0",
                           "passes": en["texts"]["passes"], "clock": "0:00"}
    assert len(en["labels"]) == len(sv["labels"]) == len(slots) and en["labels"] != sv["labels"]
    assert en["labels"][-1].startswith("Column 9") and "Easy Harp" in en["title"]
    assert words.language() == "en", "the page's language is left as it was"
