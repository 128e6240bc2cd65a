"""The early board's pure parts (harpui/early.py): the stored copy's record,
the queue of taps static/early-board.js hands over, and whether a queued tap
still fits; and the script's layout (harpui/layout.py a second time, with its
numbers from the page), run in Node.js against layout.py's.  The script itself
runs in tests/browser/test_early_board.py and test_early_layout.py."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import harp
import pytest

from buildtools import firstdeals
from harpui import boardview, early, layout, words
from scriptkit import call_script, needs_node

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
    en, sv = deal["words"]["en"], deal["words"]["sv"]
    assert en["texts"] == {"game-name": "Easy Harp", "deal-label": "Deal 4", "moves": "0", "score": "0",
                           "passes": en["texts"]["passes"], "clock": "0:00"}
    assert len(en["labels"]) == len(sv["labels"]) == len(slots) and en["labels"] != sv["labels"]
    assert en["labels"][-1].startswith("Column 9") and "Easy Harp" in en["title"]
    assert words.language() == "en", "the page's language is left as it was"


def layout_part(js: str) -> str:
    """The script's copy of harpui/layout.py: from its heading to the first deal's drawing."""
    found = re.search(r"// ---- harpui/layout\.py a second time -+\n(.*?)\nfunction drawFirst\(", js, re.S)
    assert found, "early-board.js keeps layout.py's copy under its heading"
    return found.group(1)


def test_the_scripts_layout_has_no_number_of_its_own() -> None:
    """Every number the script lays a first deal out with is layout.py's, from
    the page (the build writes layout.measures() beside the first deals), so no
    number is written twice."""
    part = layout_part(SCRIPT.read_text(encoding="utf-8"))
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", part, flags=re.S)
    assert set(re.findall(r"(?<![\w.])\d+(?:\.\d+)?", code)) <= {"0", "1", "10"}, "only counting and rounding"
    read = set(re.findall(r"\bL\.([A-Z_]+)", code))
    assert read and read <= set(layout.measures())
    assert firstdeals.first_deals(count=1)["layout"] == layout.measures()
    assert layout.measures() == {name: getattr(layout, name) for name in layout.measures()}


def test_metrics_measure_the_card_and_the_room_a_column_has() -> None:
    """layout.metrics, which render.py and the script measure the page with."""
    w, h, room = layout.metrics(50.0, 100.0, 800.0, 0.0)
    assert (w, h) == (50.0, 50.0 * layout.CARD_RATIO) and room == 800.0 - 100.0 - layout.ROOM_MARGIN_PX
    assert layout.metrics(50.0, 100.0, 800.0, layout.dock_height(60.0))[2] == room - 60.0 - layout.PANEL_MARGIN_PX
    assert layout.metrics(0.0, 100.0, 800.0, 0.0)[0] == layout.UNMEASURED_CARD_W, "column 1 not laid out yet"
    assert layout.metrics(50.0, 700.0, 720.0, 0.0)[2] == layout.MIN_ROOM * h, "however short the screen"


def offsets_cases() -> list[tuple[list[bool], float, float]]:
    """Columns of every kind (face-down runs, face-up runs, both, one card,
    none), on card heights and rooms from cramped to roomy."""
    rng = random.Random(61)
    cases: list[tuple[list[bool], float, float]] = [([], 80.0, 400.0), ([True], 80.0, 400.0)]
    for _ in range(300):
        downs, ups = rng.randint(0, 12), rng.randint(0, 14)
        faces = [False] * downs + [True] * ups
        cases.append((faces, round(rng.uniform(40, 170), 3), round(rng.uniform(60, 1100), 3)))
    return cases


@needs_node
def test_the_scripts_layout_is_layout_pys(tmp_path: Path) -> None:
    """columnOffsets and metrics of static/early-board.js, given layout.measures()
    as the page gives them, answer as layout.column_offsets and layout.metrics do."""
    measures = layout.measures()
    offsets = offsets_cases()
    sizes = [(w, top, floor, dock) for w in (0.0, 37.5, 40.875, 89.703125) for top in (56.8, 178.0)
             for floor in (390.0, 740.0, 787.5) for dock in (0.0, layout.dock_height(61.5))]
    calls = ([("columnOffsets", [faces, card_h, room, measures]) for faces, card_h, room in offsets]
             + [("metrics", [*size, measures]) for size in sizes])
    got = call_script("early-board.js", calls, tmp_path)
    for (faces, card_h, room), tops in zip(offsets, got[:len(offsets)]):
        # round(y, 1) and Math.round(y * 10) / 10 may part on a tie: 0.1 px at most
        assert tops == pytest.approx(layout.column_offsets(faces, card_h, room), abs=0.1 + 1e-9), (faces, card_h, room)
    for size, answer in zip(sizes, got[len(offsets):]):
        assert answer == pytest.approx(list(layout.metrics(*size))), size
