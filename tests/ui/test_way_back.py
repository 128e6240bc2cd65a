"""Nothing lost by a slip (issue 59, item 4): the way back to the last
winnable point (Advisor.rewind, through Controller.undo_back) takes many
moves back as one change, and the next Undo plays them all again as one
change, until the player moves, or another game comes; a reload keeps it.

The real Controller and Advisor in CPython, against the fakes of
tests/ui/fakes.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import harp
import pytest

from fakes import FakeSearch, Rig, play, rig, saved_game, verdict

COMMIT = ["render", "save game", "save settings", "save stats"]   # drawn, then saved (after_paint)

# Harpan deal 1's recorded win begins so (tests/browser/pagekit.py's HARPAN1_WIN): a card home,
# two moves between columns, four draws.
LINE = ["t7>f1", "t2>t5", "t5:2>t1", "s", "s", "s", "s"]
MARK = 2        # the last point known to be winnable: after LINE's first two moves


def at_the_end(**extra: Any) -> Rig:
    """LINE played and saved, its last winnable point MARK moves in."""
    return rig(code=None, items=saved_game(LINE, winnable_at=MARK, **extra))


def state(r: Rig) -> tuple[Any, ...]:
    """All that the way back and its Undo must leave exactly as they found it."""
    g = r.game
    return (g.code, g.view(reveal=True), g.history, g.undo_floor, g.score, g.moves)


def rewound(r: Rig) -> tuple[Any, ...]:
    """Take the way back as the solver's panel does; the state before it."""
    before = state(r)
    r.log.clear()
    assert r.controller.advisor.rewind()
    assert r.game.history == tuple(LINE[:MARK]) and r.log == COMMIT       # one change
    return before


def test_one_undo_brings_back_every_move_the_way_back_took_back() -> None:
    r = at_the_end()
    before = rewound(r)
    assert r.screen.panel == ("Back 5 moves, to the last point a win was known. Press Hint, or Show me; "
                              "Undo brings the moves back.")
    assert r.screen.info["redo"] and r.saved()["redo"] == LINE[MARK:]
    assert r.game.view()["moves"] == len(LINE)                            # an undo never lowers the counter
    r.log.clear()
    assert r.controller.undo()
    assert state(r) == before                                             # score and move counter too
    assert r.log == COMMIT                                                # saved and drawn once
    assert r.screen.toasts[-1] == "The 5 moves are back." and r.screen.said[-1] == "The 5 moves are back."
    assert r.screen.panel is None                                         # the rewind message is gone
    assert not r.screen.info["redo"] and "redo" not in r.saved()
    saved = harp.Game.from_json(r.saved()["game"])
    assert saved.history == tuple(LINE) and saved.view() == r.game.view()
    assert r.controller.advisor.winnable_at == MARK                       # still known
    # Then Undo goes on as usual, one move at a time; and the way back is there again.
    assert r.controller.undo() and r.game.history == tuple(LINE[:-1])
    assert r.controller.advisor.rewind() and r.game.history == tuple(LINE[:MARK])
    assert r.controller.undo() and r.game.history == tuple(LINE[:-1])


def test_the_undo_button_stays_on_at_the_start_while_it_brings_moves_back() -> None:
    r = rig(code=None, items=saved_game(LINE, winnable_at=0))
    assert r.controller.advisor.rewind() and r.game.history == ()
    view = r.screen.view
    assert view is not None and not view["can_undo"] and r.screen.info["redo"]   # render.py: Undo stays on
    assert r.controller.undo() and r.game.history == tuple(LINE)
    assert r.screen.toasts[-1] == "The 7 moves are back."


def test_undo_after_the_way_back_in_swedish() -> None:
    from harpui.words import set_language
    set_language("sv")
    try:
        r = at_the_end()
        rewound(r)
        assert r.screen.panel is not None and r.screen.panel.endswith("Ångra ger dig tillbaka dragen.")
        assert r.controller.undo() and r.screen.toasts[-1] == "De 5 dragen är tillbaka."
    finally:
        set_language("en")


@pytest.mark.parametrize("move", [
    lambda r: play(r, "s"),                                     # a draw
    lambda r: play(r, "t5:2>t1"),                               # by hand, even the first move taken back
    lambda r: r.controller.play_for_solver("s"),                # Show me's move
])
def test_a_move_after_the_way_back_drops_the_moves_it_took_back(move: Callable[[Rig], bool]) -> None:
    r = at_the_end()
    rewound(r)
    assert move(r)
    assert not r.screen.info["redo"] and "redo" not in r.saved()
    after = r.game.history
    assert r.controller.undo() and r.game.history == after[:-1]            # that move alone
    assert r.controller.undo() and r.game.history == tuple(LINE[:MARK - 1])


@pytest.mark.parametrize("leave", ["restart", "new", "code"])
def test_another_game_drops_the_moves_taken_back(leave: str) -> None:
    r = at_the_end()
    rewound(r)
    if leave == "restart":
        r.controller.restart()
    elif leave == "new":
        r.controller.new_game("harp", {}, "new")
    else:
        assert r.controller.open_code("EH1-N-AAAAAAF") is None
    assert not r.screen.info["redo"] and "redo" not in r.saved()
    assert r.controller.undo()                                  # the take-back: the game left, as it was left
    assert r.game.history == tuple(LINE[:MARK]) and r.controller.redo is None
    assert not r.screen.info["redo"]


def test_a_setting_or_a_hint_between_keeps_them() -> None:
    r = at_the_end()
    before = rewound(r)
    r.controller.set_setting("relaxed", True)
    r.controller.advisor.hint()                                 # no solver here: the engine's hint
    r.tasks.run()
    assert r.controller.undo() and state(r) == before


def test_a_reload_keeps_the_moves_taken_back() -> None:
    r = at_the_end()
    before = rewound(r)
    again = rig(code=None, items=r.storage.items)
    assert again.game.history == tuple(LINE[:MARK]) and again.screen.info["redo"]
    assert again.controller.undo() and state(again) == before
    assert "redo" not in again.saved()


def test_another_tab_takes_the_moves_taken_back_with_the_game() -> None:
    r = at_the_end()
    before = rewound(r)
    other = rig(code=None, items=saved_game(LINE, winnable_at=MARK))
    other.storage.items["harp.game"] = r.storage.items["harp.game"]
    other.controller.follow("game")
    assert other.screen.info["redo"]
    assert other.controller.undo() and state(other) == before


@pytest.mark.parametrize("redo", [
    ["t9>t1"],                      # no such column
    ["t5:2>t1", "t5:2>t1"],         # the second does not play
    "t5:2>t1",                      # not a list
    [3],
    [],
])
def test_moves_to_bring_back_that_do_not_play_are_left_out_and_the_save_still_loads(redo: Any) -> None:
    r = rig(code=None, items=saved_game(LINE[:MARK], redo=redo))
    assert r.game.history == tuple(LINE[:MARK]) and r.controller.redo is None
    assert not r.screen.info["redo"]
    assert r.dialogs.named("corrupt") == [] and "harp.backup.game" not in r.storage.items
    assert r.controller.undo() and r.game.history == tuple(LINE[:MARK - 1])


def test_a_saved_line_that_plays_comes_back_from_a_record_written_elsewhere() -> None:
    """The record's "redo" is plain data: the moves in notation, oldest first."""
    r = rig(code=None, items=saved_game(LINE[:MARK], redo=LINE[MARK:]))
    assert r.screen.info["redo"]
    assert r.controller.undo() and r.game.history == tuple(LINE)
    assert json.loads(r.storage.items["harp.game"])["data"].get("redo") is None


def test_an_undo_limit_is_kept_when_the_moves_come_back() -> None:
    """Easy Harp keeps only its last 100 actions for undo: the floor and the
    counter are as they were before the way back."""
    g = harp.Game.new("easy-harp", deal=5)
    line: list[str] = []
    while len(line) < 130:
        legal = g.legal_moves()
        move = "s" if "s" in legal else legal[0]
        g.play(move)
        line.append(move)
    r = rig(code=None, items=saved_game(line, "easy-harp", 5))
    before = state(r)
    assert before[3] == 30                                       # the undo floor
    assert r.controller.undo_back(200) == 100                    # no further than the rules allow
    assert r.controller.redo == line[30:]
    assert r.controller.undo() and state(r) == before



# What the panel says of a hint that won no imagined deal: with no move to show, and with
# the move most of them came closest with (after the board's words for the move).
NOTHING_WON = {
    "en": ("No move found that wins in any of 8 deals that fit the cards in view, or even comes closer to a win, "
           "and none turns up a card. Try Undo, or start a new game.",
           "No deal that fits the cards in view was won in the time allowed; in 5 of 8, this move came closest "
           "to a win."),
    "sv": ("Inget drag vinner i någon av 8 givar som stämmer med korten som syns eller ens kommer närmare en "
           "vinst, och inget vänder upp ett kort. Prova Ångra, eller börja ett nytt parti.",
           "Ingen giv som stämmer med korten som syns vanns på den tid som fanns; i 5 av 8 kom draget närmast "
           "en vinst."),
}


@pytest.mark.parametrize("language", NOTHING_WON)
def test_a_hint_that_no_imagined_deal_wins_says_so_in_both_languages(language: str) -> None:
    from harp.solver import Hint
    from harpui.words import set_language

    def says(answered: Hint) -> Rig:
        async def run(search: Any, still_wanted: Callable[[], bool], on_slice: Any = None) -> Any:
            return answered

        r = rig()
        r.thinker.start_hint = lambda game, avoid: FakeSearch()      # type: ignore[method-assign]
        r.thinker.run = run                                           # type: ignore[method-assign]
        r.controller.advisor.hint()
        r.tasks.run()
        return r

    set_language(language)
    try:
        nothing, closest = NOTHING_WON[language]
        r = says(Hint(None, samples=8))       # eight imagined deals, none won, no card to turn up
        assert r.screen.panel == nothing and r.screen.hints == []
        r = says(Hint("s", samples=8, leads=5))   # none won; five came closest starting with a draw
        assert r.screen.panel is not None and r.screen.panel.endswith(closest)
        assert r.screen.hints == [("s", 0, None)]             # the stock marked
    finally:
        set_language("en")


def test_the_next_hint_is_thought_of_ahead_and_a_press_then_answers_at_once() -> None:
    r = rig(answer=verdict("unknown", best="t2>t5"))
    r.controller.advisor.think_ahead()            # the page calls this after each change
    r.tasks.run()
    assert len(r.thinker.asked) == 1              # thought of once, in the background
    assert r.screen.panel is None                 # and nothing said until asked
    r.controller.advisor.hint()
    r.tasks.run()
    assert len(r.thinker.asked) == 1              # the press did not think again
    assert r.screen.hints == [("t2", 1, "t5")]
    r.controller.draw()                           # a change: what was thought of is stale
    r.controller.advisor.hint()
    r.tasks.run()
    assert len(r.thinker.asked) == 2
