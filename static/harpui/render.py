"""The renderer: puts g.view() on the page.

It draws from the view dict only and never reads game state back from the
DOM.  Card elements are keyed by the engine's stable card ids and reused:
a render moves, turns and re-labels the elements that changed and leaves
the rest alone (every attribute write is checked against a cache first).
It also owns the transient looks: dragged cards, held cards, hints, toasts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import harp
from pyscript import document, window
from pyscript.ffi import to_js

from . import boardview, cascade, early, layout
from .looks import PACE
from .cards import FACE_DOWN, SUIT_WORDS, is_face_down, is_red, view_pile_cards
from .announce import pile_words
from .words import card_name, t
from .dom import by_id, later, listen, make, nil, page_hidden, proxy, reduced_motion

SPRITE = ""    # the card art is in the page: symbols c-7H, back, f-S... (buildtools/pages.py)
FLIP_LIMIT = 24                      # animate moves of at most this many cards
DEAL_S = 0.7                         # a new deal's cards all leave the stock within this
FLIGHT_S = 1.0                       # a moved card takes taps again after this, if its slide never ended


class Renderer:
    """The page's board (ports.Screen, and the piles and drag looks input uses)."""

    def __init__(self) -> None:
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
        self._looks: dict[str, str] = {}         # the look attributes written on <html>
        self._board_top = self._board_w = ""      # --board-top and --board-w as written
        self.order: dict[str, list[int]] = {}  # pile -> ids bottom->top, as rendered
        self.where: dict[int, tuple[str, int]] = {}  # card id -> (pile, index)
        self.view: dict[str, Any] | None = None
        self._shape: tuple[int, int, tuple[int | None, ...]] | None = None   # columns, foundations, their suits
        self._toast_seq = 0
        self._notice_seq = 0
        self._hint_seq = 0
        self._last: tuple[dict[str, Any], harp.Rules, dict[str, Any]] | None = None
        self._drawn_with: tuple[float, float, float] | None = None  # the measures the last render used
        self._dock = 0.0        # px at the bottom the solver's panel takes while shown
        self._smaller = False   # the cards are drawn smaller so the columns end above it
        self._flight_seq = 0
        self._flights: dict[int, int] = {}   # card id -> the flight it is in (taps pass through it)
        self._turning = False        # cards turned face up in this render flip over
        self._flip_from: dict[int, Any] = {}   # card id -> where it was, for the next frame's slide
        self._flip_p = proxy(self._flip)
        self._info_written: dict[str, Any] = {}   # the status line and toolbar as last written
        listen(self.board, "transitionend", self._landed)
        listen(self.board, "transitioncancel", self._landed)
        listen(self.board, "animationend", self._turned)

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
        """Tell style.css where the board starts (--board-top, for the phone
        landscape layout's card size) and how wide it is (--board-w, for messages)."""
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
        sample = self.piles["t1"]
        w = float(sample.offsetWidth) or 60.0
        h = w * 1.4
        top = float(self.tableau.getBoundingClientRect().top)
        room = self._floor() - top - 8 - self._dock
        return w, h, max(room, h * 2.2)

    @staticmethod
    def _floor() -> float:
        """Where the board's room ends: the top of the toolbar where it sits at
        the bottom of the screen (a phone held upright), else the window's bottom."""
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
        self._turning = self._slides() and previous is not None
        for name, cards, cids, tops, lefts in piles:
            self._render_pile(name, cards, cids, tops, lefts)
            self._label_pile(name, cards, view, card_h, tops)
        self.view = view
        if previous is not None and (view["code"] != previous["code"]
                                     or (view["moves"] == 0 and previous["moves"] > 1)):
            self._deal(ids["tableau"])              # a new deal, or the deal again (Restart)
        elif flip:
            self._animate(before)
        self._render_info(view, rules, info)

    def _show_looks(self, looks: dict[str, str]) -> None:
        """The player's looks as <html> attributes (harpui/looks.py; style.css draws them)."""
        root = document.documentElement
        for name, value in looks.items():
            if self._looks.get(name) != value:
                root.setAttribute(name, value)
        self._looks = dict(looks)

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
                 "draw": view["draw"], "relaxed": self._relaxed, "looks": self._looks}
        return early.board_record(game, board, piles, texts, str(document.title))

    def show_clock(self, seconds: int) -> None:
        by_id("clock").textContent = boardview.clock_text(seconds)

    def _animate(self, before: dict[int, Any]) -> None:
        """FLIP: start moved cards where they were, then let CSS slide them home.
        Where they land is read at the next frame (_flip), as the browser lays the
        page out for it anyway: read here, in the move's handler, it would lay the
        page out a second time.  A hidden page draws no frames: there at once."""
        if not self._slides():
            return
        waiting = bool(self._flip_from)
        for cid, rect in before.items():
            self._flip_from.setdefault(cid, rect)   # moved twice before a frame: from where it was first
        if page_hidden():
            self._flip()
        elif not waiting:
            window.requestAnimationFrame(self._flip_p)

    def _flip(self, *_: Any) -> None:
        starts, self._flip_from = self._flip_from, {}
        if starts:
            self._fly(self._start_at(starts))

    def _start_at(self, starts: dict[int, Any]) -> list[Any]:
        """Put each card (by id) back at its start rectangle with a transform,
        and draw that: the elements, ready for _fly to slide them home."""
        els = []
        for cid, old in starts.items():
            el = self.cards.get(cid)
            if el is None:
                continue
            el.classList.remove("settling", "dragging")
            el.style.transform = ""
            new = el.getBoundingClientRect()
            dx, dy = old.left - new.left, old.top - new.top
            if abs(dx) >= 1 or abs(dy) >= 1:
                el.style.transform = f"translate({dx:.1f}px, {dy:.1f}px)"
            els.append(el)
        self.board.offsetWidth  # noqa: B018 - flush layout so the start is drawn
        return els

    def _deal(self, columns: list[list[int]]) -> None:
        """A new deal: the columns' cards fly out of the stock one after
        another, row by row as a dealer deals them, within DEAL_S."""
        if not self._slides():
            return
        stock = self.piles["s"].getBoundingClientRect()
        order = [column[row] for row in range(max(map(len, columns), default=0))
                 for column in columns if row < len(column)]
        els = self._start_at({cid: stock for cid in order})
        step = DEAL_S / max(len(els), 1)
        for k, el in enumerate(els):
            el.style.transitionDelay = f"{k * step * 1000:.0f}ms"
        self._fly(els, DEAL_S)

    def _slides(self) -> bool:
        """Whether moved cards slide (Options' animations, and the system's reduced motion)."""
        return not (self._looks.get("data-motion") == "off" or reduced_motion())

    def _fly(self, els: list[Any], delayed: float = 0.0) -> None:
        """Let els slide home from where their transform puts them.  A card in
        flight takes no taps (a quick second tap on the stock goes to the stock,
        not to the card still sliding off it) and passes over the other cards
        (style.css, .flying).  It lands when its slide ends (_landed), or at
        the latest after FLIGHT_S."""
        self._flight_seq += 1
        seq = self._flight_seq
        slides, flying = self._slides(), False
        for el in els:
            el.classList.remove("dragging")
            el.classList.add("settling")
            if str(el.style.transform) and slides:
                el.classList.add("flying")
                self._flights[int(el.getAttribute("data-id"))] = seq
                flying = True
            el.style.transform = ""
        if not flying:
            return

        def landed() -> None:
            for cid in [c for c, s in self._flights.items() if s == seq]:
                del self._flights[cid]
                el = self.cards.get(cid)
                if el is not None:
                    el.classList.remove("flying")
                    el.style.transitionDelay = ""
        later(FLIGHT_S + delayed, landed)

    def _turned(self, ev: Any) -> None:
        if not nil(ev.target) and ev.target.classList.contains("turning"):
            ev.target.classList.remove("turning")

    def _landed(self, ev: Any) -> None:
        """A card's slide ended: it takes taps again."""
        el = ev.target
        if not nil(el) and el.classList.contains("flying"):
            el.classList.remove("flying")
            el.style.transitionDelay = ""
            card_id = el.getAttribute("data-id")
            if not nil(card_id):
                self._flights.pop(int(card_id), None)

    # -- the win ---------------------------------------------------------------
    def celebrate(self, done: Callable[[], None], show: bool = True) -> None:
        """The win's cascade (cascade.py): the cards leave the foundations one
        by one and bounce across the table, at the animation speed the player
        chose; then done().  A tap or a key ends it at once.  No motion
        (Options, or the system's reduced motion), or show False: done() now."""
        if not show or not self._slides():
            done()
            return
        pace = PACE.get(self._looks.get("data-motion", "normal"), 1.0)
        names = [name for name in self.piles if name.startswith("f")]
        tops = [self.order[name] for name in names]
        boxes = [self.piles[name].getBoundingClientRect() for name in names]
        sample = self.piles[names[0]] if names else None
        if sample is None or not any(tops):
            done()
            return
        card_w, card_h = float(sample.offsetWidth), float(sample.offsetHeight)
        flights = cascade.plan([(float(b.left), float(b.top), len(ids)) for b, ids in zip(boxes, tops)],
                               card_w, card_h, float(window.innerWidth), float(window.innerHeight))
        layer = make("div", "celebration")
        layer.setAttribute("aria-hidden", "true")
        animations: list[Any] = []
        frame_ms = cascade.FRAME_S * 1000 * pace
        for flight in flights:
            ids = tops[flight.pile]
            real = self.cards[ids[len(ids) - 1 - flight.depth]]
            flier = make("div", "card flier" + (" red" if "red" in str(real.className) else ""))
            flier.innerHTML = real.innerHTML
            # Set through the CSSOM: the page's CSP allows no style attributes in markup.
            flier.style.setProperty("width", f"{card_w:.1f}px")
            flier.style.setProperty("height", f"{card_h:.1f}px")
            frames = to_js([{"transform": f"translate({x}px, {y}px)"} for x, y in flight.points],
                           dict_converter=window.Object.fromEntries)
            start_ms = flight.start_s * 1000 * pace
            timing = {"duration": frame_ms * (len(flight.points) - 1), "delay": start_ms, "fill": "both"}
            layer.appendChild(flier)
            animations.append(flier.animate(frames, to_js(timing, dict_converter=window.Object.fromEntries)))
            # The card leaves its foundation as it is thrown.
            gone = to_js([{"opacity": 0}, {"opacity": 0}], dict_converter=window.Object.fromEntries)
            animations.append(real.animate(gone, to_js({"duration": 1e9, "delay": start_ms, "fill": "forwards"},
                                                       dict_converter=window.Object.fromEntries)))
        document.body.appendChild(layer)
        ended = [False]
        handlers: list[Any] = []

        def finish(*_: Any) -> None:
            if ended[0]:
                return
            ended[0] = True
            for animation in animations:
                animation.cancel()
            layer.remove()
            for target, name, handler in handlers:
                target.removeEventListener(name, handler)
            done()
        # A click, not a pointerdown: the click then has nothing left to land on in the window.
        for target, name in ((layer, "click"), (document, "keydown")):
            handlers.append((target, name, listen(target, name, finish)))
        later(cascade.length_s(flights) * pace + 0.2, finish)

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
        self._fly(els)

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

    def announce(self, text: str) -> None:
        """Say text through the page's one polite live region (#announce), which
        screen readers read out; the same words twice are still said twice."""
        el = by_id("announce")
        if nil(el) or not text:
            return
        if str(el.textContent) == text:
            text += "\u00a0"
        el.textContent = text

    def toast(self, text: str, seconds: float = 3.5) -> None:
        """A short non-blocking message, also said to screen readers (announce)."""
        self.announce(text)
        el = by_id("toast")
        el.textContent = text
        el.classList.add("show")
        self._toast_seq += 1
        seq = self._toast_seq

        def hide() -> None:
            if self._toast_seq == seq:
                el.classList.remove("show")
        later(seconds, hide)

    def solver_panel(self, text: str, buttons: set[str]) -> bool:
        """The solver's lasting message with its buttons ('showme', 'rewind',
        'stop'; Close is always there).  False on a page without the panel."""
        panel = by_id("solver-panel")
        if nil(panel):
            return False
        by_id("solver-text").textContent = text
        self.announce(text)
        for name in ("showme", "rewind", "stop"):
            by_id(f"solver-{name}").hidden = name not in buttons
        panel.hidden = False
        for _ in range(3):      # smaller cards make the board narrower, and the panel (as wide) taller
            if not self._dock_panel(float(panel.getBoundingClientRect().height) + 12):
                break
        return True

    def _lowest_card(self) -> float:
        return max((float(el.getBoundingClientRect().bottom) for el in self.cards.values()), default=0.0)

    def hide_solver_panel(self) -> None:
        panel = by_id("solver-panel")
        if not nil(panel) and not panel.hidden:
            panel.hidden = True
        self._dock_panel(0.0)

    def solver_panel_shown(self) -> bool:
        panel = by_id("solver-panel")
        return not nil(panel) and not panel.hidden

    def _dock_panel(self, height: float) -> bool:
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

    def show_me_running(self, running: bool) -> None:
        """<html data-show-running> while a Show me play-out runs."""
        document.documentElement.toggleAttribute("data-show-running", running)

    def think_stats(self, nodes: int, longest_s: float, slices: int) -> None:
        """The last search's slices, on <html> for people and tests: the most
        nodes one slice explored, the longest slice in milliseconds, and how
        many slices there were."""
        root = document.documentElement
        root.setAttribute("data-think-slice", str(nodes))
        root.setAttribute("data-think-max-ms", f"{longest_s * 1000:.1f}")
        root.setAttribute("data-think-slices", str(slices))

    def notice(self, text: str, seconds: float | None = None) -> None:
        """A quiet line under the header (storage is unavailable, a save failed):
        lasting, or gone after seconds; an empty text takes it away.  It takes
        its room from the board (style.css), so the cards are laid out again."""
        el = by_id("notice")
        el.textContent = text
        el.hidden = not text
        self._notice_seq += 1
        seq = self._notice_seq

        def hide() -> None:
            if self._notice_seq == seq:
                self.notice("")
        if text and seconds:
            later(seconds, hide)
        if self._last is not None and self.measures_changed():
            self.render(*self._last)

