"""The one controller: applies the player's intents to the engine.

Input calls the intent methods (draw, tap, drop, undo...).  Every change to
the game, the settings or the statistics goes through ``_commit``, the one
place that saves and then renders.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import time
import urllib.parse
from typing import Any, Coroutine

import harp

from .cards import card_label, is_face_down, make_move, parse_move, pile_label
from .stats import Stats, clean_settings
from .store import Store
from .thinking import Slicer, think
from .winnable import Lists, is_default

DOUBLE_TAP_S = 0.45
HINT_SECONDS = 1.5      # the solver's thinking time for a hint, in slices (thinking.py)
STUCK_SECONDS = 3.0     # its time to prove a stuck game lost
PEEK_SECONDS = 5.0      # Show me's search that sees every card (the player agrees first)
SHOW_STEP_S = 0.35      # Show me plays one move this often


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
        # The solver's findings for the game in play.
        self.depth = 0                     # actions on the undo line: a play adds one, an undo takes one
        self.winnable_at: int | None = None  # depth of the last position a solver proved winnable
        self.known_win: list[str] | None = None  # a winning line from the position in play
        self.assisted = False              # Show me played in this game: a win does not count
        self.showing = False               # Show me is playing a win out
        self._show_seq = 0
        self.slicer = Slicer()             # solver nodes per slice, measured (thinking.py)
        self.winnable = Lists()            # the certified deal lists (winnable.py)

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
        self.depth = len(json.loads(data["game"]).get("actions") or [])
        mark = data.get("winnable_at")
        self.winnable_at = mark if type(mark) is int and 0 <= mark <= self.depth else None
        self.assisted = bool(data.get("assisted"))
        self.known_win = None
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
        self._player_acts()
        if not self.game.undo():
            self._refuse("Nothing to undo.")
            return False
        self._undone(1)
        self._commit()
        return True

    def _undone(self, n: int) -> None:
        """n actions were undone: a position before a winnable one is winnable too."""
        self.depth = max(self.depth - n, 0)
        if self.winnable_at is not None:
            self.winnable_at = min(self.winnable_at, self.depth)
        self.known_win = None

    def undo_to_winnable(self) -> bool:
        """Undo back to the last position a solver proved winnable, in one step."""
        self._player_acts()
        mark = self.winnable_at
        if mark is None or mark >= self.depth:
            self._say("No earlier winnable point is known in this game.")
            return False
        n = 0
        while self.depth - n > mark and self.game.undo():
            n += 1
        self._undone(n)
        self._commit()
        if self.depth > mark:
            self._say("Undo reaches back only so far: the last winnable point is out of reach.")
            return False
        self._say(f"Back {n} move{'s' if n != 1 else ''}, to the last point a win was known. "
                  "Press Hint, or Show me.", buttons={"showme"})
        return True

    def restart(self) -> None:
        """The same deal from its start (rules unchanged); the clock restarts too."""
        self._player_acts()
        known = self.winnable_at is not None
        self._replace(self.game.restart(), keep_count=True)
        if known:
            self.winnable_at = 0        # the start of a line that can be won
        self._commit()

    # -- the solver: hints, Show me, the stuck verdict ----------------------------
    def _thinking_wanted(self, version: int, seq: int) -> Any:
        return lambda: self._version == version and self._hint_seq == seq

    def _start_search(self, thoughtful: bool, seconds: float) -> Any:
        try:
            from harp.solver import start_search
            return start_search(self.game.copy(), max_seconds=seconds, thoughtful=thoughtful)
        except (ImportError, AttributeError, TypeError):
            return None

    def _thought(self) -> None:
        """Record the slices of the last search on the page, for people and tests."""
        stats = getattr(self.renderer, "think_stats", None)
        if stats is not None:
            stats(self.slicer.most_nodes, self.slicer.longest, self.slicer.slices)

    def _say(self, text: str, buttons: set[str] | frozenset[str] = frozenset()) -> None:
        """A message from the solver, with the buttons that fit it (in the
        solver panel; a page without one, like the embed, shows a toast)."""
        panel = getattr(self.renderer, "solver_panel", None)
        if panel is not None and panel(text, set(buttons)):
            return
        self.renderer.toast(text, 6)

    def _unsay(self) -> None:
        hide = getattr(self.renderer, "hide_solver_panel", None)
        if hide is not None:
            hide()

    def _player_acts(self) -> None:
        """The player did something: stop Show me and thinking, and drop the solver's message."""
        self._show_seq += 1
        self.showing = False
        self._hint_seq += 1
        self._unsay()

    def _mark_winnable(self, line: list[str]) -> None:
        self.winnable_at = self.depth
        self.known_win = list(line)

    async def _winnable_mark(self) -> int | None:
        """The last winnable point; a certified deal (default rules) is winnable from its start."""
        g = self.game
        if self.winnable_at is None and not g.daily and is_default(g.game_id, g.rules.options()):
            numbers = await self.winnable.load(g.game_id)
            if g is self.game and self.winnable_at is None and g.deal in numbers:
                self.winnable_at = 0
        return self.winnable_at if g is self.game else None

    def hint(self) -> None:
        """Think in slices (the page stays live), then highlight the move and say why."""
        if self.showing:
            self.stop_show()
        if self.game.is_won():
            self._say("The game is won: no more moves to make.")
            return
        self._hint_seq += 1
        spawn(self._hint(self._hint_seq, self._version))

    async def _hint(self, seq: int, version: int) -> None:
        g = self.game
        result = None
        if self.known_win and self.known_win[0] in g.legal_moves():
            self._show_hint(self.known_win[0], sure=True, result=None)   # no need to think again
            return
        search = self._start_search(False, HINT_SECONDS)
        if search is not None:
            def thinking(slices: int) -> None:
                if slices == 3:
                    self._say("Thinking\u2026", {"close"})
            result = await think(search, self.slicer, self._thinking_wanted(version, seq), thinking)
            if result is None:
                return                                  # the game moved on: drop it
            self._thought()
        easy = g.game_id == "easy-harp"
        if result is not None and result.verdict == "loss":
            self.renderer.clear_hint()
            if easy:                                    # Easy Harp never declares a loss
                self._say("No useful move found. Try Undo, or start a new game.")
                return
            await self._say_lost("No way to win from here: the solver tried every line of play.")
            return
        if result is not None and result.verdict == "win" and result.moves:
            self._mark_winnable(result.moves)
            move: str | None = result.moves[0]
        else:
            move = result.best_move if result is not None else None
        if move not in g.legal_moves():
            move = harp.hint(g)                         # the engine's quick heuristic
        if move is None:
            self.renderer.clear_hint()
            self._say("No useful move found. Try Undo, or start a new game.")
            return
        self._show_hint(move, sure=bool(self.known_win), result=result)

    def _show_hint(self, move: str, sure: bool, result: Any) -> None:
        """Mark the move on the board and say what the solver knows about it."""
        source, count, target = parse_move(move)
        self.renderer.show_hint(source, count, target)
        text = hint_text(move, self.renderer)
        if sure:
            self._say(f"{text} It starts a sure win: the solver found a way to win "
                      "from here with the cards in view.", {"showme"})
        elif result is None:
            self._say(text)
        else:
            why = ("No sure win found in the time allowed"
                   if result.seconds >= HINT_SECONDS * 0.9 else
                   "No sure win can be worked out from the cards in view")
            self._say(f"{text} {why}; this move {move_effect(self.game, move)}.", {"showme"})

    async def _say_lost(self, text: str) -> None:
        """Say a deal is lost from here, offering the way back to a winnable point."""
        version = self._version
        mark = await self._winnable_mark()
        if self._version != version:
            return
        if mark is not None and mark < self.depth:
            back = self.depth - mark
            self._say(f"{text} The last point known to be winnable is {back} "
                      f"move{'s' if back != 1 else ''} back.", {"rewind"})
        else:
            self._say(f"{text} Try Undo, or start a new game.")

    def show_me(self) -> None:
        """Play a known win out; with none known, ask first to look at the hidden cards."""
        if self.showing or self.game.is_won():
            return
        if self.known_win:
            self._show_seq += 1
            spawn(self._play_out(self._show_seq))
        elif self.dialogs is not None and hasattr(self.dialogs, "confirm_peek"):
            self.dialogs.confirm_peek()

    def peek_and_show(self) -> None:
        """The player agreed: search with every card in view, then play the win out."""
        self._hint_seq += 1
        spawn(self._peek(self._hint_seq, self._version))

    async def _peek(self, seq: int, version: int) -> None:
        search = self._start_search(True, PEEK_SECONDS)
        if search is None:
            self._say("The solver is not available here.")
            return
        self._say("Looking for a win, with every card in view\u2026", {"stop"})
        result = await think(search, self.slicer, self._thinking_wanted(version, seq))
        if result is None:
            return
        self._thought()
        if result.verdict == "win" and result.moves:
            self._mark_winnable(result.moves)
            self._show_seq += 1
            await self._play_out(self._show_seq)
        elif result.verdict == "loss" and self.game.game_id != "easy-harp":
            await self._say_lost("No way to win from here, even knowing every card.")
        elif result.verdict == "loss":
            self._say("No win found. Try Undo, or start a new game.")
        else:
            self._say("No win found in the time allowed. Try Hint, or Undo.")

    async def _play_out(self, seq: int) -> None:
        """Show me: one move of the known win every SHOW_STEP_S, until won or stopped."""
        self.showing = True
        self.renderer.clear_hint()
        while self._show_seq == seq and self.known_win and not self.game.is_won():
            move = self.known_win[0]
            self.assisted = True
            if not self._play(move, by_solver=True):
                self.known_win = None
                break
            if self._show_seq != seq or self.game.is_won():
                break
            left = len(self.known_win or [])
            self._say(f"Showing a win: {left} move{'s' if left != 1 else ''} to go.", {"stop"})
            await asyncio.sleep(SHOW_STEP_S)
        if self._show_seq == seq:
            self.showing = False
            self._unsay()

    def stop_show(self) -> None:
        """Stop Show me where it is (the rest of the win stays known), or the search for one."""
        self._hint_seq += 1
        if not self.showing:
            self._unsay()
            return
        self._show_seq += 1
        self.showing = False
        left = len(self.known_win or [])
        self._say(f"Stopped. The win goes on from here: {left} move{'s' if left != 1 else ''} to go.",
                  {"showme"})

    def new_game(self, game_id: str, options: dict[str, Any], kind: str, deal: int | None = None) -> None:
        """kind: 'new' (random deal, or this ``deal`` number), 'daily' or 'same' (this deal number)."""
        self._player_acts()
        self.settings["game"] = game_id
        self.settings["options"] = {**self.settings["options"], game_id: dict(options)}
        game = self._fresh_game(game_id, kind, deal)
        self._replace(game)
        self._commit()

    def open_code(self, code: str) -> str | None:
        """Open a typed deal code; return the error message, or None on success."""
        try:
            game = harp.Game.from_code(code)
        except ValueError as error:
            return str(error) or "That is not a deal code."
        self._player_acts()
        self._replace(game)
        self._commit()
        return None

    def set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value
        self._commit()

    # -- bookkeeping -----------------------------------------------------------
    def _fresh_game(self, game_id: str, kind: str, deal: int | None = None) -> harp.Game:
        if game_id not in harp.GAMES:
            game_id = next(iter(harp.GAMES))
        options = self.options_for(game_id)
        if kind == "daily":
            y, m, d = self.today()
            return harp.Game.new(game_id, deal=harp.daily_deal(datetime.date(y, m, d)),
                                 daily=True, **options)
        if kind == "same" and self.game is not None:
            return harp.Game.new(game_id, deal=self.game.deal, daily=self.game.daily, **options)
        return harp.Game.new(game_id, deal=deal, **options)

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
        self.depth = 0
        self.winnable_at = None
        self.known_win = None
        # A deal Show me has played stays shown: its restart or same deal does not count either.
        self.assisted = self.assisted and old is not None and old.code == game.code
        self._show_seq += 1
        self.showing = False
        self._unsay()
        if self.dialogs:
            self.dialogs.close_game_end()

    def _is_top(self, pile: str, index: int) -> bool:
        return index == len(self.renderer.pile_cards(pile)) - 1

    def _play(self, move: str, by_solver: bool = False) -> bool:
        try:
            self.game.play(move)
        except harp.IllegalMove as error:
            self._refuse(str(error))
            return False
        if not by_solver:
            self._player_acts()
        self.depth += 1
        if self.known_win and self.known_win[0] == move:
            self.known_win = self.known_win[1:]      # still on the winning line
            self.winnable_at = self.depth
        else:
            self.known_win = None
        if not self.counted:
            self.counted = True
            self.stats.started(self.game.game_id)
        if self._resumed_at is None:
            self._resumed_at = time.monotonic()
        if self.game.is_won() and not self.won_recorded:
            self.won_recorded = True
            seconds = self.seconds()
            self.elapsed, self._resumed_at = seconds, None    # the clock stops
            if self.assisted:                       # Show me won it: not a win of the player's
                self.stats.abandoned(self.game.game_id)
            else:
                self.stats.won(self.game.game_id, self.game.view()["score"], int(seconds))
            self._commit()
            if self.dialogs:
                self.dialogs.show_won(self.game.view(), int(seconds))
            return True
        self._commit()
        self._check_stuck()
        return True

    def _check_stuck(self) -> None:
        """Harpan's four checks when nothing useful is left (never in Easy Harp), then
        the solver's verdict: proven lost, or not."""
        g = self.game
        if g.game_id == "easy-harp" or g.is_won():
            return
        moves = g.view()["moves"]
        if moves == self._stuck_seen_at or (g.legal_moves() and not g.is_stuck()):
            return
        self._stuck_seen_at = moves
        if self.dialogs:
            self.dialogs.show_stuck(g.stuck_checks())
            self._hint_seq += 1
            spawn(self._stuck_verdict(self._hint_seq, self._version))

    async def _stuck_verdict(self, seq: int, version: int) -> None:
        """Run the solver (fair mode, in slices) on a stuck game; tell the dialog what it found."""
        tell = getattr(self.dialogs, "stuck_verdict", None)
        if tell is None:
            return
        search = self._start_search(False, STUCK_SECONDS)
        result = None
        if search is not None:
            result = await think(search, self.slicer, self._thinking_wanted(version, seq))
            if result is None:
                return
            self._thought()
        if result is None:
            tell("unknown", "The solver is not available here, so the game cannot say more.", None)
        elif result.verdict == "loss":
            mark = await self._winnable_mark()
            if self._version != version:
                return
            back = self.depth - mark if mark is not None and mark < self.depth else None
            text = "Proven lost: the solver tried every line of play from here, and none of them wins."
            if back:
                text += (f" The last point known to be winnable is {back} "
                         f"move{'s' if back != 1 else ''} back.")
            tell("loss", text, back)
        elif result.verdict == "win" and result.moves:
            self._mark_winnable(result.moves)
            tell("win", "Not lost: the solver found a way to win from here. Close this and press Hint.",
                 None)
        else:
            why = ("a move that turns up a card you have not seen yet might still help, so it "
                   "cannot be settled from the cards in view" if result.frontier else
                   "the solver could not settle it in the time allowed")
            move = result.best_move if result.best_move in self.game.legal_moves() else None
            if move:
                tell("move", f"Not proven lost: {why}. The solver's best try: "
                     f"{hint_text(move, self.renderer)[len('Hint: '):]}", None)
            else:
                tell("unknown", f"Not proven lost: {why}.", None)

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
                                 "elapsed": round(self.seconds(), 1),
                                 "winnable_at": self.winnable_at, "assisted": self.assisted})
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


def move_effect(game: harp.Game, move: str) -> str:
    """What a move does, in words: 'uncovers a card', 'empties a column'..."""
    probe = game.copy()
    before = probe.view()
    try:
        probe.play(move)
    except harp.IllegalMove:
        return "is the most promising one the solver found"
    after = probe.view()

    def hidden(view: dict[str, Any]) -> int:
        return sum(1 for col in view["tableau"] for card in col if is_face_down(card))

    def empty(view: dict[str, Any]) -> int:
        return sum(1 for col in view["tableau"] if not col)

    if hidden(after) < hidden(before):
        return "uncovers a card"
    if empty(after) > empty(before):
        return "empties a column"
    if sum(map(len, after["foundations"])) > sum(map(len, before["foundations"])):
        return "puts a card on a foundation"
    if move == "s":
        return "turns the stock over" if after["stock"] > before["stock"] else "draws from the stock"
    if move.startswith("w"):
        return "brings a card from the stock into play"
    if move.startswith("f"):
        return "takes a card back to build on it"
    return "is the most promising one the solver found"


def spawn(coroutine: Coroutine[Any, Any, Any]) -> None:
    """Run a coroutine on the page's event loop (without one, as in CPython tests, drop it)."""
    try:
        asyncio.ensure_future(coroutine)
    except RuntimeError:
        coroutine.close()
