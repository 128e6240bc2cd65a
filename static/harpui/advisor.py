"""The advisor: the solver's side of the conversation with the player.

Hint, Show me (and its peek at the hidden cards), the verdict on a stuck
game and the way back to the last winnable point; their words are
advicewords.py's.  It keeps what the solver has found for the game in play:
the last position proven winnable and a winning line from the position in
play.

It never saves or draws the game itself: the moves Show me plays and the
undos back to a winnable point go through the controller (ports.Table),
which renders and then saves each change.  Pure Python, so CPython tests
drive it with a fake thinker.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

import harp

from .advicewords import ViewPiles, hint_text, move_effect, move_text, plural
from .cards import parse_move
from .words import t
from .ports import Screen, Table, Thinker
from .thinking import spawn
from .winnable import Lists, is_default

if TYPE_CHECKING:
    from harp.solver import Hint, WayBack

HINT_SECONDS = 1.5      # the thinking time a hint is sized for (its budget is in nodes: harp.solver.hints)
STUCK_SECONDS = 3.0     # its time to prove a stuck game lost
PEEK_SECONDS = 5.0      # Show me's search that sees every card (the player agrees first)
SHOW_STEP_S = 0.35      # Show me plays one move this often
THINK_AHEAD_AFTER_S = 0.8   # the next hint is thought of once the position has stood this long


class Advisor:
    def __init__(self, table: Table, screen: Screen, thinker: Thinker, lists: Lists,
                 run_soon: Callable[[Coroutine[Any, Any, Any]], object] = spawn,
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
        self.ahead: Ahead | None = None    # the next hint, thought of in the background
        self.lost_at: int | None = None    # the last winnable point found by the way back...
        self.lost_by: str | None = None    # ...and the move played there, which Hint leaves out
        self._way_back_found: tuple[int, int] | None = None   # (version, its answer)

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

    def think_ahead(self) -> None:
        """After each change: start on the next hint in the background, in the same slices, so
        that a press of Hint usually answers at once (the page calls this after each commit)."""
        g = self.table.game
        version = self.table.version
        if g.is_won() or self.showing or (self.ahead is not None and self.ahead.version == version):
            return
        if self.known_win and self.known_win[0] in g.legal_moves():
            return                                      # the next hint is known already
        self.ahead = ahead = Ahead(version)
        self._run_soon(self._think_ahead(ahead))

    async def _think_ahead(self, ahead: Ahead) -> None:
        await self._sleep(THINK_AHEAD_AFTER_S)        # the player is thinking, not moving on
        if self.table.version != ahead.version or self.showing or ahead.superseded:
            ahead.running = False
            return
        search = self.thinker.start_hint(self.table.game, self._avoid())
        if search is None:
            ahead.running = False
            return
        ahead.started = True

        def slice_done(slices: int) -> None:
            if ahead.asked and slices == 3:
                self.say(t("advice.thinking"), {"close"})
        try:
            answer = await self.thinker.run(search, lambda: self.table.version == ahead.version, slice_done)
        except Exception as error:  # noqa: BLE001 - a solver bug: a hint all the same
            ahead.running = False
            _report(error)
            if ahead.asked and self.table.version == ahead.version:
                self._quick_hint()
            return
        ahead.running = False
        if answer is None or self.table.version != ahead.version:
            return
        ahead.answer = answer
        if ahead.asked:
            self._thought()
            await self._present(answer)

    def _avoid(self) -> frozenset[str]:
        """The move that lost the game, when the game is back where it was played."""
        if self.lost_by is not None and self.lost_at == self._depth():
            return frozenset({self.lost_by})
        return frozenset()

    def _depth(self) -> int:
        """Actions on the undo line: a play adds one, an undo takes one."""
        return self.table.game.history_length

    # -- the player's asks -----------------------------------------------------------
    def hint(self) -> None:
        """Think in slices (the page stays live), then highlight the move and say why."""
        if self.showing:
            self.stop_show()
        if self.table.game.is_won():
            self.say(t("advice.won"))
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
        self.say(t("advice.stopped", moves=plural(left)), {"showme"})

    def rewind(self) -> bool:
        """Undo back to the last position a solver proved winnable, in one step."""
        self.player_acts()
        mark = self.winnable_at
        if mark is None or mark >= self._depth():
            self.say(t("advice.no_point"))
            return False
        n = self.table.undo_back(self._depth() - mark)
        if self._depth() > mark:
            self.say(t("advice.out_of_reach"))
            return False
        text = t("advice.back", moves=plural(n))
        if self.lost_by is not None and self.lost_at == mark:
            text += " " + t("advice.lost_by", move=move_text(self.lost_by, self.screen))
        self.say(text, buttons={"showme"})
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
        if self.known_win and self.known_win[0] in g.legal_moves():
            self._show_hint(self.known_win[0], sure=True, answer=None)   # no need to think again
            return
        ahead = self.ahead
        if ahead is not None and ahead.version == version:
            if ahead.answer is not None:
                self._thought()
                await self._present(ahead.answer)       # thought of while the player was
                return
            if ahead.running and ahead.started:
                ahead.asked = True                      # it answers when it is done
                return
            ahead.superseded = True                     # not started yet: think here instead
        search = self.thinker.start_hint(g, self._avoid())
        if search is not None:
            def thinking(slices: int) -> None:
                if slices == 3:
                    self.say(t("advice.thinking"), {"close"})
            try:
                answer = await self.thinker.run(search, self._still_wanted(version, seq), thinking)
            except Exception as error:  # noqa: BLE001 - a solver bug: a hint all the same
                _report(error)
            else:
                if answer is None:
                    return                              # the game moved on: drop it
                self._thought()
                await self._present(answer)
                return
        self._quick_hint()

    def _quick_hint(self) -> None:
        """The engine's quick heuristic's move (no solver here, or its search failed)."""
        move = harp.hint(self.table.game)
        if move is None:
            self.screen.clear_hint()
            self.say(t("advice.no_useful"))
            return
        self._show_hint(move, sure=False, answer=None)

    async def _present(self, answer: Hint) -> None:
        """Show what a hint found: its move and why, or that no move helps."""
        g = self.table.game
        if answer.move is None or answer.move not in g.legal_moves():
            self.screen.clear_hint()
            if answer.lost and g.rules.declares_loss:
                await self._say_lost(t("advice.lost"))
            elif answer.samples:
                self.say(t("advice.no_winning_move", samples=answer.samples))
            else:
                self.say(t("advice.no_useful"))
            return
        if answer.sure:
            self._mark_winnable(answer.line)
        self._show_hint(answer.move, sure=answer.sure, answer=answer)

    def _show_hint(self, move: str, sure: bool, answer: Hint | None) -> None:
        """Mark the move on the board and say what the solver knows about it."""
        source, count, target = parse_move(move)
        self.screen.show_hint(source, count, target)
        text = hint_text(move, self.screen)
        if sure:
            self.say(f"{text} {t('advice.sure')}", {"showme"})
        elif answer is None:
            self.say(text)
        elif answer.leads:
            self.say(f"{text} {t('advice.closest', leads=answer.leads, samples=answer.samples)}", {"showme"})
        elif answer.samples:
            self.say(f"{text} {t('advice.odds', wins=answer.wins, samples=answer.samples)}", {"showme"})
        else:
            why = "advice.unsure_time" if answer.seconds >= HINT_SECONDS * 0.9 else "advice.unsure_view"
            self.say(f"{text} {t(why, effect=move_effect(self.table.game, move))}", {"showme"})

    async def _say_lost(self, text: str) -> None:
        """Say a deal is lost from here, offering the way back to the last winnable point."""
        version = self.table.version
        mark = await self._way_back()
        if self.table.version != version:
            return
        if mark is not None and mark < self._depth():
            self.say(f"{text} {self._last_point_words(mark)}", {"rewind"})
        else:
            self.say(f"{text} {t('advice.try_undo')}")

    async def _way_back(self) -> int | None:
        """The last winnable point of the player's own line: searched over the game's history
        in thoughtful mode (harp.solver.WayBackSearch), from the last point known winnable.
        It sets ``lost_at`` and ``lost_by``, the move played there, which hints then leave out."""
        g = self.table.game
        version = self.table.version
        if self._way_back_found is not None and self._way_back_found[0] == version:
            return self._way_back_found[1]              # asked again of the same position
        known = await self._winnable_mark()
        if self.table.version != version:
            return None
        search = self.thinker.start_way_back(g, known)
        if search is None:
            return known
        found: WayBack | None = await self.thinker.run(search, lambda: self.table.version == version)
        if found is None or found.actions is None:
            return known
        self.winnable_at = found.actions
        self.lost_at, self.lost_by = found.actions, found.move if found.exact else None
        self._way_back_found = (version, found.actions)
        return found.actions

    def _last_point_words(self, mark: int) -> str:
        """'The last winnable point is 5 moves back, just before this move: ...', naming the move
        the way back found (in words for the position it was played in), else the plainer words."""
        back = plural(self._depth() - mark)
        if self.lost_at != mark or self.lost_by is None:
            return t("advice.last_point", moves=back)
        return t("advice.lost_at", moves=back, move=self._move_then())

    def _move_then(self) -> str:
        """The losing move in words, as it was at the last winnable point."""
        assert self.lost_at is not None and self.lost_by is not None
        return move_text(self.lost_by, ViewPiles(self.table.game.at(self.lost_at).view()))

    async def _peek(self, seq: int, version: int) -> None:
        search = self.thinker.start(self.table.game, True, PEEK_SECONDS)
        if search is None:
            self.say(t("advice.no_solver"))
            return
        self.say(t("advice.peeking"), {"stop"})
        result = await self.thinker.run(search, self._still_wanted(version, seq))
        if result is None:
            return
        self._thought()
        if result.verdict == "win" and result.moves:
            self._mark_winnable(result.moves)
            self._show_seq += 1
            await self._play_out(self._show_seq)
        elif result.verdict == "loss" and self.table.game.rules.declares_loss:
            await self._say_lost(t("advice.lost_seeing_all"))
        elif result.verdict == "loss":
            self.say(t("advice.no_win"))
        else:
            self.say(t("advice.no_win_time"))

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
                self.say(t("advice.showing", moves=plural(left)), {"stop"})
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
            tell("unknown", t("verdict.no_solver"), None)
        elif result.verdict == "loss":
            mark = await self._way_back()
            if self.table.version != version:
                return
            back = self._depth() - mark if mark is not None and mark < self._depth() else None
            text = t("verdict.lost")
            if back and mark is not None:
                text += " " + self._last_point_words(mark)
            tell("loss", text, back)
        elif result.verdict == "win" and result.moves:
            self._mark_winnable(result.moves)
            tell("win", t("verdict.win"), None)
        else:
            why = t("verdict.unseen" if result.frontier else "verdict.no_time")
            move = result.best_move if result.best_move in self.table.game.legal_moves() else None
            if move:
                tell("move", t("verdict.best_try", why=why, move=move_text(move, self.screen)), None)
            else:
                tell("unknown", t("verdict.not_proven", why=why), None)


class Ahead:
    """The next hint, thought of in the background for one version of the game."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.running = True
        self.started = False               # its search has started (after THINK_AHEAD_AFTER_S)
        self.superseded = False            # Hint was pressed before it started: it never will
        self.asked = False                 # the player pressed Hint while it thought
        self.answer: Hint | None = None



def _report(error: Exception) -> None:
    """A failed search, in the browser's console (the player gets the quick heuristic's hint)."""
    print(f"harp: the hint's search failed: {error!r}")
