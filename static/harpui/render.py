"""The renderer: puts g.view() on the page.

It draws from the view dict only and never reads game state back from the
DOM.  Card elements are keyed by the engine's stable card ids and reused:
a render moves, turns and re-labels the elements that changed and leaves
the rest alone (every attribute write is checked against a cache first).
It also owns the transient looks: dragged cards, held cards, hints.  The
cards' motion is motion.py's; the messages (toasts, the solver's panel, the
notice line) are messages.py's, its base class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import harp
from pyscript import document, window

from . import boardview, early, layout
from .cards import FACE_DOWN, SUIT_WORDS, is_face_down, is_red, view_pile_cards
from .announce import pile_words
from .words import card_name, t
from .dom import by_id, later, make, nil
from .messages import Messages
from .motion import Motion

SPRITE = ""    # the card art is in the page: symbols c-7H, back, f-S... (buildtools/pages.py)
FLIP_LIMIT = 24                      # animate moves of at most this many cards


class Renderer(Messages):
    """The page's board (ports.Screen, and the piles and drag looks input uses)."""

    def __init__(self) -> None:
        super().__init__()
        self.board = by_id("board")
        self.stock_area = by_id("stock-area")
        self.found_area = by_id("foundations")
        self.tableau = by_id("tableau")
        self.piles: dict[str, Any] = {}        # pile name -> element
        self.cards: dict[int, Any] = {}        # card id -> element
        # card id -> what was last written: face, pile, top, left, index in the pile
        self._written: dict[int, tuple[str, str, float, float, int]] = {}
        self._pile_written: dict[str, tuple[str, str, str]] = {}   # pile -> label, state, height
        self._pile_look: dict[str, tuple[str, str]] = {}   # pile -> (slot art, suit letter)
        self._relaxed = False
        self.looks: dict[str, str] = {}          # the look attributes written on <html>
        self._board_top = self._board_w = ""      # --board-top and --board-w as written
        self.order: dict[str, list[int]] = {}  # pile -> ids bottom->top, as rendered
        self.where: dict[int, tuple[str, int]] = {}  # card id -> (pile, index)
        self.view: dict[str, Any] | None = None
        self._shape: tuple[int, int, tuple[int | None, ...]] | None = None   # columns, foundations, their suits
        self._hint_seq = 0
        self._last: tuple[dict[str, Any], harp.Rules, dict[str, Any]] | None = None
        self._drawn_with: tuple[float, float, float] | None = None  # the measures the last render used
        self._dock = 0.0        # px at the bottom the solver's panel takes while shown
        self._smaller = False   # the cards are drawn smaller so the columns end above it
        self._turning = False        # cards turned face up in this render flip over
        self._info_written: dict[str, Any] = {}   # the status line and toolbar as last written
        self.motion = Motion(self)

    # -- building the piles --------------------------------------------------
    def _build_piles(self, view: dict[str, Any], rules: harp.Rules) -> None:
        ncols, nfound = len(view["tableau"]), len(view["foundations"])
        shape = (ncols, nfound, tuple(rules.slot_suit(i) for i in range(nfound)))
        if shape == self._shape:
            return
        self._shape = shape
        for area in (self.stock_area, self.found_area, self.tableau):
            area.replaceChildren()
        self.piles = {}
        self._pile_written = {}
        self._pile_look = {}
        self.order = {}
        self.where = {}
        self.board.setAttribute("data-columns", str(ncols))
        self.board.style.setProperty("--cols", str(ncols))
        self.board.style.setProperty("--found", str(nfound))
        self.board.setAttribute("data-found", str(nfound))

        areas = {"stock": self.stock_area, "waste": self.stock_area,
                 "foundation": self.found_area, "column": self.tableau}
        for slot in boardview.slots(rules, ncols, nfound):
            el = make("div", f"pile {slot.kind}", data_pile=slot.name, tabindex="-1", role="button")
            el.setAttribute("aria-roledescription", t("pile.role"))
            if slot.art:
                el.innerHTML = (f'<svg class="slot-art" aria-hidden="true">'
                                f'<use href="{SPRITE}#{slot.art}"></use></svg>')
            if slot.suit:
                el.setAttribute("data-suit", SUIT_WORDS[slot.suit])
            areas[slot.kind].appendChild(el)
            self.piles[slot.name] = el
            self.order[slot.name] = []
            self._pile_look[slot.name] = (slot.art, slot.suit)

    def rebuild(self) -> None:
        """Build the piles afresh at the next render (the page's language changed)."""
        self._shape = None
        self._info_written = {}

    # -- metrics -------------------------------------------------------------
    def _measure_board(self) -> None:
        """Tell style.css where the board starts (--board-top, for the card size of
        the phone landscape and short window layout) and how wide it is (--board-w,
        for messages).  static/early-board.js does the same before Python starts."""
        top = f"{float(self.board.getBoundingClientRect().top) + float(window.scrollY):.0f}px"
        if top != self._board_top:
            self._board_top = top
            self.board.style.setProperty("--board-top", top)
        width = f"{float(self.board.getBoundingClientRect().width):.0f}px"
        if width != self._board_w:
            self._board_w = width
            document.documentElement.style.setProperty("--board-w", width)

    def _metrics(self) -> tuple[float, float, float]:
        """Card width and height in px, and the height a column may use."""
        self._measure_board()
        return layout.metrics(float(self.piles["t1"].offsetWidth), float(self.tableau.getBoundingClientRect().top),
                              self._floor(), self._dock)

    @staticmethod
    def _floor() -> float:
        """Where the board's room ends: the top of the toolbar where it sits at
        the bottom of the screen (a phone held upright), else the window's bottom
        (static/early-board.js's roomFloor() too)."""
        tools = document.querySelector(".tools")
        if not nil(tools) and str(window.getComputedStyle(tools).position) == "fixed":
            return float(tools.getBoundingClientRect().top)
        return float(window.innerHeight)

    def measures_changed(self) -> bool:
        """Whether the board measures otherwise than when it was last drawn (the window was
        resized, or the page settled after the first draw).  When it does not, drawing the
        same view again would change nothing, and on a phone costs tens of ms."""
        return self._drawn_with is None or self._metrics() != self._drawn_with

    # -- the render ----------------------------------------------------------
    def render(self, view: dict[str, Any], rules: harp.Rules, info: dict[str, Any]) -> None:
        """Draw view; info carries the header texts and settings."""
        self._last = (view, rules, info)
        self._show_looks(info.get("looks") or {})
        self._build_piles(view, rules)
        ids = view["ids"]
        card_w, card_h, room = self._drawn_with = self._metrics()
        piles: list[tuple[str, list[str], list[int], list[float], list[float]]] = []

        n_stock = len(ids["stock"])
        piles.append(("s", [FACE_DOWN] * n_stock, ids["stock"], [0.0] * n_stock, [0.0] * n_stock))
        waste = view["waste"]
        piles.append(("w", waste, ids["waste"], [0.0] * len(waste),
                      layout.waste_offsets(len(waste), view["draw"], card_w)))
        for i, cards in enumerate(view["foundations"]):
            piles.append((f"f{i + 1}", cards, ids["foundations"][i], [0.0] * len(cards),
                          [0.0] * len(cards)))
        for i, cards in enumerate(view["tableau"]):
            tops = layout.column_offsets([not is_face_down(c) for c in cards], card_h, room)
            piles.append((f"t{i + 1}", cards, ids["tableau"][i], tops, [0.0] * len(cards)))

        all_ids = {cid for p in piles for cid in p[2]}
        for cid in list(self.cards):
            if cid not in all_ids:
                self.cards.pop(cid).remove()
                self._written.pop(cid, None)
                self.where.pop(cid, None)

        moved = [cid for p in piles for cid in p[2]
                 if cid in self.where and self.where[cid][0] != p[0]]
        flip = 0 < len(moved) <= FLIP_LIMIT
        before = {cid: self.cards[cid].getBoundingClientRect() for cid in moved} if flip else {}

        previous = self.view
        self._turning = self.motion.slides() and previous is not None
        for name, cards, cids, tops, lefts in piles:
            self._render_pile(name, cards, cids, tops, lefts)
            self._label_pile(name, cards, view, card_h, tops)
        self.view = view
        if previous is not None and (view["code"] != previous["code"]
                                     or (view["moves"] == 0 and previous["moves"] > 1)):
            self.motion.deal(ids["tableau"])              # a new deal, or the deal again (Restart)
        elif flip:
            self.motion.animate(before)
        self._render_info(view, rules, info)

    def _show_looks(self, looks: dict[str, str]) -> None:
        """The player's looks as <html> attributes (harpui/looks.py; style.css draws them)."""
        root = document.documentElement
        for name, value in looks.items():
            if self.looks.get(name) != value:
                root.setAttribute(name, value)
        self.looks = dict(looks)

    def _render_pile(self, name: str, cards: list[str], cids: list[int],
                     tops: list[float], lefts: list[float]) -> None:
        pile = self.piles[name]
        old = self.order.get(name, [])
        if old != cids:
            if old == cids[:len(old)]:
                fresh = cids[len(old):]            # the pile grew: add the new top
            elif cids == old[:len(cids)]:
                fresh = []                         # the pile shrank: nothing to add
            else:
                fresh = cids                       # anything else: re-append in order
            for cid in fresh:
                pile.appendChild(self._element(cid))
            self.order[name] = list(cids)
        for i, (card, cid) in enumerate(zip(cards, cids)):
            el = self._element(cid)
            self.where[cid] = (name, i)
            state = (card, name, tops[i], lefts[i], i)
            was = self._written.get(cid)
            if state == was:
                continue
            old_card, old_name, old_top, old_left, old_i = was or (None, None, None, None, None)
            if card != old_card:
                self._draw_face(el, card)
                if self._turning and old_card is not None and is_face_down(old_card) and not is_face_down(card):
                    el.classList.add("turning")     # turned face up: it flips over (style.css)
            if name != old_name:
                el.setAttribute("data-pile", name)
            if tops[i] != old_top:
                el.style.top = f"{tops[i]}px"
            if lefts[i] != old_left:
                el.style.left = f"{lefts[i]}px"
            if i != old_i:
                el.style.zIndex = str(i + 1)
            self._written[cid] = state

    def _element(self, cid: int) -> Any:
        el = self.cards.get(cid)
        if el is None:
            el = make("div", "card", data_id=str(cid), role="img")
            self.cards[cid] = el
            self._written.pop(cid, None)      # nothing written on the new element yet
        return el

    def _draw_face(self, el: Any, card: str) -> None:
        el.setAttribute("data-card", card)
        el.setAttribute("aria-label", card_name(card))
        down = is_face_down(card)
        # The pile's name speaks for its face-down cards.
        if down:
            el.setAttribute("aria-hidden", "true")
        else:
            el.removeAttribute("aria-hidden")
        el.classList.toggle("down", down)
        el.classList.toggle("red", not down and is_red(card))
        art = "back" if down else f"c-{card}"
        el.innerHTML = f'<svg class="art" aria-hidden="true"><use href="{SPRITE}#{art}"></use></svg>'

    def _label_pile(self, name: str, cards: list[str], view: dict[str, Any],
                    card_h: float, tops: list[float]) -> None:
        label = pile_words(name, cards, view, self._pile_look[name][1])
        state = boardview.pile_state(name, cards, view.get("passes_left"))
        height = f"{tops[-1] + card_h:.0f}px" if name.startswith("t") and tops else ""
        written = (label, state, height)
        if self._pile_written.get(name) == written:
            return
        el = self.piles[name]
        el.setAttribute("aria-label", label)
        if state:
            el.setAttribute("data-state", state)
        else:
            el.removeAttribute("data-state")
        if name.startswith("t"):
            el.style.height = height
        self._pile_written[name] = written

    def _render_info(self, view: dict[str, Any], rules: harp.Rules, info: dict[str, Any]) -> None:
        """The status line, the board's attributes and the title, each written only
        when it changed (the same text written again still lays the page out); Undo
        and Finish."""
        self._relaxed = bool(info["relaxed"])
        wanted: dict[str, Any] = dict(boardview.status_texts(view, rules, info["name"], info["deal_label"]))
        wanted.update({
            "relaxed": self._relaxed, "data-draw": str(view["draw"]),
            "data-code": view["code"],               # for people and tests alike
            "title": t("page.title_game", name=info["name"]),
        })
        for key, value in wanted.items():
            if self._info_written.get(key) == value:
                continue
            self._info_written[key] = value
            if key == "relaxed":
                document.body.classList.toggle("relaxed", value)
            elif key.startswith("data-"):
                self.board.setAttribute(key, value)
            elif key == "title":
                document.title = value
            else:
                by_id(key).textContent = value
        # Undo also brings back a game left by Restart or New (the take-back), and the
        # moves the way back to a winnable point took back (the redo).
        by_id("btn-undo").disabled = not (view.get("can_undo", True) or info.get("take_back")
                                          or info.get("redo"))
        # Finish has a cell of its own in the toolbar, kept while it is hidden (style.css).
        finish = by_id("btn-finish")
        if not nil(finish):
            finish.hidden = not info.get("finish")

    def early_board(self, game: dict[str, Any]) -> dict[str, Any] | None:
        """The board as last drawn, as the stored copy static/early-board.js
        draws on the next load (harpui/early.py); game says which save it
        belongs to.  None before the first render."""
        view = self.view
        if view is None:
            return None
        piles = []
        for name in self.piles:
            art, suit = self._pile_look.get(name, ("", ""))
            suit = SUIT_WORDS.get(suit, "")          # as data-suit has it
            label, state, height = self._pile_written.get(name, ("", "", ""))
            cards = []
            for cid in self.order.get(name, []):
                card, _, top, left, _ = self._written[cid]
                cards.append([cid, card, top, left])
            piles.append([name, art, suit, label, state, height, cards])
        texts = {key: str(by_id(key).textContent) for key in early.TEXTS if not nil(by_id(key))}
        board = {"columns": len(view["tableau"]), "found": len(view["foundations"]),
                 "draw": view["draw"], "relaxed": self._relaxed, "looks": self.looks}
        return early.board_record(game, board, piles, texts, str(document.title))

    def show_clock(self, seconds: int) -> None:
        by_id("clock").textContent = boardview.clock_text(seconds)

    def celebrate(self, done: Callable[[], None], show: bool = True) -> None:
        """The win's cascade, then done() (motion.py)."""
        self.motion.celebrate(done, show)

    # -- piles for input -------------------------------------------------------
    def pile_cards(self, pile: str) -> list[str]:
        """The cards of a pile in the last rendered view ('??' when face down)."""
        return [] if self.view is None else view_pile_cards(self.view, pile)

    def pile_names(self) -> list[str]:
        return list(self.piles)

    def elements(self, pile: str, index: int) -> list[Any]:
        """Card elements of pile from index to the top."""
        return [self.cards[cid] for cid in self.order.get(pile, [])[index:]]

    # -- dragging ------------------------------------------------------------
    def lift(self, els: list[Any]) -> None:
        for el in els:
            el.classList.remove("settling")
            el.classList.add("dragging")

    def drag_to(self, els: list[Any], dx: float, dy: float) -> None:
        t = f"translate({dx}px, {dy}px)"
        for el in els:
            el.style.transform = t

    def drop_target(self, lead: Any, source: str) -> str | None:
        """The pile under most of the lead dragged card: 'tN', 'w'... or 'f' for
        anywhere on the foundation row."""
        r = lead.getBoundingClientRect()
        best, best_area = None, 0.0
        areas = [(name, el) for name, el in self.piles.items()
                 if name.startswith("t") and name != source]
        areas.append(("f", self.found_area))
        for name, el in areas:
            p = el.getBoundingClientRect()
            w = min(r.right, p.right) - max(r.left, p.left)
            h = min(r.bottom, p.bottom) - max(r.top, p.top)
            if w > 0 and h > 0 and w * h > best_area:
                best, best_area = name, w * h
        return best

    def settle(self, els: list[Any]) -> None:
        """End a drag: cards slide back to where the view puts them, over the
        other cards (a refused drop does not slide back under its neighbours)."""
        self.motion.fly(els)

    # -- marks -----------------------------------------------------------------
    def mark_held(self, pile: str | None, index: int = 0) -> None:
        for el in self.board.querySelectorAll(".held"):
            el.classList.remove("held")
        if pile is not None:
            for el in self.elements(pile, index):
                el.classList.add("held")

    def show_hint(self, source: str, count: int, target: str | None) -> None:
        self.clear_hint()
        self._hint_seq += 1
        seq = self._hint_seq
        marks = [self.piles[source]] if source in self.piles else []
        if source != "s":
            n = len(self.order.get(source, []))
            marks += self.elements(source, max(n - count, 0))
        if target == "f":
            marks.append(self.found_area)
        elif target in self.piles:
            marks.append(self.piles[target])
        for el in marks:
            el.classList.add("hint")
        later(2.5, lambda: self.clear_hint() if self._hint_seq == seq else None)

    def clear_hint(self) -> None:
        for el in self.board.querySelectorAll(".hint"):
            el.classList.remove("hint")

    # -- room for the messages (messages.py) ------------------------------------
    def _lowest_card(self) -> float:
        return max((float(el.getBoundingClientRect().bottom) for el in self.cards.values()), default=0.0)

    def dock_panel(self, height: float) -> bool:
        """The columns end above the solver's panel while it shows (height: the px it
        takes at the bottom; 0 once hidden), so the cards a hint names are never
        under it: squeezed first, and where that is not enough (a short landscape
        screen), the cards are drawn smaller (style.css's --dock) until it hides.
        The panel stays at the bottom: anywhere else it would cover a toolbar
        button, or sit where one was a moment before (a tap meant for New once
        hit its "Undo to the last winnable point").  False when nothing changed."""
        if abs(height - self._dock) < 1:
            return False
        self._dock = height
        if not height:
            self._smaller = False
        self._set_dock(height if self._smaller else 0.0)
        if height and not self._smaller and self._lowest_card() > self._floor() - height:
            self._smaller = True
            self._set_dock(height)
        return True

    def _set_dock(self, height: float) -> None:
        """How much less height the cards are sized for (style.css's --dock); then draw again."""
        self.board.style.setProperty("--dock", f"{height:.0f}px")
        if self._last is not None:
            self.render(*self._last)

    def refit(self) -> None:
        if self._last is not None and self.measures_changed():
            self.render(*self._last)
