"""Which numbers a saved character has in each system, and reading them from text.

``/char create name:Aster stats:"action_value=7 reflex=3 hp=40"`` — each system accepts the
stats its combat uses (later rule-set issues add theirs); unknown names and values out of range
are refused with the list of what is allowed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.dice.parser import fold_width
from bot.i18n import LocalizedError


class StatError(LocalizedError):
    pass


@dataclass(frozen=True)
class Stat:
    kind: type  # int or float
    low: float
    high: float


COMMON = {"hp": Stat(int, -999, 9999), "max_hp": Stat(int, 0, 9999)}
SCHEMAS: dict[str, dict[str, Stat]] = {
    "DiceBot": {**COMMON, "action_value": Stat(int, 0, 99)},
    "GranCrest": {
        **COMMON, "action_value": Stat(int, 0, 99), "reflex": Stat(int, 0, 99),
        "move": Stat(int, 0, 99), "strength": Stat(int, 0, 99), "spirit": Stat(int, 0, 99),
        "weapon": Stat(int, 0, 999), "heat": Stat(int, 0, 999), "impact": Stat(int, 0, 999),
        "internal": Stat(int, 0, 999),
    },
    "Esperancer": {
        **COMMON, "initiative_mod": Stat(int, -99, 99), "sonic_drive": Stat(int, 0, 999),
        "speed": Stat(int, 0, 999), "dodge": Stat(int, -99, 99), "boss": Stat(int, 0, 1),
    },
    "GURPS": {
        **COMMON, "speed": Stat(float, 0, 99), "dx": Stat(int, 1, 40), "st": Stat(int, 1, 40),
        "iq": Stat(int, 1, 40), "ht": Stat(int, 1, 40), "will": Stat(int, -5, 5),
        "fatigue_st": Stat(int, 1, 99),
    },
}  # fmt: skip

_PAIR = re.compile(r"([A-Za-z_]+)\s*[=:]\s*(-?[0-9]+(?:\.[0-9]+)?)")


def parse_stats(text: str, system: str) -> dict[str, int | float]:
    """``"action_value=7 reflex=3"`` → ``{"action_value": 7, "reflex": 3}``, checked."""
    return parse_with(text, SCHEMAS.get(system, SCHEMAS["DiceBot"]))


def parse_with(text: str, schema: dict[str, Stat]) -> dict[str, int | float]:
    """``name=value`` pairs read and checked against ``schema``."""
    folded = fold_width(text).replace(",", " ").replace("、", " ")
    values: dict[str, int | float] = {}
    rest = _PAIR.sub(" ", folded).strip()
    if rest:
        raise StatError("char.bad_stats", text=rest[:40], known=", ".join(schema))
    for name, raw in _PAIR.findall(folded):
        key = name.lower()
        stat = schema.get(key)
        if stat is None:
            raise StatError("char.unknown_stat", name=key, known=", ".join(schema))
        value = float(raw) if stat.kind is float else int(float(raw))
        if not stat.low <= value <= stat.high:
            raise StatError("char.stat_range", name=key, low=stat.low, high=stat.high)
        values[key] = value
    return values
