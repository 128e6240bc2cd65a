"""The engine wheel, written by hand (see build_wheel for why)."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .common import ENGINE, ROOT, files_under, project_metadata, write_zip


def record_hash(data: bytes) -> str:
    """A RECORD hash field: sha256=<urlsafe base64 without padding>."""
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def wheel_metadata(project: Mapping[str, Any]) -> str:
    """The METADATA file of the wheel (core metadata 2.1), the optional extras included:
    nothing is required unless an extra is asked for."""
    extras = "".join(
        f"Provides-Extra: {extra}\n" + "".join(f'Requires-Dist: {spec}; extra == "{extra}"\n' for spec in specs)
        for extra, specs in project.get("optional-dependencies", {}).items())
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {project['name']}\n"
        f"Version: {project['version']}\n"
        f"Summary: {project.get('description', '')}\n"
        f"Requires-Python: {project.get('requires-python', '>=3.11')}\n"
        + extras
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
    """Build harp-<version>-py3-none-any.whl into out_dir; return its path.

    Why by hand and not `pip wheel --no-deps .` (setuptools, from the
    pyproject.toml): measured here, two setuptools builds with
    SOURCE_DATE_EPOCH set did give the same bytes, but
    - with `--no-index` (offline) it fails: build isolation must fetch
      setuptools>=69 from a package index on every build, and the
      setuptools installed here (65) is older than pyproject.toml asks;
    - the bytes then depend on whichever setuptools the index serves that
      day (it writes its version into WHEEL), so a later build of the same
      sources can differ;
    - it embeds README.md in METADATA (11 KB), so every README edit would
      change the wheel and the service worker's cache name;
    - it takes about 4 s instead of milliseconds, and leaves build/ and
      harp.egg-info/ in the tree.
    The wheel below holds the same files (harp/**/*.py, py.typed, METADATA,
    WHEEL, RECORD), fixed dates and modes, so it is byte-for-byte the same
    on every build and machine (tests/test_build.py checks it), offline.
    """
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
