"""The UI layer's tests, run in CPython (no browser): harpui's pure modules,
and the controller and the advisor driven against fakes of the screen, the
store, the dialogs and the solver runner (harpui/ports.py).

static/ is on sys.path (pyproject.toml's pythonpath), as PyScript puts it on
the page's, so the tests import the UI package as the page does: ``import harpui``.
"""

