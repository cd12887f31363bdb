"""What a roll returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.dice.limits import MAX_TEXT


@dataclass(slots=True)
class RollResult:
    """A rolled command in BCDice's output format, with its flags and the dice drawn.

    ``critical`` and ``fumble`` are independent of ``success`` / ``failure`` (Grancrest has
    critical-but-failed). ``total`` is the number the command produced where it has one (the
    sum, or an Esperancer/Grancrest achievement value) so rule code can use it.
    """

    text: str
    secret: bool = False
    success: bool = False
    failure: bool = False
    critical: bool = False
    fumble: bool = False
    rands: list[tuple[int, int]] = field(default_factory=list)
    total: int | None = None
    parts: list[RollResult] = field(default_factory=list)  # a repeat's results, in order

    def __post_init__(self) -> None:
        if len(self.text) > MAX_TEXT:
            half = MAX_TEXT // 2 - 1
            self.text = f"{self.text[:half]}…{self.text[-half:]}"
