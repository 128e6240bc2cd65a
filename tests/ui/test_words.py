"""What a screen reader hears and reads: pile names, the words for a move,
and refusals, from harpui/words.py, harpui/announce.py and the renderer's
pile_words (pure functions, here in CPython)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import harp
import pytest

from harpui import words
from harpui.announce import move_words, pile_words
from harpui.words import LANGUAGES, card_name, known_language, pick_language, reason
from scriptkit import call_script, needs_node


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    words.set_language("en")
    yield
    words.set_language("en")



def test_a_column_names_its_face_down_count_and_every_face_up_card() -> None:
    view = {"passes_left": None}
    assert pile_words("t9", ["??"] * 8 + ["6S", "5D"], view) == "Column 9: 8 face-down, 6 of spades, 5 of diamonds"
    assert pile_words("t2", ["KH"], view) == "Column 2: king of hearts"
    assert pile_words("t3", [], view) == "Column 3: empty"


def test_a_foundation_names_its_suit_and_top_card() -> None:
    view = {"passes_left": None}
    assert pile_words("f1", ["AS", "2S"], view, "S") == "Foundation 1, spades: 2 of spades"
    assert pile_words("f3", [], view, "H") == "Foundation 3, hearts: empty"
    assert pile_words("f5", ["AD"], view) == "Foundation 5: ace of diamonds"


def test_the_stock_names_its_cards_and_passes_and_the_waste_its_top() -> None:
    assert pile_words("s", ["??"] * 59, {"passes_left": 2}) == "Stock: 59 cards, 2 redeals left"
    assert pile_words("s", ["??"], {"passes_left": None}) == "Stock: 1 card, redeals without limit"
    assert pile_words("s", [], {"passes_left": 0}) == "Stock: empty, no redeals left"
    assert pile_words("s", [], {"passes_left": 1}) == "Stock: empty, tap to turn the waste over"
    assert pile_words("w", ["2D", "9C"], {"passes_left": 1}) == "Waste: 9 of clubs"


def played(game: harp.Game, move: str) -> str:
    before = game.view()
    game.play(move)
    return move_words(move, before, game.view())


def test_moves_are_said_in_short_words() -> None:
    g = harp.Game.new("easy-harp", deal=5)
    # column 2 is ['??', 'AD']: the ace goes home and turns up the card below it
    said = played(g, "t2>f")
    assert said.startswith("ace of diamonds to foundation. Column 2: turned up the ")
    assert said.endswith(f"Score {g.view()['score']}.") == (g.view()["score"] != 0)
    drawn = played(g, "s")
    assert drawn == f"Drew the {card_name(g.view()['waste'][-1])}."


def test_a_run_and_a_single_card_to_a_column() -> None:
    g = harp.Game.new("easy-harp", deal=5)
    move = next(m for m in g.legal_moves() if ">t" in m and ":" not in m)
    source, target = move.split(">")
    card = g.view()["tableau"][int(source[1:]) - 1][-1] if source.startswith("t") else g.view()["waste"][-1]
    assert played(g, move).startswith(f"{card_name(card)} to column {target[1:]}.")


def test_refusals_are_the_engines_words_in_english_and_keyed_in_swedish() -> None:
    g = harp.Game.new("easy-harp", deal=5)
    with pytest.raises(harp.IllegalMove) as refused:
        g.play("t1>t2")
    assert reason(refused.value) == str(refused.value)


def test_the_checks_on_a_stuck_game_are_worded_by_their_key() -> None:
    checks = harp.Game.new("harpan", deal=1).stuck_checks()
    assert [words.stuck_question(check) for check in checks] == [check.question for check in checks]
    words.set_language("sv")
    said = {check.key: words.stuck_question(check) for check in reversed(checks)}  # by key, in any order
    assert said["king_to_space"] == "Kan en kung flyttas till en tom kolumn?"
    assert said["waste_playable"] == "Går det översta kortet i skräphögen att spela?"
    assert len(set(said.values())) == len(checks) and not set(said.values()) & {c.question for c in checks}


def test_the_language_follows_the_choice_then_the_browser() -> None:
    assert pick_language("sv", ["en-GB"]) == "sv"
    assert pick_language(None, ["sv-SE", "en"]) == "sv"
    assert pick_language("auto", ["de-DE", "en-US"]) == "en"
    assert pick_language("xx", []) == "en"
    assert pick_language(" SV", ["en"]) == "sv", "the embed's ?lang= may come in capitals"


@needs_node
def test_the_loading_script_picks_the_language_as_python_does(tmp_path: Path) -> None:
    """static/boot.js speaks before Python starts, so it holds words.pick_language
    (and known_language) a second time, over the languages the build writes into
    the page (LANGUAGES): on the same cases, the same answers."""
    chosen = [None, "auto", "sv", " SV", "EN", "sv-SE", "xx", "", 5]
    browsers = [[], ["sv-SE", "en"], ["en-GB", "sv"], ["de-DE", "en-US"], ["de"], ["SV"], [""], ["nb-NO", "sv-FI"]]
    cases = [(c, b) for c in chosen for b in browsers]
    calls = ([("pickLanguage", [list(LANGUAGES), c, b]) for c, b in cases]
             + [("knownLanguage", [list(LANGUAGES), c]) for c in chosen])
    got = call_script("boot.js", calls, tmp_path)
    assert got[:len(cases)] == [pick_language(c, b) for c, b in cases]
    assert got[len(cases):] == [known_language(c) for c in chosen]


def test_swedish_words_for_cards_piles_moves_and_refusals() -> None:
    words.set_language("sv")
    assert card_name("QS") == "spader dam" and card_name("AH") == "hjärter ess" and card_name("TC") == "klöver 10"
    assert pile_words("t9", ["??"] * 8 + ["6S", "5D"], {}) == "Kolumn 9: 8 nedvända, spader 6, ruter 5"
    assert pile_words("t2", ["??", "KD"], {}) == "Kolumn 2: 1 nedvänt, ruter kung"
    assert pile_words("f1", [], {}, "S") == "Grundhög 1, spader: tom"
    g = harp.Game.new("easy-harp", deal=5)
    assert played(g, "t2>f") == "ruter ess till grundhög. Kolumn 2: vände upp ruter 3. 15 poäng."
    with pytest.raises(harp.IllegalMove) as refused:
        g.play("t1>f2")
    assert reason(refused.value) == ("Grundhög 2 är reserverad för spader: "
                                     "hjärter 3 ska till grundhög 3 eller grundhög 4.")


def test_a_refused_deal_code_is_said_in_the_pages_language() -> None:
    with pytest.raises(harp.BadCode) as refused:
        harp.Game.from_code("EH1-D2-N-AAAAAAF")
    assert reason(refused.value) == str(refused.value)          # English: the engine's own words
    words.set_language("sv")
    assert reason(refused.value) == ("givkoden 'EH1-D2-N-AAAAAAF': "
                                     "man drar 1 eller 3 kort åt gången (D1 eller D3), inte 2")
    assert reason(ValueError("other words")) == "other words"
