"""Composition root of the Harp page: builds the UI pieces and starts the game.

PyScript runs this file on the page's main thread once Pyodide is up.  The
engine (``harp``) and the UI package (``harpui``) come from pyscript.toml's
[files]; everything that touches the page lives in harpui.
"""

from pyscript import document, window

from harpui.controller import Controller
from harpui.dialogs import Dialogs
from harpui.dom import by_id, later, listen, local_storage, proxy
from harpui.input import Input
from harpui.render import Renderer
from harpui.store import Store
from harpui.thinking import SlicedSolver


def forget_url_code():
    """Drop ?code= / #code= once opened, so a reload resumes the game in play."""
    loc = window.location
    if "code=" in str(loc.search) or "code=" in str(loc.hash):
        window.history.replaceState(None, "", str(loc.pathname))


renderer = Renderer()
controller = Controller(Store(local_storage()), renderer, SlicedSolver())
dialogs = Dialogs(controller, renderer)
controller.dialogs = dialogs
keyboard_and_pointer = Input(controller, renderer, dialogs)
controller.start(str(window.location.search), str(window.location.hash))
forget_url_code()


def tick(*_):
    renderer.show_clock(int(controller.clock.seconds()))


class Relayout:
    """Re-lay the columns after the window changes size (their squeeze depends
    on its height), at most once per 100 ms burst of resize events."""

    pending = False

    @classmethod
    def soon(cls, *_):
        if not cls.pending:
            cls.pending = True
            later(0.1, cls.run)

    @classmethod
    def run(cls):
        cls.pending = False
        controller.relayout()


listen(window, "resize", Relayout.soon)
window.setInterval(proxy(tick), 1000)

for button in document.querySelectorAll(".tools button"):
    button.disabled = False
by_id("loader").hidden = True
controller.relayout()      # measure again now that the page is fully laid out
document.documentElement.setAttribute("data-harp-ready", "")


def load_solver():
    """Import the solver while the player looks at the deal, so that the
    first hint starts thinking at once instead of importing it first."""
    import harp.solver  # noqa: F401


later(1.0, load_solver)
