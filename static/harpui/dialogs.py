"""The dialog windows: New game, Options, Statistics, Help, and the end of a game.

Each is a <dialog> in index.html opened with showModal(), which traps focus,
closes on Escape and gives focus back to the button that opened it.  A tap
outside a window (on its backdrop) closes it too, as its x does: every
window may close so (closing the won or stuck window keeps the game as it is).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import harp
from pyscript import document, window

from .controller import Controller
from .dom import by_id, listen, make
from .pagewords import use_language
from .boardview import clock_text
from .render import Renderer
from .thinking import spawn
from .winnable import count_text, is_default, pick
from .words import LANGUAGES, language, stuck_question, t, tn


def help_folder() -> str:
    """The help pages in the page's language (buildtools/help.py: English in the
    help folder itself, every other language in a folder of its code)."""
    lang = language()
    return "./static/help/" + ("" if lang == LANGUAGES[0] else f"{lang}/")


# The Options window's switches: checkbox id -> setting key (settings.DEFAULT_SETTINGS).
SWITCHES = (("set-one-tap", "one_tap"), ("set-double-tap", "double_tap"),
            ("set-interactive", "interactive"), ("set-relaxed", "relaxed"),
            ("set-auto-finish", "auto_finish"), ("set-four-colour", "four_colour"),
            ("set-left-handed", "left_handed"), ("set-sound", "sound"))
# Its lists: select id -> setting key (looks.CHOICES holds the values).
CHOICE_FIELDS = (("set-theme", "theme"), ("set-card-size", "card_size"),
                 ("set-animation", "animation"), ("set-card-back", "card_back"))


def _passes_value(passes: int | None) -> str:
    return "unlimited" if passes is None else str(passes)   # an option value, not words


def close_on_backdrop(dialog: Any) -> None:
    """A tap or click on dialog's backdrop closes it.  Only a press that began
    there counts: not a drag out of the window, and not the tap whose click
    lands on a window that opened under it (the stuck window after a move)."""
    began_outside = [False]

    def outside(ev: Any) -> bool:
        if not ev.target.isSameNode(dialog):        # the window's own content
            return False
        box = dialog.getBoundingClientRect()
        return not (box.left <= ev.clientX <= box.right and box.top <= ev.clientY <= box.bottom)

    def down(ev: Any) -> None:
        began_outside[0] = outside(ev)

    def click(ev: Any) -> None:
        if began_outside[0] and outside(ev) and dialog.open:
            dialog.close()
        began_outside[0] = False

    listen(dialog, "pointerdown", down)
    listen(dialog, "click", click)
    listen(dialog, "close", lambda ev: began_outside.__setitem__(0, False))


class Dialogs:
    """The page's dialog windows (ports.DialogWindows)."""

    def __init__(self, controller: Controller, renderer: Renderer) -> None:
        self.controller = controller
        self.advisor = controller.advisor
        self.renderer = renderer
        self._fill_games()
        listen(by_id("opt-game"), "change", lambda ev: self._show_options(self._picked_game(), "remembered"))
        listen(by_id("opt-defaults"), "click", lambda ev: self._show_options(self._picked_game(), "defaults"))
        listen(by_id("deal-new"), "click", lambda ev: self._deal("new"))
        listen(by_id("deal-daily"), "click", lambda ev: self._deal("daily"))
        listen(by_id("deal-same"), "click", lambda ev: self._deal("same"))
        listen(by_id("code-copy"), "click", lambda ev: self.copy_code())
        listen(by_id("code-open"), "click", lambda ev: self._open_code())
        listen(by_id("code-input"), "keydown", self._code_key)
        listen(by_id("code-input"), "input", lambda ev: self._code_error(""))
        for box, key in SWITCHES:
            listen(by_id(box), "change", self._setting_handler(key))
        listen(by_id("set-language"), "change", self._language_changed)
        for field, key in CHOICE_FIELDS:
            listen(by_id(field), "change", self._setting_handler(key, "value"))
        listen(by_id("set-card-size"), "change", lambda ev: self._show_size_note())   # after the size applies
        listen(by_id("won-undo"), "click", lambda ev: self._after_end("undo", "dlg-won"))
        listen(by_id("won-new"), "click", lambda ev: self._after_end("new", "dlg-won"))
        listen(by_id("stuck-undo"), "click", lambda ev: self._after_end("undo", "dlg-stuck"))
        listen(by_id("stuck-new"), "click", lambda ev: self._after_end("new", "dlg-stuck"))
        listen(by_id("stuck-rewind"), "click", lambda ev: self._after_end("rewind", "dlg-stuck"))
        # Certified winnable deals: the setting, and the count for the rules chosen.
        self._dealing = False
        listen(by_id("opt-winnable"), "change",
               lambda ev: self.controller.set_setting("winnable_only", bool(ev.target.checked)))
        for field in ("opt-game", "opt-draw", "opt-passes", "opt-empty", "opt-takeback"):
            listen(by_id(field), "change", lambda ev: self._show_count())
        listen(by_id("opt-defaults"), "click", lambda ev: self._show_count())
        # Show me, and the solver's message panel.
        listen(by_id("peek-go"), "click", self._peek)
        listen(by_id("solver-showme"), "click", lambda ev: self.advisor.show_me())
        listen(by_id("solver-rewind"), "click", lambda ev: self.advisor.rewind())
        listen(by_id("solver-stop"), "click", lambda ev: self.advisor.stop_show())
        listen(by_id("solver-close"), "click", self._close_panel)
        for dialog in document.querySelectorAll("dialog"):
            close_on_backdrop(dialog)

    def _show_size_note(self) -> None:
        """Say so where the board already spans the screen's width (a phone held
        upright): there the column count sets the card width, and a larger
        card size cannot change it."""
        board = by_id("board").getBoundingClientRect()
        by_id("card-size-note").hidden = board.width < document.documentElement.clientWidth - 2

    # -- opening ---------------------------------------------------------------
    def open(self, name: str) -> None:
        """name: 'new', 'settings', 'stats' or 'help'."""
        dialog = by_id(f"dlg-{name}")
        if dialog.open:
            return
        if name == "new":
            self._prepare_new()
        elif name == "settings":
            for box, key in SWITCHES:
                by_id(box).checked = self.controller.settings[key]
            for field, key in CHOICE_FIELDS:
                by_id(field).value = self.controller.settings[key]
            by_id("set-language").value = self.controller.settings["language"]
            self._show_size_note()
        elif name == "stats":
            self._fill_stats()
        elif name == "help":
            folder = help_folder()
            for link_id, page in (("help-all", "index"), ("help-examples", "examples"), ("help-faq", "faq")):
                by_id(link_id).setAttribute("href", f"{folder}{page}.html")
            link = by_id("help-rules")
            link.setAttribute("href", f"{folder}rules-{self.controller.game.game_id}.html")
            link.textContent = t("help.rules_of", game=harp.GAMES[self.controller.game.game_id].name)
        self._close_all()
        dialog.showModal()

    def _close_all(self) -> None:
        for d in document.querySelectorAll("dialog[open]"):
            d.close()

    def close_game_end(self) -> None:
        for name in ("dlg-won", "dlg-stuck"):
            d = by_id(name)
            if d.open:
                d.close()

    # -- New game --------------------------------------------------------------
    def _fill_games(self) -> None:
        select = by_id("opt-game")
        for game_id, rules in harp.GAMES.items():
            option = make("option", value=game_id)
            option.textContent = rules.name
            select.appendChild(option)

    def _picked_game(self) -> str:
        return str(by_id("opt-game").value)

    def _prepare_new(self) -> None:
        """Open on the game in play, with the rules it is played with."""
        game_id = self.controller.game.game_id
        by_id("opt-game").value = game_id
        self._show_options(game_id, "current")
        by_id("code-current").value = self.controller.game.code
        by_id("code-input").value = ""
        self._code_error("")
        by_id("opt-winnable").checked = bool(self.controller.settings.get("winnable_only"))
        by_id("new-leave-note").hidden = not self.controller.leaving_counts()
        by_id("daily-note").textContent = self.controller.daily_words()
        self._show_count()

    def _show_count(self) -> None:
        """How many certified winnable deals the chosen game and rules have."""
        game_id = self._picked_game()
        default = is_default(game_id, self._read_options())
        numbers = self.controller.winnable.known(game_id)
        by_id("winnable-count").textContent = count_text(numbers, default)
        if default and numbers is None:
            spawn(self._count_later(game_id))

    async def _count_later(self, game_id: str) -> None:
        await self.controller.winnable.load(game_id)
        if self._picked_game() == game_id:
            self._show_count()

    def _show_options(self, game_id: str, source: str) -> None:
        """source: 'current' (the game in play), 'remembered' (the last choice
        for this game, else its own rules) or 'defaults' (its own rules)."""
        rules = harp.GAMES[game_id]
        shown = self.controller.game.rules if source == "current" else rules
        opts: dict[str, Any] = {"draw": shown.draw, "passes": shown.passes, "empty": shown.empty,
                "takeback": shown.takeback}
        if source == "remembered":
            opts.update(self.controller.options_for(game_id))
        passes = by_id("opt-passes")
        passes.replaceChildren()
        choices = sorted({1, 3, *(p for p in (rules.passes, opts["passes"]) if p is not None)})
        for value in [*map(str, choices), "unlimited"]:
            option = make("option", value=value)
            text = t("new.unlimited") if value == "unlimited" else value
            option.textContent = t("new.usual", value=text) if value == _passes_value(rules.passes) else text
            passes.appendChild(option)
        passes.value = _passes_value(opts["passes"])
        by_id("opt-draw").value = str(opts["draw"])
        by_id("opt-empty").value = opts["empty"]
        by_id("opt-takeback").checked = bool(opts["takeback"])

    def _read_options(self) -> dict[str, Any]:
        passes = str(by_id("opt-passes").value)
        return {"draw": int(by_id("opt-draw").value),
                "passes": None if passes == "unlimited" else int(passes),
                "empty": str(by_id("opt-empty").value),
                "takeback": bool(by_id("opt-takeback").checked)}

    def _deal(self, kind: str) -> None:
        game_id = self._picked_game()
        if kind == "new" and self.controller.settings.get("winnable_only"):
            if not self._dealing:
                self._dealing = True
                spawn(self._deal_winnable(game_id, self._read_options()))
            return
        try:
            self.controller.new_game(game_id, self._read_options(), kind)
        except ValueError as error:
            self._code_error(str(error))
            return
        by_id("dlg-new").close()
        self.renderer.toast(t(f"msg.dealt.{kind}", game=harp.GAMES[game_id].name, deal=self.controller.game.deal)
                            + self.controller.take_back_note(), 4 if self.controller.take_back_note() else 2.5)

    async def _deal_winnable(self, game_id: str, options: dict[str, Any]) -> None:
        """New Deal from the certified list; for other rules, or no list, a random deal that says so."""
        try:
            numbers = await self.controller.winnable.load(game_id) if is_default(game_id, options) else []
            current = self.controller.game.deal if self.controller.game.game_id == game_id else None
            deal = pick(numbers, avoid=current) if numbers else None
            try:
                self.controller.new_game(game_id, options, "new", deal=deal)
            except ValueError as error:
                self._code_error(str(error))
                return
        finally:
            self._dealing = False
        by_id("dlg-new").close()
        name = harp.GAMES[game_id].name
        if deal is not None:
            self.renderer.toast(t("msg.dealt_certified", game=name, deal=deal, count=len(numbers))
                                + self.controller.take_back_note(), 5)
        else:
            why = "msg.uncertified_rules" if not is_default(game_id, options) else "msg.uncertified_game"
            self.renderer.toast(t(why, game=name, deal=self.controller.game.deal)
                                + self.controller.take_back_note(), 7)

    def _code_key(self, ev: Any) -> None:
        if ev.key == "Enter":
            ev.preventDefault()
            self._open_code()

    def _open_code(self) -> None:
        code = str(by_id("code-input").value).strip()
        if not code:
            self._code_error(t("msg.type_code", code="EH1-N-AAAAAAF"))
            return
        error = self.controller.open_code(code)
        if error:
            self._code_error(error)
            by_id("code-input").focus()
            return
        by_id("dlg-new").close()
        self.renderer.toast(t("msg.opened", code=self.controller.game.code) + self.controller.take_back_note(),
                            4 if self.controller.take_back_note() else 2.5)

    def _code_error(self, text: str) -> None:
        by_id("code-error").textContent = text

    def copy_code(self) -> None:
        asyncio.ensure_future(self._copy(self.controller.game.code))

    async def _copy(self, code: str) -> None:
        field = by_id("code-current")
        field.value = code
        try:
            await window.navigator.clipboard.writeText(code)
        except Exception:  # noqa: BLE001 - no clipboard permission: select and copy
            field.focus()
            field.select()
            try:
                ok = bool(document.execCommand("copy"))
            except Exception:  # noqa: BLE001 - refused too: the player copies by hand
                ok = False
            if not ok:
                self.renderer.toast(t("msg.copy_by_hand"))
                return
        self.renderer.toast(t("msg.copied", code=code), 2)

    # -- Options ---------------------------------------------------------------
    def _setting_handler(self, key: str, field: str = "checked") -> Any:
        """A change handler: a checkbox's checked state, or a list's value (field="value")."""
        def changed(ev: Any) -> None:
            value = bool(ev.target.checked) if field == "checked" else str(ev.target.value)
            self.controller.set_setting(key, value)
        return changed

    def _language_changed(self, ev: Any) -> None:
        """Options' language: the page speaks it at once, and it is remembered."""
        chosen = str(ev.target.value)
        use_language(chosen)
        self.renderer.rebuild()
        self.controller.set_setting("language", chosen)

    # -- Statistics --------------------------------------------------------------
    def _fill_stats(self) -> None:
        body = by_id("stats-table").querySelector("tbody")
        body.replaceChildren()
        for game_id, rules in harp.GAMES.items():
            rec = self.controller.stats.record(game_id) if game_id in self.controller.stats.games else None
            row = make("tr", data_game=game_id)
            head = make("th", scope="row")
            head.textContent = rules.name
            row.appendChild(head)
            if rec is None:
                values = ["0", "0", "\u2013", "0", "0", "\u2013", "\u2013"]
            else:
                best_time = rec["best_time"]
                values = [str(rec["played"]), str(rec["won"]),
                          self.controller.stats.win_rate(rec, self.controller.in_play(game_id)),
                          str(rec["streak"]), str(rec["best_streak"]),
                          str(rec["best_score"]) if rec["won"] else "\u2013",
                          clock_text(best_time) if rec["won"] and best_time is not None else "\u2013"]
            for value in values:
                cell = make("td")
                cell.textContent = value
                row.appendChild(cell)
            body.appendChild(row)

    # -- end of a game -----------------------------------------------------------
    def show_won(self, view: dict[str, Any], seconds: int, assisted: bool = False,
                 feats: Sequence[str] = ()) -> None:
        """The celebration (a tap skips it), then the window with the score and
        what the win boasts of."""
        by_id("dlg-won-title").textContent = t("won.assisted_title" if assisted else "won.title")
        summary = t("won.summary", score=view["score"], moves=view["moves"], time=clock_text(seconds))
        if assisted:
            summary += " " + t("won.assisted")
        by_id("won-summary").textContent = summary
        listing = by_id("won-feats")
        listing.replaceChildren()
        for line in feats:
            item = make("li")
            item.textContent = line
            listing.appendChild(item)
        listing.hidden = not feats
        self._close_all()
        code = view["code"]

        def open_window() -> None:
            if self.controller.game.code == code and self.controller.game.is_won():
                by_id("dlg-won").showModal()
        self.renderer.celebrate(open_window, show=not assisted)

    def show_stuck(self, checks: list[harp.StuckCheck]) -> bool:
        listing = by_id("stuck-checks")
        listing.replaceChildren()
        for check in checks:
            item = make("li", "found" if check.found else "none")
            item.textContent = t("stuck.answer", question=stuck_question(check),
                                 answer=t("stuck.yes" if check.found else "stuck.no"))
            listing.appendChild(item)
        by_id("dlg-stuck-title").textContent = t("stuck.title")
        by_id("stuck-verdict").textContent = t("stuck.checking")
        by_id("stuck-verdict").setAttribute("data-verdict", "thinking")
        by_id("stuck-rewind").hidden = True
        self._close_all()
        by_id("dlg-stuck").showModal()
        return True                 # the window says "Checking..." until stuck_verdict

    def stuck_verdict(self, kind: str, text: str, back: int | None) -> None:
        """The solver's word on a stuck game. kind: 'loss' (proven), 'win', 'move' or
        'unknown'; back: how many moves ago a win was known, for the way back."""
        by_id("dlg-stuck-title").textContent = t(f"stuck.title_{kind}" if kind in ("loss", "win", "move")
                                                 else "stuck.title")
        verdict = by_id("stuck-verdict")
        verdict.textContent = text
        verdict.setAttribute("data-verdict", kind)
        rewind = by_id("stuck-rewind")
        rewind.hidden = not back
        if back:
            rewind.textContent = tn("stuck.rewind_back", back)

    def confirm_peek(self) -> None:
        """Show me with no win in view: the player agrees to the solver seeing every card."""
        self._close_all()
        by_id("dlg-peek").showModal()

    def _peek(self, ev: Any) -> None:
        by_id("dlg-peek").close()
        self.advisor.peek_and_show()

    def _close_panel(self, ev: Any) -> None:
        self.advisor.stop_show()
        self.renderer.hide_solver_panel()

    def show_corrupt(self, problems: list[str]) -> None:
        by_id("corrupt-text").textContent = " ".join(problems)
        self._close_all()
        by_id("dlg-corrupt").showModal()

    def _after_end(self, action: str, dialog: str) -> None:
        by_id(dialog).close()
        if action == "undo":
            self.controller.undo()
        elif action == "rewind":
            self.advisor.rewind()
        else:
            self.open("new")
