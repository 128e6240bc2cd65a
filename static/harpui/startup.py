"""Starting a page: the one start-up both composition roots share.

static/main.py (index.html) and static/embed.py (embed.html) each call
start_page() with what differs between them: the storage namespace, the
dialogs, and what they add once the game is in play (the main page forgets
the URL's deal code, the embed page talks to its host).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyscript import document, window

from . import early, precompiled
from .controller import Controller
from .dom import AfterPaint, by_id, later, listen, local_storage, nil, page_hidden, proxy, reduced_motion
from .input import Input
from .ports import DialogWindows
from .pagewords import use_language
from .render import Renderer
from .sound import Sounds
from .settings import clean_settings
from . import words
from .words import known_language
from .store import Store
from .thinking import SlicedSolver

RELAYOUT_S = 0.1        # resize events within this burst make one relayout


@dataclass
class Page:
    renderer: Renderer
    controller: Controller
    dialogs: DialogWindows
    input: Input


class Burst:
    """Runs ``action`` once, when ``schedule`` gets round to it, for the first of a
    burst of calls to ``soon`` (resize events, commits): the later calls in that
    moment join it."""

    def __init__(self, schedule: Callable[[Callable[[], None]], object], action: Callable[[], None]) -> None:
        self.schedule = schedule
        self.action = action
        self.pending = False

    def soon(self, *_: object) -> None:
        if not self.pending:
            self.pending = True
            self.schedule(self.run)

    def run(self) -> None:
        self.pending = False
        self.action()


def save_early_board(controller: Controller, renderer: Renderer) -> None:
    """Keep the stored copy of the drawn board (harpui/early.py) current.  It is
    written once the frame that shows a commit or a relayout is drawn, in the
    task that saves the game, once for a burst, so a move's response does not
    wait for it and the next tap does not meet it; a copy left behind by a
    reload within that moment no longer matches the saved game and is not shown."""
    g = controller.game
    record = renderer.early_board(
        {"code": g.code, "game": g.game_id, "history": g.history_length, "moves": g.moves})
    if record is not None:
        controller.store.save(early.RECORD, record)
        controller.tell_saving()


def first_deal_drawn() -> str | None:
    """The code of the first visit's deal static/early-board.js drew before
    Python started (the page's first deals, harpui/early.py), if it drew one."""
    early_board = getattr(window, "harpEarly", None)
    code = None if nil(early_board) else getattr(early_board, "firstDeal", None)
    return code if isinstance(code, str) and code else None


def replay_early_taps(page: Page) -> None:
    """The taps static/early-board.js queued on the early board before the game
    was ready: played now, those that still fit (harpui/input.py)."""
    queue: Any = getattr(window, "harpEarly", None)     # a JS object, or None or JS null
    if nil(queue):
        return
    raw = queue.take()
    taps = early.parse_taps(raw.to_py() if hasattr(raw, "to_py") else raw)
    if taps:
        page.input.replay(taps)


def start_page(
    make_dialogs: Callable[[Controller, Renderer], DialogWindows],
    namespace: str = "",
    started: Callable[[Page], None] | None = None,
    language: str | None = None,
) -> Page:
    """Build the page's pieces, start the game (the saved one, or the deal code
    in the URL), then let the player in: ``started`` runs once the game is in
    play and before the toolbar is enabled and <html data-harp-ready> is set.
    ``language``: the one the page was asked for (the embed's ?lang=); without
    it, or when it names none the page has, the player's choice or the browser's."""
    search, fragment = str(window.location.search), str(window.location.hash)
    renderer = Renderer()
    store = Store(local_storage(), namespace=namespace)
    use_language(known_language(language) or clean_settings(store.load("settings"))["language"])
    controller = Controller(store, renderer, SlicedSolver(paused=page_hidden))
    controller.sound = Sounds(lambda: bool(controller.settings["sound"])).play
    controller.motion_reduced = reduced_motion      # Finish plays the cards home without pauses
    after_paint = AfterPaint()
    controller.after_paint = after_paint            # a move saves once its frame is drawn
    dialogs = make_dialogs(controller, renderer)
    controller.dialogs = dialogs
    page = Page(renderer, controller, dialogs, Input(controller, renderer, dialogs))
    keeper = Burst(after_paint, lambda: save_early_board(controller, renderer))
    controller.on_change.append(keeper.soon)
    controller.on_change.append(controller.advisor.think_ahead)   # the next hint, while the player thinks
    controller.start(search, fragment, first_code=first_deal_drawn())
    if started is not None:
        started(page)

    def tick(*_: object) -> None:
        renderer.show_clock(int(controller.clock.seconds()))

    def relayout() -> None:
        """Re-lay the columns if the window's new size changed the board's
        measures (their squeeze depends on its height), then keep the board's
        copy in step."""
        if renderer.measures_changed():
            controller.relayout()
            keeper.soon()

    def follow_other_tab(event: object) -> None:
        """A storage event: another tab of this site changed a record."""
        name = store.name_of(getattr(event, "key", None))
        if name is None:
            return
        store.written_elsewhere(name, getattr(event, "newValue", None))
        if name == "settings" and not known_language(language):
            spoken = words.language()
            if use_language(clean_settings(store.load("settings"))["language"]) != spoken:
                renderer.rebuild()          # follow() draws the board again, in that language
        controller.follow(name)

    listen(window, "resize", Burst(lambda run: later(RELAYOUT_S, run), relayout).soon)
    listen(window, "storage", follow_other_tab)
    # What waits for the next frame is done now if the page goes away first (a reload,
    # the tab closed or put away), so no move goes unsaved.
    listen(window, "pagehide", after_paint.flush)
    listen(document, "visibilitychange", lambda *_: after_paint.flush() if page_hidden() else None)
    window.setInterval(proxy(tick), 1000)
    for button in document.querySelectorAll(".tools button"):
        button.disabled = False
    by_id("loader").hidden = True
    relayout()      # measure again now that the page is fully laid out
    keeper.soon()
    # Where the UI's compiled code came from: the player's snapshot, or compiled on this visit.
    document.documentElement.setAttribute("data-harp-ui-code",
                                          "snapshot" if precompiled.KeptCodeLoader.taken else "compiled")
    document.documentElement.setAttribute("data-harp-ready", "")
    window.performance.mark("harp-ready")   # when, for `build.py bench` in any browser
    replay_early_taps(page)
    return page
