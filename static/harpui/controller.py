"""The one controller: applies the player's intents to the engine.

Input calls the intent methods (draw, tap, drop, undo, finish...); a win
and its statistics are here too, and the game's life cycle (start, resume,
new deal, restart, the daily deal) is its base class's (lifecycle.py).
A game left for another (Restart, New) is kept until the player moves in
the new one, so that Undo can bring it back; so are the moves the way back
to a winnable point took back (``redo``), which the next Undo plays again
as one change (records.py checks both as a save holds them).
Every change to the game, the settings or the statistics goes through
``_commit``, the one place that renders and then saves (once the change is
drawn, ``after_paint``).  What the solver
says (hint, Show me, the stuck verdict) is the advisor's (advisor.py); the
moves and undos it makes come back through here.

Pure Python: the screen, the store, the dialogs and the solver runner are
handed in (their Protocols are in ports.py), so CPython tests drive it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import harp

from .advisor import Advisor
from .cards import make_move, parse_move
from .announce import move_words
from .boardview import clock_text, deal_label
from .words import card_name, reason, t, tn
from .clock import Clock
from .looks import PACE, look_attributes
from .lifecycle import Lifecycle
from .ports import DialogWindows, Screen, Storage, Thinker
from .settings import clean_settings
from .stats import Stats
from .records import counter_after, replayed
from .thinking import spawn
from .winnable import Lists

DOUBLE_TAP_S = 0.45
FINISH_STEP_S = 0.07     # Finish plays one card home this often (0 with reduced motion; looks.PACE)
SAVING_AGAIN_S = 4       # "Saving again" stays on the notice line this long, then the line goes


class Controller(Lifecycle):
    def __init__(self, store: Storage, screen: Screen, thinker: Thinker, *,
                 lists: Lists | None = None, clock: Clock | None = None,
                 today: Callable[[], tuple[int, int, int]] | None = None,
                 run_soon: Callable[[Coroutine[Any, Any, Any]], object] = spawn,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        self.store = store
        self.screen = screen
        self.dialogs: DialogWindows | None = None  # set by start-up: the dialog windows
        self.on_change: list[Callable[[], None]] = []  # called after each commit (input drops a held card)
        self.sound: Callable[[str], None] = lambda kind: None   # start-up sets harpui.sound's player
        self.settings = clean_settings(None)
        self.stats = Stats()
        self.game: harp.Game = None  # type: ignore[assignment]  # start() puts one in play
        self.counted = False               # this game's "played" is in the stats
        self.won_recorded = False
        self.assisted = False              # Show me made the last moves: a win now would not count
        # The game left for this one (its saved record, plus "stats": the statistics from before
        # leaving it), while Undo can still bring it back: until the first move in this game.
        self.previous: dict[str, Any] | None = None
        # The moves undo_back took back (oldest first), while Undo can still play them again
        # as one change: until the player's next move, or another game.
        self.redo: list[str] | None = None
        # Whether the system asks for reduced motion, asked at each Finish step (the page's
        # media query, which follows the setting live): then the cards go home without pauses.
        self.motion_reduced: Callable[[], bool] = lambda: False
        # Runs what need not hold up the move's frame (saving, the screen reader's words, the
        # stuck check) once that frame is drawn: start-up sets dom.AfterPaint.  Here, at once.
        self.after_paint: Callable[[Callable[[], None]], None] = lambda fn: fn()
        self._save_pending = False
        self._finish_seq = 0
        self._finishing = False            # Finish is playing the cards home
        self._run_soon = run_soon
        self._sleep = sleep
        self.clock = clock or Clock()
        self._today = today
        self._daily_seen: tuple[Any, tuple[int, int, int] | None] = (None, None)   # daily_date's last answer
        self._stuck_seen_at = -1
        self._version = 0                  # bumped by every commit
        self._notice_shown: str | None = None   # the store's notice on the notice line
        self.winnable = lists or Lists()   # the certified deal lists (winnable.py)
        self.advisor = Advisor(self, screen, thinker, self.winnable, run_soon, sleep)

    @property
    def version(self) -> int:
        return self._version

    # -- intents -------------------------------------------------------------
    def draw(self) -> bool:
        return self._play("s")

    def tap(self, pile: str, index: int | None) -> bool:
        """A single tap: the card goes to a foundation if one takes it."""
        if pile == "s":
            return self.draw()
        if index is None or pile.startswith("f") or not self._is_top(pile, index):
            return False
        move = self.game.foundation_move(pile)
        return self._play(move) if move else False

    def tap_refused(self, pile: str, index: int | None) -> None:
        """A tap that found no foundation and was not followed by a second tap."""
        cards = self.screen.pile_cards(pile)
        if index is None or index >= len(cards) or pile.startswith("f"):
            return
        if self._is_top(pile, index):
            self._refuse(t("refuse.no_foundation", card=card_name(cards[index])))

    def _run_at(self, pile: str, index: int | None) -> tuple[list[str], int] | None:
        """The pile's cards and how many a tap at index picks up (the card and
        those on it); None where the tap finds no face-up card."""
        cards = self.screen.pile_cards(pile)
        if index is None or index >= len(cards) or cards[index] == "??":
            return None
        return cards, len(cards) - index

    def column_takes(self, pile: str, index: int) -> bool:
        """Whether a double tap on this card would move it (or the run from it) to a column."""
        run = self._run_at(pile, index)
        return run is not None and self.game.tableau_move(pile, run[1]) is not None

    def one_tap(self, pile: str, index: int | None) -> bool:
        """One-tap play: the card (or the run from it) goes to its best place; a
        refusal only when nothing takes it."""
        run = self._run_at(pile, index)
        if run is None or index is None or pile.startswith("f"):    # (no run without an index)
            return False
        if pile == "w" and not self._is_top(pile, index):
            return False                    # only the waste's top card plays
        cards, count = run
        move = self.best_move(pile, count)
        if move is None:
            self._refuse(t("msg.nothing_takes", card=card_name(cards[index])) if count == 1
                         else tn("msg.nothing_takes_run", count))
            return False
        return self._play(move)

    def best_move(self, pile: str, count: int) -> str | None:
        """Where one tap sends the top count cards of pile: a foundation first, then the
        move the hint picks when it moves these cards, then the column a double tap picks."""
        g = self.game
        if count == 1:
            home = g.foundation_move(pile)
            if home:
                return home
        hinted = harp.hint(g)
        if hinted and hinted != "s":
            source, moved, _ = parse_move(hinted)
            if source == pile and moved == count:
                return hinted
        return g.tableau_move(pile, count)

    def double_tap(self, pile: str, index: int | None) -> bool:
        """Two quick taps: the card (or the run from it) goes to a column."""
        run = self._run_at(pile, index)
        if run is None:
            return False
        cards, count = run
        move = self.game.tableau_move(pile, count)
        if move is None:
            self._refuse(t("refuse.no_column", card=card_name(cards[-count])) if count == 1
                         else t("refuse.no_column_run", count=count))
            return False
        return self._play(move)

    def drop(self, source: str, count: int, target: str) -> bool:
        """Cards dragged (or carried by keyboard) from source onto target."""
        if target == source:
            return False
        if target == "f" or target.startswith("f"):
            if source.startswith("f"):
                return False
            target = "f"
            if count > 1:
                self._refuse(t("refuse.one_to_foundation"))
                return False
        return self._play(make_move(source, count, target))

    def to_foundation(self, pile: str) -> bool:
        if pile == "s" or pile.startswith("f"):
            return False
        if not self.screen.pile_cards(pile):
            return False
        return self._play(f"{pile}>f")

    def undo(self) -> bool:
        """Take back the last move; right after the way back to a winnable point,
        play the moves it took back again (all of them, as one change); in a game
        with no moves yet, bring back the game Restart or New left (the take-back)."""
        self.advisor.player_acts()
        self._stop_finish()
        if self.redo is not None and self._redo():
            return True
        if self.previous is not None:
            self._take_back()
            return True
        if not self.game.undo():
            limit = self.game.rules.undo_limit
            if limit is not None and self.game.history_length > 0:
                self._refuse(tn("refuse.undo_limit", limit))   # there are moves, but the rules keep them
            else:
                self._refuse(t("refuse.nothing_to_undo"))
            return False
        self.advisor.undone()
        self._commit()
        self.screen.announce(t("say.undone"))
        return True

    def undo_back(self, count: int) -> int:
        """Undo up to count actions as one change (the advisor's way back to a
        winnable point); how many were undone.  The next Undo, if the player
        has not moved meanwhile, plays them all again as one change."""
        self._stop_finish()
        line = self.game.history
        n = 0
        while n < count and self.game.undo():
            n += 1
        if n:
            self.redo = list(line[len(line) - n:]) + (self.redo or [])
        self.advisor.undone()
        self._commit()
        return n

    def _redo(self) -> bool:
        """Play again the moves undo_back took back, as one change (saved and drawn
        once): the game as it was before, its score and move counter included.
        False, with the line dropped, if they no longer play from here."""
        line, self.redo = self.redo or [], None
        if replayed(self.game, line) is None:
            return False
        before = self.game.copy()
        for move in line:
            self.game.play(move)
            self.advisor.moved(move)        # still on a known win, or off it
        self.game.restore_counters(counter_after(before, self.game), self.game.undo_floor)
        self._commit()
        self.screen.toast(tn("msg.moves_back", len(line)))
        return True

    def play_for_solver(self, move: str) -> bool:
        """Show me plays a move: the game is assisted from now on."""
        self.assisted = True
        return self._play(move, by="solver")

    def finish(self) -> bool:
        """Play every card home, one foundation move at a time (each one saved and
        drawn), when foundation moves alone win from here; False when they do not."""
        if self._finishing or not self.game.finishing_moves():
            return False
        self.advisor.player_acts()
        self._finish_seq += 1
        self._finishing = True
        self._run_soon(self._finish(self._finish_seq))
        return True

    async def _finish(self, seq: int) -> None:
        game = self.game
        try:
            for move in game.finishing_moves() or []:
                if seq != self._finish_seq or game is not self.game or not self._play(move, by="finish"):
                    break
                if game.is_won():
                    break
                played = game.history_length
                pause = 0.0 if self.motion_reduced() else FINISH_STEP_S * PACE[self.settings["animation"]]
                await self._sleep(pause)
                if game is not self.game or game.history_length != played:
                    break                      # the player did something else meanwhile
        finally:
            if seq == self._finish_seq and self._finishing:
                self._finishing = False
                if not game.is_won() and game is self.game:
                    self._commit()             # Finish shows again where it stopped

    def _stop_finish(self) -> None:
        self._finish_seq += 1
        self._finishing = False

    def set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value
        self._commit()

    # -- bookkeeping -----------------------------------------------------------
    def _is_top(self, pile: str, index: int) -> bool:
        return index == len(self.screen.pile_cards(pile)) - 1

    def _play(self, move: str, by: str = "player") -> bool:
        """Play move for the player (by hand, or their Finish) or for the solver (Show me)."""
        before = self.game.view()
        try:
            self.game.play(move)
        except harp.IllegalMove as error:
            self._refuse(reason(error))
            return False
        self.sound("draw" if move == "s" else "move")
        self.previous = None                        # a move of its own: the game left stays left
        self.redo = None                            # and the moves taken back stay taken back
        if by != "finish":
            self._stop_finish()
        if by != "solver":
            self.advisor.player_acts()
            self.assisted = False                   # the player plays on: a win is theirs
        self.advisor.moved(move)
        if not self.counted:
            self.counted = True
            self.stats.started(self.game.game_id)
        self.clock.run()
        if self.game.is_won() and not self.won_recorded:
            self.won_recorded = True
            seconds = self.clock.stop()
            feats: list[str] = []
            if self.assisted:                       # Show me won it: not a win of the player's
                self.stats.abandoned(self.game.game_id)
            else:
                won = self.stats.won(self.game.game_id, self.game.view()["score"], int(seconds))
                if self.game.daily and self.daily_date(self.game) == self.today():
                    won.append(("daily_streak", self.stats.won_daily(self._today_number())))
                feats = feat_words(won)
            self._commit()
            self.sound("win")
            self.screen.announce(" ".join([t("say.won", score=self.game.view()["score"]), *feats]))
            if self.dialogs:
                self.dialogs.show_won(self.game.view(), int(seconds), self.assisted, feats)
            return True
        self._commit()
        if by != "solver":                          # Show me speaks through its own panel
            words = move_words(move, before, self.game.view())
            self.after_paint(lambda: self.screen.announce(words))
        if by == "player" and self.settings["auto_finish"]:
            self.finish()                           # "Finish by itself": when foundation moves alone win
        self.after_paint(self._check_stuck)
        return True

    def _check_stuck(self) -> None:
        """Harpan's four checks when nothing useful is left (not in a game that never
        declares a loss, like Easy Harp), then the solver's verdict: proven lost, or not."""
        g = self.game
        if not g.rules.declares_loss or g.is_won():
            return
        moves = g.view()["moves"]
        if moves == self._stuck_seen_at or (g.legal_moves() and not g.is_stuck()):
            return
        self._stuck_seen_at = moves
        if self.dialogs and self.dialogs.show_stuck(g.stuck_checks()):
            self.advisor.judge_stuck()

    def _refuse(self, message: str) -> None:
        """A refused move: shown when the rules are interactive, always said to screen readers."""
        self.sound("refuse")
        if self.settings["interactive"]:
            self.screen.toast(message)
        else:
            self.screen.announce(message)

    def info(self) -> dict[str, Any]:
        g = self.game
        return {"name": g.rules.name, "deal_label": deal_label(g.deal, g.daily, self.daily_date(g)),
                "relaxed": self.settings["relaxed"],
                "take_back": self.previous is not None,
                "redo": self.redo is not None,
                "finish": not self._finishing and bool(g.finishing_moves()),
                "looks": look_attributes(self.settings)}

    def relayout(self) -> None:
        """Render again without a change (the window was resized): no save."""
        self.screen.render(self.game.view(), self.game.rules, self.info())

    def _commit(self) -> None:
        """Render, then save everything: the one place that does both.  The save
        waits for the frame that shows the change (after_paint); commits before it
        make one save, of the game as it then is, which is what is drawn."""
        self._version += 1
        self._show_change()
        if not self._save_pending:
            self._save_pending = True
            self.after_paint(self.save)

    def save(self) -> None:
        """Write the game, the settings and the statistics, if a commit has not
        yet (the page calls this as it goes away too)."""
        if not self._save_pending:
            return
        self._save_pending = False
        record = self._record()
        if self.previous is not None:
            record["previous"] = self.previous
        if self.redo is not None:
            record["redo"] = list(self.redo)
        self.store.save("game", record)
        self.store.save("settings", self.settings)
        self.store.save("stats", self.stats.to_data())
        self.tell_saving()

    def tell_saving(self) -> None:
        """Keep the notice line in step with the store (after each save): why
        saving does not work, from the moment it stops (a save refused is said
        to screen readers too), and "saving again" for a moment once it works."""
        notice = self.store.notice
        if notice == self._notice_shown:
            return
        if notice:
            self.screen.notice(notice)
            if self.store.failing:
                self._run_soon(self._say(notice))
        else:
            again = t("store.saving_again")
            self.screen.notice(again, SAVING_AGAIN_S)
            self._run_soon(self._say(again))
        self._notice_shown = notice

    async def _say(self, text: str) -> None:
        """Say text to screen readers once the change in hand is done: its own words
        (a move's, said after the commit) would take the live region's place."""
        self.screen.announce(text)

    def _show_change(self) -> None:
        """Render the game, its clock, and tell on_change (after a commit, or
        after taking another tab's save)."""
        self.screen.render(self.game.view(), self.game.rules, self.info())
        self.screen.show_clock(int(self.clock.seconds()))
        for fn in self.on_change:
            fn()

    def _record(self) -> dict[str, Any]:
        """The game in play as the saved record holds it (harp.game's data)."""
        return {"game": self.game.to_json(), "counted": self.counted,
                "won_recorded": self.won_recorded, "elapsed": round(self.clock.seconds(), 1),
                "winnable_at": self.advisor.winnable_at, "assisted": self.assisted}


def feat_words(feats: list[tuple[str, int]]) -> list[str]:
    """What a win boasts of (Stats.won), in the page's words."""
    words = {"best_time": lambda n: t("won.best_time", time=clock_text(n)),
             "best_score": lambda n: t("won.best_score", score=n),
             "streak": lambda n: tn("won.streak", n),
             "daily_streak": lambda n: t("won.daily") + ("" if n < 2 else " " + tn("daily.streak", n))}
    return [words[key](number) for key, number in feats]
