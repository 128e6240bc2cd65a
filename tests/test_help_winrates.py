"""Each rules page publishes how often its game can be won, honestly: the deal
range, the budget, thoughtful mode, won / proven lost / unknown counts that add
up, a 95% Wilson interval that counts the unknowns both ways, and what that means."""

from __future__ import annotations

import math
import re
from pathlib import Path

import harp
import pytest

HELP = Path(__file__).resolve().parent.parent / "static" / "help"


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    p = successes / total
    centre = p + z * z / (2 * total)
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return (centre - spread) / (1 + z * z / total), (centre + spread) / (1 + z * z / total)


def section(game_id: str) -> str:
    html = (HELP / f"rules-{game_id}.html").read_text(encoding="utf-8")
    start = html.index('<section id="win-rates"')
    return html[start:html.index("</section>", start)]


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_rules_page_publishes_its_win_rate(game_id: str) -> None:
    html = (HELP / f"rules-{game_id}.html").read_text(encoding="utf-8")
    assert '<a href="#win-rates">How often can it be won?</a>' in html
    text = section(game_id)
    for words in ("1 to 50", "5 seconds", "thoughtful mode", "sees every card", "Wilson",
                  "counts the unknowns both ways", "could not settle", "The true share"):
        assert words in text, words
    counts = {name: int(n) for name, n in re.findall(r'<th scope="row">(Won|Proven lost|Unknown)</th><td>(\d+)</td>', text)}
    assert set(counts) == {"Won", "Proven lost", "Unknown"} and sum(counts.values()) == 50
    low, high = re.search(r"95% interval</th><td>([\d.]+)% to ([\d.]+)%</td>", text).groups()
    want_low, _ = wilson(counts["Won"], 50)
    _, want_high = wilson(counts["Won"] + counts["Unknown"], 50)
    assert abs(float(low) - 100 * want_low) < 0.06 and abs(float(high) - 100 * want_high) < 0.06


def test_endless_harp_compares_the_seeds_claim() -> None:
    text = section("endless-harp")
    assert "80%" in text and "Not measured yet" not in text
