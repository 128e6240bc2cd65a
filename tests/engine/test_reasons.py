"""The engine's refusal reasons: one list (harp.reasons.REASONS), reviewed.

reasons.txt next to this file holds the list as it was last reviewed, one
``key: template`` a line; any change of wording shows up there in review.
Run ``python3 tests/engine/test_reasons.py`` to write it again after a
deliberate change.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import harp
from engine_helpers import build
from harp import reasons

SNAPSHOT = Path(__file__).with_name("reasons.txt")
ENGINE = Path(harp.__file__).resolve().parent


def listing() -> str:
    return "".join(f"{key}: {template}\n" for key, template in reasons.REASONS.items())


def test_the_reasons_are_the_reviewed_list() -> None:
    assert SNAPSHOT.read_text(encoding="utf-8") == listing()


def test_every_reason_is_a_sentence_with_known_placeholders() -> None:
    for key, template in reasons.REASONS.items():
        assert re.fullmatch(r"[a-z_]+", key), key
        assert template[0].isupper() or template[0] in "'s", (key, template)
        assert template.endswith("."), key
        assert "  " not in template and "one exactly" not in template, key
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        assert names <= {"kind", "text", "pile", "game", "count", "card", "lower_card", "upper_card",
                         "onto_card", "next_card", "suit", "home", "other_home"}, (key, names)


def test_the_engine_words_no_refusal_outside_the_list() -> None:
    """position.py and the modules it asks (legality.py, notation.py) name refusals by key, each
    listed one is used, and no IllegalMove is raised with words of its own."""
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"IllegalMove\(\s*[\w.()]+\s*,\s*f?\"", text), path.name
    source = "".join((ENGINE / name).read_text(encoding="utf-8")
                     for name in ("position.py", "legality.py", "notation.py"))
    used = set(re.findall(r'(?:refusal\(|key = |else )"(\w+)"', source))
    assert used == set(reasons.REASONS), "a key is used but not listed, or listed but never used"


def test_an_illegal_move_carries_its_key_and_parameters() -> None:
    g = build("harp", [["8S"], ["7C"]])
    with pytest.raises(harp.IllegalMove) as info:
        g.play("t2>t1")
    error = info.value
    assert isinstance(error, ValueError)
    assert error.key == "column_colour" and error.params == {"card": "7C", "onto_card": "8S"}
    assert str(error) == error.reason == reasons.reason_text(error.key, error.params) == (
        "The 7 of clubs cannot go on the 8 of spades: in a column a card goes on a card of the other "
        "colour, red on black or black on red.")


def test_the_rank_refusal_reads_plainly() -> None:
    g = build("harp", [["9S"], ["7H"]])
    with pytest.raises(harp.IllegalMove) as info:
        g.play("t2>t1")
    assert str(info.value) == ("The 7 of hearts cannot go on the 9 of spades: in a column a card goes "
                               "on a card exactly one rank higher.")
    assert info.value.key == "column_rank"


def test_an_unknown_key_is_refused() -> None:
    with pytest.raises(KeyError):
        reasons.refusal("no_such_reason")


if __name__ == "__main__":
    SNAPSHOT.write_text(listing(), encoding="utf-8")
