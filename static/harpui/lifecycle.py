"""The game's life cycle: the start (the saved game, a code in the URL, the
first deal), another tab's save, Restart, a new deal, a typed code, leaving
a game and bringing it back, and the day's daily deal.

Lifecycle is the Controller's base class (controller.py): it works on the
Controller's state and commits each change through the Controller's
``_commit``, as every change is.
"""

from __future__ import annotations

import copy
import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import harp

from .query import code_in, parse_query
from .records import checked_previous, checked_redo
from .settings import clean_settings
from .stats import Stats
from .words import reason, t, tn

if TYPE_CHECKING:
    from .advisor import Advisor
    from .clock import Clock
    from .ports import DialogWindows, Screen, Storage

DAILY_LOOKBACK = 366     # days before today in which daily_date looks for a daily deal's day


class Lifecycle:
    """The Controller's start, its games coming and going, and the daily deal."""

    # The Controller's state and steps this works on (controller.py sets and defines them).
    store: Storage
    screen: Screen
    dialogs: DialogWindows | None
    advisor: Advisor
    clock: Clock
    settings: dict[str, Any]
    stats: Stats
    game: harp.Game
    counted: bool
    won_recorded: bool
    assisted: bool
    previous: dict[str, Any] | None
    redo: list[str] | None
    _today: Callable[[], tuple[int, int, int]] | None
    _daily_seen: tuple[Any, tuple[int, int, int] | None]
    _stuck_seen_at: int
    _version: int

    def _commit(self) -> None:
        raise NotImplementedError

    def _stop_finish(self) -> None:
        raise NotImplementedError

    def _show_change(self) -> None:
        raise NotImplementedError

    def _record(self) -> dict[str, Any]:
        raise NotImplementedError

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


def url_code(search: str, fragment: str) -> str | None:
    """The deal code in '?code=...' or '#code=...', if any."""
    for part in (search, fragment):
        part = (part or "").lstrip("?#")
        values = parse_query(part).get("code")
        if values and values[0].strip():
            return values[0].strip()
    return None
