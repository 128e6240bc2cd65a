"""Input: turns pointer and keyboard events into the controller's intents.

Pointer Events cover mouse, touch and pen alike.  A press that moves more
than a few pixels becomes a drag (the cards follow the pointer and are
dropped on the pile under them); otherwise the pointerup is a tap (and the
browser's click that follows it is ignored; a click with no pointer gesture
before it, like element.click(), is a tap too).  Clicks are matched to
pointerups by the events' own times, not by when the page got round to them:
a busy phone may run a click's handler long after the tap, or after the next
tap's pointerup.  Two taps on the same card within DOUBLE_TAP_S are a double tap.
The keyboard moves a focus ring over the piles (roving tabindex), picks
cards up with Enter/Space and puts them down with Enter/Space.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from .cards import is_face_down
from .words import card_name, t, tn
from .early import EarlyTap, tap_target
from .controller import DOUBLE_TAP_S, Controller
from .dom import by_id, closest, later, listen, nil, proxy
from .ports import DialogWindows
from .render import Renderer

DRAG_START_PX = 6
BOARD_ACTIONS = {"undo", "restart", "hint", "finish"}   # toolbar actions that open no window
CLICK_AFTER_UP_S = 0.8


def menu_open() -> bool:
    """Whether the phone toolbar's menu (#tools-more, a popover) is open."""
    menu = by_id("tools-more")
    return not nil(menu) and bool(menu.matches(":popover-open"))


def close_menu() -> None:
    """Put the menu away (a tap outside it or Escape closes it too, by the browser)."""
    if menu_open():
        by_id("tools-more").hidePopover()


class Input:
    def __init__(self, controller: Controller, renderer: Renderer, dialogs: DialogWindows) -> None:
        self.controller = controller
        self.advisor = controller.advisor
        self.renderer = renderer
        self.dialogs = dialogs
        self.press: dict[str, Any] | None = None
        self.drag_els: list[Any] = []
        self._ups: list[float] = []    # event times (ms) of pointerups whose click has not come yet
        self.last_tap: tuple[str, int | None, float] | None = None   # pile, index, event time (ms)
        self.held: tuple[str, int] | None = None     # keyboard: (pile, count)
        self.focus = "t1"
        self._roving: Any = None

        board = by_id("board")
        listen(board, "pointerdown", self._down)
        listen(board, "click", self._click)
        listen(board, "focusin", self._focusin)
        listen(board, "contextmenu", self._contextmenu)
        listen(document, "keydown", self._key)
        # Made once, added on pointerdown and removed on pointerup.
        self._move_p = proxy(self._move)
        self._up_p = proxy(self._up)
        self._cancel_p = proxy(self._cancel)
        for button in document.querySelectorAll(".tools button[data-action]"):
            listen(button, "click", self._tool)
        controller.on_change.append(self._changed)

    # -- toolbar -------------------------------------------------------------
    def _tool(self, ev: Any) -> None:
        """A toolbar button.  Pressed by pointer (a click with a detail count),
        an action on the board hands the keyboard back to the board: Enter
        acts there, not on the button again.  (A window gives the focus back
        to its button when it closes, as windows do; the arrows move on the
        board from the toolbar too.)"""
        action = str(ev.currentTarget.getAttribute("data-action"))
        if action == "menu":        # the browser opens and closes the menu (a popover)
            return
        by_pointer = int(ev.detail or 0) > 0
        close_menu()
        self.act(action)
        if by_pointer and action in BOARD_ACTIONS and nil(document.querySelector("dialog[open]")):
            self._set_focus(self.focus)

    def act(self, action: str) -> None:
        self._drop_held()
        if action == "undo":
            self.controller.undo()
        elif action == "restart":
            self.controller.restart()
        elif action == "hint":
            self.advisor.hint()
        elif action == "finish":
            self.controller.finish()
        elif action == "draw":
            self.controller.draw()
        else:
            self.dialogs.open(action)

    # -- pointer -------------------------------------------------------------
    def _down(self, ev: Any) -> None:
        if not ev.isPrimary or (ev.pointerType == "mouse" and ev.button != 0):
            return
        hit = self._hit(ev.target)
        if hit is None:
            return
        pile, index = hit
        cards = self.renderer.pile_cards(pile)
        draggable = (pile != "s" and index is not None and index < len(cards)
                     and not is_face_down(cards[index])
                     and (pile[0] == "t" or index == len(cards) - 1))
        # A tap that puts the menu away (the browser closes it at the pointerup) only does that:
        # a press that has "started" and drags nothing ends as no move (_up), its click skipped.
        self.press = {"pile": pile, "index": index,
                      "count": len(cards) - index if index is not None else 0,
                      "draggable": draggable, "x": float(ev.clientX), "y": float(ev.clientY),
                      "id": ev.pointerId, "started": menu_open()}
        window.addEventListener("pointermove", self._move_p)
        window.addEventListener("pointerup", self._up_p)
        window.addEventListener("pointercancel", self._cancel_p)

    def _move(self, ev: Any) -> None:
        p = self.press
        if p is None or ev.pointerId != p["id"]:
            return
        dx, dy = float(ev.clientX) - p["x"], float(ev.clientY) - p["y"]
        if not p["started"]:
            if dx * dx + dy * dy < DRAG_START_PX * DRAG_START_PX:
                return
            p["started"] = True
            if p["draggable"]:
                self._drop_held()
                self.drag_els = self.renderer.elements(p["pile"], p["index"])
                self.renderer.lift(self.drag_els)
        if self.drag_els:
            ev.preventDefault()
            self.renderer.drag_to(self.drag_els, dx, dy)

    def _up(self, ev: Any) -> None:
        p = self.press
        if p is None or ev.pointerId != p["id"]:
            return
        self._end_press()
        # The browser's click after this pointerup is the same gesture: skip it (_click).
        self._ups.append(float(ev.timeStamp))
        if not p["started"]:
            self._tap(p["pile"], p["index"], float(ev.timeStamp))
            return
        els, self.drag_els = self.drag_els, []
        if not els:
            return
        target = self.renderer.drop_target(els[0], p["pile"])
        if target is not None:
            self.controller.drop(p["pile"], p["count"], target)
        self.renderer.settle(els)

    def _cancel(self, ev: Any) -> None:
        p = self.press
        if p is None or ev.pointerId != p["id"]:
            return
        self._end_press()
        els, self.drag_els = self.drag_els, []
        self.renderer.settle(els)

    def _end_press(self) -> None:
        self.press = None
        window.removeEventListener("pointermove", self._move_p)
        window.removeEventListener("pointerup", self._up_p)
        window.removeEventListener("pointercancel", self._cancel_p)

    def _contextmenu(self, ev: Any) -> None:
        # A long press on a phone must not open the browser's menu over the cards.
        if closest(ev.target, "[data-pile]") is not None:
            ev.preventDefault()

    def _click(self, ev: Any) -> None:
        """Clicks that no pointer gesture explains (element.click(), assistive tech).
        A click that comes within CLICK_AFTER_UP_S of a pointerup, in event
        time, is that pointerup's own and is skipped; each pointerup owns one."""
        at = float(ev.timeStamp)
        self._ups = [up for up in self._ups if at - up < CLICK_AFTER_UP_S * 1000]
        if self._ups and self._ups[0] <= at:
            del self._ups[0]
            return
        hit = self._hit(ev.target)
        if hit is not None:
            self._tap(*hit, at)

    def _hit(self, target: Any) -> tuple[str, int | None] | None:
        """(pile, card index) under an event target; index None for a pile's empty area."""
        el = closest(target, "[data-pile]")
        if el is None:
            return None
        pile = str(el.getAttribute("data-pile"))
        if pile not in self.renderer.piles:
            return None
        card_id = el.getAttribute("data-id")
        if not nil(card_id):
            where = self.renderer.where.get(int(card_id))
            if where is not None:
                return where
        cards = self.renderer.pile_cards(pile)
        return pile, (len(cards) - 1 if cards else None)

    def _tap(self, pile: str, index: int | None, at_ms: float) -> None:
        """A tap at event time at_ms (the page's clock, performance.now()): two
        taps are a double tap by when the player made them, not by when a busy
        page got round to them."""
        self._set_focus(pile, move_focus=False)
        self._drop_held()
        if pile == "s":
            self.controller.draw()
            return
        cards = self.renderer.pile_cards(pile)
        if index is None or index >= len(cards) or is_face_down(cards[index]):
            return
        if self.controller.settings["one_tap"]:
            self.last_tap = None
            self.controller.one_tap(pile, index)
            return
        last = self.last_tap
        if (last and last[0] == pile and last[1] == index and at_ms - last[2] < DOUBLE_TAP_S * 1000
                and self.controller.settings["double_tap"]):
            self.last_tap = None
            self.controller.double_tap(pile, index)
            return
        if self.controller.tap(pile, index):
            self.last_tap = None
            return
        tap = (pile, index, at_ms)
        self.last_tap = tap
        if not self.controller.settings["double_tap"] or not self.controller.column_takes(pile, index):
            # No second tap could move it either: say so at once, not after the double tap's wait.
            self.controller.tap_refused(pile, index)
            return

        def lone_tap() -> None:
            if self.last_tap is tap:
                self.last_tap = None
                self.controller.tap_refused(pile, index)
        later(DOUBLE_TAP_S + 0.05, lone_tap)

    def replay(self, taps: list[EarlyTap]) -> None:
        """Play taps made on the early board before the game was ready
        (harpui/early.py), in order, each if it still fits the board; two taps
        on one card count as a double tap only if they came that close (the
        early board stamps them with the same clock as events).  Say so when
        some no longer fit."""
        dropped = 0
        for tap in taps:
            target = tap_target(tap, self.renderer.where, self.renderer.pile_cards(tap.pile))
            if target is None:
                dropped += 1
                continue
            self._tap(*target, tap.at_ms)
        if dropped:
            self.renderer.toast(t("msg.tap_too_late"))

    # -- keyboard --------------------------------------------------------------
    def _focusin(self, ev: Any) -> None:
        el = closest(ev.target, "[data-pile]")
        if el is not None and el.classList.contains("pile"):
            self.focus = el.getAttribute("data-pile")
            self._rove()

    def _key(self, ev: Any) -> None:
        if ev.defaultPrevented or not nil(document.querySelector("dialog[open]")):
            return
        tag = str(ev.target.tagName or "").upper() if not nil(ev.target) else ""
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = str(ev.key)
        if ev.altKey or ev.metaKey or ev.ctrlKey:
            if (ev.ctrlKey or ev.metaKey) and key in ("z", "Z") and not ev.shiftKey:
                ev.preventDefault()
                self.act("undo")
            return
        active = document.activeElement
        in_board = closest(active, "#board") is not None
        # The toolbar has no use for the arrows: from there they move on the board too.
        on_page = (in_board or nil(active) or str(active.tagName).upper() == "BODY"
                   or closest(active, ".tools") is not None)
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            if on_page:
                ev.preventDefault()
                self._arrow(key)
            return
        if key in ("Enter", " ", "Spacebar"):
            if in_board:
                ev.preventDefault()
                self._enter()
            return
        if key == "Escape":
            if self.held:
                ev.preventDefault()
                self._drop_held()
                self.renderer.toast(t("msg.put_back"), 1.5)
            elif self.renderer.solver_panel_shown():
                ev.preventDefault()
                self.advisor.stop_show()
                self.renderer.hide_solver_panel()
            return
        k = key.lower()
        actions = {"s": "draw", "d": "draw", "u": "undo", "z": "undo", "h": "hint", "n": "new"}
        if k == "f":
            ev.preventDefault()
            if self.held:
                src, count = self.held
                self._drop_held()
                self.controller.drop(src, count, "f")
            else:
                self.controller.to_foundation(self.focus)
        elif k in actions:
            ev.preventDefault()
            self.act(actions[k])

    def _rows(self) -> tuple[list[str], list[str]]:
        names = self.renderer.pile_names()
        top = [n for n in names if not n.startswith("t")]
        # Left to right as shown: the left-handed layout puts the stock on the right.
        top.sort(key=lambda n: _center_x(self.renderer.piles[n]))
        return top, [n for n in names if n.startswith("t")]

    def _arrow(self, key: str) -> None:
        if self.focus not in self.renderer.piles:
            self.focus = "t1"
        held = self.held
        if held and held[0] == self.focus and held[0].startswith("t") and key in ("ArrowUp", "ArrowDown"):
            self._resize_held(+1 if key == "ArrowUp" else -1)
            return
        top, bottom = self._rows()
        row = top if self.focus in top else bottom
        i = row.index(self.focus)
        if key == "ArrowLeft":
            target = row[max(i - 1, 0)]
        elif key == "ArrowRight":
            target = row[min(i + 1, len(row) - 1)]
        else:
            other = bottom if row is top else top
            if (key == "ArrowUp") == (row is top):
                self._set_focus(self.focus)
                return
            x = _center_x(self.renderer.piles[self.focus])
            target = min(other, key=lambda n: abs(_center_x(self.renderer.piles[n]) - x))
        self._set_focus(target)

    def _enter(self) -> None:
        pile = self.focus
        if self.held:
            src, count = self.held
            if pile == src:
                if src.startswith("t"):
                    self._resize_held(+1, wrap=True)
                else:
                    self._drop_held()
                return
            self._drop_held()
            self.controller.drop(src, count, pile)
            return
        if pile == "s":
            self.controller.draw()
            return
        cards = self.renderer.pile_cards(pile)
        if not cards or is_face_down(cards[-1]):
            return
        self.held = (pile, 1)
        self.renderer.mark_held(pile, len(cards) - 1)
        self.renderer.toast(t("msg.holding", card=card_name(cards[-1])), 3)

    def _resize_held(self, step: int, wrap: bool = False) -> None:
        assert self.held is not None
        pile, count = self.held
        cards = self.renderer.pile_cards(pile)
        up = 0
        for card in reversed(cards):
            if is_face_down(card):
                break
            up += 1
        new = count + step
        if new > up:
            new = 1 if wrap else up
        new = max(new, 1)
        self.held = (pile, new)
        self.renderer.mark_held(pile, len(cards) - new)
        first = cards[len(cards) - new]
        self.renderer.toast(tn("msg.holding_run", new, card=card_name(first)), 2)

    def _drop_held(self) -> None:
        if self.held:
            self.held = None
            self.renderer.mark_held(None)

    def _set_focus(self, pile: str, move_focus: bool = True) -> None:
        self.focus = pile
        self._rove()
        if move_focus:
            el = self.renderer.piles.get(pile)
            if el is not None:
                el.focus()

    def _rove(self) -> None:
        """Roving tabindex: only the focused pile is in the Tab order."""
        el = self.renderer.piles.get(self.focus)
        if el is None or el is self._roving:
            return                  # (nothing to write: every move comes through here)
        if self._roving is not None:
            self._roving.setAttribute("tabindex", "-1")
        el.setAttribute("tabindex", "0")
        self._roving = el

    def _changed(self) -> None:
        """After every commit: a held card is put back, the focus stays valid."""
        self._drop_held()
        if self.focus not in self.renderer.piles:
            self.focus = "t1"
            self._roving = None
        self._rove()


def _center_x(el: Any) -> float:
    r = el.getBoundingClientRect()
    return float(r.left + r.right) / 2

