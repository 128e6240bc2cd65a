"""The interpreter module PyScript imports, keyed on the runtime's hash for its memory snapshots.

static/pyodide-boot.template.mjs wraps Pyodide's loadPyodide so that a
returning player's browser boots Python from a memory snapshot it made
itself (the template's comment says how). A snapshot is only valid for the
exact runtime it was made from: the vendored Pyodide files (Pyodide's own
build-id check does not cover python_stdlib.zip), the engine wheel whose
modules it pre-imports, and the code that makes and reads it. The build
writes the hash of all of them into dist/static/pyodide-boot.mjs, so a new
build never restores an old heap.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .common import LOCK_FILE, PYODIDE_DIR, ROOT, UI_ARCHIVE

BOOT_TEMPLATE = ROOT / "static" / "pyodide-boot.template.mjs"
BOOT_MODULE = "static/pyodide-boot.mjs"          # in dist, named by pyscript.toml's `interpreter`
SNAPSHOT_WORKER = ROOT / "static" / "snapshot-worker.mjs"


def engine_wheel(dist: Path) -> Path:
    """The one engine wheel in dist/wheels/."""
    wheels = sorted((dist / "wheels").glob("*.whl"))
    if len(wheels) != 1:
        raise ValueError(f"expected one wheel in {dist / 'wheels'}, found {len(wheels)}")
    return wheels[0]


def runtime_hash(dist: Path) -> str:
    """SHA-256 over what a snapshot depends on: vendored Pyodide, the engine wheel, the boot code."""
    h = hashlib.sha256()
    sources = [*sorted((dist / "vendor" / "pyodide").iterdir()), engine_wheel(dist), BOOT_TEMPLATE, SNAPSHOT_WORKER,
               PYODIDE_DIR / LOCK_FILE]
    for path in sources:
        data = path.read_bytes()
        h.update(f"{path.name}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def page_lock(source: Path = PYODIDE_DIR / LOCK_FILE) -> dict[str, Any]:
    """Pyodide's lock file as the page needs it: its info, and no package (the
    game loads none; its standard library is python_stdlib.zip)."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


def write_boot_module(dist: Path) -> Path:
    """Render the template into dist; call it once the runtime and the wheel are in place."""
    text = BOOT_TEMPLATE.read_text(encoding="utf-8")
    fills = {
        '"__HARP_RUNTIME_HASH__"': json.dumps(runtime_hash(dist)),
        '"__HARP_ENGINE_WHEEL__"': json.dumps(engine_wheel(dist).relative_to(dist).as_posix()),
        '"__HARP_UI_ARCHIVE__"': json.dumps(UI_ARCHIVE),
        '"__HARP_LOCK__"': json.dumps(page_lock(), sort_keys=True),
    }
    for placeholder, value in fills.items():
        if text.count(placeholder) != 1:
            raise ValueError(f"{BOOT_TEMPLATE.name}: expected {placeholder} exactly once")
        text = text.replace(placeholder, value)
    target = dist / BOOT_MODULE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target
