#!/usr/bin/env python3
"""Write the "How often can it be won?" section of every rules page from measured results.

    python -m harp solve GAME --deals 1-1000 --budget 10s --jobs 2 --csv measurements/win-rates.csv
    python tools/win_rate_pages.py           # rewrite static/help/rules-*.html from that file
    python tools/win_rate_pages.py --check   # exit 1 if a page does not say what the file says

The CSV holds one line a deal (game, deal, verdict, nodes, seconds, budget),
so the figures on the pages can always be traced back to a run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harp.rules import GAMES  # noqa: E402
from harp.winrates import DealResult, Summary, read_details, summarise  # noqa: E402

HELP = ROOT / "static" / "help"
MEASUREMENTS = ROOT / "measurements" / "win-rates.csv"
START = '<section id="win-rates"'
END = "</section>"


def percent(share: float) -> str:
    return f"{100 * share:.1f}".removesuffix(".0") + "%"


def seconds(value: float) -> str:
    return f"{value:g} second" + ("" if value == 1 else "s")


def claim_paragraph(s: Summary, claim: float) -> str:
    """What the measurement says about the seed's claim that players win ``claim`` of deals."""
    if s.low <= claim <= s.high:
        verdict = (f"This measurement neither confirms nor refutes that: {percent(claim)} lies inside the interval "
                   f"of {percent(s.low)} to {percent(s.high)}, so it has not settled whether that many deals "
                   "can be won at all.")
    elif claim > s.high:
        verdict = (f"This measurement speaks against it: the whole interval lies below {percent(claim)} (it ends "
                   f"at {percent(s.high)}), so most likely fewer deals than that can be won at all, and players "
                   "cannot win more deals than can be won.")
    else:
        verdict = (f"This measurement allows it: the whole interval lies above {percent(claim)} (it starts at "
                   f"{percent(s.low)}), so enough deals can be won; how often players really do win, it cannot say.")
    return (
        f"<p><strong>The {percent(claim)} claim.</strong> The page this game was taken from says that players "
        f"win about {percent(claim)} of deals. {verdict} Mind what each figure is about, too. Ours is the share "
        "of deals that can be won by someone who sees every card; a player who cannot see the hidden cards "
        "wins at most that share.</p>"
    )


def section(game_id: str, results: list[DealResult], budget: float) -> str:
    s = summarise(game_id, results)
    name = GAMES[game_id].name
    first, last = results[0].deal, results[-1].deal
    lines = [
        f'{START} aria-labelledby="win-rates-h">',
        '<h2 id="win-rates-h">How often can it be won?</h2>',
        f"<p>We let the game’s solver try deals {first} to {last} of {name} with its own rules, in "
        "<em>thoughtful mode</em>: the solver sees every card, the face-down cards and the stock included. "
        "So it measures how many deals <em>can</em> be won at all, not how often a player wins them. "
        f"It had {seconds(budget)} for each deal.</p>",
        '<div class="table-wrap">',
        "<table>",
        "<tbody>",
        f'<tr><th scope="row">Deals tried</th><td>{first} to {last} ({s.deals} deals), '
        f"{seconds(budget)} each, thoughtful mode</td></tr>",
        f'<tr><th scope="row">Won</th><td>{s.won}</td></tr>',
        f'<tr><th scope="row">Proven lost</th><td>{s.lost}</td></tr>',
        f'<tr><th scope="row">Unknown</th><td>{s.unknown}</td></tr>',
        f'<tr><th scope="row">Winnable deals, 95% interval</th><td>{percent(s.low)} to {percent(s.high)}</td></tr>',
        f'<tr><th scope="row">Time per deal</th><td>median {s.median_seconds:.2f} s, '
        f"90th percentile {s.p90_seconds:.2f} s</td></tr>",
        "</tbody>",
        "</table>",
        "</div>",
        f"<p>The unknowns are deals the solver could not settle in its {seconds(budget)}: each of them may be "
        "winnable or not. The interval is a 95% Wilson score interval that counts the unknowns both ways: its "
        "low end counts every unknown as lost, its high end counts every unknown as won. The true share of "
        f"winnable deals lies in that interval, with 95% confidence. {s.won} deals of {s.deals} ({percent(s.won / s.deals)}) "
        "were proven winnable.</p>",
    ]
    if s.lost:
        lines.append(f"<p>{s.lost} of the deals were proven lost: the solver followed every line of play "
                     "from the deal and none of them wins.</p>")
    else:
        lines.append("<p>No deal was proven lost, so the interval reaches 100%; "
                     "a longer search per deal would narrow it.</p>")
    if 2 * s.unknown > s.deals:
        lines.append(f"<p>For {name} this says little yet: most deals were left unknown, so the interval "
                     "is wide.</p>")
    if game_id == "endless-harp":
        lines.append(claim_paragraph(s, 0.80))
    return "\n".join(lines) + "\n" + END


def rewrite(page: str, new_section: str) -> str:
    start = page.index(START)
    end = page.index(END, start) + len(END)
    return page[:start] + new_section + page[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv", nargs="?", type=Path, default=MEASUREMENTS, help="results from harp solve --csv")
    parser.add_argument("--check", action="store_true", help="only check that the pages match the file")
    args = parser.parse_args(argv)
    measured = read_details(args.csv)
    stale = []
    for game_id in GAMES:
        if game_id not in measured:
            raise SystemExit(f"{args.csv} has no results for {game_id}")
        path = HELP / f"rules-{game_id}.html"
        page = path.read_text(encoding="utf-8")
        wanted = rewrite(page, section(game_id, *measured[game_id]))
        if wanted != page:
            stale.append(path.name)
            if not args.check:
                path.write_text(wanted, encoding="utf-8")
    if args.check and stale:
        print("Out of date with the measurements: " + ", ".join(stale), file=sys.stderr)
        return 1
    print(("Checked " if args.check else "Wrote ") + f"{len(GAMES)} rules pages from {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
