"""The order in which the test files start (tests/conftest.py sorts by it).

pytest-xdist gives each worker a whole file (--dist loadfile) in the order
collected (--no-loadscope-reorder: its own order, by number of tests, sent
the one-test Firefox and WebKit files last, to run alone at the end), so
the long files go first and the short ones fill the gaps."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent

# The test files that take longest, longest first (worker-seconds measured on
# the parallel phase here: about 120 to 60 each).  test_test_files.py checks
# that each still exists.
LONGEST_FIRST = (
    "crossbrowser/test_webkit.py", "browser/test_whole_games_portrait.py", "browser/test_whole_games_landscape.py",
    "solver/test_portfolio.py", "browser/test_phone_fit.py", "solver/test_last_pass.py",
    "solver/test_soundness.py", "solver/test_solve.py", "browser/test_pwa.py", "browser/test_play.py",
    "browser/test_embed.py", "crossbrowser/test_firefox.py", "solver/test_searches.py",
    "engine/test_properties.py", "browser/test_early_board.py", "browser/test_early_layout.py",
)


def start_rank(path: Path) -> int:
    """Where a test file starts: LONGEST_FIRST in its order, then the rest as collected."""
    path = path.resolve()
    name = path.relative_to(TESTS).as_posix() if TESTS in path.parents else path.name
    return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)
