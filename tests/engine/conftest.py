"""Engine test setup: the helper module on the path, and the property-test tally."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # `import engine_helpers`, whatever the import mode

from engine_helpers import Tally  # noqa: E402


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if Tally.games:
        terminalreporter.write_sep("-", "harp engine property tests")
        terminalreporter.write_line(
            f"{Tally.moves} moves played in {Tally.games} random games; "
            f"{Tally.checked_candidates} candidate moves checked against legal_moves()"
        )
        terminalreporter.write_line("by kind: " + ", ".join(f"{k} {n}" for k, n in Tally.kinds.most_common()))
