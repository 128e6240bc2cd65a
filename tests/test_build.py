"""build.py: the engine wheel, the site layout, the vendored runtime and the
development server. Fast: no browser."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tomllib
import urllib.error
import urllib.request
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

from buildtools.common import ENGINE, LOCK_FILE, PYODIDE_DIR, ROOT, UI_PACKAGE, files_under, project_metadata
from buildtools.offline import (
    ICONS, SW_TEMPLATE, build_hash, precache_entries, precached_files, render_icons, rounded_svg, write_service_worker,
)
from buildtools.server import headers_for, make_server, netlify_header_rules, netlify_pattern, serving
from buildtools.site import PYODIDE_FILES, js_imports
from buildtools.sizes import size_report, transfer_size, visit_sizes
from buildtools.snapshot import BOOT_MODULE
from buildtools.stdlib import STDLIB
from buildtools.testrun import MICROPIP_WHEELS, micropip_wheels, pin_lock_files
from buildtools.wheel import build_wheel
from buildtools import testrun
from pngkit import Png

VERSION = project_metadata()["version"]
WHEEL_NAME = f"harp-{VERSION}-py3-none-any.whl"
DIST_INFO = f"harp-{VERSION}.dist-info"


@pytest.fixture
def wheel(site_dir: Path) -> Path:
    return site_dir / "wheels" / WHEEL_NAME


def read(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as zf:
        return zf.read(name).decode()


def names(archive: Path) -> list[str]:
    with zipfile.ZipFile(archive) as zf:
        assert zf.testzip() is None
        return zf.namelist()


def headers_of(text: str) -> dict[str, str]:
    """The "Key: value" lines of a METADATA or WHEEL file."""
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


def test_the_modules_the_pages_import_are_bytecode_the_rest_source(site_dir: Path) -> None:
    """Recorded modules are unchecked hash-based .pyc files of one Python (one magic
    number, PEP 552 flags 0b01: the importer takes them without the source); the
    frozen ones, SOURCE_ONLY and the modules only an import statement keeps stay .py."""
    with zipfile.ZipFile(site_dir / "vendor" / "pyodide" / STDLIB) as zf:
        headers = {info.filename: zf.read(info)[:16] for info in zf.infolist() if info.filename.endswith(".pyc")}
        names = set(zf.namelist())
    assert {"json/__init__.pyc", "random.pyc", "dataclasses.pyc", "asyncio/base_events.pyc", "typing.pyc"} <= names
    assert {"os.py", "codecs.py", "io.py", "html/entities.py", "ipaddress.py"} <= names
    assert not {name + "c" for name in names if name.endswith(".py")} & names, "a module both as source and bytecode"
    assert len({header[:4] for header in headers.values()}) == 1
    assert {int.from_bytes(header[4:8], "little") for header in headers.values()} == {0b01}


def test_wheel_is_pure_python_for_any_python3(wheel: Path) -> None:
    meta = headers_of(read(wheel, f"{DIST_INFO}/WHEEL"))
    assert meta["Wheel-Version"] == "1.0"
    assert meta["Root-Is-Purelib"] == "true"
    assert meta["Tag"] == "py3-none-any"


def test_wheel_metadata_matches_pyproject(wheel: Path) -> None:
    meta = headers_of(read(wheel, f"{DIST_INFO}/METADATA"))
    assert (meta["Name"], meta["Version"]) == ("harp", VERSION)
    assert meta["Requires-Python"] == ">=3.11"
    # The engine needs nothing outside the standard library; only the cluster extra does.
    text = read(wheel, f"{DIST_INFO}/METADATA")
    assert [line for line in text.splitlines() if line.startswith("Requires-Dist")] == [
        'Requires-Dist: distributed==2026.8.0; extra == "cluster"']
    assert meta["Provides-Extra"] == "cluster"


def test_wheel_record_lists_every_file_with_its_hash(wheel: Path) -> None:
    rows = list(csv.reader(io.StringIO(read(wheel, f"{DIST_INFO}/RECORD"))))
    assert sorted(r[0] for r in rows) == sorted(names(wheel))
    with zipfile.ZipFile(wheel) as zf:
        for name, digest, size in rows:
            if name == f"{DIST_INFO}/RECORD":
                assert digest == size == ""
                continue
            data = zf.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == "sha256=" + expected.decode(), name
            assert int(size) == len(data), name


def test_wheel_holds_the_engine_sources_and_py_typed(wheel: Path) -> None:
    sources = {
        p.relative_to(ROOT).as_posix()
        for p in ENGINE.rglob("*.py")
        if "__pycache__" not in p.parts
    }
    found = set(names(wheel))
    assert "harp/py.typed" in found
    assert sources <= found
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in found)


def test_wheel_build_is_reproducible(tmp_path: Path) -> None:
    first = build_wheel(tmp_path / "a").read_bytes()
    second = build_wheel(tmp_path / "b").read_bytes()
    assert first == second


def test_wheel_installs_with_pip_and_imports(site_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "site-packages"
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index"]
    subprocess.run([*pip, "--target", str(target), str(site_dir / "wheels" / WHEEL_NAME)], check=True)
    assert (target / "harp" / "py.typed").exists()
    code = "import harp; print(list(harp.__path__)[0])"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(out.stdout.strip()) == target / "harp"


def test_ui_package_is_zipped_under_harpui(site_dir: Path) -> None:
    found = set(names(site_dir / "static" / "harpui.zip"))
    ui_files = files_under(UI_PACKAGE)
    assert found == {"harpui/" + p.relative_to(UI_PACKAGE).as_posix() for p in ui_files}
    assert any(n.endswith(".py") for n in found)
    assert not (site_dir / "static" / "harpui").exists()


def test_site_has_the_page_and_config(site_dir: Path) -> None:
    assert (site_dir / "index.html").is_file()
    assert (site_dir / "pyscript.toml").is_file()


def test_pyscript_toml_points_at_files_in_the_site(site_dir: Path) -> None:
    with open(site_dir / "pyscript.toml", "rb") as f:
        config = tomllib.load(f)
    assert (site_dir / config["interpreter"]).is_file()
    for source, destination in config["files"].items():
        assert (site_dir / source).is_file(), source
        assert destination == "./*", "archives unpack into the working directory"
    assert f"./wheels/{WHEEL_NAME}" in config["files"]


def test_page_loads_pyscript_and_config_from_the_site(site_dir: Path) -> None:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    core = re.search(r'<script\b[^>]*\bsrc="\./vendor/pyscript/core\.js"[^>]*>', html)
    assert core and 'type="module"' in core.group(0)
    assert 'href="./vendor/pyscript/core.css"' in html
    assert 'config="./pyscript.toml"' in html


def test_pyodide_core_is_vendored(site_dir: Path) -> None:
    folder = site_dir / "vendor" / "pyodide"
    assert sorted(p.name for p in folder.iterdir()) == sorted(PYODIDE_FILES)
    assert '"314.0.7"' in (folder / "pyodide.mjs").read_text(encoding="utf-8")


def test_the_lock_file_is_in_the_boot_module_and_names_no_package(site_dir: Path) -> None:
    """Pyodide reads lockFileContents instead of fetching pyodide-lock.json (a
    request less on every plain boot): the page loads no package."""
    assert not (site_dir / "vendor" / "pyodide" / LOCK_FILE).exists()
    boot = (site_dir / BOOT_MODULE).read_text(encoding="utf-8")
    found = re.search(r"^const LOCK = (\{.*\});$", boot, re.M)
    assert found, "the boot module holds the lock file"
    lock = json.loads(found.group(1))
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")
    assert lock["info"] == json.loads((PYODIDE_DIR / LOCK_FILE).read_text())["info"]
    assert boot.count("lockFileContents: LOCK") == 1 and "lock: LOCK" in boot
    worker = (site_dir / "static" / "snapshot-worker.mjs").read_text(encoding="utf-8")
    assert "lockFileContents: job.lock" in worker


def test_pyscript_is_vendored_without_editor_terminal_or_maps(site_dir: Path) -> None:
    folder = site_dir / "vendor" / "pyscript"
    names = {p.name for p in folder.iterdir()}
    assert {"core.js", "core.css"} <= names
    assert not any(n.endswith(".map") or n.startswith(("codemirror", "xterm")) for n in names)
    for name in names - {"core.css"}:  # every static import resolves
        for imported in js_imports(folder / name, dynamic=False):
            assert imported in names, f"{name} imports missing {imported}"


@pytest.mark.parametrize(
    ("suffix", "mime"),
    [
        (".wasm", "application/wasm"),
        (".mjs", "text/javascript"),
        (".js", "text/javascript"),
        (".json", "application/json"),
        (".toml", "text/plain"),
        (".whl", "application/zip"),
        (".zip", "application/zip"),
        (".svg", "image/svg+xml"),
        (".webmanifest", "application/manifest+json"),
        (".html", "text/html"),
        (".css", "text/css"),
    ],
)
def test_server_sends_the_right_mime_type(tmp_path: Path, suffix: str, mime: str) -> None:
    (tmp_path / f"file{suffix}").write_bytes(b"x")
    with serving(tmp_path, headers={"X-Test": "yes"}) as url:
        with urllib.request.urlopen(f"{url}file{suffix}") as response:
            assert response.headers.get_content_type() == mime
            assert response.headers["X-Test"] == "yes"


def test_netlify_publishes_dist_built_by_build_py() -> None:
    with open(ROOT / "netlify.toml", "rb") as f:
        netlify = tomllib.load(f)
    assert netlify["build"] == {"command": "python build.py", "publish": "dist"}
    wasm = [h for h in netlify["headers"] if h["for"] == "/*.wasm"]
    assert wasm and wasm[0]["values"]["Content-Type"] == "application/wasm"


# --------------------------------------------------------------------------
# Offline and installable: precache list, service worker, manifest, icons


def worker_build(site: Path) -> str:
    """The build hash rendered into site/sw.js."""
    found = re.search(r'^const BUILD = "([0-9a-f]+)";$', (site / "sw.js").read_text(), re.M)
    assert found, "sw.js names its build"
    return found.group(1)


def worker_precache(site: Path) -> list[list[str]]:
    """The precache list rendered into site/sw.js."""
    text = (site / "sw.js").read_text()
    found = re.search(r"^const PRECACHE = (\[.*?\n\]);$", text, re.M | re.S)
    assert found, "sw.js lists its precache"
    return json.loads(found.group(1).replace(",\n]", "\n]"))


def test_precache_lists_every_file_but_the_worker_and_unused_chunks(site_dir: Path) -> None:
    listed = {url for url, _ in worker_precache(site_dir)}
    every = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    left_out = every - {"index.html" if url == "./" else url for url in listed}
    assert "./" in listed and "index.html" not in listed, "the page is cached as ./"
    assert {"sw.js", ".nojekyll"} <= left_out
    assert all(
        n in {"sw.js", ".nojekyll"} or n.startswith(("vendor/pyscript/zip-", "vendor/pyscript/pyodide_graph-"))
        for n in left_out
    ), left_out
    for needed in (
        "pyscript.toml", "manifest.webmanifest", "static/harpui.zip", "static/main.py",
        "static/style.css", "static/boot.js", "static/sw-register.js", "static/cards.svg",
        "static/icons/icon-192.png", "static/help/index.html", f"wheels/{WHEEL_NAME}",
        "vendor/pyscript/core.js", "vendor/pyscript/core.css",
        *(f"vendor/pyodide/{name}" for name in PYODIDE_FILES),
    ):
        assert needed in listed, needed
    assert any(re.fullmatch(r"vendor/pyscript/core-[\w-]+\.js", url) for url in listed)


def test_precache_hashes_are_the_files_sha256(site_dir: Path) -> None:
    for url, sha in worker_precache(site_dir):
        data = (site_dir / ("index.html" if url == "./" else url)).read_bytes()
        assert hashlib.sha256(data).hexdigest() == sha, url


def test_worker_is_rendered_and_its_template_not_shipped(site_dir: Path) -> None:
    code = (site_dir / "sw.js").read_text()
    assert "__HARP_" not in code
    assert not (site_dir / "static" / "sw.template.js").exists()
    assert worker_build(site_dir) == build_hash(
        precache_entries(site_dir), SW_TEMPLATE.read_text(encoding="utf-8")
    )


def test_cache_name_changes_with_any_precached_file(site_dir: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    before = worker_build(site)
    write_service_worker(site)
    assert worker_build(site) == before, "same files, same name"
    with open(site / "static" / "help" / "help.css", "a") as f:
        f.write("/* changed */\n")
    write_service_worker(site)
    assert worker_build(site) != before


def test_manifest_makes_the_site_installable_under_any_path(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert (manifest["name"], manifest["short_name"]) == ("Harp Solitaire", "Harp")
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert "id" not in manifest, "the id then defaults to start_url, which follows a sub-path"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    icons = {(i["sizes"], i["type"], i.get("purpose", "any")): i["src"] for i in manifest["icons"]}
    assert set(icons) == {
        ("192x192", "image/png", "any"),
        ("512x512", "image/png", "any"),
        ("512x512", "image/png", "maskable"),
        ("any", "image/svg+xml", "any"),
    }
    for (sizes, kind, _), src in icons.items():
        assert not src.startswith("/"), "relative, so a sub-path works"
        if kind == "image/png":
            assert Png((site_dir / src).read_bytes()).size == tuple(int(n) for n in sizes.split("x")), src


def test_page_links_the_manifest_and_the_worker(site_dir: Path) -> None:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html
    assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}">', html)
    assert re.search(r'<link rel="apple-touch-icon" href="\./static/icons/[\w-]+\.png">', html)
    assert '<script type="module" src="./static/sw-register.js"></script>' in html
    register = (site_dir / "static" / "sw-register.js").read_text(encoding="utf-8")
    assert 'register("./sw.js")' in register, "relative: the scope follows a sub-path"


@pytest.mark.skipif(shutil.which("rsvg-convert") is None or shutil.which("pngquant") is None,
                    reason="needs rsvg-convert (librsvg2-bin) and pngquant")
def test_icons_are_rendered_from_the_svg(tmp_path: Path) -> None:
    assert render_icons(tmp_path)
    icons = tmp_path / "static" / "icons"
    for name, size, rounded in ICONS:
        png = Png((icons / name).read_bytes())
        assert (png.width, png.height, png.colour) == (size, size, 3), f"{name}: a palette image of its size"
        assert (icons / name).read_bytes() == (ROOT / "static" / "icons" / name).read_bytes(), \
            f"{name}: the committed icon is what the build renders (python tools/make_art.py --icons)"
        assert png.alpha(size // 2, size // 2) == 255, f"{name}: opaque middle"
        corner = png.alpha(0, 0)
        assert (corner == 0) if rounded else (corner == 255), f"{name}: corner alpha {corner}"


def test_without_a_renderer_the_committed_icons_stay(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert not render_icons(tmp_path)
    assert not (tmp_path / "static").exists()
    for name, size, _ in ICONS:  # what copy_site_files puts in dist then
        assert Png((ROOT / "static" / "icons" / name).read_bytes()).size == (size, size), name


def test_rounded_svg_clips_to_rounded_corners() -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512"/></svg>\n'
    out = rounded_svg(svg, 96 / 512)
    assert '<rect x="0" y="0" width="512" height="512" rx="96"/>' in out
    assert out.startswith(svg[: svg.index(">") + 1]) and out.endswith("</g></svg>\n")
    with pytest.raises(ValueError):
        rounded_svg("<svg></svg>", 0.2)


def test_size_report_gives_both_visits(site_dir: Path) -> None:
    sizes = visit_sizes(site_dir)
    wasm = site_dir / "vendor" / "pyodide" / "pyodide.asm.wasm"
    assert transfer_size(wasm) < wasm.stat().st_size / 2, "gzip, as hosts serve it"
    assert sizes["first"] > transfer_size(wasm)
    assert sizes["first_raw"] > sizes["first"]
    assert sizes["second"] == 0 < sizes["second_if_sw_changed"] < 20_000
    report = size_report(site_dir)
    assert report.startswith("first visit:") and "second visit:" in report


# --------------------------------------------------------------------------
# Static hosts: netlify.toml's rules, the server's prefix and header rules


def netlify_rules() -> list[tuple[str, dict[str, str]]]:
    return [(pattern, dict(values)) for pattern, values in netlify_header_rules()]


def site_paths(site: Path) -> list[str]:
    """Every URL path of the site, the folder URLs and the future embed page included."""
    files = ["/" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()]
    return ["/", "/embed.html", *files]


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("/*", "/", True),
        ("/*", "/vendor/pyodide/pyodide.asm.wasm", True),
        ("/", "/", True),
        ("/", "/index.html", False),
        ("/*.wasm", "/vendor/pyodide/pyodide.asm.wasm", True),
        ("/*.wasm", "/a.wasm.map", False),
        ("/vendor/pyscript/*-*.js", "/vendor/pyscript/core-C9KDLldu.js", True),
        ("/vendor/pyscript/*-*.js", "/vendor/pyscript/core.js", False),
        ("/static/help/*", "/static/help", True),
        ("/static/help/*", "/static/help/rules-harp.html", True),
        ("/Index.html", "/index.html", True),
    ],
)
def test_netlify_patterns_match_as_netlify_reads_them(pattern: str, path: str, matches: bool) -> None:
    assert bool(netlify_pattern(pattern).match(path)) == matches


def test_netlify_sets_each_header_in_one_rule_per_path(site_dir: Path) -> None:
    rules = netlify_rules()
    for path in site_paths(site_dir):
        seen: dict[str, str] = {}
        for pattern, values in rules:
            if netlify_pattern(pattern).match(path):
                for key in values:
                    assert key.lower() not in seen, f"{path}: {key} set by {seen.get(key.lower())} and {pattern}"
                    seen[key.lower()] = pattern


def test_netlify_gives_every_page_a_csp_and_frame_rule(site_dir: Path) -> None:
    rules = netlify_rules()
    pages = [p for p in site_paths(site_dir) if p == "/" or p.endswith(".html")]
    for path in pages:
        csp = headers_for(path, rules).get("Content-Security-Policy", "")
        directives = dict((d.strip().split(" ", 1) + [""])[:2] for d in csp.split(";") if d.strip())
        assert directives.get("default-src") == "'none'", path
        assert "'unsafe-inline'" not in csp, path
        expected = "*" if path == "/embed.html" else "'none'"
        assert directives.get("frame-ancestors") == expected, path
    for path in ("/", "/index.html", "/embed.html"):
        csp = headers_for(path, rules)["Content-Security-Policy"]
        assert "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval';" in csp
    every = headers_for("/vendor/pyodide/pyodide.mjs", rules)
    assert every["X-Content-Type-Options"] == "nosniff" and every["Referrer-Policy"]


def test_netlify_caches_for_good_only_content_hashed_names(site_dir: Path) -> None:
    rules = netlify_rules()
    immutable = []
    for path in site_paths(site_dir):
        cache = headers_for(path, rules).get("Cache-Control", "")
        if "immutable" in cache:
            assert re.search(r"-[\w-]{8}\.js$", path), f"{path}: immutable without a hash in its name"
            immutable.append(path)
    assert any(p.startswith("/vendor/pyscript/core-") for p in immutable)
    for path in ("/", "/index.html", "/sw.js", "/manifest.webmanifest", "/pyscript.toml",
                 f"/wheels/{WHEEL_NAME}", "/vendor/pyodide/pyodide.asm.wasm", "/static/help/index.html"):
        assert headers_for(path, rules).get("Cache-Control") == "no-cache", path


def test_netlify_serves_wasm_and_modules_with_their_types() -> None:
    rules = netlify_rules()
    assert headers_for("/vendor/pyodide/pyodide.asm.wasm", rules)["Content-Type"] == "application/wasm"
    assert headers_for("/vendor/pyodide/pyodide.mjs", rules)["Content-Type"] == "text/javascript"


def fetch(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as e:
        return e.code, e.headers


def test_server_serves_under_a_prefix_only(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html>")
    (tmp_path / "a.txt").write_text("a")
    log: list[tuple[str, int]] = []
    with serving(tmp_path, prefix="/harp-solitaire/", request_log=log) as url:
        assert url.endswith("/harp-solitaire/")
        origin = url[: -len("harp-solitaire/")]
        assert fetch(url + "a.txt")[0] == 200
        assert fetch(url)[0] == 200
        assert fetch(url[:-1])[0] == 200, "redirected to the folder"
        assert fetch(origin + "a.txt")[0] == 404
        assert fetch(origin)[0] == 404
    assert ("/harp-solitaire", 301) in log and ("/a.txt", 404) in log
    with pytest.raises(ValueError):
        make_server(tmp_path, prefix="/no-slash")


def test_server_applies_header_rules_by_path(tmp_path: Path) -> None:
    (tmp_path / "m.wasm").write_bytes(b"\0asm")
    (tmp_path / "page.html").write_text("<!doctype html>")
    rules = [("/*", {"X-All": "1"}), ("/*.wasm", {"Content-Type": "application/x-test"}),
             ("/page.html", {"X-Page": "p"})]
    with serving(tmp_path, header_rules=rules) as url:
        _, wasm = fetch(url + "m.wasm")
        _, page = fetch(url + "page.html")
    assert wasm.get_all("Content-Type") == ["application/x-test"], "replaced, not doubled"
    assert wasm["X-All"] == page["X-All"] == "1"
    assert page["X-Page"] == "p" and "X-Page" not in wasm
    assert page.get_content_type() == "text/html"


def get(url: str, **headers: str) -> tuple[int, Any, bytes]:
    """GET url with headers: (status, headers, body); urllib does not decompress."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def test_server_gzips_text_and_wasm_when_asked_and_allowed(tmp_path: Path) -> None:
    text = b"harp " * 2000
    (tmp_path / "a.js").write_bytes(text)
    (tmp_path / "m.wasm").write_bytes(b"\0asm" + bytes(4000))
    (tmp_path / "p.png").write_bytes(b"\x89PNG" + bytes(4000))
    with serving(tmp_path, compress=True) as url:
        status, headers, body = get(url + "a.js", **{"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert int(headers["Content-Length"]) == len(body) < len(text)
        assert zlib.decompress(body, 31) == text and "Accept-Encoding" in headers["Vary"]
        assert get(url + "m.wasm", **{"Accept-Encoding": "gzip"})[1]["Content-Encoding"] == "gzip"
        assert "Content-Encoding" not in get(url + "p.png", **{"Accept-Encoding": "gzip"})[1]
        assert get(url + "a.js")[2] == text, "plain for a request without Accept-Encoding"
        assert get(url + "a.js", **{"Accept-Encoding": "gzip;q=0"})[2] == text
    with serving(tmp_path) as url:  # compress is off unless asked for
        assert get(url + "a.js", **{"Accept-Encoding": "gzip"})[2] == text


def test_server_answers_conditional_requests_with_304(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text("let a = 1;")
    (tmp_path / "index.html").write_text("<!doctype html>")
    log: list[tuple[str, int, int]] = []
    with serving(tmp_path, compress=True, byte_log=log) as url:
        status, headers, body = get(url + "a.js")
        etag, modified = headers["ETag"], headers["Last-Modified"]
        assert status == 200 and body == b"let a = 1;" and etag
        assert get(url + "a.js", **{"If-None-Match": etag})[:1] == (304,)
        assert get(url + "a.js", **{"If-None-Match": f'W/{etag}, "other"'})[0] == 304
        assert get(url + "a.js", **{"If-None-Match": '"other"'})[0] == 200
        assert get(url + "a.js", **{"If-Modified-Since": modified})[0] == 304
        gz_etag = get(url + "a.js", **{"Accept-Encoding": "gzip"})[1]["ETag"]
        assert gz_etag != etag, "each encoding has its own tag"
        assert get(url + "a.js", **{"Accept-Encoding": "gzip", "If-None-Match": etag})[0] == 200
        assert get(url, **{"If-None-Match": get(url)[1]["ETag"]})[0] == 304, "a folder's index.html too"
    # Each handler thread logs once its answer is sent, so the client may be
    # on to its next request first: the entries' order is not the requests'.
    assert ("/a.js", 200, 10) in log and ("/a.js", 304, 0) in log


def test_server_is_quiet_when_a_client_hangs_up_but_not_on_other_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = make_server(tmp_path)
    try:
        for hang_up in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "Connection reset by peer")):
            try:
                raise hang_up
            except ConnectionError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == "", "a client hanging up is not the server's failure"
        try:
            raise ValueError("a real failure")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a real failure" in capsys.readouterr().err
    finally:
        server.server_close()


# --------------------------------------------------------------------------
# micropip, for tests/browser/test_micropip.py only


def test_micropip_pin_is_the_version_pyodide_names(site_dir: Path) -> None:
    lock = json.loads((PYODIDE_DIR / LOCK_FILE).read_text())
    for pin in MICROPIP_WHEELS:
        name, version = pin.split("==")
        entry = lock["packages"][name]
        assert (entry["version"], entry["file_name"]) == (version, f"{name}-{version}-py3-none-any.whl")
        assert entry["depends"] == [], "no other wheel is needed"


def test_the_game_ships_no_micropip(site_dir: Path) -> None:
    assert not any("micropip" in p.name for p in site_dir.rglob("*"))
    assert not any("micropip" in name for name in precached_files(site_dir))
    assert not (site_dir / "vendor" / "pyodide" / LOCK_FILE).exists()


def test_pin_lock_files_sets_the_wheels_hash_and_name(site_dir: Path, tmp_path: Path) -> None:
    lock = tmp_path / "pyodide-lock.json"
    shutil.copy(PYODIDE_DIR / LOCK_FILE, lock)
    before = json.loads(lock.read_text())
    version = before["packages"]["micropip"]["version"]
    wheel = tmp_path / f"micropip-{version}-py3-none-any.whl"
    wheel.write_bytes(b"not really a wheel")
    pin_lock_files(lock, [wheel])
    after = json.loads(lock.read_text())
    assert after["packages"]["micropip"]["sha256"] == hashlib.sha256(b"not really a wheel").hexdigest()
    assert after["packages"]["micropip"]["file_name"] == wheel.name
    after["packages"]["micropip"] = before["packages"]["micropip"]
    assert after == before, "nothing else changes"
    with pytest.raises(ValueError, match="names micropip"):
        pin_lock_files(lock, [tmp_path / "micropip-0.0.1-py3-none-any.whl"])


def test_micropip_wheels_download_once_and_check_the_hash(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    good = b"the pinned wheel"
    # The names live in buildtools.testrun; build.py only re-exports them.
    monkeypatch.setattr(testrun, "MICROPIP_WHEELS", {"demo==1.0": hashlib.sha256(good).hexdigest()})
    downloads: list[tuple[str, ...]] = []
    served = good

    def fake_pip(*cmd: str) -> None:  # stands in for `pip download ... -d DIR demo==1.0`
        downloads.append(cmd)
        folder = Path(cmd[cmd.index("-d") + 1])
        (folder / "demo-1.0-py3-none-any.whl").write_bytes(served)

    monkeypatch.setattr(testrun, "run", fake_pip)
    cache = tmp_path / "cache"
    wheel = cache / "demo-1.0-py3-none-any.whl"
    assert micropip_wheels(cache) == [wheel] and wheel.read_bytes() == good
    assert micropip_wheels(cache) == [wheel]
    assert len(downloads) == 1, "the second call finds it in the cache"
    assert downloads[0][-1] == "demo==1.0" and "--no-deps" in downloads[0]
    wheel.write_bytes(b"damaged")
    served = b"tampered"
    with pytest.raises(ValueError, match="not the pinned file"):
        micropip_wheels(cache)
    assert wheel.read_bytes() == b"damaged" and sorted(cache.iterdir()) == [wheel], "no partial files"


def test_files_under_leaves_out_caches_and_hidden_files(tmp_path: Path) -> None:
    """A type checker or test run beside the sources never ships with the site."""
    for name in ("a.js", "sub/b.css", ".mypy_cache/3.11/cache.db", "sub/.hidden", "__pycache__/c.pyc", "d.pyc"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    assert [p.relative_to(tmp_path).as_posix() for p in files_under(tmp_path)] == ["a.js", "sub/b.css"]


def test_build_py_names_every_module_of_buildtools() -> None:
    """build.py's docstring is where docs/design.md sends a reader for the
    build's modules: a module added to buildtools/ is named there too."""
    import build

    named = set(re.findall(r"\b([a-z_]+\.(?:py|mjs))\b", build.__doc__ or ""))
    modules = {p.name for p in (ROOT / "buildtools").iterdir()
               if p.suffix in (".py", ".mjs") and p.name != "__init__.py"}
    assert modules - named == set(), f"build.py's docstring does not name {sorted(modules - named)}"
