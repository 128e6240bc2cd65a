#!/usr/bin/env python3
"""Build, serve and test the Harp site.

    python3 build.py                  build the publishable site into dist/
    python3 build.py serve [--port N] build, then serve dist/ on 127.0.0.1
    python3 build.py test [ARGS...]   install test tools, build, run pytest ARGS and mypy
    python3 build.py size             build, then print the bytes a first and a second visit transfer

Standard library only, so it runs on a fresh machine with nothing but
Python 3.11+, Node.js and npm.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import csv
import fnmatch
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import tomllib
import zipfile
from collections.abc import Iterator, Mapping, Sequence
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
SITE_FILES = {"index.html": True, "embed.html": True, "pyscript.toml": True, "sw.js": False}

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

# Sources rendered into the site rather than copied: template -> file in dist.
SW_TEMPLATE = ROOT / "static" / "sw.template.js"
TEMPLATES = {SW_TEMPLATE: "sw.js"}

# Files in dist/ that the service worker does not precache (fnmatch patterns
# on paths relative to dist/): the worker itself, GitHub Pages' marker, and
# the PyScript chunks our page never asks for (measured: core imports zip-*
# and pyodide_graph-* only for features the page does not use;
# tests/browser/test_pwa.py checks that the page requests every precached
# chunk and nothing that is not precached).
NOT_PRECACHED = ("sw.js", ".nojekyll", "vendor/pyscript/zip-*", "vendor/pyscript/pyodide_graph-*")

# The web app manifest, written to dist/manifest.webmanifest. Its URLs are
# relative to it, at the root of the site, so start_url, scope and the icons
# follow any sub-path. There is no "id" on purpose: the manifest spec resolves
# an id against start_url's origin, so "./" would name the origin's root, the
# same app for every project site under one GitHub Pages origin. Without it,
# the id is start_url, which follows the sub-path.
MANIFEST: dict[str, Any] = {
    "name": "Harp Solitaire",
    "short_name": "Harp",
    "description": "Harp-family solitaire games that play offline in your browser.",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "lang": "en",
    "categories": ["games"],
    "background_color": "#0f5c36",  # the felt of static/style.css, for the splash screen
    "theme_color": "#0b2e1c",  # the title bar's colour (index.html's theme-color too)
    "icons": [
        {"src": "static/icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "static/icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        {
            "src": "static/icons/icon-maskable-512.png",
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": "static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
    ],
}

# The PNG icons, rendered from static/icons/icon.svg (the art's single source,
# full bleed, drawn to survive a maskable crop): name, size, rounded corners.
# The "any" icons get rounded corners, like tools/make_art.py's; the maskable
# one stays square, for the platform to crop.
ICON_SVG = ROOT / "static" / "icons" / "icon.svg"
ICONS = (("icon-192.png", 192, True), ("icon-512.png", 512, True), ("icon-maskable-512.png", 512, False))
ICON_CORNER = 96 / 512  # corner radius as a fraction of the width, as in make_art.py

# What a static host compresses (by suffix); the rest (zip, whl, png) already is.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".toml", ".py", ".txt", ".wasm", ".webmanifest"}

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
    """Copy the top-level files and static/ (minus harpui/ and templates) into dist."""
    for name, required in SITE_FILES.items():
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, dist / name)
        elif required:
            print(f"warning: {name} is missing; the site will not work", file=sys.stderr)
    static = ROOT / "static"
    if static.exists():
        for p in files_under(static):
            if UI_PACKAGE in p.parents or p in TEMPLATES:
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


# --------------------------------------------------------------------------
# Installable and offline: icons, manifest, service worker


def rounded_svg(svg: str, corner: float) -> str:
    """svg with its corners clipped round: radius corner x its viewBox width."""
    tag = re.search(r"<svg\b[^>]*>", svg)
    box = re.search(r'viewBox="([-\d.\s]+)"', tag.group(0)) if tag else None
    end = svg.rfind("</svg>")
    if tag is None or box is None or end < 0:
        raise ValueError("rounded_svg: need an <svg> element with a viewBox")
    x, y, w, h = (float(n) for n in box.group(1).split())
    clip = (
        f'<clipPath id="harp-corners"><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" '
        f'rx="{w * corner:g}"/></clipPath><g clip-path="url(#harp-corners)">'
    )
    return svg[: tag.end()] + clip + svg[tag.end() : end] + "</g>" + svg[end:]


def render_icons(dist: Path) -> bool:
    """Render the PNG icons from icon.svg into dist/static/icons/ with rsvg-convert.

    Why rsvg-convert: it is one small Debian package (librsvg2-bin, which
    `build.py test` installs), renders in milliseconds, gives the same
    pixels on every run, and is what tools/make_art.py --icons uses, so the
    build and the committed PNGs agree. A headless Chromium screenshot would
    need a browser started and driven (Playwright is a test tool, not a
    build one) for three small images. Without rsvg-convert (a host's build
    image, say) the committed PNGs, already copied from static/icons/, stay.
    Returns whether the icons were rendered.
    """
    tool = shutil.which("rsvg-convert")
    if tool is None or not ICON_SVG.exists():
        print("note: rsvg-convert not found; using the committed PNG icons", file=sys.stderr)
        return False
    svg = ICON_SVG.read_text(encoding="utf-8")
    out = dist / "static" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for name, size, rounded in ICONS:
        source = rounded_svg(svg, ICON_CORNER) if rounded else svg
        cmd = [tool, "--width", str(size), "--height", str(size), "--output", str(out / name)]
        subprocess.run(cmd, input=source.encode(), check=True)
    return True


def write_manifest(dist: Path) -> Path:
    """Write dist/manifest.webmanifest from MANIFEST."""
    path = dist / "manifest.webmanifest"
    path.write_text(json.dumps(MANIFEST, indent=2) + "\n", encoding="utf-8")
    return path


def precached_files(dist: Path) -> list[str]:
    """Paths (relative to dist, sorted) of every file the service worker precaches."""
    names = (p.relative_to(dist).as_posix() for p in files_under(dist))
    return [n for n in names if not any(fnmatch.fnmatchcase(n, pat) for pat in NOT_PRECACHED)]


def precache_entries(dist: Path) -> list[tuple[str, str]]:
    """(URL relative to sw.js, sha256 hex) per precached file; the page is "./"."""
    return [
        ("./" if name == "index.html" else name, hashlib.sha256((dist / name).read_bytes()).hexdigest())
        for name in precached_files(dist)
    ]


def build_hash(entries: Sequence[tuple[str, str]], template: str) -> str:
    """The build's content hash: every precached file's path and bytes, and the worker's code."""
    h = hashlib.sha256(template.encode())
    for url, sha in entries:
        h.update(f"\n{url} {sha}".encode())
    return h.hexdigest()[:20]


def write_service_worker(dist: Path) -> Path:
    """Render static/sw.template.js into dist/sw.js for the files now in dist.

    Call it last: the precache list and the cache's name come from dist's files.
    """
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    entries = precache_entries(dist)
    listing = "".join(f"\n  {json.dumps([url, sha])}," for url, sha in entries) + "\n"
    code = template
    for placeholder, value in (
        ('"__HARP_BUILD__"', json.dumps(build_hash(entries, template))),
        ("[/* __HARP_PRECACHE__ */]", f"[{listing}]"),
    ):
        if code.count(placeholder) != 1:
            raise ValueError(f"{SW_TEMPLATE.name}: expected {placeholder} exactly once")
        code = code.replace(placeholder, value)
    path = dist / "sw.js"
    path.write_text(code, encoding="utf-8")
    return path


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
    render_icons(dist)
    write_manifest(dist)
    (dist / ".nojekyll").touch()  # GitHub Pages: serve the files as they are
    if SW_TEMPLATE.exists():
        write_service_worker(dist)
    print(f"built {dist}")
    return dist


# --------------------------------------------------------------------------
# The development server


# A header rule: a Netlify [[headers]] "for" path and the headers it sets.
HeaderRule = tuple[str, Mapping[str, str]]


def netlify_pattern(path: str) -> re.Pattern[str]:
    """A netlify.toml [[headers]] "for" path as a regular expression, read the
    way Netlify reads it: a lone `*` segment matches the rest of the path (or
    nothing), `*` inside a segment matches any text, a final slash is
    optional, and case does not matter."""
    parts = []
    for part in filter(None, (p.rstrip() for p in path.split("/"))):
        if part == "*":
            parts.append("?(.*)")
        elif "*" in part:
            parts.append("(.*)".join(re.escape(p) for p in part.split("*")))
        else:
            parts.append(re.escape(part))
    return re.compile("^/" + "/".join(parts) + "/?$", re.IGNORECASE)


def netlify_header_rules(config: Path = ROOT / "netlify.toml") -> list[HeaderRule]:
    """The [[headers]] rules of netlify.toml, in order."""
    with open(config, "rb") as f:
        return [(rule["for"], dict(rule["values"])) for rule in tomllib.load(f).get("headers", [])]


def headers_for(path: str, rules: Sequence[HeaderRule]) -> dict[str, str]:
    """The headers that rules give a URL path: every matching rule's, a later
    rule's value replacing an earlier one's (netlify.toml sets each header in
    one matching rule only, so the order never matters; see test_build.py)."""
    found: dict[str, str] = {}
    for pattern, values in rules:
        if netlify_pattern(pattern).match(path):
            found.update(values)
    return found


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the MIME types the site needs, quietly.

    Options, set by make_server: extra headers for every response; a URL
    prefix the site lives under (other paths are 404); header rules by path,
    like a host's (their values replace the handler's own, Content-Type
    included); and a log of (path, status) for every request.
    """

    extensions_map = MIME_TYPES
    extra_headers: Mapping[str, str] = {}
    prefix = "/"
    header_rules: Sequence[HeaderRule] = ()
    request_log: list[tuple[str, int]] | None = None
    _rule_headers: Mapping[str, str] = {}

    def site_path(self) -> str | None:
        """The request's URL path inside the site ("/..."), or None outside the prefix."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path.startswith(self.prefix):
            return "/" + path[len(self.prefix) :]
        if path == self.prefix.rstrip("/"):
            return "/"  # the folder without its slash: redirected to it
        return None

    def parse_request(self) -> bool:
        """Parse as usual, then look up the header rules for this path."""
        if not super().parse_request():
            return False
        path = self.site_path()
        self._rule_headers = headers_for(path, self.header_rules) if path else {}
        return True

    def translate_path(self, path: str) -> str:
        """Map a URL under the prefix to a file under the served folder."""
        if self.prefix != "/":
            bare = self.prefix.rstrip("/")
            if path.startswith(self.prefix):
                path = path[len(bare) :]
            elif path.split("?", 1)[0].split("#", 1)[0] == bare:
                path = "/"
        return super().translate_path(path)

    def send_head(self) -> Any:
        """404 outside the prefix; otherwise serve as usual."""
        if self.site_path() is None:
            self.send_error(404, "Not under this site's prefix")
            return None
        return super().send_head()

    def send_header(self, keyword: str, value: str) -> None:
        """Send a header, unless a header rule gives its own value for it."""
        if keyword.lower() not in {k.lower() for k in self._rule_headers}:
            super().send_header(keyword, value)

    def end_headers(self) -> None:
        """Add the server's extra headers and the rules' headers to every response."""
        for key, value in self.extra_headers.items():
            self.send_header(key, value)
        for key, value in self._rule_headers.items():
            super().send_header(key, value)
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Record (path, status) in the request log, if there is one."""
        if self.request_log is not None:
            self.request_log.append((self.path, int(code) if isinstance(code, int) else 0))

    def log_message(self, format: str, *args: object) -> None:
        """Log nothing: tests and `serve` stay readable."""


def make_server(
    root: Path,
    port: int = 0,
    headers: Mapping[str, str] | None = None,
    *,
    prefix: str = "/",
    header_rules: Sequence[HeaderRule] = (),
    request_log: list[tuple[str, int]] | None = None,
) -> http.server.ThreadingHTTPServer:
    """A threaded HTTP server for root on 127.0.0.1 (port 0: any free port).

    headers go with every response; the site is served under prefix (a path
    such as "/harp-solitaire/", like GitHub Pages serves a project); header_rules
    are (netlify.toml "for" path, headers) pairs matched against the path
    inside the site; request_log, if given, receives (path, status) per request.
    """
    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    options = {
        "extra_headers": dict(headers or {}),
        "prefix": prefix,
        "header_rules": list(header_rules),
        "request_log": request_log,
    }
    handler = type("Handler", (SiteHandler,), options)
    factory = functools.partial(handler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), factory)
    server.daemon_threads = True
    return server


@contextlib.contextmanager
def serving(
    root: Path,
    port: int = 0,
    headers: Mapping[str, str] | None = None,
    *,
    prefix: str = "/",
    header_rules: Sequence[HeaderRule] = (),
    request_log: list[tuple[str, int]] | None = None,
) -> Iterator[str]:
    """Serve root in a background thread; yield the site's base URL, ending in '/'."""
    server = make_server(
        root, port, headers, prefix=prefix, header_rules=header_rules, request_log=request_log
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


# --------------------------------------------------------------------------
# Transfer sizes


def transfer_size(path: Path) -> int:
    """Bytes a static host sends for path: gzip -6 for text and wasm, else the file."""
    data = path.read_bytes()
    if path.suffix not in COMPRESSIBLE:
        return len(data)
    return len(gzip.compress(data, compresslevel=6, mtime=0))


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
# micropip: a bare Pyodide that can install the engine wheel, for a test


# micropip from PyPI: pip requirement -> the sha256 of its py3-none-any wheel.
# The version is the one Pyodide 314's pyodide-lock.json names, but the npm
# package ships none of its wheels. micropip 0.11.1 vendors `packaging`, and
# the lock gives it no dependencies, so its wheel alone is enough (measured:
# loadPackage("micropip") then fetches nothing else). Only
# tests/browser/test_micropip.py uses it, to install the engine the way
# another Pyodide page would; the game doesn't, so it stays out of dist/ and
# out of the service worker's precache.
MICROPIP_WHEELS = {
    "micropip==0.11.1": "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
}
MICROPIP_CACHE = ROOT / ".cache" / "micropip"  # gitignored; downloaded once


def sha256_of(path: Path) -> str:
    """The sha256 of a file, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def micropip_wheels(cache: Path = MICROPIP_CACHE) -> list[Path]:
    """The MICROPIP_WHEELS in cache, downloaded with pip first unless all are
    there with the right hashes. Raises ValueError if a download's hash is wrong."""
    wanted = {
        cache / (pin.replace("==", "-") + "-py3-none-any.whl"): sha for pin, sha in MICROPIP_WHEELS.items()
    }
    if all(p.exists() and sha256_of(p) == sha for p, sha in wanted.items()):
        return list(wanted)
    cache.mkdir(parents=True, exist_ok=True)
    # Download beside the cache, then move in: a run killed mid-download, or
    # two runs at once, never leave a partial wheel under its real name.
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        pip = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:"]
        run(*pip, "--python-version", "3.14", "-d", tmp, *MICROPIP_WHEELS)
        for p, sha in wanted.items():
            got = Path(tmp) / p.name
            if not got.exists() or sha256_of(got) != sha:
                raise ValueError(f"pip download: {p.name} is missing or not the pinned file")
            os.replace(got, p)
    return list(wanted)


def pin_lock_files(lock: Path, wheels: Sequence[Path]) -> None:
    """Point pyodide-lock.json's entries at these wheel files: each wheel's
    package entry gets its file_name and sha256 (Pyodide checks the hash)."""
    data = json.loads(lock.read_text(encoding="utf-8"))
    for wheel in wheels:
        name, version = wheel.name.split("-")[:2]
        entry = data["packages"].get(name, {})
        if entry.get("version") != version:
            raise ValueError(f"{lock.name} names {name} {entry.get('version')}, not {wheel.name}")
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256_of(wheel)
    lock.write_text(json.dumps(data), encoding="utf-8")


def micropip_test_site(dest: Path, site: Path = DIST) -> Path:
    """Write a throwaway site into dest for testing micropip: dest/pyodide/ holds
    site's vendored Pyodide plus micropip's wheel, with pyodide-lock.json
    pinned to it, and dest/wheels/ the engine wheel. site is a built site
    (build() first). Returns dest; the page that uses it is the test's to write."""
    pyodide = dest / "pyodide"
    shutil.copytree(site / "vendor" / "pyodide", pyodide)
    wheels = [Path(shutil.copy2(p, pyodide)) for p in micropip_wheels()]
    pin_lock_files(pyodide / "pyodide-lock.json", wheels)
    shutil.copytree(site / "wheels", dest / "wheels")
    return dest


# --------------------------------------------------------------------------
# Tests


def install_test_tools() -> None:
    """pip install the pinned test tools."""
    run(sys.executable, "-m", "pip", "install", "-q", "-r", "requirements-test.txt")


# Debian packages for the tests and the build, by the program each provides:
# Chromium for the browser tests, rsvg-convert to render the PNG icons.
APT_PACKAGES = {"/usr/bin/chromium": "chromium", "/usr/bin/rsvg-convert": "librsvg2-bin"}


def install_chromium() -> None:
    """Install Debian's chromium (and librsvg2-bin) with apt-get where missing."""
    missing = [package for program, package in APT_PACKAGES.items() if not Path(program).exists()]
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", *missing]):
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
    print("+ mypy --strict build.py", flush=True)
    failed |= subprocess.run([sys.executable, "-m", "mypy", "--strict", "build.py"], cwd=ROOT).returncode
    return 1 if failed else 0


# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen sub-command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    serve_cmd = commands.add_parser("serve", help="build, then serve dist/")
    serve_cmd.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="build and run the tests; extra args go to pytest")
    commands.add_parser("size", help="build, then print what a first and a second visit transfer")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    if args.command == "size":
        print(size_report(build()), end="")
        return 0
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
