"""Each rules page publishes how often its game can be won, honestly: the deal
range, the budget, thoughtful mode, won / proven lost / unknown counts that add
up, a 95% Wilson interval that counts the unknowns both ways, and what that
means.  The build writes the figures from the committed measurements
(buildtools/help.py, from measurements/win-rates.csv), so they always agree."""

from __future__ import annotations

import math
import re
from pathlib import Path

import harp
import pytest
from harp.winrates import DealResult, read_details, summarise

from buildtools import help as pages


@pytest.fixture(scope="module")
def written() -> dict[str, str]:
    return pages.pages()


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    p = successes / total
    centre = p + z * z / (2 * total)
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return (centre - spread) / (1 + z * z / total), (centre + spread) / (1 + z * z / total)


def section(html: str) -> str:
    start = html.index('<section id="win-rates"')
    return html[start:html.index("</section>", start)]


def test_the_pages_say_what_the_measurements_say(written: dict[str, str]) -> None:
    measured = read_details(pages.MEASUREMENTS)
    for game_id in harp.GAMES:
        claim = pages.game_prose(game_id).meta.get("claimed_win_rate")
        wanted = pages.section(game_id, *measured[game_id], float(claim) if claim else None)
        assert wanted in written[f"rules-{game_id}.html"], game_id


def test_every_game_has_measured_win_rates() -> None:
    measured = read_details(pages.MEASUREMENTS)
    missing = [g for g in harp.GAMES if g not in measured]
    assert not missing, f"{pages.MEASUREMENTS.name} has no results for {missing}: measure them (docs/commands.md)"


def test_the_built_site_holds_the_same_pages(site_dir: Path, written: dict[str, str]) -> None:
    for name, html in written.items():
        assert (site_dir / "static" / "help" / name).read_text(encoding="utf-8") == html, name


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_rules_page_publishes_its_win_rate(game_id: str, written: dict[str, str]) -> None:
    html = written[f"rules-{game_id}.html"]
    assert '<a href="#win-rates">How often can it be won?</a>' in html
    text = section(html)
    for words in ("thoughtful mode", "sees every card", "Wilson", "counts the unknowns both ways",
                  "could not settle", "The true share", "Time per deal"):
        assert words in text, words
    first, last, deals, budget = re.search(
        r"Deals tried</th><td>(\d+) to (\d+) \((\d+) deals\), ([\d.]+) seconds? each", text).groups()
    assert int(last) - int(first) + 1 == int(deals) and float(budget) > 0
    rows = re.findall(r'<th scope="row">(Won|Proven lost|Unknown)</th><td>(\d+)</td>', text)
    counts = {name: int(n) for name, n in rows}
    assert set(counts) == {"Won", "Proven lost", "Unknown"} and sum(counts.values()) == int(deals)
    low, high = re.search(r"95% interval</th><td>([\d.]+)% to ([\d.]+)%</td>", text).groups()
    want_low, _ = wilson(counts["Won"], int(deals))
    _, want_high = wilson(counts["Won"] + counts["Unknown"], int(deals))
    assert abs(float(low) - 100 * want_low) < 0.06 and abs(float(high) - 100 * want_high) < 0.06


def test_endless_harp_compares_the_seeds_claim(written: dict[str, str]) -> None:
    assert pages.game_prose("endless-harp").meta["claimed_win_rate"] == "0.80"
    text = section(written["rules-endless-harp.html"])
    assert "The 80% claim" in text and "Not measured yet" not in text


def test_only_a_game_whose_prose_claims_a_rate_gets_the_claim_paragraph(written: dict[str, str]) -> None:
    for game_id in harp.GAMES:
        claims = "claimed_win_rate" in pages.game_prose(game_id).meta
        assert ("claim.</strong>" in section(written[f"rules-{game_id}.html"])) == claims, game_id


def results(won: int, lost: int, unknown: int) -> list[DealResult]:
    verdicts = ["win"] * won + ["loss"] * lost + ["unknown"] * unknown
    return [DealResult("endless-harp", deal, v, 100, 0.5) for deal, v in enumerate(verdicts, 1)]


@pytest.mark.parametrize(("won", "lost", "unknown", "says"), [
    (80, 10, 10, "neither confirms nor refutes"),
    (50, 45, 5, "speaks against it"),
    (97, 2, 1, "allows it"),
])
def test_the_claim_paragraph_follows_the_interval(won: int, lost: int, unknown: int, says: str) -> None:
    summary = summarise("endless-harp", results(won, lost, unknown))
    assert says in pages.claim_paragraph(summary, 0.80)


def test_a_proven_loss_and_a_mostly_unknown_run_are_said_plainly() -> None:
    text = pages.section("endless-harp", results(10, 3, 87), 10.0)
    assert "3 of the deals were proven lost" in text and "interval reaches 100%" not in text
    assert "says little yet" in text and "1 to 100 (100 deals), 10 seconds each" in text


@pytest.mark.parametrize(("lines", "error"), [
    ("harp,1,win,5,0.1,10\nharp,3,win,5,0.1,10\n", "unbroken range"),
    ("harp,1,win,5,0.1,10\nharp,2,win,5,0.1,5\n", "different budgets"),
    ("harp,one,win,5,0.1,10\n", "line 2: not a result line"),
    ("harp,1,maybe,5,0.1,10\n", "unknown verdict 'maybe'"),
    # A published table is measured with a time budget: a file solved in nodes is refused, saying so.
    ("harp,1,win,5,0.1,300nodes\n", "harp deal 1 was solved with a budget of 300 nodes; published win rates "
                                    "and winnable lists are measured with a time budget"),
    ("harp,1,win,5,0.1,10\nharp,2,win,5,0.1,300nodes\n", "budget of 300 nodes; published"),
], ids=["gap", "mixed-budgets", "not-a-number", "bad-verdict", "node-budget", "seconds-then-nodes"])
def test_bad_measurement_files_are_refused(tmp_path: Path, lines: str, error: str) -> None:
    path = tmp_path / "deals.csv"
    path.write_text("game,deal,verdict,nodes,seconds,budget\n" + lines, encoding="utf-8")
    with pytest.raises(ValueError, match=error):
        read_details(path)


def test_a_game_with_other_options_gets_its_own_table_below_its_own(tmp_path: Path) -> None:
    """Harpan drawing three (the ``options`` column says ``D3``) is shown below Harpan's own
    table, in words and in both languages, with the published figure set against its interval."""
    path = tmp_path / "deals.csv"
    own = "".join(f"{game},{deal},win,5,0.1,10,\n" for game in harp.GAMES for deal in (1, 2))
    drawing_three = "".join(f"harpan,{deal},{verdict},5,0.1,10,D3\n"
                            for deal, verdict in enumerate(["win"] * 7 + ["loss", "unknown", "unknown"], 1))
    path.write_text("game,deal,verdict,nodes,seconds,budget,options\n" + own + drawing_three, encoding="utf-8")
    english, swedish = pages.pages("en", path)["rules-harpan.html"], pages.pages("sv", path)["rules-harpan.html"]
    start = english.index('<section aria-labelledby="win-rates-d3"')
    text = english[start:english.index("</section>", start)]
    assert english.index('<section id="win-rates"') < start
    assert '<h3 id="win-rates-d3">With other options: draw 3</h3>' in text
    assert "1 to 10 (10 deals), 10 seconds each" in text
    assert "<tr><th scope=\"row\">Won</th><td>7</td></tr>" in text and "<td>1</td>" in text and "<td>2</td>" in text
    low, high = wilson(7, 10)[0], wilson(9, 10)[1]
    assert f"{100 * low:.1f}% to {100 * high:.1f}%" in text
    assert "found 81.945% of such deals winnable. That lies inside our interval" in text
    assert "Med andra val: dra 3" in swedish and "fann 81,945 % av sådana givar" in swedish
    # The other games' pages show no such table, nor does Harpan's when the file has none.
    assert 'id="win-rates-d3"' not in pages.pages("en", path)["rules-harp.html"]
    assert 'id="win-rates-d3"' not in pages.pages("en")["rules-harpan.html"] or "harpan D3" in read_details(
        pages.MEASUREMENTS)
