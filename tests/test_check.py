"""build.py check, the developers' fast loop: what it selects, and that it
fails when the tests, mypy, ruff or Biome fail (Biome skipped where npm has not
installed it; build.py test requires it).  And build.py screenshots, which refreshes
the README's pictures: it runs every test that takes one, into docs/screenshots/."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import build
from buildtools import check, testrun
from buildtools import screenshots as shots
from buildtools.common import ROOT


def test_check_selects_no_browser_test_and_none_that_uses_the_built_site() -> None:
    # --fixtures-per-test lists, for each selected test, every fixture it
    # uses, through other fixtures too (test_build.py's wheel uses site_dir).
    args = check.check_args(["-p", "no:xdist", "-p", "no:cacheprovider", "--fixtures-per-test"])
    out = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    selected = re.search(r"(\d+) selected", out)
    assert selected, out[-2000:]
    files = re.findall(r"^-+ \((tests/\S+?):\d+\) -+$", out, re.M)
    fixtures = set(re.findall(r"^(\w+) -- ", out, re.M))
    assert len(files) == int(selected.group(1)) > 1000
    assert {f.rsplit("/", 1)[0] for f in files} == {"tests", "tests/engine", "tests/solver", "tests/ui"}
    assert "site_dir" not in fixtures and "page" not in fixtures


def test_check_fails_when_the_tests_mypy_ruff_or_biome_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check, "install_test_tools", lambda: None)
    for tests_code, mypy_code, ruff_code, biome_code, expected in (
            (0, 0, 0, 0, 0), (1, 0, 0, 0, 1), (0, 1, 0, 0, 1), (5, 0, 0, 0, 1), (0, 0, 1, 0, 1), (0, 0, 0, 1, 1)):
        monkeypatch.setattr(check, "run_pytest", lambda args, code=tests_code: code)
        monkeypatch.setattr(testrun, "MYPY", [sys.executable, "-c", f"raise SystemExit({mypy_code})"])
        monkeypatch.setattr(testrun, "RUFF", [sys.executable, "-c", f"raise SystemExit({ruff_code})"])
        monkeypatch.setattr(testrun, "BIOME", [sys.executable, "-c", f"raise SystemExit({biome_code})"])
        assert check.check([]) == expected, (tests_code, mypy_code, ruff_code, biome_code)


def test_biome_is_skipped_by_check_where_npm_has_not_installed_it_and_required_by_test(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(testrun, "BIOME", [str(ROOT / "no-such-folder" / "biome"), "lint"])
    assert testrun.lint_js(required=False) == 0
    assert capsys.readouterr().out.count("skipped") == 1
    assert testrun.lint_js(required=True) == 1


def test_biome_is_the_pinned_one_and_lints_the_projects_javascript() -> None:
    """package.json pins @biomejs/biome to one version, and biome.json lints every
    .js and .mjs file the project has (the runtime and the built site left out), as
    it is now: clean, or this names what is not."""
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]["@biomejs/biome"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), "an exact version, not a range"
    if not Path(testrun.BIOME[0]).exists():
        pytest.skip("Biome is not installed (npm ci, which build.py test runs, installs it)")
    version = subprocess.run([testrun.BIOME[0], "--version"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert pinned in version.stdout
    listed = subprocess.run([*testrun.BIOME, "--verbose"], cwd=ROOT, capture_output=True, text=True)
    assert listed.returncode == 0, listed.stdout + listed.stderr
    # The folders .gitignore leaves out at the top (node_modules/, dist/...), which Biome skips too.
    ignored = {line.strip("/") for line in (ROOT / ".gitignore").read_text(encoding="utf-8").split()
               if line.startswith("/") and line.endswith("/")} | {".git"}
    assert {"node_modules", "dist"} <= ignored
    ours: set[str] = set()
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [d for d in subfolders if not (Path(folder) == ROOT and d in ignored)]
        ours |= {(Path(folder) / f).relative_to(ROOT).as_posix() for f in files if f.endswith((".js", ".mjs"))}
    assert ours and all(f"- {name}" in listed.stdout + listed.stderr for name in ours), sorted(ours)


def test_build_py_hands_check_its_pytest_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def check(argv: list[str]) -> int:
        seen.append(list(argv))
        return 0
    monkeypatch.setattr(build, "check", check)
    assert build.main(["check", "-k", "hint", "-x"]) == 0
    assert seen == [["-k", "hint", "-x"]]


def test_screenshots_runs_every_test_that_takes_a_readme_picture_into_docs_screenshots(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shots, "install_test_tools", lambda: None)
    monkeypatch.setattr(shots, "install_browsers", lambda: None)
    runs: list[tuple[list[str], dict[str, str]]] = []

    def run_pytest(args: list[str], env: dict[str, str]) -> int:
        runs.append((list(args), env))
        return 0
    monkeypatch.setattr(shots, "run_pytest", run_pytest)
    assert build.main(["screenshots"]) == 0
    [(args, env)] = runs
    assert env == {shots.SCREENSHOTS: str(ROOT / "docs" / "screenshots")}
    taking = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tests" / "browser").glob("test_*.py")
                    if "screenshot_dir" in path.read_text(encoding="utf-8"))
    assert taking == sorted(shots.TAKEN_BY) and set(taking) <= set(args)
