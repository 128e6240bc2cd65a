"""Starting a page: the one start-up both composition roots share.

static/main.py (index.html) and static/embed.py (embed.html) each call
start_page() with what differs between them: the storage namespace, the
dialogs, and what they add once the game is in play (the main page forgets
the URL's deal code, the embed page talks to its host).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pyscript import document, window

from .controller import Controller
from .dom import by_id, later, listen, local_storage, proxy
from .input import Input
from .ports import DialogWindows
from .render import Renderer
from .store import Store
from .thinking import SlicedSolver

RELAYOUT_S = 0.1        # resize events within this burst make one relayout


@dataclass
class Page:
    renderer: Renderer
    controller: Controller
    dialogs: DialogWindows
    input: Input


class Relayout:
    """Re-lay the columns after the window changes size (their squeeze depends
    on its height), at most once per RELAYOUT_S burst of resize events."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.pending = False

    def soon(self, *_: object) -> None:
        if not self.pending:
            self.pending = True
            later(RELAYOUT_S, self.run)

    def run(self) -> None:
        self.pending = False
        self.controller.relayout()


def start_page(
    make_dialogs: Callable[[Controller, Renderer], DialogWindows],
    namespace: str = "",
    started: Callable[[Page], None] | None = None,
) -> Page:
    """Build the page's pieces, start the game (the saved one, or the deal code
    in the URL), then let the player in: ``started`` runs once the game is in
    play and before the toolbar is enabled and <html data-harp-ready> is set."""
    search, fragment = str(window.location.search), str(window.location.hash)
    renderer = Renderer()
    controller = Controller(Store(local_storage(), namespace=namespace), renderer, SlicedSolver())
    if window.matchMedia("(prefers-reduced-motion: reduce)").matches:
        controller.finish_step_s = 0.0      # Finish plays the cards home without pauses
    dialogs = make_dialogs(controller, renderer)
    controller.dialogs = dialogs
    page = Page(renderer, controller, dialogs, Input(controller, renderer, dialogs))
    controller.start(search, fragment)
    if started is not None:
        started(page)

    def tick(*_: object) -> None:
        renderer.show_clock(int(controller.clock.seconds()))

    listen(window, "resize", Relayout(controller).soon)
    window.setInterval(proxy(tick), 1000)
    for button in document.querySelectorAll(".tools button"):
        button.disabled = False
    by_id("loader").hidden = True
    controller.relayout()      # measure again now that the page is fully laid out
    document.documentElement.setAttribute("data-harp-ready", "")
    return page
