"""Installable and offline: icons, the web app manifest, the service worker."""

from __future__ import annotations

import fnmatch
import hashlib
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from harpui.words import LANGUAGES

from .common import ROOT, files_under

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
# Its name and description come from each language's catalogue
# (static/harpui/lang/<code>.json): manifest.webmanifest in English, and
# manifest.<code>.webmanifest for each other language, which harpui/pagewords.py
# links when the page speaks it.
MANIFEST: dict[str, Any] = {
    "short_name": "Harp",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
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


# pngquant's settings: a palette of at most 256 colours, which the flat art
# needs (68.8 KB -> 28.2 KB for the three icons, which every first visit
# precaches; side by side they look the same).
PNGQUANT_ARGS = ("--quality=80-100", "--speed", "1", "--strip", "--force")


def render_icons(dist: Path) -> bool:
    """Render the PNG icons from icon.svg into dist/static/icons/ with
    rsvg-convert, then make them palette images with pngquant.

    Why rsvg-convert and pngquant: each is one small Debian package
    (librsvg2-bin, pngquant; `build.py test` installs both), they run in
    milliseconds and give the same pixels on every run, and
    tools/make_art.py --icons calls this to write the committed PNGs, so the
    build and they agree. A headless Chromium screenshot would need a
    browser started and driven (Playwright is a test tool, not a build one)
    for three small images. Without either tool (a host's build image, say)
    the committed PNGs, already copied from static/icons/, stay.
    Returns whether the icons were rendered.
    """
    renderer, quantizer = shutil.which("rsvg-convert"), shutil.which("pngquant")
    if renderer is None or quantizer is None or not ICON_SVG.exists():
        print("note: rsvg-convert or pngquant not found; using the committed PNG icons", file=sys.stderr)
        return False
    svg = ICON_SVG.read_text(encoding="utf-8")
    out = dist / "static" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for name, size, rounded in ICONS:
        source = rounded_svg(svg, ICON_CORNER) if rounded else svg
        png = out / name
        subprocess.run([renderer, "--width", str(size), "--height", str(size), "--output", str(png)],
                       input=source.encode(), check=True)
        subprocess.run([quantizer, *PNGQUANT_ARGS, "--output", str(png), str(png)], check=True)
    return True


LANG_DIR = ROOT / "static" / "harpui" / "lang"
FIRST_LANGUAGE = LANGUAGES[0]


def manifest(lang: str) -> dict[str, Any]:
    """MANIFEST in lang: its name, description and lang from that catalogue."""
    words = json.loads((LANG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return {"name": words["manifest.name"], **MANIFEST, "description": words["manifest.description"],
            "lang": lang}


def manifest_name(lang: str) -> str:
    return "manifest.webmanifest" if lang == FIRST_LANGUAGE else f"manifest.{lang}.webmanifest"


def write_manifest(dist: Path) -> Path:
    """Write dist/manifest.webmanifest (English) and one manifest for each other
    language; returns the English one's path."""
    for lang in LANGUAGES:
        path = dist / manifest_name(lang)
        path.write_text(json.dumps(manifest(lang), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return dist / manifest_name(FIRST_LANGUAGE)


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
