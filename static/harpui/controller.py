"""The one controller: applies the player's intents to the engine.

Input calls the intent methods (draw, tap, drop, undo, finish...); the
game's lifecycle (start, resume, new deal, restart, a win) and its
statistics are here too.  A game left for another (Restart, New) is kept
until the player moves in the new one, so that Undo can bring it back; so
are the moves the way back to a winnable point took back (``redo``), which
the next Undo plays again as one change.
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
import copy
import datetime
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import harp

from .advisor import Advisor
from .cards import make_move, parse_move
from .announce import move_words
from .boardview import clock_text, deal_label
from .query import code_in, parse_query
from .words import card_name, reason, t, tn
from .clock import Clock
from .looks import PACE, look_attributes
from .ports import DialogWindows, Screen, Storage, Thinker
from .settings import clean_settings
from .stats import Stats
from .thinking import spawn
from .winnable import Lists

DOUBLE_TAP_S = 0.45
DAILY_LOOKBACK = 366     # days before today in which daily_date looks for a daily deal's day
FINISH_STEP_S = 0.07     # Finish plays one card home this often (0 with reduced motion; looks.PACE)
SAVING_AGAIN_S = 4       # "Saving again" stays on the notice line this long, then the line goes


class Controller:
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

    # -- start-up ------------------------------------------------------------
    def start(self, location_search: str = "", location_hash: str = "", first_code: str | None = None) -> None:
        """Load settings, stats and the saved game; a deal code in the URL wins.
        Without either, a new game starts: first_code's deal when it is one a
        new game could deal with these settings (the first visit's deal the
        page drew before Python started, harpui/early.py), else a random one."""
        self.settings = clean_settings(self.store.load("settings"))
        self.stats = Stats(self.store.load("stats"))
        resumed = self._resume(self.store.load("game"))
        code = url_code(location_search, location_hash)
        if code:
            try:
                wanted = harp.Game.from_code(code)
            except ValueError as error:
                self.screen.toast(t("msg.bad_link", error=reason(error)), 6)
            else:
                if not resumed or self.game.code != wanted.code:
                    kept = resumed and self._leave()
                    self._replace(wanted)
                    resumed = True
                    if kept:
                        self.screen.toast(f"{t('msg.opened', code=wanted.code)} {t('msg.take_back')}", 4)
        if not resumed:
            self._replace(self._first_game(first_code) or self._fresh_game(self.settings["game"], "new"))
        self._commit()
        problems = self.store.take_problems()
        if "game" in self.store.quarantined:
            problems.append(t("msg.new_started"))
        if problems and self.dialogs:
            self.dialogs.show_corrupt(problems)

    def _first_game(self, code: str | None) -> harp.Game | None:
        """code's game, when it is the deal a new game of the player's game and
        options would be; else None."""
        if not code:
            return None
        try:
            drawn = harp.Game.from_code(code)
        except ValueError:
            return None
        if drawn.game_id != self.settings["game"] or drawn.daily:
            return None
        fresh = self._fresh_game(drawn.game_id, "new", drawn.deal)
        return fresh if fresh.code == drawn.code else None

    def _resume(self, data: Any) -> bool:
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            if data is not None:
                self.store.quarantine("game", why=t("msg.not_a_save"))
            return False
        try:
            game = harp.Game.from_json(data["game"])
        except (ValueError, KeyError, TypeError) as error:
            self.store.quarantine("game", why=str(error))
            return False
        self.game = game
        self.counted = bool(data.get("counted"))
        self.won_recorded = bool(data.get("won_recorded"))
        self.assisted = bool(data.get("assisted"))
        self.clock.reset(float(data.get("elapsed") or 0))
        self._stuck_seen_at = game.view()["moves"] if game.is_won() else -1
        mark = data.get("winnable_at")
        known = type(mark) is int and 0 <= mark <= game.history_length
        self.advisor.game_replaced(mark if known else None)
        self.previous = checked_previous(data.get("previous"))
        self.redo = checked_redo(game, data.get("redo"))
        return True

    def follow(self, name: str) -> None:
        """Another tab of the game saved its ``name`` record ("game", "settings" or
        "stats"): take it, so this tab shows the game as last played and never
        writes an older one over it.  Nothing is saved: the other tab has."""
        if name == "settings":
            self.settings = clean_settings(self.store.load("settings"))
        elif name == "stats":
            self.stats = Stats(self.store.load("stats"))
        elif name == "game":
            data = self.store.load("game")
            if isinstance(data, dict) and data.get("game") == self.game.to_json():
                return                              # the same game: nothing to take
            self._stop_finish()
            if self.dialogs:
                self.dialogs.close_game_end()
            if not self._resume(data):
                return                              # unreadable: this tab's game stays
        else:
            return
        self._version += 1                          # a hint on the old position is stale
        self._show_change()

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

    def restart(self) -> None:
        """The same deal from its start (rules unchanged); the clock restarts too.
        Undo brings the game left back, until the first move."""
        self.advisor.player_acts()
        known = self.advisor.winnable_at is not None
        kept = self._leave()
        self._replace(self.game.restart(), keep_count=True)
        if known:
            self.advisor.winnable_at = 0   # the start of a line that can be won
        self._commit()
        if kept:
            self.screen.toast(f"{t('msg.restarted')} {t('msg.take_back')}")

    def new_game(self, game_id: str, options: dict[str, Any], kind: str, deal: int | None = None) -> None:
        """kind: 'new' (random deal, or this ``deal`` number), 'daily' or 'same' (this deal number)."""
        self.advisor.player_acts()
        self.settings["game"] = game_id
        self.settings["options"] = {**self.settings["options"], game_id: dict(options)}
        game = self._fresh_game(game_id, kind, deal)
        self._leave()
        self._replace(game)
        self._commit()

    def open_code(self, typed: str) -> str | None:
        """Open what the player typed or pasted: a deal code, a shared link with
        one, or a deal number of the game in play.  Return the error message,
        or None on success."""
        code = code_in(typed)
        try:
            if code.isdigit():
                if not 1 <= int(code) <= harp.MAX_DEAL:
                    return t("msg.deal_number_range", max_deal=harp.MAX_DEAL, number=code[:12])
                game = self._fresh_game(self.game.game_id, "number", int(code))
            else:
                game = harp.Game.from_code(code)
        except harp.BadCode as error:
            if error.key == "deal_out_of_range":
                return t("msg.code_no_deal", code=code[:40], max_deal=harp.MAX_DEAL)
            return reason(error) or t("msg.not_a_code")
        except ValueError as error:
            return reason(error) or t("msg.not_a_code")
        self.advisor.player_acts()
        self._leave()
        self._replace(game)
        self._commit()
        return None

    def set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value
        self._commit()

    # -- leaving a game, and bringing it back --------------------------------------
    def take_back_note(self) -> str:
        """' Undo brings your game back.' after leaving a game Undo can bring back, else ''."""
        return f" {t('msg.take_back')}" if self.previous is not None else ""

    def leaving_counts(self) -> bool:
        """Whether leaving the game in play would count it as lost (a counted game not won)."""
        return self.counted and not self.game.is_won()

    def _leave(self) -> bool:
        """Another game is about to replace this one: keep it for Undo, with the
        statistics as they are before leaving it, when the player has moved in it
        (else the game kept before, if any, stays kept).  True when one is kept."""
        if self.game is not None and self.game.view()["moves"] > 0:
            self.previous = {**self._record(), "stats": copy.deepcopy(self.stats.to_data())}
        return self.previous is not None

    def _take_back(self) -> None:
        """Bring back the game left: its position, history, clock, flags and the
        statistics from before it was left."""
        data, self.previous = self.previous, None
        assert data is not None
        self._resume(data)
        self.stats = Stats(data.get("stats"))
        if self.dialogs:
            self.dialogs.close_game_end()
        self._commit()
        self.screen.toast(t("msg.game_back"))

    # -- bookkeeping -----------------------------------------------------------
    def _fresh_game(self, game_id: str, kind: str, deal: int | None = None) -> harp.Game:
        if game_id not in harp.GAMES:
            game_id = next(iter(harp.GAMES))
        options: dict[str, Any] = self.options_for(game_id)
        if kind == "daily":
            y, m, d = self.today()
            return harp.Game.new(game_id, deal=harp.daily_deal(datetime.date(y, m, d)),
                                 daily=True, **options)
        if kind == "same" and self.game is not None:
            return harp.Game.new(game_id, deal=self.game.deal, daily=self.game.daily, **options)
        return harp.Game.new(game_id, deal=deal, **options)

    def options_for(self, game_id: str) -> dict[str, Any]:
        """Rule options remembered for game_id (only valid ones)."""
        return harp.valid_options(self.settings["options"].get(game_id))

    def in_play(self, game_id: str) -> int:
        """1 when the game on the table is of game_id, counted as played and not
        yet won: the win rate leaves it out until it ends."""
        return int(self.game.game_id == game_id and self.counted and not self.won_recorded)

    def daily_date(self, game: harp.Game) -> tuple[int, int, int] | None:
        """The day whose daily deal game is (year, month, day), looked for from
        today back a year; None for another deal."""
        if not game.daily:
            return None
        key = (game.deal, self.today())
        if self._daily_seen[0] != key:
            today = datetime.date(*self.today())
            found = next((day for day in (today - datetime.timedelta(days=back) for back in range(-1, DAILY_LOOKBACK))
                          if harp.daily_deal(day) == game.deal), None)
            self._daily_seen = (key, (found.year, found.month, found.day) if found else None)
        return self._daily_seen[1]

    def _today_number(self) -> int:
        return datetime.date(*self.today()).toordinal()

    def daily_words(self) -> str:
        """The New window's line on today's daily deal: done or not, and the daily streak."""
        done, streak = self.stats.daily_streak(self._today_number())
        text = t("daily.done" if done else "daily.open")
        return f"{text} {tn('daily.streak', streak)}" if streak else text

    def today(self) -> tuple[int, int, int]:
        if self._today is not None:
            return self._today()
        from .dom import today   # the player's calendar, from the browser
        return today()

    def _replace(self, game: harp.Game, keep_count: bool = False) -> None:
        """Swap in another game; an unfinished counted game ends the streak."""
        old = self.game
        if old is not None and not keep_count and self.counted and not old.is_won():
            self.stats.abandoned(old.game_id)
        self._stop_finish()
        self.game = game
        self.redo = None
        if not keep_count:
            self.counted = False
        self.won_recorded = False
        self.clock.reset()
        self._stuck_seen_at = -1
        self.assisted = False
        self.advisor.game_replaced()
        if self.dialogs:
            self.dialogs.close_game_end()

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


def checked_previous(data: Any) -> dict[str, Any] | None:
    """A saved record's "previous" (the game Undo can bring back), if it reads; else None."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return None
    if not isinstance(data.get("stats"), dict):
        return None
    try:
        harp.Game.from_json(data["game"])
    except (ValueError, KeyError, TypeError):
        return None
    return {key: value for key, value in data.items() if key != "previous"}


def checked_redo(game: harp.Game, line: Any) -> list[str] | None:
    """A saved record's "redo" (the moves Undo plays again), if they play from
    game's position; else None."""
    if not isinstance(line, list) or not line or not all(isinstance(move, str) for move in line):
        return None
    return list(line) if replayed(game, line) is not None else None


def replayed(game: harp.Game, line: list[str]) -> harp.Game | None:
    """A copy of game with line played again, as it stood before undo_back took
    the moves back: its move counter as it is now (an undo never lowers it, and
    playing them again is no new move); None if they do not play from here."""
    twin = game.copy()
    try:
        for move in line:
            twin.play(move)
    except harp.IllegalMove:
        return None
    twin.restore_counters(counter_after(game, twin), twin.undo_floor)
    return twin


def counter_after(game: harp.Game, replayed: harp.Game) -> int:
    """The move counter of game once the moves taken back are played again: as it
    is, but never fewer than the actions the game then holds."""
    return max(game.moves, replayed.history_length)


def url_code(search: str, fragment: str) -> str | None:
    """The deal code in '?code=...' or '#code=...', if any."""
    for part in (search, fragment):
        part = (part or "").lstrip("?#")
        values = parse_query(part).get("code")
        if values and values[0].strip():
            return values[0].strip()
    return None
