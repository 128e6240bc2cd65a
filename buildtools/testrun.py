"""The test command, its installers, and the micropip test site."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from .common import CHROMIUM, CHROMIUM_HEADLESS_SHELL, DIST, LOCK_FILE, NODE_MODULES, PYODIDE_DIR, ROOT, run
from .browsers import APT_PACKAGES as BROWSER_PACKAGES
from .site import build, ensure_node_modules


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
    site's vendored Pyodide (with the whole standard library) plus micropip's wheel, with pyodide-lock.json
    pinned to it, and dest/wheels/ the engine wheel. site is a built site
    (build() first). Returns dest; the page that uses it is the test's to write."""
    pyodide = dest / "pyodide"
    shutil.copytree(site / "vendor" / "pyodide", pyodide)
    # The site's stdlib is trimmed to what the game imports; micropip needs more.
    shutil.copy2(PYODIDE_DIR / "python_stdlib.zip", pyodide / "python_stdlib.zip")
    shutil.copy2(PYODIDE_DIR / LOCK_FILE, pyodide / LOCK_FILE)   # the site ships none
    wheels = [Path(shutil.copy2(p, pyodide)) for p in micropip_wheels()]
    pin_lock_files(pyodide / LOCK_FILE, wheels)
    shutil.copytree(site / "wheels", dest / "wheels")
    return dest


# --------------------------------------------------------------------------
# Tests


def install_test_tools() -> None:
    """pip install the pinned test tools."""
    run(sys.executable, "-m", "pip", "install", "-q", "-r", "requirements-test.txt")


# Debian packages for the tests and the build, by the program each provides:
# Chromium and its headless shell for the browser tests, Firefox ESR, WebKitGTK
# and Xvfb for tests/crossbrowser/, rsvg-convert and pngquant to render the PNG icons.
APT_PACKAGES = {CHROMIUM: "chromium", CHROMIUM_HEADLESS_SHELL: "chromium-headless-shell",
                "/usr/bin/rsvg-convert": "librsvg2-bin", "/usr/bin/pngquant": "pngquant", **BROWSER_PACKAGES}


def install_browsers() -> None:
    """Install Debian's browsers (and the icons' librsvg2-bin and pngquant) with apt-get where missing."""
    missing = [package for program, package in APT_PACKAGES.items() if not Path(program).exists()]
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", *missing]):
        print("+", " ".join(sudo + cmd), flush=True)
        subprocess.run(sudo + cmd, check=True, env=env, stdin=subprocess.DEVNULL)


def parallel_args(pytest_args: Sequence[str]) -> list[str]:
    """pytest-xdist's arguments: two workers a core (at least two, at most
    four), each test file on one worker, so a module's shared page or fixture
    is set up once, the files in the order collected (tests/conftest.py
    starts the longest first).  Two a core, because a browser test's worker
    spends much of its time waiting on its browser (measured on 2 cores: the
    parallel phase took 653 s on 2 workers, 515 s on 4, and later 486 s on
    4 against 529 s on 6).  None where the caller chose (-n, --numprocesses,
    -p no:xdist)."""
    chosen = any(a.startswith(("-n", "--numprocesses", "--dist")) or a == "no:xdist" for a in pytest_args)
    if chosen:
        return []
    workers = max(2, min(2 * (os.cpu_count() or 1), 4))
    return ["-n", str(workers), "--dist", "loadfile", "--no-loadscope-reorder"]


NO_TESTS = 5  # pytest's exit code when a run selected no test


TEST_SITE = "HARP_TEST_SITE"   # a built site for the tests to use, instead of building their own
TEST_PHASE = "HARP_TEST_PHASE"  # which phase of run_pytest this is: "parallel" or "alone"


def run_pytest(pytest_args: Sequence[str], env: dict[str, str] | None = None) -> int:
    """pytest, 0 if it passed.  On pytest-xdist's workers, it runs in two
    phases: every test not marked `alone`, in parallel, then the `alone` ones
    (they time the page, and a worker beside them would slow it) on their own.
    A phase that selects nothing is fine; both selecting nothing is not.
    env: variables set for pytest beside this process's."""
    pytest = [sys.executable, "-m", "pytest"]
    # Let Python keep compiled modules, and pytest its assert-rewritten test
    # modules, in __pycache__ even where the environment says not to: each
    # pytest process, and each Python a test starts, would compile them again
    # (collecting took 5.5 s a process here without, 2.1 s with).
    base_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | (env or {})
    workers = parallel_args(pytest_args)
    if not workers:
        return subprocess.run([*pytest, *pytest_args], cwd=ROOT, env=base_env).returncode
    codes = []
    for phase, extra in (("parallel", workers), ("alone", [])):
        print(f"+ pytest, {phase} phase", flush=True)
        phase_env = {**base_env, TEST_PHASE: phase}
        codes.append(subprocess.run([*pytest, *extra, *pytest_args], cwd=ROOT, env=phase_env).returncode)
    if all(code == NO_TESTS for code in codes):
        return NO_TESTS
    return 0 if all(code in (0, NO_TESTS) for code in codes) else 1


# The type check: mypy --strict over its targets, in one process (half the
# time of one a folder: it reads the standard library's stubs once). The
# targets and the flags are pyproject.toml's [tool.mypy] (files, strict), so
# this is the whole command, and `python3 -m mypy` alone runs the same check.
MYPY = [sys.executable, "-m", "mypy"]

# The linter: ruff over every Python file in the repository, with pyproject.toml's
# [tool.ruff] rules, so `python3 -m ruff check` alone runs the same check. It only
# lints (nothing is reformatted), in well under a second: test and check run it first.
RUFF = [sys.executable, "-m", "ruff", "check"]


def lint() -> int:
    """Run RUFF, its report printed as it comes; 0 if the tree is clean."""
    print("+ python3 -m ruff check", flush=True)
    return subprocess.run(RUFF, cwd=ROOT).returncode


# The JavaScript linter: Biome, package.json's pinned @biomejs/biome (npm ci installs it
# with the runtime), over every .js and .mjs file but node_modules/ and dist/, with
# biome.json's rules. It only lints (the formatter is off), in well under a second; a
# warning fails it as an error does.
BIOME = [str(NODE_MODULES / ".bin" / "biome"), "lint", "--error-on-warnings"]


def lint_js(required: bool) -> int:
    """Run BIOME, its report printed as it comes; 0 if the JavaScript is clean.
    Where it is not installed: 1 if required, else a line saying it is skipped and 0
    (check, which installs nothing from npm)."""
    if not Path(BIOME[0]).exists():
        if required:
            print(f"+ biome lint: {BIOME[0]} is missing (npm ci installs it)", flush=True)
            return 1
        print(f"+ biome lint: skipped, {BIOME[0]} is not installed (build.py test installs it)", flush=True)
        return 0
    print("+ biome lint", flush=True)
    return subprocess.run(BIOME, cwd=ROOT).returncode


def beside_mypy(work: Callable[[], int]) -> tuple[int, int]:
    """work() with MYPY running in the background beside it, mypy's report
    printed after work's own output: (work's result, mypy's return code)."""
    print("+ python3 -m mypy (in the background; its report follows pytest's)", flush=True)
    with tempfile.TemporaryFile(mode="w+") as report:
        mypy = subprocess.Popen(MYPY, cwd=ROOT, stdout=report, stderr=subprocess.STDOUT)
        try:
            result = work()
        finally:
            typed = mypy.wait()
        print("+ python3 -m mypy", flush=True)
        report.seek(0)
        print(report.read(), end="", flush=True)
    return result, typed


def test(pytest_args: list[str]) -> int:
    """Install what the tests need, lint, build, run pytest and mypy; 0 if all pass."""
    install_test_tools()
    ensure_node_modules()   # the runtime and Biome, for lint_js; build() needs them anyway
    linted = lint()
    linted_js = lint_js(required=True)
    # mypy runs beside the installs and the build, which mostly wait or keep one core busy.

    def installs_build_and_tests() -> int:
        install_browsers()
        build()
        # The tests' own copy of the site (see tests/conftest.py's site_dir), so a
        # `build.py serve` or another build mid-run can't change it under them.
        with tempfile.TemporaryDirectory(prefix="harp-test-site-") as tmp:
            site = shutil.copytree(DIST, Path(tmp) / "dist")
            return run_pytest(pytest_args, {TEST_SITE: str(site)})

    failed, typed = beside_mypy(installs_build_and_tests)
    return 1 if failed or typed or linted or linted_js else 0
