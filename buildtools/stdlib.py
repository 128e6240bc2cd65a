"""The trimmed standard library: python_stdlib.zip with only what the pages can import.

Pyodide's python_stdlib.zip is 2.5 MB gzip, a third of a first visit, and
the game uses a small part of it. The build writes a smaller one in its
place (dist/vendor/pyodide/python_stdlib.zip, the URL Pyodide loads by
default; the bare Pyodide of `build.py bench` loads the same file). It holds:

- the modules named in stdlib-modules.txt beside this file: every module of
  the zip that the page and the embed page had imported after a whole game
  with hints, the dialogs and the solver (recorded in Chromium by
  tools/stdlib_modules.py; Pyodide's own start-up included);
- what those import at module level (an import statement at the start of
  a line), at any depth, found by reading their sources. Imports inside
  functions are left out: counting them too kept 1.7 MB of the 2.5 MB, as
  nearly every module imports something lazily. So a module that only an
  unrecorded path imports is missing: record again after a change;
- the codecs a name lookup may ask for (CODECS), and Pyodide's own packages
  whole.

The recorded modules go in as bytecode (X.pyc, compiled by Pyodide's own
Python in Node: bytecode.mjs), the rest as source. Pyodide compiles its
standard library from source at every start, and that was most of a boot:
measured in Chromium on this 2-core machine, ready on a first visit went
from about 4.4 s to 2.5-3.1 s, and loadPyodide() alone in Node from 3.0 s to
0.9 s. Bytecode is larger than source, so the modules nothing imported
stay source, as do those frozen into the interpreter and SOURCE_ONLY;
with optimize=2 (no docstrings, no asserts) the first visit stays within
5.5 MB.

tests/browser/test_stdlib.py plays a whole game with hints on it, so a
module it lacks shows up as the page's error; tests/test_build.py checks
which modules are bytecode.
"""

from __future__ import annotations

import io
import re
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

from .common import PYODIDE_DIR, ROOT, run, write_zip

MODULE_LIST = ROOT / "buildtools" / "stdlib-modules.txt"
BYTECODE_SCRIPT = ROOT / "buildtools" / "bytecode.mjs"
STDLIB = "python_stdlib.zip"

# Looked up by name at run time (codecs.lookup), so no import names them.
CODECS = ("encodings.aliases", "encodings.ascii", "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig",
          "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be", "encodings.utf_32", "encodings.idna",
          "encodings.raw_unicode_escape", "encodings.unicode_escape", "encodings.cp1252", "encodings.cp437")
# Pyodide's own packages, kept whole: its runtime imports from them as it needs.
WHOLE_PACKAGES = ("pyodide", "_pyodide")
# Recorded modules shipped as source all the same: a table whose bytecode is
# twice its source, and that compiles quickly.
SOURCE_ONLY = ("html.entities",)


def recorded_modules(path: Path = MODULE_LIST) -> list[str]:
    """The module names in stdlib-modules.txt (one a line; # starts a comment)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def module_files(names: Iterable[str]) -> dict[str, str]:
    """module name -> its .py path in the zip, for every module the zip holds."""
    out: dict[str, str] = {}
    for name in names:
        if not name.endswith(".py"):
            continue
        parts = name[:-3].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if parts and all(p.isidentifier() for p in parts):
            out[".".join(parts)] = name
    return out


IMPORT = re.compile(r"^import[ \t]+([\w. \t,]+)", re.M)
FROM_IMPORT = re.compile(r"^from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)", re.M)


def imports_of(module: str, source: str, is_package: bool) -> set[str]:
    """Every module name a module-level import statement in source may load (absolute names).

    Read with patterns, not parsed: the build's Python may be older than the
    stdlib's syntax. A match inside a string only keeps a module too many."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for names in IMPORT.findall(source):
        found.update(n.split()[0] for n in names.split(",") if n.strip())
    for dots, base, names in FROM_IMPORT.findall(source):
        if dots:
            anchor = package.split(".")[: package.count(".") + 2 - len(dots)] if package else []
            base = ".".join([*anchor, base] if base else anchor)
        if base:
            found.add(base)
            found.update(f"{base}.{n.split()[0]}" for n in names.strip("()").replace("\\", " ").split(",") if n.strip())
    return found


def closure(roots: Iterable[str], files: dict[str, str], read: dict[str, bytes]) -> set[str]:
    """roots, their parent packages and everything they import, at any depth: names the zip holds."""
    keep: set[str] = set()
    todo = [r for r in roots]
    while todo:
        name = todo.pop()
        for i in range(name.count(".") + 1):
            prefix = name.rsplit(".", i)[0] if i else name
            if prefix in files and prefix not in keep:
                keep.add(prefix)
                path = files[prefix]
                todo.extend(imports_of(prefix, read[path].decode("utf-8"), path.endswith("__init__.py")))
    return keep


def trimmed_stdlib(full: bytes, roots: Iterable[str]) -> dict[str, bytes]:
    """The trimmed zip's entries (path -> bytes), in the full zip's order."""
    with zipfile.ZipFile(io.BytesIO(full)) as zf:
        read = {info.filename: zf.read(info) for info in zf.infolist() if not info.is_dir()}
    files = module_files(read)
    whole = [m for m in files if m.split(".")[0] in WHOLE_PACKAGES]
    keep = {files[m] for m in closure([*roots, *CODECS, *whole], files, read)}
    # Package data beside kept modules (py.typed) goes along; nothing else.
    kept_dirs = {path.rpartition("/")[0] for path in keep}
    return {path: data for path, data in read.items()
            if path in keep or (not path.endswith(".py") and path.rpartition("/")[0] in kept_dirs and "/" in path)}


def compiled(entries: dict[str, bytes], sources: set[str]) -> dict[str, bytes]:
    """entries with each of the sources (X.py) replaced by its bytecode (X.pyc),
    compiled by Pyodide's own Python in Node (bytecode.mjs beside this file),
    but for the modules frozen into the interpreter, which stay source."""
    with tempfile.TemporaryDirectory(prefix="harp-bytecode-") as tmp:
        given, out = Path(tmp) / "sources.zip", Path(tmp) / "bytecode.zip"
        write_zip(given, {name: entries[name] for name in sources})
        run("node", str(BYTECODE_SCRIPT), str(PYODIDE_DIR), str(given), str(out))
        with zipfile.ZipFile(out) as zf:
            bytecode = {info.filename: zf.read(info) for info in zf.infolist()}
    return {name + "c" if name + "c" in bytecode else name: bytecode.get(name + "c", data)
            for name, data in entries.items()}


def write_trimmed_stdlib(full: Path, target: Path) -> Path:
    """Write the trimmed python_stdlib.zip from the full one: the modules the
    pages were recorded importing as bytecode, the rest as source."""
    roots = recorded_modules()
    entries = trimmed_stdlib(full.read_bytes(), roots)
    files = module_files(entries)
    write_zip(target, compiled(entries, {files[name] for name in roots if name in files and name not in SOURCE_ONLY}))
    return target
