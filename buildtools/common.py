"""Paths and small helpers every build module shares."""

from __future__ import annotations

import subprocess
import tomllib
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
ENGINE = ROOT / "harp"
UI_PACKAGE = ROOT / "static" / "harpui"
UI_ARCHIVE = "static/harpui.zip"                # UI_PACKAGE zipped, in dist (pyscript.toml unpacks it)
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
LOCK_FILE = "pyodide-lock.json"                  # Pyodide's package list, in PYODIDE_DIR

# Debian's Chromium, as the tests, the bench and tools/stdlib_modules.py drive it (headless).
CHROMIUM = "/usr/bin/chromium"
# Debian's build of Chromium's headless shell: the same Blink and V8, without
# the browser's own windows and services (Playwright's own headless default).
# The browser tests run on it but for what needs the whole browser (the tests'
# conftest.py says which).
CHROMIUM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox",                     # the tests run as root
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    # Chromium samples some allocations and records their stack by walking
    # frame pointers (GWP-ASan, the heap profiler).  While Pyodide runs its
    # code on a WebAssembly stack of its own (stack switching), that walk can
    # read past the end of the stack: the renderer crashed ("Target crashed")
    # in about 1 of 100-200 boots here, always at the same instruction of that
    # walk.  These are Chromium's own diagnostics, not the page's behaviour.
    "--disable-features=GwpAsanMalloc,GwpAsanPartitionAlloc,HeapProfilerReporting",
]

# Wheel timestamps: the earliest date a zip file can hold, so builds are
# byte-for-byte reproducible.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def run(*cmd: str, cwd: Path = ROOT) -> None:
    """Run a command, echoing it; raise CalledProcessError on failure."""
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=cwd, check=True, stdin=subprocess.DEVNULL)


def project_metadata() -> dict[str, Any]:
    """The [project] table of pyproject.toml: name, version, ..."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return dict(tomllib.load(f)["project"])


def files_under(folder: Path) -> list[Path]:
    """Every file below folder, sorted by path, skipping __pycache__, *.pyc and hidden
    files and folders (tools' caches such as .mypy_cache must not reach the site)."""
    found = (p for p in folder.rglob("*") if p.is_file() and p.suffix != ".pyc")
    return sorted((p for p in found if not any(part == "__pycache__" or part.startswith(".")
                                               for part in p.relative_to(folder).parts)),
                  key=lambda p: p.as_posix())


def write_zip(path: Path, entries: Mapping[str, bytes]) -> None:
    """Write a deterministic zip: entries in the given order, fixed dates and modes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, entries[name], compresslevel=9)
