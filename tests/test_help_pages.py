"""The help pages come from one template, the rules in harp.GAMES and each
page's prose (static/help/source/en/*.md), written by the build
(buildtools/help.py). Adding a game to harp.GAMES without its prose, or
without measured win rates, fails here or in test_help_winrates.py."""

from __future__ import annotations

import json
import re

import harp
import pytest

from buildtools.common import ROOT
from buildtools import help as pages
from buildtools import markdown


@pytest.fixture(scope="module")
def written() -> dict[str, str]:
    return pages.pages()


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_every_game_has_its_prose(game_id: str) -> None:
    path = pages.prose_path(game_id)
    assert path.is_file(), f"write {path.relative_to(ROOT)}: the rules of {game_id} in words (docs/README.md)"
    prose = pages.read_prose(path)
    assert prose.meta.get("lead") and prose.meta.get("summary"), "a lead paragraph and a one-line summary"
    for part in ("{{toc}}", "{{win-rates}}", "{{options}}"):
        assert part in prose.body, part


def test_every_page_is_written_and_linked_from_every_other(written: dict[str, str]) -> None:
    names = ["index.html", *(f"rules-{g}.html" for g in harp.GAMES), "examples.html", "faq.html"]
    assert sorted(written) == sorted(names)
    for name, html in written.items():
        footer = html[html.index('<footer class="site">'):]
        assert re.findall(r'<a href="([\w.-]+)"', footer) == names, name
        assert f'<a href="{name}" aria-current="page">' in footer
        assert "{{" not in html and "\x00" not in html, name


def test_contents_and_faq_list_every_game(written: dict[str, str]) -> None:
    for game_id, rules in harp.GAMES.items():
        assert f'<li><a href="rules-{game_id}.html">{rules.name}</a>: ' in written["index.html"]
        row = f'<tr><td><code>{rules.prefix}</code></td><td><a href="rules-{game_id}.html">{rules.name}</a></td></tr>'
        assert row in written["faq.html"]


@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_options_table_says_the_games_own_rules(game_id: str, written: dict[str, str]) -> None:
    rules = harp.GAMES[game_id]
    html = written[f"rules-{game_id}.html"]
    assert f'<th scope="col">{rules.name}\'s own rule</th>' in html
    assert f"<tr><td>Draw</td><td>1 or 3 cards per tap</td><td>{rules.draw}</td></tr>" in html
    passes = "Unlimited" if rules.passes is None else "1" if rules.passes == 1 else f"{rules.passes} in total"
    assert f"<td>{passes}</td></tr>" in html
    assert ("<td>Any card</td>" in html) == (rules.empty == "any")
    assert f"<td>{'On' if rules.takeback else 'Off'}</td></tr>" in html
    toc = re.findall(r'<li><a href="#([\w-]+)">', html[html.index('<nav class="toc"'):])
    headings = re.findall(r'<(?:h2|section) id="([\w-]+)"', html)
    assert toc == [h for h in headings if h != "win-rates-h"], "the contents list every section, in order"


def test_a_game_without_prose_still_gets_a_page(written: dict[str, str]) -> None:
    strings = json.loads((pages.SOURCE / "en" / "strings.json").read_text(encoding="utf-8"))
    page = pages.Page("rules-harp.html", pages.Prose(), strings, {}, harp.GAMES["harp"])
    page.prose.body = "\n\n{{win-rates}}\n\n## Options {#options}\n\n{{options}}\n"
    html = pages.render(page, pages.TEMPLATE.read_text(encoding="utf-8"))
    assert "<h1>Harp</h1>" in html and "Not measured yet." in html and "<title>Harp rules · Harp help</title>" in html


def test_the_small_markdown() -> None:
    assert markdown.inline("a **b** *c* `d>e` [f](g.html#h)") == \
        'a <strong>b</strong> <em>c</em> <code>d&gt;e</code> <a href="g.html#h">f</a>'
    assert markdown.inline("`*not em*`") == "<code>*not em*</code>"
    assert markdown.block(["- one", "- *two*"]) == "<ul>\n<li>one</li>\n<li><em>two</em></li>\n</ul>"
    assert markdown.block(["1. one", "2. two"]) == "<ol>\n<li>one</li>\n<li>two</li>\n</ol>"
    assert markdown.block(["two", "lines"]) == "<p>two lines</p>"
    assert markdown.block(["<kbd>F</kbd> starts a paragraph"]) == "<p><kbd>F</kbd> starts a paragraph</p>"
    assert markdown.block(['<div class="note">', "<p>kept</p>", "</div>"]) == '<div class="note">\n<p>kept</p>\n</div>'
    assert '<th scope="row">Cards</th><td>52</td>' in markdown.block(["| Cards | 52 |"])
    head = markdown.block(["| Key | What |", "|---|---|", "| F | up |"])
    assert '<thead><tr><th scope="col">Key</th><th scope="col">What</th></tr></thead>' in head
    assert "<tr><td>F</td><td>up</td></tr>" in head


def test_bad_prose_is_refused() -> None:
    page = pages.Page("x.html", pages.Prose({}, "{{nonsense}}"), {}, {})
    with pytest.raises(ValueError, match="unknown part"):
        pages.render_body(page)


def test_the_source_tree_holds_only_the_template_and_prose() -> None:
    help_dir = ROOT / "static" / "help"
    assert sorted(p.name for p in help_dir.glob("*.html")) == [], "help pages are written by the build"
    assert (help_dir / "source" / "page.html").is_file()
