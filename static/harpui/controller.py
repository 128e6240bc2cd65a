"""The one controller: applies the player's intents to the engine.

Input calls the intent methods (draw, tap, drop, undo...).  Every change to
the game, the settings or the statistics goes through ``_commit``, the one
place that saves and then renders.
"""

from __future__ import annotations

import asyncio
import datetime
import time
import urllib.parse
from typing import Any

import harp

from .cards import card_label, make_move, parse_move, pile_label
from .stats import Stats, clean_settings
from .store import Store

DOUBLE_TAP_S = 0.45
HINT_SECONDS = 1.5      # the solver's thinking time for a hint, in slices
HINT_SLICE = 150        # solver nodes between two yields to the browser


class Controller:
    def __init__(self, store: Store, renderer: Any) -> None:
        self.store = store
        self.renderer = renderer
        self.dialogs: Any = None           # set by main: the dialog windows
        self.on_change: list[Any] = []     # called after each commit (input drops a held card)
        self.settings = clean_settings(None)
        self.stats = Stats()
        self.game: harp.Game = None  # type: ignore[assignment]
        self.counted = False               # this game's "played" is in the stats
        self.won_recorded = False
        self.elapsed = 0.0                 # seconds played before _resumed_at
        self._resumed_at: float | None = None
        self._stuck_seen_at = -1
        self._version = 0                  # bumped by every commit
        self._hint_seq = 0

    # -- start-up ------------------------------------------------------------
    def start(self, location_search: str = "", location_hash: str = "") -> None:
        """Load settings, stats and the saved game; a deal code in the URL wins."""
        self.settings = clean_settings(self.store.load("settings"))
        self.stats = Stats(self.store.load("stats"))
        resumed = self._resume(self.store.load("game"))
        code = url_code(location_search, location_hash)
        if code:
            try:
                wanted = harp.Game.from_code(code)
            except ValueError as error:
                self.renderer.toast(f"That link holds a deal code that does not work: {error}", 6)
            else:
                if not resumed or self.game.code != wanted.code:
                    self._replace(wanted)
                    resumed = True
        if not resumed:
            self._replace(self._fresh_game(self.settings["game"], "new"))
        self._commit()
        if self.store.notice:
            self.renderer.notice(self.store.notice)
        problems = self.store.take_problems()
        if "game" in self.store.quarantined:
            problems.append("A new game has started.")
        if problems and self.dialogs:
            self.dialogs.show_corrupt(problems)

    def _resume(self, data: Any) -> bool:
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            if data is not None:
                self.store.quarantine("game", why="it is not a saved game")
            return False
        try:
            game = harp.Game.from_json(data["game"])
        except (ValueError, KeyError, TypeError) as error:
            self.store.quarantine("game", why=str(error))
            return False
        self.game = game
        self.counted = bool(data.get("counted"))
        self.won_recorded = bool(data.get("won_recorded"))
        self.elapsed = float(data.get("elapsed") or 0)
        self._resumed_at = None
        self._stuck_seen_at = game.view()["moves"] if game.is_won() else -1
        return True

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
        cards = self.renderer.pile_cards(pile)
        if index is None or index >= len(cards) or pile.startswith("f"):
            return
        if self._is_top(pile, index):
            self._refuse(f"No foundation takes the {card_label(cards[index])} yet.")

    def double_tap(self, pile: str, index: int | None) -> bool:
        """Two quick taps: the card (or the run from it) goes to a column."""
        cards = self.renderer.pile_cards(pile)
        if index is None or index >= len(cards) or cards[index] == "??":
            return False
        count = len(cards) - index
        move = self.game.tableau_move(pile, count)
        if move is None:
            what = card_label(cards[index]) if count == 1 else f"run of {count} cards"
            self._refuse(f"No column takes the {what}.")
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
                self._refuse("Only one card at a time goes to a foundation.")
                return False
        return self._play(make_move(source, count, target))

    def to_foundation(self, pile: str) -> bool:
        if pile == "s" or pile.startswith("f"):
            return False
        if not self.renderer.pile_cards(pile):
            return False
        return self._play(f"{pile}>f")

    def undo(self) -> bool:
        if not self.game.undo():
            self._refuse("Nothing to undo.")
            return False
        self._commit()
        return True

    def restart(self) -> None:
        """The same deal from its start (rules unchanged); the clock restarts too."""
        self._replace(self.game.restart(), keep_count=True)
        self._commit()

    def hint(self) -> None:
        """Think in slices (the page stays live), then highlight the move."""
        self._hint_seq += 1
        asyncio.ensure_future(self._hint(self._hint_seq, self._version))

    async def _hint(self, seq: int, version: int) -> None:
        g = self.game
        result = None
        try:
            from harp.solver import start_search
            search = start_search(g.copy(), max_seconds=HINT_SECONDS)
        except (ImportError, AttributeError, TypeError):
            search = None
        slices = 0
        while search is not None and result is None:
            result = search.advance(HINT_SLICE)
            if result is None:
                slices += 1
                if slices == 3:
                    self.renderer.toast("Thinking\u2026", HINT_SECONDS + 1)
                await asyncio.sleep(0)
                if self._version != version or self._hint_seq != seq:
                    return                              # the game moved on: drop it
        if result is not None and result.verdict == "loss":
            # Easy Harp never declares a loss; the other games may say so.
            self.renderer.toast("No hint: try Undo, or start a new game." if g.game_id == "easy-harp"
                                else "No way to win from here: try Undo, or a new game.")
            return
        move = result.best_move if result is not None else None
        if move not in g.legal_moves():
            move = harp.hint(g)                         # the engine's quick heuristic
        if move is None:
            self.renderer.toast("No hint: try Undo, or start a new game.")
            return
        source, count, target = parse_move(move)
        self.renderer.show_hint(source, count, target)
        self.renderer.toast(hint_text(move, self.renderer), 2.5)

    def new_game(self, game_id: str, options: dict[str, Any], kind: str) -> None:
        """kind: 'new' (random deal), 'daily' or 'same' (this deal number)."""
        self.settings["game"] = game_id
        self.settings["options"] = {**self.settings["options"], game_id: dict(options)}
        game = self._fresh_game(game_id, kind)
        self._replace(game)
        self._commit()

    def open_code(self, code: str) -> str | None:
        """Open a typed deal code; return the error message, or None on success."""
        try:
            game = harp.Game.from_code(code)
        except ValueError as error:
            return str(error) or "That is not a deal code."
        self._replace(game)
        self._commit()
        return None

    def set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value
        self._commit()

    # -- bookkeeping -----------------------------------------------------------
    def _fresh_game(self, game_id: str, kind: str) -> harp.Game:
        if game_id not in harp.GAMES:
            game_id = next(iter(harp.GAMES))
        options = self.options_for(game_id)
        if kind == "daily":
            y, m, d = self.today()
            return harp.Game.new(game_id, deal=harp.daily_deal(datetime.date(y, m, d)),
                                 daily=True, **options)
        if kind == "same" and self.game is not None:
            return harp.Game.new(game_id, deal=self.game.deal, daily=self.game.daily, **options)
        return harp.Game.new(game_id, **options)

    def options_for(self, game_id: str) -> dict[str, Any]:
        """Rule options remembered for game_id (only the known keys)."""
        saved = self.settings["options"].get(game_id)
        if not isinstance(saved, dict):
            return {}
        out: dict[str, Any] = {}
        if saved.get("draw") in (1, 3):
            out["draw"] = saved["draw"]
        if "passes" in saved and (saved["passes"] is None or
                                  (isinstance(saved["passes"], int) and saved["passes"] >= 1)):
            out["passes"] = saved["passes"]
        if saved.get("empty") in ("king", "any"):
            out["empty"] = saved["empty"]
        if isinstance(saved.get("takeback"), bool):
            out["takeback"] = saved["takeback"]
        return out

    def today(self) -> tuple[int, int, int]:
        from .dom import today
        return today()

    def _replace(self, game: harp.Game, keep_count: bool = False) -> None:
        """Swap in another game; an unfinished counted game ends the streak."""
        old = self.game
        if old is not None and not keep_count and self.counted and not old.is_won():
            self.stats.abandoned(old.game_id)
        self.game = game
        if not keep_count:
            self.counted = False
        self.won_recorded = False
        self.elapsed = 0.0
        self._resumed_at = None
        self._stuck_seen_at = -1
        if self.dialogs:
            self.dialogs.close_game_end()

    def _is_top(self, pile: str, index: int) -> bool:
        return index == len(self.renderer.pile_cards(pile)) - 1

    def _play(self, move: str) -> bool:
        try:
            self.game.play(move)
        except harp.IllegalMove as error:
            self._refuse(str(error))
            return False
        if not self.counted:
            self.counted = True
            self.stats.started(self.game.game_id)
        if self._resumed_at is None:
            self._resumed_at = time.monotonic()
        if self.game.is_won() and not self.won_recorded:
            self.won_recorded = True
            seconds = self.seconds()
            self.elapsed, self._resumed_at = seconds, None    # the clock stops
            self.stats.won(self.game.game_id, self.game.view()["score"], int(seconds))
            self._commit()
            if self.dialogs:
                self.dialogs.show_won(self.game.view(), int(seconds))
            return True
        self._commit()
        self._check_stuck()
        return True

    def _check_stuck(self) -> None:
        """Harpan's four checks when nothing useful is left (never in Easy Harp)."""
        if self.game.game_id == "easy-harp" or self.game.is_won():
            return
        moves = self.game.view()["moves"]
        if moves == self._stuck_seen_at or not self.game.is_stuck():
            return
        self._stuck_seen_at = moves
        if self.dialogs:
            self.dialogs.show_stuck(self.game.stuck_checks())

    def _refuse(self, message: str) -> None:
        if self.settings["interactive"]:
            self.renderer.toast(message)

    def seconds(self) -> float:
        if self._resumed_at is None:
            return self.elapsed
        return self.elapsed + time.monotonic() - self._resumed_at

    def info(self) -> dict[str, Any]:
        g = self.game
        rules = harp.GAMES[g.game_id]
        label = f"Daily deal {g.deal}" if g.daily else f"Deal {g.deal}"
        return {"name": rules.name, "deal_label": label,
                "relaxed": self.settings["relaxed"]}

    def relayout(self) -> None:
        """Render again without a change (the window was resized): no save."""
        self.renderer.render(self.game.view(), harp.GAMES[self.game.game_id], self.info())

    def _commit(self) -> None:
        """Save everything, then render: the one place that does both."""
        self._version += 1
        self.store.save("game", {"game": self.game.to_json(), "counted": self.counted,
                                 "won_recorded": self.won_recorded,
                                 "elapsed": round(self.seconds(), 1)})
        self.store.save("settings", self.settings)
        self.store.save("stats", self.stats.to_data())
        self.renderer.render(self.game.view(), harp.GAMES[self.game.game_id], self.info())
        self.renderer.show_clock(int(self.seconds()))
        for fn in self.on_change:
            fn()


def url_code(search: str, fragment: str) -> str | None:
    """The deal code in '?code=...' or '#code=...', if any."""
    for part in (search, fragment):
        part = (part or "").lstrip("?#")
        values = urllib.parse.parse_qs(part).get("code")
        if values and values[0].strip():
            return values[0].strip()
    return None


def hint_text(move: str, renderer: Any) -> str:
    """Words for a hinted move: 'Hint: move the 7 of hearts to column 3.'"""
    source, count, target = parse_move(move)
    if source == "s":
        return "Hint: tap the stock."
    cards = renderer.pile_cards(source)
    card = card_label(cards[len(cards) - count]) if len(cards) >= count > 0 else "card"
    what = f"the {card}" if count == 1 else f"the run from the {card}"
    where = "a foundation" if (target or "f").startswith("f") else pile_label(target or "").lower()
    return f"Hint: move {what} to {where}."
