"""The build: the complete site written into dist/."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from .common import (DIST, ENGINE, NODE_MODULES, PYODIDE_DIR, PYSCRIPT_DIST, ROOT, UI_ARCHIVE, UI_PACKAGE, files_under,
                     run, write_zip)
from .help import SOURCE as HELP_SOURCE
from .help import write_help_pages
from .pages import write_pages
from .snapshot import BOOT_TEMPLATE, write_boot_module
from .stdlib import STDLIB, write_trimmed_stdlib
from .offline import SW_TEMPLATE, TEMPLATES, render_icons, write_manifest, write_service_worker
from .wheel import build_wheel

# Top-level files copied into the site; those marked False are copied only if
# present. The pages, index.html and embed.html, are assembled (pages.py).
SITE_FILES = {"pyscript.toml": True, "sw.js": False}

# The Pyodide core: the npm package holds nothing else we need.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
# Not vendored: Pyodide's LOCK_FILE (common.py); the boot module holds the page's (snapshot.page_lock).

# The code editor's chunks, which PyScript's core imports only for <py-editor>.
EDITOR_CHUNKS = ("codemirror",)


# --------------------------------------------------------------------------
# npm


def npm_ci_needed() -> bool:
    """True when node_modules is missing or older than package-lock.json."""
    marker = NODE_MODULES / ".package-lock.json"  # written by every npm ci
    lock = ROOT / "package-lock.json"
    return not marker.exists() or marker.stat().st_mtime < lock.stat().st_mtime


def ensure_node_modules() -> None:
    """Install the pinned runtime packages with `npm ci` when needed."""
    if npm_ci_needed():
        run("npm", "ci", "--no-audit", "--no-fund")


# --------------------------------------------------------------------------
# The site


def zip_ui_package(path: Path) -> None:
    """Zip static/harpui/ as harpui/... for PyScript to unpack."""
    files = files_under(UI_PACKAGE)
    write_zip(path, {"harpui/" + p.relative_to(UI_PACKAGE).as_posix(): p.read_bytes() for p in files})


def copy_site_files(dist: Path) -> None:
    """Copy the top-level files and static/ (minus harpui/, the help sources and templates) into dist."""
    for name, required in SITE_FILES.items():
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, dist / name)
        elif required:
            print(f"warning: {name} is missing; the site will not work", file=sys.stderr)
    static = ROOT / "static"
    if static.exists():
        for p in files_under(static):
            if UI_PACKAGE in p.parents or HELP_SOURCE in p.parents or p in TEMPLATES or p == BOOT_TEMPLATE:
                continue
            target = dist / p.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, target)


def js_imports(path: Path, dynamic: bool) -> list[str]:
    """Relative module names that a JS chunk imports: static, or dynamic."""
    text = path.read_text(encoding="utf-8")
    pattern = r"\bimport\s*\(\s*" if dynamic else r"(?:\bfrom|\bimport)\s*"
    return re.findall(pattern + r"""["']\./([^"']+\.js)["']""", text)


def pyscript_runtime_files() -> list[str]:
    """core.css, core.js and every chunk PyScript may load as our page starts.

    That is the static imports of core.js, plus what its core chunk imports
    on demand (TOML parser, zip unpacker, its plugins), except CodeMirror.
    The plugins' own on-demand imports (CodeMirror, xterm.js) serve only
    pages with a code editor or terminal, so they are left out.
    """
    keep: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        todo += js_imports(PYSCRIPT_DIST / name, dynamic=False)
        if name.startswith("core"):
            lazy = js_imports(PYSCRIPT_DIST / name, dynamic=True)
            todo += [n for n in lazy if not n.startswith(EDITOR_CHUNKS)]
    return ["core.css"] + sorted(keep)


def vendor_runtime(dist: Path, full_stdlib: bool = False) -> None:
    """Copy PyScript and Pyodide from node_modules into dist/vendor/, with
    the standard library trimmed to what the pages import unless full_stdlib
    (buildtools/stdlib.py)."""
    for folder, source, names in (
        ("pyscript", PYSCRIPT_DIST, pyscript_runtime_files()),
        ("pyodide", PYODIDE_DIR, list(PYODIDE_FILES)),
    ):
        target = dist / "vendor" / folder
        target.mkdir(parents=True, exist_ok=True)
        for name in names:
            if name == STDLIB and not full_stdlib:
                write_trimmed_stdlib(source / name, target / name)
            else:
                shutil.copy2(source / name, target / name)


def build(dist: Path = DIST, full_stdlib: bool = False) -> Path:
    """Write the complete site into dist (wiped first); return dist.
    full_stdlib: Pyodide's whole standard library (tools/stdlib_modules.py)."""
    ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    if ENGINE.is_dir():
        build_wheel(dist / "wheels")
    else:
        print("warning: harp/ is missing; no engine wheel", file=sys.stderr)
    if UI_PACKAGE.is_dir():
        zip_ui_package(dist / UI_ARCHIVE)
    else:
        print("warning: static/harpui/ is missing; no UI package", file=sys.stderr)
    copy_site_files(dist)
    write_pages(dist)
    write_help_pages(dist / "static" / "help")
    vendor_runtime(dist, full_stdlib)
    if (dist / "wheels").is_dir():
        write_boot_module(dist)
    render_icons(dist)
    write_manifest(dist)
    (dist / ".nojekyll").touch()  # GitHub Pages: serve the files as they are
    if SW_TEMPLATE.exists():
        write_service_worker(dist)
    print(f"built {dist}")
    return dist
