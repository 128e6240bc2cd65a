"""Engine test setup: the property-test tally (engine_helpers is on the path by pyproject.toml)."""

from __future__ import annotations

import pytest

from engine_helpers import Tally


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a pytest-xdist worker: hand this worker's tally to the main process."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["harp_tally"] = [Tally.moves, Tally.games, Tally.checked_candidates, dict(Tally.kinds)]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """In the main process of a pytest-xdist run: add up the workers' tallies."""
    moves, games, checked, kinds = getattr(node, "workeroutput", {}).get("harp_tally", [0, 0, 0, {}])
    Tally.moves += moves
    Tally.games += games
    Tally.checked_candidates += checked
    Tally.kinds.update(kinds)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if Tally.games:
        terminalreporter.write_sep("-", "harp engine property tests")
        terminalreporter.write_line(
            f"{Tally.moves} moves played in {Tally.games} random games; "
            f"{Tally.checked_candidates} candidate moves checked against legal_moves()"
        )
        terminalreporter.write_line("by kind: " + ", ".join(f"{k} {n}" for k, n in Tally.kinds.most_common()))
