"""A whole game of each game played on a phone while the page is watched
frame by frame: no pile and no toolbar button may move by a pixel from the
deal to the win, Finish included (not a test module; see
test_whole_games_portrait.py, _landscape.py and _narrow.py, one file
a size so that the test workers share them out).

Each game is played in both languages across the two screen sizes: in
portrait, the games take English and Swedish in turn, and in landscape the
other way round.  (All four for every game would double the longest browser
tests for a check the language changes only through word widths.)"""

from __future__ import annotations

from collections.abc import Callable

import harp
import pytest
from playwright.sync_api import expect

from game_facts import SHORT_WINS, solved_line
from pagekit import Table, mouse_move, still, wait_shows

# Watches, frame by frame, where every pile and toolbar button is; window.__moved
# lists what moved.  A watch started before (another game's) stops.
WATCH_JS = """() => {
  const read = () => Object.fromEntries([...document.querySelectorAll("#board .pile[data-pile], .tools button")]
    .map(el => { const r = el.getBoundingClientRect();
                 return [el.dataset.pile || el.dataset.action, [r.left, r.top, r.width].map(Math.round).join()]; }));
  const first = read(), watch = (window.__watch || 0) + 1;
  window.__watch = watch;
  window.__moved = [];
  const tick = () => {
    if (window.__watch !== watch) return;
    const now = read();
    for (const key in first) if (now[key] !== first[key]) window.__moved.push(`${key}: ${first[key]} -> ${now[key]}`);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def languages(size: str) -> dict[str, str]:
    """{game id: language} for a screen size: English and Swedish in turn,
    starting with English in portrait and with Swedish in landscape."""
    first = 0 if size == "portrait" else 1
    return {game_id: ("en", "sv")[(first + i) % 2] for i, game_id in enumerate(harp.GAMES)}


def winning_line(game_id: str) -> tuple[harp.Game, list[str]]:
    """The game's short win (game_facts.SHORT_WINS: tests/test_game_facts.py checks that
    every game has one, won, with Finish soon) and the solver's winning line for it."""
    deal = SHORT_WINS[game_id]
    line = solved_line(game_id, deal)
    assert line is not None, f"the solver finds no win of {game_id} deal {deal}"
    return harp.Game.new(game_id, deal=deal), line


def play_to_the_win(table: Table, game_id: str) -> None:
    """Play game_id's winning line by mouse until Finish appears, tap Finish,
    and fail if any pile or toolbar button moved at any frame."""
    g, line = winning_line(game_id)
    page = table.deal(g)
    still(page)
    page.evaluate(WATCH_JS)
    for move in line:
        if g.finishing_moves() is not None:
            break
        mouse_move(page, move)
        g.play(move)
    wait_shows(page, g)
    finish = page.locator("[data-action=finish]")
    expect(finish).to_be_visible()
    finish.tap()
    expect(page.locator("#dlg-won")).to_be_visible(timeout=30_000)
    moved = page.evaluate("() => { window.__watch += 1; return window.__moved; }")   # the watch ends here
    assert moved == [], f"{game_id} moved: {moved[:10]}"
    page.keyboard.press("Escape")


def whole_games_test(size: str, games: tuple[str, ...] = ()) -> Callable[..., None]:
    """The test of a screen size's file: every game (or those of games), each in its language (languages)."""
    @pytest.mark.parametrize(("game_id", "language"),
                             [(g, lang) for g, lang in languages(size).items() if not games or g in games])
    def test_no_pile_moves_in_a_whole_game(phones: Callable[..., Table], game_id: str, language: str) -> None:
        play_to_the_win(phones(size, language), game_id)
    return test_no_pile_moves_in_a_whole_game
