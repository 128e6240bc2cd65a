"""The build's modules, one job each; build.py at the repository root is the entry point
and lists them.

Standard library only, plus the project's own harp package (the help pages, the
first deals) and harpui's pure modules from static/ (the first deals, the page's
languages), imported as the page imports them: both folders go on sys.path here,
before any of the modules is read, so each imports them at its top.
"""

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
for _path in (_ROOT, _ROOT / "static"):       # the engine, and harpui as the page imports it
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
