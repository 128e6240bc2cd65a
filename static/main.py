"""Composition root of the Harp page: starts the game with the page's dialogs.

PyScript runs this file on the page's main thread once Pyodide is up.  The
engine (``harp``) and the UI package (``harpui``) come from pyscript.toml's
[files]; everything that touches the page lives in harpui, and
harpui/startup.py builds the pieces (the embed page's root shares it).
"""

from pyscript import window

from harpui.dialogs import Dialogs
from harpui.dom import when_idle
from harpui.startup import Page, start_page


def forget_url_code(page: Page) -> None:
    """Drop ?code= / #code= once opened, so a reload resumes the game in play."""
    loc = window.location
    if "code=" in str(loc.search) or "code=" in str(loc.hash):
        window.history.replaceState(None, "", str(loc.pathname))


start_page(Dialogs, started=forget_url_code)


def load_solver() -> None:
    """Import the solver while the player looks at the deal, so that the
    first hint starts thinking at once instead of importing it first;
    <html data-solver-loaded> says it is done.  The import holds the page
    for about 40-70 ms, so it waits for a second without input: it never
    delays a move."""
    import harp.solver  # noqa: F401 - imported for later: the hint then finds it loaded

    window.document.documentElement.setAttribute("data-solver-loaded", "")


when_idle(1.0, load_solver)
