"""Shared pytest setup: the `browser` marker and the built site.

Engine fixtures live in tests/engine/; browser fixtures in tests/browser/;
Firefox and WebKit scenarios in tests/crossbrowser/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from buildtools.site import build
from buildtools.testrun import TEST_PHASE, TEST_SITE
from schedule import start_rank


#: Set by `build.py test`, which runs the tests in two phases: "parallel" (on
#: pytest-xdist's workers, every test not marked `alone`) then "alone" (the
#: `alone` tests, with nothing running beside them).  Unset: every test.
PHASE = os.environ.get(TEST_PHASE, "")


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers (deselect with -m "not browser")."""
    config.addinivalue_line(
        "markers",
        "browser: drives the built site in a browser (Chromium, or Firefox and WebKit in tests/crossbrowser/)",
    )
    config.addinivalue_line(
        "markers", "alone: measures wall-clock time in the page, so `build.py test` runs it"
        " after the parallel tests, with no other test beside it"
    )
    config.addinivalue_line(
        "markers", "site: reads the built site (the site_dir fixture), so it needs Node.js and npm;"
        " `build.py check` leaves it to `build.py test`"
    )
    config.addinivalue_line(
        "markers", "slow: takes more than about ten seconds on its own (two cores);"
        " `build.py check` leaves it to `build.py test`"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep this phase's tests (see PHASE); mark every test under
    tests/crossbrowser/ and tests/browser/ as `browser`, every test that uses
    site_dir (itself or through another fixture) as `site`, and start the
    longest files first (schedule.py)."""
    if PHASE in ("parallel", "alone"):
        wanted = [item for item in items if (item.get_closest_marker("alone") is not None) == (PHASE == "alone")]
        left_out = [item for item in items if item not in wanted]
        if left_out:
            config.hook.pytest_deselected(items=left_out)
        items[:] = wanted
    browser_dirs = [Path(__file__).parent / "crossbrowser", Path(__file__).parent / "browser"]
    for item in items:
        if any(d in item.path.parents for d in browser_dirs):
            item.add_marker(pytest.mark.browser)
        if "site_dir" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.site)
    items.sort(key=lambda item: start_rank(item.path))


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site in a private folder (not dist/), so a `build.py serve` or a
    teammate's build can't change it mid-run: the copy `build.py test` made
    for the whole run (HARP_TEST_SITE), or else built once per session."""
    given = os.environ.get(TEST_SITE)
    if given:
        assert (Path(given) / "index.html").is_file(), f"{TEST_SITE}={given} holds no built site"
        return Path(given)
    return build(tmp_path_factory.mktemp("site") / "dist")
