"""build.py check, the developers' fast loop: what it selects, and that it
fails when the tests, mypy or ruff fail.  And build.py screenshots, which refreshes
the README's pictures: it runs every test that takes one, into docs/screenshots/."""

from __future__ import annotations

import re
import subprocess
import sys

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


def test_check_fails_when_the_tests_mypy_or_ruff_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check, "install_test_tools", lambda: None)
    for tests_code, mypy_code, ruff_code, expected in ((0, 0, 0, 0), (1, 0, 0, 1), (0, 1, 0, 1), (5, 0, 0, 1),
                                                       (0, 0, 1, 1)):
        monkeypatch.setattr(check, "run_pytest", lambda args, code=tests_code: code)
        monkeypatch.setattr(testrun, "MYPY", [sys.executable, "-c", f"raise SystemExit({mypy_code})"])
        monkeypatch.setattr(testrun, "RUFF", [sys.executable, "-c", f"raise SystemExit({ruff_code})"])
        assert check.check([]) == expected, (tests_code, mypy_code, ruff_code)


def test_build_py_hands_check_its_pytest_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    monkeypatch.setattr(build, "check", lambda argv: seen.append(list(argv)) or 0)
    assert build.main(["check", "-k", "hint", "-x"]) == 0
    assert seen == [["-k", "hint", "-x"]]


def test_screenshots_runs_every_test_that_takes_a_readme_picture_into_docs_screenshots(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shots, "install_test_tools", lambda: None)
    monkeypatch.setattr(shots, "install_browsers", lambda: None)
    runs: list[tuple[list[str], dict[str, str]]] = []
    monkeypatch.setattr(shots, "run_pytest", lambda args, env: runs.append((list(args), env)) or 0)
    assert build.main(["screenshots"]) == 0
    [(args, env)] = runs
    assert env == {shots.SCREENSHOTS: str(ROOT / "docs" / "screenshots")}
    taking = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tests" / "browser").glob("test_*.py")
                    if "screenshot_dir" in path.read_text(encoding="utf-8"))
    assert taking == sorted(shots.TAKEN_BY) and set(taking) <= set(args)
