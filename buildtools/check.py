"""The developers' fast loop (check): ruff, the tests that need no browser and no
built site, and mypy, with nothing installed but requirements-test.txt (no
apt-get, no npm, no build); and Biome where npm has already installed it."""

from __future__ import annotations

import os

from .testrun import beside_mypy, install_test_tools, lint, lint_js, run_pytest

# tests/engine, tests/solver, tests/ui and the top-level files of tests/, but
# for what needs a browser (`browser`), the built site (`site`: the build
# runs npm) or more than about ten seconds alone (`slow`): `build.py test`
# runs those.
CHECK_TESTS = ["tests", "--ignore=tests/browser", "--ignore=tests/crossbrowser",
               "-m", "not browser and not site and not slow"]


def check_args(pytest_args: list[str]) -> list[str]:
    """pytest's arguments for check: CHECK_TESTS on one pytest-xdist worker a
    core (the tests keep a core busy, unlike the browser tests), an idle
    worker taking tests from a busy one's queue, then the caller's."""
    chosen = any(a.startswith(("-n", "--numprocesses", "--dist")) or a == "no:xdist" for a in pytest_args)
    workers = [] if chosen else ["-n", str(os.cpu_count() or 1), "--dist", "worksteal"]
    return [*CHECK_TESTS, *workers, *pytest_args]


def check(pytest_args: list[str]) -> int:
    """pip install the test tools, lint (Biome only if installed), then run CHECK_TESTS and mypy
    side by side; 0 if all pass."""
    install_test_tools()
    linted = lint()
    linted_js = lint_js(required=False)
    failed, typed = beside_mypy(lambda: run_pytest(check_args(pytest_args)))
    return 1 if failed or typed or linted or linted_js else 0
