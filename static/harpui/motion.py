"""The board's motion: moved cards slide home, a new deal flies out of the
stock, and the win's cascade (cascade.py plans it; drawn here with the Web
Animations API).

A card in flight takes no taps (style.css, .flying) until its slide ends.
The Renderer (render.py) hands its card and pile elements over and asks for
the motion; this module never decides what is drawn where.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import document, window
from pyscript.ffi import to_js

from . import cascade
from .looks import PACE
from .dom import later, listen, make, nil, page_hidden, proxy, reduced_motion

if TYPE_CHECKING:
    from .render import Renderer

DEAL_S = 0.7                         # a new deal's cards all leave the stock within this
FLIGHT_S = 1.0                       # a moved card takes taps again after this, if its slide never ended


class Motion:
    """The slides, the deal and the cascade of one Renderer's cards."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        self._flight_seq = 0
        self._flights: dict[int, int] = {}   # card id -> the flight it is in (taps pass through it)
        self._flip_from: dict[int, Any] = {}   # card id -> where it was, for the next frame's slide
        self._flip_p = proxy(self._flip)
        board = renderer.board
        listen(board, "transitionend", self._landed)
        listen(board, "transitioncancel", self._landed)
        listen(board, "animationend", self._turned)

    def animate(self, before: dict[int, Any]) -> None:
        """FLIP: start moved cards where they were, then let CSS slide them home.
        Where they land is read at the next frame (_flip), as the browser lays the
        page out for it anyway: read here, in the move's handler, it would lay the
        page out a second time.  A hidden page draws no frames: there at once."""
        if not self.slides():
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
            self.fly(self._start_at(starts))

    def _start_at(self, starts: dict[int, Any]) -> list[Any]:
        """Put each card (by id) back at its start rectangle with a transform,
        and draw that: the elements, ready for fly to slide them home."""
        els = []
        for cid, old in starts.items():
            el = self.renderer.cards.get(cid)
            if el is None:
                continue
            el.classList.remove("settling", "dragging")
            el.style.transform = ""
            new = el.getBoundingClientRect()
            dx, dy = old.left - new.left, old.top - new.top
            if abs(dx) >= 1 or abs(dy) >= 1:
                el.style.transform = f"translate({dx:.1f}px, {dy:.1f}px)"
            els.append(el)
        self.renderer.board.offsetWidth  # noqa: B018 - flush layout so the start is drawn
        return els

    def deal(self, columns: list[list[int]]) -> None:
        """A new deal: the columns' cards fly out of the stock one after
        another, row by row as a dealer deals them, within DEAL_S."""
        if not self.slides():
            return
        stock = self.renderer.piles["s"].getBoundingClientRect()
        order = [column[row] for row in range(max(map(len, columns), default=0))
                 for column in columns if row < len(column)]
        els = self._start_at({cid: stock for cid in order})
        step = DEAL_S / max(len(els), 1)
        for k, el in enumerate(els):
            el.style.transitionDelay = f"{k * step * 1000:.0f}ms"
        self.fly(els, DEAL_S)

    def slides(self) -> bool:
        """Whether moved cards slide (Options' animations, and the system's reduced motion)."""
        return not (self.renderer.looks.get("data-motion") == "off" or reduced_motion())

    def fly(self, els: list[Any], delayed: float = 0.0) -> None:
        """Let els slide home from where their transform puts them.  A card in
        flight takes no taps (a quick second tap on the stock goes to the stock,
        not to the card still sliding off it) and passes over the other cards
        (style.css, .flying).  It lands when its slide ends (_landed), or at
        the latest after FLIGHT_S."""
        self._flight_seq += 1
        seq = self._flight_seq
        slides, flying = self.slides(), False
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
                el = self.renderer.cards.get(cid)
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
        if not show or not self.slides():
            done()
            return
        pace = PACE.get(self.renderer.looks.get("data-motion", "normal"), 1.0)
        names = [name for name in self.renderer.piles if name.startswith("f")]
        tops = [self.renderer.order[name] for name in names]
        boxes = [self.renderer.piles[name].getBoundingClientRect() for name in names]
        sample = self.renderer.piles[names[0]] if names else None
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
            real = self.renderer.cards[ids[len(ids) - 1 - flight.depth]]
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
