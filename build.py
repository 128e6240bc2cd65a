#!/usr/bin/env python3
"""Build, serve and test the Harp site.

    python3 build.py                  build the publishable site into dist/
    python3 build.py serve [--port N] build, then serve dist/ on 127.0.0.1
    python3 build.py test [ARGS...]   install test tools, build, run pytest ARGS and mypy

Standard library only, so it runs on a fresh machine with nothing but
Python 3.11+, Node.js and npm.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import csv
import functools
import hashlib
import http.server
import io
import os
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
ENGINE = ROOT / "harp"
UI_PACKAGE = ROOT / "static" / "harpui"
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"

# Top-level files of the site; those marked False are copied only if present.
SITE_FILES = {"index.html": True, "pyscript.toml": True, "sw.js": False}

# The Pyodide core: the npm package holds nothing else we need.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# The code editor's chunks, which PyScript's core imports only for <py-editor>.
EDITOR_CHUNKS = ("codemirror",)

# Wheel timestamps: the earliest date a zip file can hold, so builds are
# byte-for-byte reproducible.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}


# --------------------------------------------------------------------------
# Small helpers


def run(*cmd: str, cwd: Path = ROOT) -> None:
    """Run a command, echoing it; raise CalledProcessError on failure."""
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=cwd, check=True, stdin=subprocess.DEVNULL)


def project_metadata() -> dict[str, Any]:
    """The [project] table of pyproject.toml: name, version, ..."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return dict(tomllib.load(f)["project"])


def files_under(folder: Path) -> list[Path]:
    """Every file below folder, sorted by path, skipping __pycache__ and *.pyc."""
    found = (p for p in folder.rglob("*") if p.is_file() and p.suffix != ".pyc")
    return sorted((p for p in found if "__pycache__" not in p.parts), key=lambda p: p.as_posix())


def write_zip(path: Path, entries: Mapping[str, bytes]) -> None:
    """Write a deterministic zip: entries in the given order, fixed dates and modes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, entries[name])


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
# The engine wheel


def record_hash(data: bytes) -> str:
    """A RECORD hash field: sha256=<urlsafe base64 without padding>."""
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def wheel_metadata(project: Mapping[str, Any]) -> str:
    """The METADATA file of the wheel (core metadata 2.1)."""
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {project['name']}\n"
        f"Version: {project['version']}\n"
        f"Summary: {project.get('description', '')}\n"
        f"Requires-Python: {project.get('requires-python', '>=3.11')}\n"
    )


def wheel_file() -> str:
    """The WHEEL file: a pure-Python wheel for any Python 3."""
    return (
        "Wheel-Version: 1.0\n"
        "Generator: harp build.py\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )


def engine_sources() -> dict[str, bytes]:
    """The engine's files for the wheel, sorted: harp/**/*.py and harp/py.typed."""
    return {
        p.relative_to(ROOT).as_posix(): p.read_bytes()
        for p in files_under(ENGINE)
        if p.suffix == ".py" or p.name == "py.typed"
    }


def build_wheel(out_dir: Path) -> Path:
    """Build harp-<version>-py3-none-any.whl into out_dir; return its path."""
    project = project_metadata()
    name, version = project["name"], project["version"]
    dist_info = f"{name}-{version}.dist-info"
    entries = engine_sources()
    entries[f"{dist_info}/METADATA"] = wheel_metadata(project).encode()
    entries[f"{dist_info}/WHEEL"] = wheel_file().encode()
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arcname, data in entries.items():
        writer.writerow([arcname, record_hash(data), len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    entries[f"{dist_info}/RECORD"] = record.getvalue().encode()
    path = out_dir / f"{name}-{version}-py3-none-any.whl"
    write_zip(path, entries)
    return path


# --------------------------------------------------------------------------
# The site


def zip_ui_package(path: Path) -> None:
    """Zip static/harpui/ as harpui/... for PyScript to unpack."""
    files = files_under(UI_PACKAGE)
    write_zip(path, {"harpui/" + p.relative_to(UI_PACKAGE).as_posix(): p.read_bytes() for p in files})


def copy_site_files(dist: Path) -> None:
    """Copy the top-level files and static/ (minus harpui/) into dist."""
    for name, required in SITE_FILES.items():
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, dist / name)
        elif required:
            print(f"warning: {name} is missing; the site will not work", file=sys.stderr)
    static = ROOT / "static"
    if static.exists():
        for p in files_under(static):
            if UI_PACKAGE in p.parents:
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


def vendor_runtime(dist: Path) -> None:
    """Copy PyScript and Pyodide from node_modules into dist/vendor/."""
    for folder, source, names in (
        ("pyscript", PYSCRIPT_DIST, pyscript_runtime_files()),
        ("pyodide", PYODIDE_DIR, list(PYODIDE_FILES)),
    ):
        target = dist / "vendor" / folder
        target.mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copy2(source / name, target / name)


def build(dist: Path = DIST) -> Path:
    """Write the complete site into dist (wiped first); return dist."""
    ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    if ENGINE.is_dir():
        build_wheel(dist / "wheels")
    else:
        print("warning: harp/ is missing; no engine wheel", file=sys.stderr)
    if UI_PACKAGE.is_dir():
        zip_ui_package(dist / "static" / "harpui.zip")
    else:
        print("warning: static/harpui/ is missing; no UI package", file=sys.stderr)
    copy_site_files(dist)
    vendor_runtime(dist)
    print(f"built {dist}")
    return dist


# --------------------------------------------------------------------------
# The development server


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the MIME types the site needs, quietly."""

    extensions_map = MIME_TYPES
    extra_headers: Mapping[str, str] = {}

    def end_headers(self) -> None:
        """Add the server's extra headers to every response."""
        for key, value in self.extra_headers.items():
            self.send_header(key, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Log nothing: tests and `serve` stay readable."""


def make_server(
    root: Path, port: int = 0, headers: Mapping[str, str] | None = None
) -> http.server.ThreadingHTTPServer:
    """A threaded HTTP server for root on 127.0.0.1 (port 0: any free port)."""
    handler = type("Handler", (SiteHandler,), {"extra_headers": dict(headers or {})})
    factory = functools.partial(handler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), factory)
    server.daemon_threads = True
    return server


@contextlib.contextmanager
def serving(
    root: Path, port: int = 0, headers: Mapping[str, str] | None = None
) -> Iterator[str]:
    """Serve root in a background thread; yield its base URL ending in '/'."""
    server = make_server(root, port, headers)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def serve(port: int) -> None:
    """Build, then serve dist/ until interrupted."""
    build()
    try:
        server = make_server(DIST, port)
    except OSError as e:
        raise SystemExit(f"serve: cannot listen on 127.0.0.1:{port} ({e.strerror}); try --port") from e
    print(f"serving {DIST} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


# --------------------------------------------------------------------------
# Tests


def install_test_tools() -> None:
    """pip install the pinned test tools."""
    run(sys.executable, "-m", "pip", "install", "-q", "-r", "requirements-test.txt")


def install_chromium() -> None:
    """Install Debian's chromium with apt-get if /usr/bin/chromium is missing."""
    if Path("/usr/bin/chromium").exists():
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "chromium"]):
        print("+", " ".join(sudo + cmd), flush=True)
        subprocess.run(sudo + cmd, check=True, env=env, stdin=subprocess.DEVNULL)


def test(pytest_args: list[str]) -> int:
    """Install what the tests need, build, run pytest and mypy; 0 if all pass."""
    install_test_tools()
    install_chromium()
    build()
    failed = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT).returncode
    if ENGINE.is_dir():
        print("+ mypy --strict harp", flush=True)
        mypy = [sys.executable, "-m", "mypy", "--strict", "harp"]
        failed |= subprocess.run(mypy, cwd=ROOT).returncode
    return 1 if failed else 0


# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen sub-command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    serve_cmd = commands.add_parser("serve", help="build, then serve dist/")
    serve_cmd.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="build and run the tests; extra args go to pytest")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
