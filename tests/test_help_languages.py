"""The help in every language (buildtools/help.py, static/help/source/<lang>/):
every language has every page and every string; each rules page opens with a
short "how to play" before the details; the win-rate section speaks like a
player and keeps its arithmetic in a "how we measured" note; the pages link
to each other across languages, and every relative link of a page in a
language folder leads to a file of the built site."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

import harp
import pytest

from buildtools import help as pages

LANGUAGES = pages.LANGUAGES
HOW_TO_PLAY_WORDS = 200


@pytest.fixture(scope="module")
def written() -> dict[str, dict[str, str]]:
    return {language: pages.pages(language) for language in LANGUAGES}


def test_every_language_has_every_page_and_string(written: dict[str, dict[str, str]]) -> None:
    english = pages.strings_of(pages.LANGUAGE)
    for language in LANGUAGES:
        assert sorted(written[language]) == sorted(written[pages.LANGUAGE]), language
        assert set(pages.strings_of(language)) == set(english), language
        for name in ("index", "examples", "faq", *harp.GAMES):
            assert pages.prose_path(name, language).is_file(), f"{language}/{name}.md"
        for name, html in written[language].items():
            assert f'<html lang="{language}">' in html, name
            assert "{{" not in html and "$" not in html.replace("$ ", ""), name


def words_of(html: str) -> int:
    return len(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", list(harp.GAMES))
def test_each_rules_page_opens_with_how_to_play(written: dict[str, dict[str, str]], language: str,
                                                 game_id: str) -> None:
    html = written[language][f"rules-{game_id}.html"]
    main = html[html.index("<main"):]
    first = re.search(r'<h2 id="([\w-]+)">', main)
    assert first and first.group(1) == "play", "the first section is how to play"
    start = first.end()
    play = main[start:main.index("<h2", start) if "<h2" in main[start:] else None]
    play = play[:play.index('<nav class="toc"')] if '<nav class="toc"' in play else play
    assert 40 < words_of(play) < HOW_TO_PLAY_WORDS


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_win_rate_speaks_like_a_player(written: dict[str, dict[str, str]], language: str) -> None:
    s = pages.strings_of(language)
    for game_id in harp.GAMES:
        html = written[language][f"rules-{game_id}.html"]
        start = html.index('<section id="win-rates"')
        section = html[start:html.index("</section>", start)]
        first = re.search(r'<p class="odds">([^<]+)</p>', section)
        assert first and " 10 " in first.group(1), game_id
        note = section[section.index('<details class="measured">'):]
        before = section[:section.index('<details class="measured">')]
        assert s["how_measured"] in note and "Wilson" in note and "%" in note
        assert "Wilson" not in before and "interval" not in before.lower(), "the arithmetic stays in the note"


def test_pages_link_to_themselves_in_the_other_languages(written: dict[str, dict[str, str]]) -> None:
    for name in written[pages.LANGUAGE]:
        assert f'<a href="sv/{name}" hreflang="sv" lang="sv">Svenska</a>' in written["en"][name]
        assert f'<a href="../{name}" hreflang="en" lang="en">English</a>' in written["sv"][name]


def test_every_relative_link_of_the_built_help_leads_to_a_file(site_dir: Path) -> None:
    help_dir = site_dir / "static" / "help"
    checked = 0
    for page in help_dir.rglob("*.html"):
        base = "http://x/" + page.relative_to(site_dir).as_posix()
        for link in re.findall(r'(?:href|src)="([^"#:]+)(?:#[^"]*)?"', page.read_text(encoding="utf-8")):
            target = urljoin(base, link).removeprefix("http://x/")
            assert (site_dir / target).is_file(), f"{page.relative_to(site_dir)}: {link}"
            checked += 1
    assert checked > 200
