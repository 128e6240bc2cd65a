"""The New Game window (games, rule options, new/daily/same deals, codes),
deal codes in the URL, Options, Statistics, Help and the stuck dialog."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import harp
import pytest
from playwright.sync_api import Page, expect

from pagekit import Table, assert_shows, wait_ready, code_of, layout, card_point, mouse_move

EASY5 = "EH1-N-AAAAAAF"


def page_today(page: Page) -> datetime.date:
    y, m, d = page.evaluate("() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; }")
    return datetime.date(y, m, d)


def test_new_daily_and_same_deal(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    page.click('#board [data-pile="s"]')

    page.click("#btn-new")
    expect(page.locator("#dlg-new")).to_be_visible()
    expect(page.locator("#opt-game")).to_have_value("easy-harp")
    expect(page.locator("#code-current")).to_have_value(EASY5)
    page.click("#deal-same")                       # the same deal, from its start
    expect(page.locator("#dlg-new")).to_be_hidden()
    assert_shows(page, harp.Game.from_code(EASY5))

    page.click("#btn-new")
    page.click("#deal-new")                        # a random deal of the same game
    code = code_of(page)
    assert code != EASY5 and code.startswith("EH1-N-")
    assert_shows(page, harp.Game.from_code(code))

    page.click("#btn-new")
    page.click("#deal-daily")
    daily = harp.Game.new("easy-harp", deal=harp.daily_deal(page_today(page)), daily=True)
    assert code_of(page) == daily.code and "-D-" in daily.code
    assert_shows(page, daily)
    expect(page.locator("#deal-label")).to_contain_text("Daily")


def test_game_and_rule_options(open_game: Callable[..., Page]) -> None:
    page = open_game()
    page.keyboard.press("n")                       # the keyboard opens New game too
    expect(page.locator("#dlg-new")).to_be_visible()
    page.select_option("#opt-game", "harpan")
    # The options show Harpan's own rules first.
    rules = harp.GAMES["harpan"]
    expect(page.locator("#opt-draw")).to_have_value(str(rules.draw))
    expect(page.locator("#opt-passes")).to_have_value("unlimited" if rules.passes is None else str(rules.passes))
    page.select_option("#opt-draw", "3")
    page.select_option("#opt-passes", "1")
    page.select_option("#opt-empty", "any")
    page.uncheck("#opt-takeback")
    page.click("#deal-new")
    g = harp.Game.from_code(code_of(page))
    assert (g.game_id, g.rules.draw, g.rules.passes, g.rules.empty, g.rules.takeback) == \
        ("harpan", 3, 1, "any", False)
    assert_shows(page, g)
    assert page.locator("#board [data-card]").count() == 52
    piles = page.eval_on_selector_all("#board .pile", "els => els.map(e => e.dataset.pile)")
    assert piles == ["s", "w", "f1", "f2", "f3", "f4"] + [f"t{i}" for i in range(1, 8)]
    # The choice is remembered for the next time the window opens.
    page.reload()
    wait_ready(page)
    page.click("#btn-new")
    expect(page.locator("#opt-game")).to_have_value("harpan")
    expect(page.locator("#opt-draw")).to_have_value("3")
    expect(page.locator("#opt-passes")).to_have_value("1")
    page.click("#opt-defaults")
    expect(page.locator("#opt-draw")).to_have_value(str(rules.draw))


def test_every_game_can_be_dealt(table: Table) -> None:
    """Each game in turn from the New Game window, in one page (one boot)."""
    page = table.deal(harp.Game.from_code(EASY5))
    for game_id, rules in harp.GAMES.items():
        page.click("#btn-new")
        page.select_option("#opt-game", game_id)
        page.click("#deal-new")
        g = harp.Game.from_code(code_of(page))
        assert g.game_id == game_id
        assert_shows(page, g)
        expect(page.locator("#game-name")).to_have_text(rules.name)


def test_typed_deal_code(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    page.click("#btn-new")
    page.fill("#code-input", "not a code")
    page.click("#code-open")
    expect(page.locator("#code-error")).not_to_be_empty()
    with pytest.raises(ValueError) as error:
        harp.Game.from_code("not a code")
    expect(page.locator("#code-error")).to_have_text(str(error.value))
    expect(page.locator("#dlg-new")).to_be_visible()
    page.fill("#code-input", "  eh1-n-aaaaaaf ")     # case and spaces do not matter
    page.keyboard.press("Enter")
    expect(page.locator("#dlg-new")).to_be_hidden()
    assert_shows(page, harp.Game.from_code(EASY5))


def test_copy_the_deal_code(table: Table) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    page.click("#btn-new")
    page.click("#code-copy")
    expect(page.locator("#toast")).to_contain_text(EASY5)


@pytest.mark.parametrize("how", ["?code=", "#code="])
def test_deal_code_in_the_url(open_game: Callable[..., Page], how: str) -> None:
    code = harp.Game.new("harpan", deal=77, draw=3).code
    page = open_game(path=how + code)
    assert_shows(page, harp.Game.from_code(code))
    assert "code=" not in page.url           # so a reload resumes rather than restarts


def test_bad_code_in_the_url_still_plays(open_game: Callable[..., Page]) -> None:
    page = open_game(path="?code=ZZ9-Q-NOPE")
    expect(page.locator("#toast")).to_contain_text("deal code")
    before = layout(page)["w"]
    page.click('#board [data-pile="s"]')
    assert layout(page)["w"] != before


def test_options_relaxed_mode_and_double_tap(open_game: Callable[..., Page]) -> None:
    page = open_game(path=f"?code={EASY5}")
    expect(page.locator("#score")).to_be_visible()
    page.click("#btn-settings")
    page.check("#set-relaxed")
    page.uncheck("#set-double-tap")
    page.get_by_role("button", name="Done").click()
    expect(page.locator("#score")).to_be_hidden()
    expect(page.locator("#moves")).to_be_hidden()
    # With double tap off, two quick taps do not look for a column.
    g = harp.Game.from_code(EASY5)
    pile = next(p for p in (f"t{i}" for i in range(1, 10))
                if g.foundation_move(p) is None and g.tableau_move(p))
    page.mouse.dblclick(*card_point(page, pile))
    assert_shows(page, g)


def test_statistics_count_played_games(open_game: Callable[..., Page]) -> None:
    page = open_game(path=f"?code={EASY5}")
    page.click("#btn-stats")
    row = page.locator('#stats-table tr[data-game="easy-harp"] td')
    expect(row.nth(0)).to_have_text("0")
    page.keyboard.press("Escape")
    page.click('#board [data-pile="s"]')           # the first move makes it a played game
    page.click("#btn-stats")
    expect(row.nth(0)).to_have_text("1")
    expect(row.nth(1)).to_have_text("0")
    expect(row.nth(2)).to_have_text("\u2013")      # the game in play is not a loss: no win rate yet
    expect(row.nth(6)).to_have_text("\u2013")                     # no best time before a win
    page.keyboard.press("Escape")
    page.click("[data-action=new]")
    page.click("#deal-new")                        # left for another game: now it is a loss
    page.click("#btn-stats")
    expect(row.nth(2)).to_have_text("0%")
    expect(page.locator("#stats-table tbody tr")).to_have_count(len(harp.GAMES))


def test_help_links_the_help_pages(table: Table, site_url: str) -> None:
    page = table.deal(harp.Game.from_code(EASY5))
    page.click("#btn-help")
    dialog = page.locator("#dlg-help")
    expect(dialog).to_be_visible()
    hrefs = dialog.locator("a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert hrefs and all(h.startswith("./static/help/") for h in hrefs)
    expect(page.locator("#help-rules")).to_have_attribute("href", "./static/help/rules-easy-harp.html")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#btn-help")).to_be_focused()      # focus goes back to the opener
    # The links lead to real pages of the built site (no 404: the watch checks).
    for href in hrefs:
        response = page.request.get(site_url + href[2:])
        assert response.ok, href


def _stuck_position() -> tuple[harp.Game, str] | None:
    """A Harpan position one move before the game is stuck."""
    for deal in range(1, 400):
        g = harp.Game.new("harpan", deal=deal, passes=1, draw=3)
        for _ in range(120):
            moves = [m for m in g.legal_moves()]
            if not moves or g.is_won():
                break
            for m in moves:
                probe = g.copy()
                probe.play(m)
                if probe.is_stuck() and not g.is_stuck():
                    return g, m
            ups = [m for m in moves if ">f" in m]
            g.play(ups[0] if ups else moves[-1])
    return None


def test_stuck_dialog_lists_the_checks(table: Table) -> None:
    found = _stuck_position()
    assert found is not None, "no Harpan position one move before stuck in deals 1-399"
    g, move = found
    page = table.deal(g)
    mouse_move(page, move)
    g.play(move)
    dialog = page.locator("#dlg-stuck")
    expect(dialog).to_be_visible()
    checks = g.stuck_checks()
    expect(page.locator("#stuck-checks li")).to_have_count(len(checks))
    for i, check in enumerate(checks):
        expect(page.locator("#stuck-checks li").nth(i)).to_contain_text(check.question)
    page.click("#stuck-undo")
    expect(dialog).to_be_hidden()
    g.undo()
    assert_shows(page, g)
