"""Shared pytest setup: the `browser` marker and the built site.

Engine fixtures live in tests/engine/; browser fixtures in tests/browser/.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # so tests can `import build`

import build  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    """Register the `browser` marker (deselect with -m "not browser")."""
    config.addinivalue_line(
        "markers", "browser: drives the built site in headless Chromium"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/browser/ as `browser`, and run them last:
    the fast tests report first."""
    browser_dir = Path(__file__).parent / "browser"
    in_browser = {id(item) for item in items if browser_dir in item.path.parents}
    for item in items:
        if id(item) in in_browser:
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: id(item) in in_browser)  # stable: keeps the order within each group


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per session into a private folder (not dist/),
    so a `build.py serve` or a teammate's build can't change it mid-run."""
    return build.build(tmp_path_factory.mktemp("site") / "dist")
