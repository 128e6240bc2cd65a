"""build.py: the engine wheel, the site layout, the vendored runtime and the
development server. Fast: no browser."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
import subprocess
import sys
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build

VERSION = build.project_metadata()["version"]
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


def test_wheel_is_pure_python_for_any_python3(wheel: Path) -> None:
    meta = headers_of(read(wheel, f"{DIST_INFO}/WHEEL"))
    assert meta["Wheel-Version"] == "1.0"
    assert meta["Root-Is-Purelib"] == "true"
    assert meta["Tag"] == "py3-none-any"


def test_wheel_metadata_matches_pyproject(wheel: Path) -> None:
    meta = headers_of(read(wheel, f"{DIST_INFO}/METADATA"))
    assert (meta["Name"], meta["Version"]) == ("harp", VERSION)
    assert meta["Requires-Python"] == ">=3.11"
    assert "Requires-Dist" not in meta


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
        p.relative_to(build.ROOT).as_posix()
        for p in build.ENGINE.rglob("*.py")
        if "__pycache__" not in p.parts
    }
    found = set(names(wheel))
    assert "harp/py.typed" in found
    assert sources <= found
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in found)


def test_wheel_build_is_reproducible(tmp_path: Path) -> None:
    first = build.build_wheel(tmp_path / "a").read_bytes()
    second = build.build_wheel(tmp_path / "b").read_bytes()
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
    ui_files = build.files_under(build.UI_PACKAGE)
    assert found == {"harpui/" + p.relative_to(build.UI_PACKAGE).as_posix() for p in ui_files}
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
    assert sorted(p.name for p in folder.iterdir()) == sorted(build.PYODIDE_FILES)
    assert '"314.0.7"' in (folder / "pyodide.mjs").read_text(encoding="utf-8")
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["info"]["python"].startswith("3.")


def test_pyscript_is_vendored_without_editor_terminal_or_maps(site_dir: Path) -> None:
    folder = site_dir / "vendor" / "pyscript"
    names = {p.name for p in folder.iterdir()}
    assert {"core.js", "core.css"} <= names
    assert not any(n.endswith(".map") or n.startswith(("codemirror", "xterm")) for n in names)
    for name in names - {"core.css"}:  # every static import resolves
        for imported in build.js_imports(folder / name, dynamic=False):
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
    with build.serving(tmp_path, headers={"X-Test": "yes"}) as url:
        with urllib.request.urlopen(f"{url}file{suffix}") as response:
            assert response.headers.get_content_type() == mime
            assert response.headers["X-Test"] == "yes"


def test_netlify_publishes_dist_built_by_build_py() -> None:
    with open(build.ROOT / "netlify.toml", "rb") as f:
        netlify = tomllib.load(f)
    assert netlify["build"] == {"command": "python build.py", "publish": "dist"}
    wasm = [h for h in netlify["headers"] if h["for"] == "/*.wasm"]
    assert wasm and wasm[0]["values"]["Content-Type"] == "application/wasm"
