"""The help pages, written from one template, the games' rules and their prose.

    python3 -m buildtools.help [--out DIR]    write the pages (default: dist/static/help)

Sources, all under static/help/source/ (the build does not copy them):

    page.html           the one page template (string.Template: $lang, $title, $main, ...)
    en/strings.json     the words the template and the generated parts use
    en/index.md         the contents page         en/<game id>.md   one a game in harp.GAMES
    en/examples.md      the examples page         en/faq.md         questions and answers

A prose file starts with "key: value" lines (title, lead, heading, summary,
claimed_win_rate), then a blank line, then the text in a small Markdown
(buildtools/markdown.py says which, and renders it). A line "{{name}}" puts
a generated part there: toc, questions, options, win-rates, games,
game-letters (see DIRECTIVES).

What is generated from the rules and the measurements, and so never
written by hand: each rules page's options table (from harp.GAMES), its
"How often can it be won?" section (from measurements/win-rates.csv), the
contents page's list of games, the FAQ's table of deal-code letters, every
page's table of contents, head and footer. Every language is a folder of
the same files beside en/ (LANGUAGES); English pages are written to the help
folder itself, every other language's to a folder of its code inside it
(static/help/sv/), and each page links to itself in the other languages.
Every sentence the build writes, the win-rate section's included, comes
from the language's strings.json.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

from harp.codes import read_options
from harp.rules import GAMES, Rules
from harp.winrates import DealResult, Summary, read_details, summarise
from harpui.words import LANGUAGES   # the page's languages: the help comes in each

from .common import DIST, ROOT
from .markdown import HEADING, block, inline, table

SOURCE = ROOT / "static" / "help" / "source"
TEMPLATE = SOURCE / "page.html"
LANGUAGE = LANGUAGES[0]            # the first language: its pages sit in the help folder itself
MEASUREMENTS = ROOT / "measurements" / "win-rates.csv"
WIN_RATES_ID = "win-rates"

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


def strings_of(language: str = LANGUAGE) -> dict[str, str]:
    """The words around the prose, in language (its strings.json)."""
    words: dict[str, str] = json.loads((SOURCE / language / "strings.json").read_text(encoding="utf-8"))
    return words


def game_prose(game_id: str, language: str = LANGUAGE) -> Prose:
    """A game's prose, or an empty one (the page then holds only what is generated)."""
    path = prose_path(game_id, language)
    if not path.exists():
        print(f"warning: {path.relative_to(ROOT)} is missing; its rules page has no prose", file=sys.stderr)
        return Prose()
    return read_prose(path)


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
    language: str = LANGUAGE


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
    rows = [[s[f"{key}_label"], s[f"{key}_choices"], value] for key, value in option_values(rules, s).items()]
    return table(rows, [s["option"], s["choices"], s["own_rule"].format(name=rules.name)])


def option_values(rules: Rules, s: Mapping[str, str]) -> dict[str, str]:
    """Each of the four options' value under ``rules``, in words."""
    return {
        "draw": str(rules.draw),
        "passes": passes_text(rules.passes, s),
        "empty": s["king_only"] if rules.empty == "king" else s["any_card"],
        "takeback": s["on"] if rules.takeback else s["off"],
    }


def games(page: Page) -> str:
    """The contents page's list of games, each with its one-line summary."""
    items = []
    for game_id, rules in GAMES.items():
        summary = game_prose(game_id, page.language).meta.get("summary", "")
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
    s = page.strings
    page.toc.append((WIN_RATES_ID, s["win_heading"]))
    claim = page.prose.meta.get("claimed_win_rate")
    if page.game.id not in page.measured:
        print(f"warning: {MEASUREMENTS.name} has no results for {page.game.id}", file=sys.stderr)
        return (f'<section id="{WIN_RATES_ID}" aria-labelledby="{WIN_RATES_ID}-h">\n'
                f'<h2 id="{WIN_RATES_ID}-h">{s["win_heading"]}</h2>\n<p>{s["not_measured"]}</p>\n</section>')
    results, budget = page.measured[page.game.id]
    parts = [section(page.game.id, results, budget, float(claim) if claim else None, s)]
    for table_results, table_budget in page.measured.values():   # the game with other options: "harpan D3"
        first = table_results[0]
        if first.game == page.game.id and first.options:
            published = page.prose.meta.get(f"published_{first.options}")
            parts.append(options_section(page.game, first.options, table_results, table_budget, published, s))
    return "\n".join(parts)


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


def language_links(page: Page) -> str:
    """Links to this page in every other language."""
    links = []
    for language in LANGUAGES:
        if language == page.language:
            continue
        href = ("../" if page.language != LANGUAGE else "") + ("" if language == LANGUAGE else f"{language}/")
        name = strings_of(language)["language_name"]
        links.append(f'<a href="{href}{page.name}" hreflang="{language}" lang="{language}">{name}</a>\n')
    return "".join(links)


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
    up = "" if page.language == LANGUAGE else "../"
    return Template(template).substitute(s, title=title, main=main, footer=footer(page.name, s), up=up,
                                         languages=language_links(page))


def pages(language: str = LANGUAGE, measurements: Path = MEASUREMENTS) -> dict[str, str]:
    """Every help page: file name -> HTML."""
    strings = strings_of(language)
    template = TEMPLATE.read_text(encoding="utf-8")
    measured = read_details(measurements) if measurements.exists() else {}
    out = {}
    for name in ("index", "examples", "faq"):
        page = Page(f"{name}.html", read_prose(prose_path(name, language)), strings, measured, language=language)
        out[page.name] = render(page, template)
    for game_id, rules in GAMES.items():
        page = Page(f"rules-{game_id}.html", game_prose(game_id, language), strings, measured, rules,
                    language=language)
        if "{{win-rates}}" not in page.prose.body:  # a game without prose still shows both
            options = f"## {strings['options_heading']} {{#options}}\n\n{{{{options}}}}\n"
            page.prose.body += f"\n\n{{{{win-rates}}}}\n\n{options}"
        out[page.name] = render(page, template)
    return out


def language_folder(out: Path, language: str) -> Path:
    """Where a language's pages go: the help folder itself for English, else its sub-folder."""
    return out if language == LANGUAGE else out / language


def write_help_pages(out: Path) -> list[Path]:
    """Write every help page, in every language, into out (dist/static/help); return their paths."""
    written = []
    for language in LANGUAGES:
        folder = language_folder(out, language)
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in pages(language).items():
            path = folder / name
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


# --------------------------------------------------------------------------
# The win-rate section


def percent(share: float, s: Mapping[str, str] | None = None, digits: int = 1) -> str:
    words = s or strings_of()
    number = f"{100 * share:.{digits}f}"
    if "." in number:
        number = number.rstrip("0").removesuffix(".")
    number = number.replace(".", words["decimal"])
    return words["percent"].format(n=number)


def seconds(value: float, s: Mapping[str, str] | None = None) -> str:
    words = s or strings_of()
    number = f"{value:g}".replace(".", words["decimal"])
    return words["seconds_one" if value == 1 else "seconds_other"].format(n=number)


def odds(s: Summary, words: Mapping[str, str]) -> str:
    """The share of deals that can be won, as a player says it: in tenths, sure ends only."""
    low, high = math.floor(s.low * 10 + 1e-9), math.ceil(s.high * 10 - 1e-9)
    if not s.unknown:
        return words["odds_about"].format(n=round(10 * s.won / s.deals))
    if low >= 1 and high >= 10:
        return words["odds_at_least"].format(low=low)
    if low >= 1:
        return words["odds_between"].format(low=low, high=high)
    if high < 10:
        return words["odds_at_most"].format(high=high)
    return words["odds_unknown"]


def claim_paragraph(s: Summary, claim: float, words: Mapping[str, str] | None = None) -> str:
    """What the measurement says about a source's claim that players win ``claim`` of deals."""
    w = words or strings_of()
    key = "claim_inside" if s.low <= claim <= s.high else "claim_above" if claim > s.high else "claim_below"
    verdict = w[key].format(claim=percent(claim, w), low=percent(s.low, w), high=percent(s.high, w))
    return "<p>" + w["claim"].format(claim=percent(claim, w), verdict=verdict) + "</p>"


def section(game_id: str, results: list[DealResult], budget: float, claim: float | None = None,
            words: Mapping[str, str] | None = None) -> str:
    """The section for one game's measured deals: first what a player wants to
    know, then how we measured it; claim: a share of won deals its source claims."""
    w = words or strings_of()
    s = summarise(game_id, results)
    name = GAMES[game_id].name
    first, last = results[0].deal, results[-1].deal
    each = seconds(budget, w)
    lines = [
        f'<section id="{WIN_RATES_ID}" aria-labelledby="{WIN_RATES_ID}-h">',
        f'<h2 id="{WIN_RATES_ID}-h">{w["win_heading"]}</h2>',
        f'<p class="odds">{odds(s, w)}</p>',
        f"<p>{w['odds_note']}</p>",
        f'<details class="measured">\n<summary>{w["how_measured"]}</summary>',
        "<p>" + w["measured_intro"].format(first=first, last=last, name=name, budget=each) + "</p>",
        table([
            *counted_rows(s, first, last, each, w),
            [w["row_time"], w["row_time_value"].format(median=f"{s.median_seconds:.2f}".replace(".", w["decimal"]),
                                                      p90=f"{s.p90_seconds:.2f}".replace(".", w["decimal"]))],
        ], None),
        "<p>" + w["unknowns"].format(budget=each, won=s.won, deals=s.deals, share=percent(s.won / s.deals, w)) + "</p>",
        "<p>" + (w["lost_some"].format(lost=s.lost) if s.lost else w["lost_none"]) + "</p>",
    ]
    if 2 * s.unknown > s.deals:
        lines.append("<p>" + w["says_little"].format(name=name) + "</p>")
    if claim is not None:
        lines.append(claim_paragraph(s, claim, w))
    return "\n".join(lines) + "\n</details>\n</section>"


def counted_rows(s: Summary, first: int, last: int, each: str, w: Mapping[str, str]) -> list[list[str]]:
    """The measurement's table rows that every win-rate table shows: the deals tried, won,
    lost and unknown, and the interval."""
    return [
        [w["row_tried"], w["row_tried_value"].format(first=first, last=last, deals=s.deals, budget=each)],
        [w["row_won"], str(s.won)],
        [w["row_lost"], str(s.lost)],
        [w["row_unknown"], str(s.unknown)],
        [w["row_interval"], w["row_interval_value"].format(low=percent(s.low, w), high=percent(s.high, w))],
    ]


def options_section(rules: Rules, tokens: str, results: list[DealResult], budget: float, published: str | None,
                    words: Mapping[str, str]) -> str:
    """The same measurement of the game with other rule options (``tokens``, as a deal code
    writes them: ``D3``), below the game's own; ``published``: a prose head's
    ``published_D3: 0.81945 <source>``, a share of winnable deals published elsewhere."""
    w = words
    s = summarise(rules.id, results)
    own, changed = option_values(rules, w), option_values(rules.with_options(**read_options(tokens)), w)
    named = ", ".join(f"{w[f'{key}_label'].lower()} {value}" for key, value in changed.items() if value != own[key])
    anchor = f"{WIN_RATES_ID}-{tokens.lower()}"
    first, last, each = results[0].deal, results[-1].deal, seconds(budget, w)
    lines = [
        f'<section aria-labelledby="{anchor}">',           # a part of the win rates: not in the contents
        f'<h3 id="{anchor}">{w["options_win_heading"].format(options=named)}</h3>',
        f'<p class="odds">{odds(s, w)}</p>',
        table(counted_rows(s, first, last, each, w), None),
    ]
    if published:
        share, _, source = published.partition(" ")
        claim = float(share)
        key = ("published_inside" if s.low <= claim <= s.high
               else "published_above" if claim > s.high else "published_below")
        verdict = w[key].format(low=percent(s.low, w), high=percent(s.high, w))
        shown = percent(claim, w, digits=max(0, len(share.partition(".")[2]) - 2))   # as published: 0.81945 is 81.945%
        lines.append("<p>" + w["published"].format(source=source, claim=shown, verdict=verdict) + "</p>")
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
