"""`build.py bench`'s site: a copy of the built site in a temporary folder,
beside the bare Pyodide pages (bench-pyodide.html: the same vendored files,
and nothing but loadPyodide(); bench-pyodide-own-stdlib.html: the same with
Pyodide's own python_stdlib.zip), served as a static host does
(buildtools/server.py), with a log of the bytes each response sent; and the
first visit's files as brotli would send them.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .common import PYODIDE_DIR
from .server import gzipped, netlify_header_rules, serving
from .sizes import COMPRESSIBLE, brotli_sizes
from .snapshot import page_lock

BARE_PAGE = "bench-pyodide.html"
BARE_OWN_PAGE = "bench-pyodide-own-stdlib.html"
OWN_STDLIB = "vendor/pyodide/own-python_stdlib.zip"   # Pyodide's own, in the bench's copy only

BARE_HTML = """<!doctype html>
<meta charset="utf-8">
<title>bare Pyodide</title>
<link rel="icon" href="data:,">
<script type="module" src="./__MODULE__"></script>
"""
BARE_MJS = """// The bench's baseline: Pyodide alone, from the site's own vendored files,
// with the lock file the game's boot module holds (the site ships no other).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
await loadPyodide({ lockFileContents: __LOCK__, __STDLIB__ });
performance.mark("pyodide-ready");        // read by browsers the probe cannot enter
if (window.__bench) window.__bench.events.pyodide = performance.now();
"""


@dataclass
class Served:
    url: str
    byte_log: list[tuple[str, int, int]]
    first_visit: list[str] = field(default_factory=list)   # paths sent whole in the first desktop visit

    def mark(self) -> int:
        return len(self.byte_log)

    def since(self, mark: int) -> tuple[int, int]:
        """(body bytes, responses) sent since mark."""
        entries = self.byte_log[mark:]
        return sum(e[2] for e in entries), len(entries)

    def quiet(self, seconds: float = 1.0, limit: float = 60.0) -> None:
        """Wait until no request has come for `seconds` (at most `limit`)."""
        end = time.monotonic() + limit
        n = len(self.byte_log)
        calm_since = time.monotonic()
        while time.monotonic() < end:
            time.sleep(0.1)
            if len(self.byte_log) != n:
                n, calm_since = len(self.byte_log), time.monotonic()
            elif time.monotonic() - calm_since >= seconds:
                return


def bench_copy(site: Path, folder: Path) -> Path:
    """The site copied into folder, with the bare Pyodide page beside it."""
    copy = folder / "site"
    shutil.copytree(site, copy)
    shutil.copyfile(PYODIDE_DIR / "python_stdlib.zip", copy / OWN_STDLIB)
    bare_mjs = BARE_MJS.replace("__LOCK__", json.dumps(page_lock()))
    for page, stdlib in ((BARE_PAGE, ""), (BARE_OWN_PAGE, f"stdLibURL: {json.dumps('./' + OWN_STDLIB)}")):
        module = page.replace(".html", ".mjs")
        (copy / page).write_text(BARE_HTML.replace("__MODULE__", module), encoding="utf-8")
        (copy / module).write_text(bare_mjs.replace("__STDLIB__", stdlib), encoding="utf-8")
    for p in copy.rglob("*"):            # compress once now, not during the first run
        if p.is_file() and p.suffix in COMPRESSIBLE:
            gzipped(p)
    return copy


@contextlib.contextmanager
def served_copy(site: Path) -> Iterator[tuple[Served, Path]]:
    """A copy of site (bench_copy) served as a host does, netlify.toml's headers
    and gzip, in a background thread: what was served, and the copy."""
    with tempfile.TemporaryDirectory(prefix="harp-bench-") as tmp:
        copy = bench_copy(site, Path(tmp))
        byte_log: list[tuple[str, int, int]] = []
        with serving(copy, header_rules=netlify_header_rules(), compress=True, byte_log=byte_log) as url:
            yield Served(url, byte_log), copy


def brotli_total(site: Path, sent: Sequence[str]) -> float | None:
    """What the first visit's responses (paths in the served site) would be
    where the host serves brotli: compressible files at brotli's best, the rest
    as they are.  None if no first visit was logged."""
    if not sent:
        return None
    files = [site / path.split("?")[0].lstrip("/") for path in sent]
    files = [f / "index.html" if f.is_dir() else f for f in files]
    return float(sum(brotli_sizes(files).values()))
