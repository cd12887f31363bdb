"""An NPC's HP as the players see it: a wound level and a five-step bar, never the numbers.

The steps go by the fraction of the maximum HP left:

| HP left        | bar    | level    |
| full (or more) | ▰▰▰▰▰ | unhurt   |
| over 60 %      | ▰▰▰▰▱ | light    |
| over 40 %      | ▰▰▰▱▱ | light    |
| over 20 %      | ▰▰▱▱▱ | heavy    |
| over 0         | ▰▱▱▱▱ | critical |
| 0 or less      | ▱▱▱▱▱ | critical |

A hurt combatant never shows a full bar (a scratch is not "unhurt"), and one with HP left never
an empty one (GURPS fights on below 0: that is the empty bar).
"""

from __future__ import annotations

STEPS = 5
FULL, EMPTY = "▰", "▱"
LEVELS = {5: "unhurt", 4: "light", 3: "light", 2: "heavy", 1: "critical", 0: "critical"}


def step(hp: int, max_hp: int) -> int:
    """How many of the five steps are filled."""
    if hp >= max_hp:
        return STEPS
    if hp <= 0:
        return 0
    return min(STEPS - 1, -(-STEPS * hp // max_hp))  # rounded up: any HP left shows


def wound(hp: int, max_hp: int) -> tuple[str, str]:
    """(the bar, the wound level's catalog suffix: ``wound.<level>``)."""
    filled = step(hp, max_hp)
    return FULL * filled + EMPTY * (STEPS - filled), LEVELS[filled]
