"""The advisor: the solver's side of the conversation with the player.

Hint, Show me (and its peek at the hidden cards), the verdict on a stuck
game and the way back to the last winnable point, with their wording.  It
keeps what the solver has found for the game in play: the last position
proven winnable and a winning line from the position in play.

It never saves or draws the game itself: the moves Show me plays and the
undos back to a winnable point go through the controller (ports.Table),
which saves and then renders each change.  Pure Python, so CPython tests
drive it with a fake thinker.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Coroutine

import harp

from .cards import is_face_down, parse_move
from .words import card_name, pile_name
from .ports import Piles, Screen, Table, Thinker
from .thinking import spawn
from .winnable import Lists, is_default

if TYPE_CHECKING:
    from harp.solver import Result

HINT_SECONDS = 1.5      # the solver's thinking time for a hint, in slices (thinking.py)
STUCK_SECONDS = 3.0     # its time to prove a stuck game lost
PEEK_SECONDS = 5.0      # Show me's search that sees every card (the player agrees first)
SHOW_STEP_S = 0.35      # Show me plays one move this often


def plural(n: int, word: str = "move") -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


class Advisor:
    def __init__(self, table: Table, screen: Screen, thinker: Thinker, lists: Lists,
                 run_soon: Callable[[Coroutine[Any, Any, Any]], None] = spawn,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        self.table = table
        self.screen = screen
        self.thinker = thinker
        self.lists = lists                 # the certified deal lists (winnable.py)
        self._run_soon = run_soon
        self._sleep = sleep
        self.winnable_at: int | None = None  # history length of the last position proven winnable
        self.known_win: list[str] | None = None  # a winning line from the position in play
        self.showing = False               # Show me is playing a win out
        self._show_seq = 0
        self._play_outs = 0                # Show me play-outs still running (a stopped one ends after its pause)
        self._hint_seq = 0

    # -- what the controller tells it --------------------------------------------
    def player_acts(self) -> None:
        """The player did something: stop Show me and thinking, and drop the solver's message."""
        self._show_seq += 1
        self.showing = False
        self._hint_seq += 1
        self.unsay()

    def game_replaced(self, winnable_at: int | None = None) -> None:
        """Another game is in play (winnable_at: what is known of it, for a
        restart of a winnable deal or a resumed save)."""
        self.winnable_at = winnable_at
        self.known_win = None
        self._show_seq += 1
        self.showing = False
        self.unsay()

    def moved(self, move: str) -> None:
        """move was played: still on the winning line, or off it."""
        if self.known_win and self.known_win[0] == move:
            self.known_win = self.known_win[1:]
            self.winnable_at = self._depth()
        else:
            self.known_win = None

    def undone(self) -> None:
        """Actions were undone: a position before a winnable one is winnable too."""
        if self.winnable_at is not None:
            self.winnable_at = min(self.winnable_at, self._depth())
        self.known_win = None

    def _depth(self) -> int:
        """Actions on the undo line: a play adds one, an undo takes one."""
        return self.table.game.history_length

    # -- the player's asks -----------------------------------------------------------
    def hint(self) -> None:
        """Think in slices (the page stays live), then highlight the move and say why."""
        if self.showing:
            self.stop_show()
        if self.table.game.is_won():
            self.say("The game is won: no more moves to make.")
            return
        self._hint_seq += 1
        self._run_soon(self._hint(self._hint_seq, self.table.version))

    def show_me(self) -> None:
        """Play a known win out; with none known, ask first to look at the hidden cards."""
        if self.showing or self.table.game.is_won():
            return
        if self.known_win:
            self._show_seq += 1
            self._run_soon(self._play_out(self._show_seq))
        elif self.table.dialogs is not None:
            self.table.dialogs.confirm_peek()

    def peek_and_show(self) -> None:
        """The player agreed: search with every card in view, then play the win out."""
        self._hint_seq += 1
        self._run_soon(self._peek(self._hint_seq, self.table.version))

    def stop_show(self) -> None:
        """Stop Show me where it is (the rest of the win stays known), or the search for one."""
        self._hint_seq += 1
        if not self.showing:
            self.unsay()
            return
        self._show_seq += 1
        self.showing = False
        left = len(self.known_win or [])
        self.say(f"Stopped. The win goes on from here: {plural(left)} to go.", {"showme"})

    def rewind(self) -> bool:
        """Undo back to the last position a solver proved winnable, in one step."""
        self.player_acts()
        mark = self.winnable_at
        if mark is None or mark >= self._depth():
            self.say("No earlier winnable point is known in this game.")
            return False
        n = self.table.undo_back(self._depth() - mark)
        if self._depth() > mark:
            self.say("Undo reaches back only so far: the last winnable point is out of reach.")
            return False
        self.say(f"Back {plural(n)}, to the last point a win was known. "
                 "Press Hint, or Show me.", buttons={"showme"})
        return True

    def judge_stuck(self) -> None:
        """The stuck window is open: ask the solver whether the game is lost."""
        self._hint_seq += 1
        self._run_soon(self._stuck_verdict(self._hint_seq, self.table.version))

    # -- words on the screen -------------------------------------------------------
    def say(self, text: str, buttons: set[str] | frozenset[str] = frozenset()) -> None:
        """A message from the solver, with the buttons that fit it (in the
        solver panel; a page without one, like the embed, shows a toast)."""
        if not self.screen.solver_panel(text, set(buttons)):
            self.screen.toast(text, 6)

    def unsay(self) -> None:
        self.screen.hide_solver_panel()

    # -- thinking ------------------------------------------------------------------
    def _still_wanted(self, version: int, seq: int) -> Callable[[], bool]:
        return lambda: self.table.version == version and self._hint_seq == seq

    def _thought(self) -> None:
        """Record the slices of the last search on the page, for people and tests."""
        self.screen.think_stats(*self.thinker.last_run())

    def _mark_winnable(self, line: list[str]) -> None:
        self.winnable_at = self._depth()
        self.known_win = list(line)

    async def _winnable_mark(self) -> int | None:
        """The last winnable point; a certified deal (default rules) is winnable from its start."""
        g = self.table.game
        if self.winnable_at is None and not g.daily and is_default(g.game_id, g.rules.options()):
            numbers = await self.lists.load(g.game_id)
            if g is self.table.game and self.winnable_at is None and g.deal in numbers:
                self.winnable_at = 0
        return self.winnable_at if g is self.table.game else None

    async def _hint(self, seq: int, version: int) -> None:
        g = self.table.game
        result = None
        if self.known_win and self.known_win[0] in g.legal_moves():
            self._show_hint(self.known_win[0], sure=True, result=None)   # no need to think again
            return
        search = self.thinker.start(g, False, HINT_SECONDS)
        if search is not None:
            def thinking(slices: int) -> None:
                if slices == 3:
                    self.say("Thinking\u2026", {"close"})
            result = await self.thinker.run(search, self._still_wanted(version, seq), thinking)
            if result is None:
                return                                  # the game moved on: drop it
            self._thought()
        if result is not None and result.verdict == "loss":
            self.screen.clear_hint()
            if not g.rules.declares_loss:
                self.say("No useful move found. Try Undo, or start a new game.")
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
            self.screen.clear_hint()
            self.say("No useful move found. Try Undo, or start a new game.")
            return
        self._show_hint(move, sure=bool(self.known_win), result=result)

    def _show_hint(self, move: str, sure: bool, result: Result | None) -> None:
        """Mark the move on the board and say what the solver knows about it."""
        source, count, target = parse_move(move)
        self.screen.show_hint(source, count, target)
        text = hint_text(move, self.screen)
        if sure:
            self.say(f"{text} It starts a sure win: the solver found a way to win "
                     "from here with the cards in view.", {"showme"})
        elif result is None:
            self.say(text)
        else:
            why = ("No sure win found in the time allowed"
                   if result.seconds >= HINT_SECONDS * 0.9 else
                   "No sure win can be worked out from the cards in view")
            self.say(f"{text} {why}; this move {move_effect(self.table.game, move)}.", {"showme"})

    async def _say_lost(self, text: str) -> None:
        """Say a deal is lost from here, offering the way back to a winnable point."""
        version = self.table.version
        mark = await self._winnable_mark()
        if self.table.version != version:
            return
        if mark is not None and mark < self._depth():
            self.say(f"{text} The last point known to be winnable is "
                     f"{plural(self._depth() - mark)} back.", {"rewind"})
        else:
            self.say(f"{text} Try Undo, or start a new game.")

    async def _peek(self, seq: int, version: int) -> None:
        search = self.thinker.start(self.table.game, True, PEEK_SECONDS)
        if search is None:
            self.say("The solver is not available here.")
            return
        self.say("Looking for a win, with every card in view\u2026", {"stop"})
        result = await self.thinker.run(search, self._still_wanted(version, seq))
        if result is None:
            return
        self._thought()
        if result.verdict == "win" and result.moves:
            self._mark_winnable(result.moves)
            self._show_seq += 1
            await self._play_out(self._show_seq)
        elif result.verdict == "loss" and self.table.game.rules.declares_loss:
            await self._say_lost("No way to win from here, even knowing every card.")
        elif result.verdict == "loss":
            self.say("No win found. Try Undo, or start a new game.")
        else:
            self.say("No win found in the time allowed. Try Hint, or Undo.")

    async def _play_out(self, seq: int) -> None:
        """Show me: one move of the known win every SHOW_STEP_S, until won or stopped."""
        self.showing = True
        self.screen.clear_hint()
        self._play_outs += 1
        self.screen.show_me_running(True)
        try:
            while self._show_seq == seq and self.known_win and not self.table.game.is_won():
                if not self.table.play_for_solver(self.known_win[0]):
                    self.known_win = None
                    break
                if self._show_seq != seq or self.table.game.is_won():
                    break
                left = len(self.known_win or [])
                self.say(f"Showing a win: {plural(left)} to go.", {"stop"})
                await self._sleep(SHOW_STEP_S)
        finally:
            self._play_outs -= 1
            self.screen.show_me_running(self._play_outs > 0)
        if self._show_seq == seq:
            self.showing = False
            self.unsay()

    async def _stuck_verdict(self, seq: int, version: int) -> None:
        """Run the solver (fair mode, in slices) on a stuck game; tell the window what it found."""
        dialogs = self.table.dialogs
        if dialogs is None:
            return
        tell = dialogs.stuck_verdict
        search = self.thinker.start(self.table.game, False, STUCK_SECONDS)
        result = None
        if search is not None:
            result = await self.thinker.run(search, self._still_wanted(version, seq))
            if result is None:
                return
            self._thought()
        if result is None:
            tell("unknown", "The solver is not available here, so the game cannot say more.", None)
        elif result.verdict == "loss":
            mark = await self._winnable_mark()
            if self.table.version != version:
                return
            back = self._depth() - mark if mark is not None and mark < self._depth() else None
            text = "Proven lost: the solver tried every line of play from here, and none of them wins."
            if back:
                text += f" The last point known to be winnable is {plural(back)} back."
            tell("loss", text, back)
        elif result.verdict == "win" and result.moves:
            self._mark_winnable(result.moves)
            tell("win", "Not lost: the solver found a way to win from here. Close this and press Hint.",
                 None)
        else:
            why = ("a move that turns up a card you have not seen yet might still help, so it "
                   "cannot be settled from the cards in view" if result.frontier else
                   "the solver could not settle it in the time allowed")
            move = result.best_move if result.best_move in self.table.game.legal_moves() else None
            if move:
                tell("move", f"Not proven lost: {why}. The solver's best try: "
                     f"{hint_text(move, self.screen)[len('Hint: '):]}", None)
            else:
                tell("unknown", f"Not proven lost: {why}.", None)


def hint_text(move: str, piles: Piles) -> str:
    """Words for a hinted move: 'Hint: move the 7 of hearts to column 3.'"""
    source, count, target = parse_move(move)
    if source == "s":
        return "Hint: tap the stock."
    cards = piles.pile_cards(source)
    card = card_name(cards[len(cards) - count]) if len(cards) >= count > 0 else "card"
    what = f"the {card}" if count == 1 else f"the run from the {card}"
    where = "a foundation" if (target or "f").startswith("f") else pile_name(target or "").lower()
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
