"""Transfer sizes: what a first and a second visit download."""

from __future__ import annotations

import gzip
import json
import subprocess
from collections.abc import Sequence
from pathlib import Path

from .offline import precached_files

# What a static host compresses (by suffix); the rest (zip, whl, png) already is.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".toml", ".py", ".txt", ".wasm", ".webmanifest"}


def gzip_bytes(data: bytes) -> bytes:
    """data as a static host sends it compressed: gzip -6 (server.serving does the same)."""
    return gzip.compress(data, compresslevel=6, mtime=0)


# Brotli at its best (quality 11), as a host precompresses: Node's zlib has it,
# Python's standard library does not.
BROTLI_JS = """
const zlib = require("zlib"), fs = require("fs");
const files = JSON.parse(fs.readFileSync(0, "utf8"));
console.log(JSON.stringify(files.map(([path, compress]) => compress
  ? zlib.brotliCompressSync(fs.readFileSync(path), {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 11}}).length
  : fs.statSync(path).size)));
"""


def brotli_sizes(paths: Sequence[Path]) -> dict[Path, int]:
    """Bytes a host serving brotli sends for each path: brotli -11 for what it
    compresses (COMPRESSIBLE), else the file.  Runs Node (the build needs it)."""
    files = [[str(p), p.suffix in COMPRESSIBLE] for p in paths]
    done = subprocess.run(["node", "-e", BROTLI_JS], input=json.dumps(files), capture_output=True, text=True,
                          check=True)
    return dict(zip(paths, json.loads(done.stdout)))


def transfer_size(path: Path) -> int:
    """Bytes a static host sends for path: gzip -6 for text and wasm, else the file."""
    data = path.read_bytes()
    if path.suffix not in COMPRESSIBLE:
        return len(data)
    return len(gzip_bytes(data))


def visit_sizes(dist: Path) -> dict[str, int]:
    """What the first and a second visit of dist's site transfer, in bytes.

    First visit: every precached file once (the page loads most of them; the
    service worker then revalidates those, 304s without a body, and fetches
    the rest: help pages, icons, manifest), plus sw.js. Second visit: the
    page and all its files come from the worker's cache; the browser only
    revalidates sw.js, a 304 without a body, unless a new build is out.
    """
    files = [dist / name for name in precached_files(dist)] + [dist / "sw.js"]
    return {
        "files": len(files),
        "first": sum(transfer_size(p) for p in files),
        "first_raw": sum(p.stat().st_size for p in files),
        "second": 0,
        "second_if_sw_changed": transfer_size(dist / "sw.js"),
    }


def size_report(dist: Path) -> str:
    """visit_sizes as a few lines for people."""
    v = visit_sizes(dist)
    return (
        f"first visit:  {v['first']:>12,} bytes gzip ({v['first_raw']:,} raw) in {v['files']} files,"
        " each sent once\n"
        f"second visit: {v['second']:>12,} bytes of content: everything comes from the service"
        " worker's cache;\n"
        f"              the browser revalidates sw.js (a 304, or {v['second_if_sw_changed']:,} bytes"
        " gzip when a new build is out)\n"
    )
