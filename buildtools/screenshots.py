"""The README's pictures (screenshots): the browser tests that take them, run
so that they write them into docs/screenshots/ instead of a folder of their own."""

from __future__ import annotations

from .common import ROOT
from .testrun import install_browsers, install_test_tools, run_pytest

# A folder for the tests' pictures. Unset, each run writes them into a
# temporary folder, so the tests never change the committed ones
# (tests/browser/conftest.py's screenshot_dir).
SCREENSHOTS = "HARP_SCREENSHOTS"
SHOTS = ROOT / "docs" / "screenshots"
TAKEN_BY = ["tests/browser/test_screenshots.py", "tests/browser/test_swedish.py"]


def screenshots() -> int:
    """Install what the browser tests need, then run TAKEN_BY with the
    pictures written into SHOTS (the site built once, in one pytest); 0 if they pass."""
    install_test_tools()
    install_browsers()
    return run_pytest([*TAKEN_BY, "-n", "0"], {SCREENSHOTS: str(SHOTS)})
