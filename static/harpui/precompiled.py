"""The UI's modules compiled in the player's Python snapshot, used when their source is unchanged.

The UI cannot be imported into a memory snapshot: its modules reach for the page (``js``,
``pyscript``) as they import.  But compiling them is pure Python, and on a returning visit it
was most of the time main.py spent importing (about 80 ms of a 0.9 s boot on a desktop here).
So static/snapshot-worker.mjs compiles every ``harpui`` module in the snapshot it makes
(``compile_package``), and keeps source and code in the module ``STORE`` of ``sys.modules``,
which the snapshot freezes with the rest of the heap.  On a visit booted from it, ``use()``
puts a finder for the package's folder in front, whose loader takes the kept code of a module
whose source is byte for byte the one compiled, and compiles any other as Python would.

Pure Python, without the page: tested in CPython (tests/ui/test_precompiled.py).
"""

from __future__ import annotations

import os
import sys
import types
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, SourceFileLoader
from typing import Any

STORE = "_harpui_code"   # the sys.modules entry the snapshot keeps: its `codes` maps path -> (source, code)


def compile_package(folder: str) -> int:
    """Compile every .py file in folder (an absolute path, as the page's
    imports will name it; not its subfolders) into STORE's codes; returns how many."""
    codes: dict[str, tuple[bytes, types.CodeType]] = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                source = f.read()
            codes[path] = (source, compile(source, path, "exec", dont_inherit=True))
    store = types.ModuleType(STORE, "UI code compiled when the Python snapshot was made (harpui.precompiled)")
    vars(store)["codes"] = codes    # a module's attribute, which mypy cannot declare
    sys.modules[STORE] = store
    return len(codes)


class KeptCodeLoader(SourceFileLoader):
    """A source loader that returns the kept code for a path whose source is unchanged."""

    codes: dict[str, tuple[bytes, types.CodeType]] = {}
    taken: list[str] = []   # the modules whose code came from the snapshot, for the page to tell

    def get_code(self, fullname: str) -> Any:
        path = self.get_filename(fullname)
        kept = self.codes.get(path)
        if kept is not None and self.get_data(path) == kept[0]:
            self.taken.append(fullname)
            return kept[1]
        return super().get_code(fullname)


def use(folder: str) -> bool:
    """Import the modules of folder (a package's __path__ entry) with KeptCodeLoader
    when a snapshot kept compiled code; False when there is none (a plain boot)."""
    codes = getattr(sys.modules.get(STORE), "codes", None)
    if not codes:
        return False
    KeptCodeLoader.codes = codes
    sys.path_importer_cache[folder] = FileFinder(folder, (KeptCodeLoader, SOURCE_SUFFIXES))
    return True
