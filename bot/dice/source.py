"""Die sources and the roller that records and bounds every draw."""

from __future__ import annotations

import os
import random
from collections.abc import Callable

from bot.dice.errors import DiceError
from bot.dice.limits import MAX_DRAWS

DieSource = Callable[[int], int]
"""Any callable ``(sides) -> value`` with ``1 <= value <= sides``."""

_rng = random.Random(int.from_bytes(os.urandom(32), "big"))


def _reseed() -> None:
    # A forked worker must not replay its parent's dice.
    _rng.seed(int.from_bytes(os.urandom(32), "big"))


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_reseed)


def system_die(sides: int) -> int:
    """The default source: one process-wide ``random.Random`` seeded from ``os.urandom``."""
    return _rng.randrange(sides) + 1


class Roller:
    """Draws dice from a source, records them in order and enforces the draw limit."""

    __slots__ = ("limit", "rands", "source")

    def __init__(self, source: DieSource | None = None, limit: int = MAX_DRAWS) -> None:
        self.source: DieSource = source or system_die
        self.rands: list[tuple[int, int]] = []
        self.limit = limit

    def roll(self, sides: int) -> int:
        if len(self.rands) >= self.limit:
            raise DiceError("dice.too_many_draws", limit=self.limit)
        value = self.source(sides)
        if not 1 <= value <= sides:
            raise ValueError(f"die source returned {value!r} for a {sides}-sided die")
        self.rands.append((sides, value))
        return value

    def roll_many(self, count: int, sides: int) -> list[int]:
        if len(self.rands) + count > self.limit:
            raise DiceError("dice.too_many_draws", limit=self.limit)
        roll = self.roll
        return [roll(sides) for _ in range(count)]
