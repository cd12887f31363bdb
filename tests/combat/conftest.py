"""The stateful tests' figures at the end of the run (sequences × steps per rule set)."""

from __future__ import annotations

import pytest

from tests.combat.stateful import RUNS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not RUNS:
        return
    terminalreporter.section("stateful encounter tests")
    systems = sorted({key.split()[0] for key in RUNS})
    for system in systems:
        sequences, steps = RUNS[f"{system} sequences"], RUNS[f"{system} steps"]
        asked, confirmed = RUNS[f"{system} asked"], RUNS[f"{system} confirmed"]
        terminalreporter.write_line(
            f"{system}: {sequences} sequences, {steps} steps; the GM's Next over an untouched"
            f" player turn: {asked} asked, {confirmed} confirmed"
        )
