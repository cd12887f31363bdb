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


_random = _rng.random


def system_die(sides: int) -> int:
    """The default source: one process-wide ``random.Random`` seeded from ``os.urandom``.

    ``floor(random() * sides)`` is off uniform by at most sides / 2**53 per face (below
    1e-12 at 10,000 sides), and it is the cheapest draw Python offers.
    """
    return int(_random() * sides) + 1


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
        rands = self.rands
        if len(rands) + count > self.limit:
            raise DiceError("dice.too_many_draws", limit=self.limit)
        source = self.source
        values = [source(sides) for _ in range(count)]
        if values and (min(values) < 1 or max(values) > sides):
            raise ValueError(f"die source returned a value outside 1..{sides}: {values}")
        rands.extend([(sides, value) for value in values])
        return values
