"""The help pages, written from one template, the games' rules and their prose.

    python3 -m buildtools.help [--out DIR]    write the pages (default: dist/static/help)

Sources, all under static/help/source/ (the build does not copy them):

    page.html           the one page template (string.Template: $lang, $title, $main, ...)
    en/strings.json     the words the template and the generated parts use
    en/index.md         the contents page         en/<game id>.md   one a game in harp.GAMES
    en/examples.md      the examples page         en/faq.md         questions and answers

A prose file starts with "key: value" lines (title, lead, heading, summary,
claimed_win_rate), then a blank line, then the text in a small Markdown:
"## Heading {#id}", "### Heading", paragraphs, "- " and "1. " lists, pipe
tables (a |---| line makes the first row a header; without one, the first
cell of each row heads it), **strong**, *em*, `code`, [text](link), and
HTML where that is not enough (a block that starts with "<" is copied as it
is). A line "{{name}}" puts a generated part there: toc, questions, options,
win-rates, games, game-letters (see DIRECTIVES).

What is generated from the rules and the measurements, and so never
written by hand: each rules page's options table (from harp.GAMES), its
"How often can it be won?" section (from measurements/win-rates.csv), the
contents page's list of games, the FAQ's table of deal-code letters, every
page's table of contents, head and footer. A new language is a new folder
beside en/ with the same files (the win-rate section's sentences are still
English, in this module).
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

from .common import DIST, ROOT

sys.path.insert(0, str(ROOT))  # the engine, from the repository itself

from harp.rules import GAMES, Rules  # noqa: E402
from harp.winrates import DealResult, Summary, read_details, summarise  # noqa: E402

SOURCE = ROOT / "static" / "help" / "source"
TEMPLATE = SOURCE / "page.html"
LANGUAGE = "en"
MEASUREMENTS = ROOT / "measurements" / "win-rates.csv"
WIN_RATES_ID = "win-rates"
WIN_RATES_HEADING = "How often can it be won?"

Measured = Mapping[str, tuple[list[DealResult], float]]


# --------------------------------------------------------------------------
# Prose files


@dataclass
class Prose:
    """A prose file: its "key: value" head and its Markdown body."""

    meta: dict[str, str] = field(default_factory=dict)
    body: str = ""


def read_prose(path: Path) -> Prose:
    """A prose file split into its head and body."""
    text = path.read_text(encoding="utf-8")
    head, _, body = text.partition("\n\n")
    meta = {}
    for number, line in enumerate(head.splitlines(), 1):
        key, sep, value = line.partition(":")
        if not sep or not key.strip():
            raise ValueError(f"{path}:{number}: not a 'key: value' line: {line!r}")
        meta[key.strip()] = value.strip()
    return Prose(meta, body)


def prose_path(page: str, language: str = LANGUAGE) -> Path:
    """The prose file of a page: "index", "examples", "faq", or a game id."""
    return SOURCE / language / f"{page}.md"


def game_prose(game_id: str, language: str = LANGUAGE) -> Prose:
    """A game's prose, or an empty one (the page then holds only what is generated)."""
    path = prose_path(game_id, language)
    if not path.exists():
        print(f"warning: {path.relative_to(ROOT)} is missing; its rules page has no prose", file=sys.stderr)
        return Prose()
    return read_prose(path)


# --------------------------------------------------------------------------
# Markdown, the small part of it the prose uses


INLINE_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)"), r'<a href="\2">\1</a>'),
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"\*(.+?)\*"), r"<em>\1</em>"),
)
HEADING = re.compile(r"^(#{2,3}) (.+?)(?: \{#([\w-]+)\})?$")
ITEM = re.compile(r"^(?:- |\d+\. )")
RAW_BLOCK = re.compile(r"</?(?:div|figure|details|dl|ol|ul|p|table|section|nav|aside|blockquote|pre)\b")


def inline(text: str) -> str:
    """Inline Markdown to HTML; HTML already in the text is kept as it is."""
    codes: list[str] = []

    def stash(match: re.Match[str]) -> str:
        codes.append(f"<code>{html.escape(match.group(1), quote=False)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    text = re.sub(r"`([^`]+)`", stash, text)
    for pattern, replacement in INLINE_RULES:
        text = pattern.sub(replacement, text)
    return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], text)


def cells(line: str) -> list[str]:
    """The cells of a pipe-table row."""
    return [inline(c.strip()) for c in line.strip().strip("|").split("|")]


def table(rows: list[list[str]], header: list[str] | None, caption: str = "") -> str:
    """A table in its scrolling wrapper: a header row, or row headers in the first column."""
    out = ['<div class="table-wrap">', "<table>"]
    if caption:
        out.append(f"<caption>{caption}</caption>")
    if header:
        out.append("<thead><tr>" + "".join(f'<th scope="col">{c}</th>' for c in header) + "</tr></thead>")
    out.append("<tbody>")
    for row in rows:
        first = f"<td>{row[0]}</td>" if header else f'<th scope="row">{row[0]}</th>'
        out.append("<tr>" + first + "".join(f"<td>{c}</td>" for c in row[1:]) + "</tr>")
    out += ["</tbody>", "</table>", "</div>"]
    return "\n".join(out)


def block(lines: list[str]) -> str:
    """One Markdown block (no blank lines inside) as HTML."""
    first = lines[0]
    if RAW_BLOCK.match(first):
        return "\n".join(lines)
    if ITEM.match(first):
        tag = "ul" if first.startswith("- ") else "ol"
        items = [f"<li>{inline(ITEM.sub('', line))}</li>" for line in lines]
        return "\n".join([f"<{tag}>", *items, f"</{tag}>"])
    if first.startswith("|"):
        rows = [cells(line) for line in lines]
        if len(lines) > 1 and re.fullmatch(r"\|?[\s:|-]+\|?", lines[1].strip()):
            return table(rows[2:], rows[0])
        return table(rows, None)
    return f"<p>{inline(' '.join(line.strip() for line in lines))}</p>"


# --------------------------------------------------------------------------
# Pages


@dataclass
class Page:
    """What a page needs while it is written: its words, the rules, the measurements."""

    name: str  # file name, like "rules-harp.html"
    prose: Prose
    strings: Mapping[str, str]
    measured: Measured
    game: Rules | None = None
    toc: list[tuple[str, str]] = field(default_factory=list)  # (id, heading), in page order


def render_body(page: Page) -> str:
    """The page's prose as HTML, its generated parts put in."""
    parts: list[str] = []
    for chunk in re.split(r"\n\s*\n", page.prose.body.strip("\n")):
        lines = chunk.splitlines()
        if not lines:
            continue
        directive = re.fullmatch(r"\{\{([\w-]+)\}\}", chunk.strip())
        if directive:
            name = directive.group(1)
            if name not in DIRECTIVES:
                raise ValueError(f"{page.name}: unknown part {{{{{name}}}}}; known: {', '.join(DIRECTIVES)}")
            spaced = name in {"toc", "questions", "win-rates"}
            parts.append(("\n" if spaced else "") + DIRECTIVES[name](page))
            continue
        heading = HEADING.match(lines[0])
        if heading and len(lines) == 1:
            level, text, anchor = heading.groups()
            if level == "##" and anchor:
                page.toc.append((anchor, text))
            id_attr = f' id="{anchor}"' if anchor else ""
            tag = "h2" if level == "##" else "h3"
            parts.append(("\n" if tag == "h2" else "") + f"<{tag}{id_attr}>{inline(text)}</{tag}>")
            continue
        parts.append(block(lines))
    return "\n".join(parts)


def toc_list(page: Page) -> str:
    return "<ul>\n" + "".join(f'<li><a href="#{a}">{t}</a></li>\n' for a, t in page.toc) + "</ul>"


TOC_MARK = "\x00toc\x00"
QUESTIONS_MARK = "\x00questions\x00"


def toc(page: Page) -> str:
    """The page's contents (filled in once every heading is known)."""
    return f'<nav class="toc" aria-label="{page.strings["toc"]}">\n{TOC_MARK}\n</nav>'


def questions(page: Page) -> str:
    """The FAQ's list of its questions."""
    return f'<nav aria-label="{page.strings["questions"]}">\n{QUESTIONS_MARK}\n</nav>'


def passes_text(passes: int | None, s: Mapping[str, str]) -> str:
    if passes is None:
        return s["unlimited"]
    return str(passes) if passes == 1 else s["passes_total"].format(n=passes)


def options(page: Page) -> str:
    """A rules page's table of the four options, with the game's own rule for each."""
    rules, s = page.game, page.strings
    if rules is None:
        raise ValueError(f"{page.name}: {{{{options}}}} belongs on a rules page")
    own = {
        "draw": str(rules.draw),
        "passes": passes_text(rules.passes, s),
        "empty": s["king_only"] if rules.empty == "king" else s["any_card"],
        "takeback": s["on"] if rules.takeback else s["off"],
    }
    rows = [[s[f"{key}_label"], s[f"{key}_choices"], value] for key, value in own.items()]
    return table(rows, [s["option"], s["choices"], s["own_rule"].format(name=rules.name)])


def games(page: Page) -> str:
    """The contents page's list of games, each with its one-line summary."""
    items = []
    for game_id, rules in GAMES.items():
        summary = game_prose(game_id).meta.get("summary", "")
        items.append(f'<li><a href="rules-{game_id}.html">{rules.name}</a>' + (f": {summary}" if summary else "")
                     + "</li>")
    return "\n".join(["<ul>", *items, "</ul>"])


def game_letters(page: Page) -> str:
    """The FAQ's table of the two letters that start each game's deal codes."""
    s = page.strings
    rows = [[f"<code>{r.prefix}</code>", f'<a href="rules-{r.id}.html">{r.name}</a>'] for r in GAMES.values()]
    return table(rows, [s["letters"], s["game"]], caption=s["letters_caption"])


def win_rates(page: Page) -> str:
    """A rules page's "How often can it be won?" section, from the measurements."""
    if page.game is None:
        raise ValueError(f"{page.name}: {{{{win-rates}}}} belongs on a rules page")
    page.toc.append((WIN_RATES_ID, WIN_RATES_HEADING))
    claim = page.prose.meta.get("claimed_win_rate")
    if page.game.id not in page.measured:
        print(f"warning: {MEASUREMENTS.name} has no results for {page.game.id}", file=sys.stderr)
        return (f'<section id="{WIN_RATES_ID}" aria-labelledby="{WIN_RATES_ID}-h">\n'
                f'<h2 id="{WIN_RATES_ID}-h">{WIN_RATES_HEADING}</h2>\n<p>Not measured yet.</p>\n</section>')
    results, budget = page.measured[page.game.id]
    return section(page.game.id, results, budget, float(claim) if claim else None)


DIRECTIVES: dict[str, Callable[[Page], str]] = {
    "toc": toc,
    "questions": questions,
    "options": options,
    "win-rates": win_rates,
    "games": games,
    "game-letters": game_letters,
}


def footer(current: str, strings: Mapping[str, str]) -> str:
    """The list of every help page, the current one marked."""
    links = [("index.html", strings["contents"])]
    links += [(f"rules-{game_id}.html", rules.name) for game_id, rules in GAMES.items()]
    links += [("examples.html", strings["examples"]), ("faq.html", strings["faq"])]
    return "".join(
        f'<a href="{href}"' + (' aria-current="page"' if href == current else "") + f">{label}</a>\n"
        for href, label in links
    )


def render(page: Page, template: str) -> str:
    """The whole HTML page."""
    meta, s = page.prose.meta, page.strings
    heading = meta.get("heading") or (page.game.name if page.game else page.name)
    main = f"<h1>{heading}</h1>\n"
    if meta.get("lead"):
        main += f'<p class="lead">{inline(meta["lead"])}</p>\n'
    body = render_body(page)
    body = body.replace(TOC_MARK, toc_list(page)).replace(QUESTIONS_MARK, toc_list(page))
    main += body + "\n"
    default_title = s["rules_title"].format(name=page.game.name) if page.game else heading
    title = (meta.get("title") or default_title) + s["title_suffix"]
    return Template(template).substitute(s, title=title, main=main, footer=footer(page.name, s))


def pages(language: str = LANGUAGE, measurements: Path = MEASUREMENTS) -> dict[str, str]:
    """Every help page: file name -> HTML."""
    strings = json.loads((SOURCE / language / "strings.json").read_text(encoding="utf-8"))
    template = TEMPLATE.read_text(encoding="utf-8")
    measured = read_details(measurements) if measurements.exists() else {}
    out = {}
    for name in ("index", "examples", "faq"):
        page = Page(f"{name}.html", read_prose(prose_path(name, language)), strings, measured)
        out[page.name] = render(page, template)
    for game_id, rules in GAMES.items():
        page = Page(f"rules-{game_id}.html", game_prose(game_id, language), strings, measured, rules)
        if "{{win-rates}}" not in page.prose.body:  # a game without prose still shows both
            page.prose.body += "\n\n{{win-rates}}\n\n## Options {#options}\n\n{{options}}\n"
        out[page.name] = render(page, template)
    return out


def write_help_pages(out: Path) -> list[Path]:
    """Write every help page into out (dist/static/help); return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in pages().items():
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


# --------------------------------------------------------------------------
# The win-rate section


def percent(share: float) -> str:
    return f"{100 * share:.1f}".removesuffix(".0") + "%"


def seconds(value: float) -> str:
    return f"{value:g} second" + ("" if value == 1 else "s")


def claim_paragraph(s: Summary, claim: float) -> str:
    """What the measurement says about a source's claim that players win ``claim`` of deals."""
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


def section(game_id: str, results: list[DealResult], budget: float, claim: float | None = None) -> str:
    """The section for one game's measured deals; claim: a share of won deals its source claims."""
    s = summarise(game_id, results)
    name = GAMES[game_id].name
    first, last = results[0].deal, results[-1].deal
    lines = [
        f'<section id="{WIN_RATES_ID}" aria-labelledby="{WIN_RATES_ID}-h">',
        f'<h2 id="{WIN_RATES_ID}-h">{WIN_RATES_HEADING}</h2>',
        f"<p>We let the game’s solver try deals {first} to {last} of {name} with its own rules, in "
        "<em>thoughtful mode</em>: the solver sees every card, the face-down cards and the stock included. "
        "So it measures how many deals <em>can</em> be won at all, not how often a player wins them. "
        f"It had {seconds(budget)} for each deal.</p>",
        table([
            ["Deals tried", f"{first} to {last} ({s.deals} deals), {seconds(budget)} each, thoughtful mode"],
            ["Won", str(s.won)],
            ["Proven lost", str(s.lost)],
            ["Unknown", str(s.unknown)],
            ["Winnable deals, 95% interval", f"{percent(s.low)} to {percent(s.high)}"],
            ["Time per deal", f"median {s.median_seconds:.2f} s, 90th percentile {s.p90_seconds:.2f} s"],
        ], None),
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
    if claim is not None:
        lines.append(claim_paragraph(s, claim))
    return "\n".join(lines) + "\n</section>"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DIST / "static" / "help", help="folder to write the pages into")
    args = parser.parse_args(argv)
    written = write_help_pages(args.out)
    print(f"wrote {len(written)} help pages into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
