"""The UI layer's tests, run in CPython (no browser): harpui's pure modules,
and the controller and the advisor driven against fakes of the screen, the
store, the dialogs and the solver runner (harpui/ports.py).

static/ goes on sys.path, as PyScript puts it on the page's, so the tests
import the UI package as the page does: ``import harpui``.
"""

from __future__ import annotations

import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
if str(STATIC) not in sys.path:
    sys.path.insert(0, str(STATIC))
