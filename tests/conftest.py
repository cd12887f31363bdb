"""Shared fixtures: fixed dice for every rule test."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


class FixedDice:
    """A die source that returns preset values in order and checks each die's sides."""

    def __init__(self, rands: Iterable[tuple[int, int] | int]) -> None:
        self.queue = [r if isinstance(r, tuple) else (None, r) for r in rands]
        self.drawn = 0

    def __call__(self, sides: int) -> int:
        if self.drawn >= len(self.queue):
            raise AssertionError(f"ran out of fixed dice at draw {self.drawn + 1} (d{sides})")
        expected, value = self.queue[self.drawn]
        self.drawn += 1
        if expected is not None and expected != sides:
            raise AssertionError(f"draw {self.drawn}: asked for d{sides}, fixed die is d{expected}")
        return value


@pytest.fixture
def fixed():
    return FixedDice
