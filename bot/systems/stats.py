"""Which numbers a saved character has in each system, and reading them from text.

``/char create name:Aster stats:"action_value=7 reflex=3 hp=40"`` — each system accepts the
stats its combat uses (later rule-set issues add theirs); unknown names and values out of range
are refused with the list of what is allowed.
"""

from __future__ import annotations

import re

from bot.dice.numbers import Bound, read_number
from bot.dice.parser import fold_width
from bot.i18n import LocalizedError, glossary
from bot.systems.fields import FIELDS


class StatError(LocalizedError):
    pass


def _fields(*names: str) -> dict[str, Bound]:
    return {name: FIELDS[name] for name in names}


COMMON = ("hp", "max_hp")
SCHEMAS: dict[str, dict[str, Bound]] = {
    "DiceBot": _fields(*COMMON, "action_value"),
    "GranCrest": _fields(
        *COMMON, "action_value", "reflex", "move", "strength", "spirit", "weapon", "heat",
        "impact", "internal", "reduction",
    ),
    "Esperancer": _fields(*COMMON, "initiative_mod", "sonic_drive", "speed", "dodge", "boss"),
    "GURPS": _fields(*COMMON, "speed", "dx", "st", "iq", "ht", "will", "fatigue_st"),
}  # fmt: skip

# A stat's name in any language (行動値=7, action_value=7), then its number.
_PAIR = re.compile(r"([^\s=:]+?)\s*[=:]\s*([+-]?[0-9]+(?:\.[0-9]+)?)")


def field_names(keys: object) -> glossary.Terms:
    """The stats a schema takes, as the reader's language names them (any name is input)."""
    return glossary.Terms(f"field.{k}" for k in keys)  # type: ignore[attr-defined]


# Stats written as a check and kept as text: a Grancrest character's reaction (dodge=2D6+3),
# which a joined PC then rolls when attacked.
CHECK_STATS: dict[str, tuple[str, ...]] = {"GranCrest": ("dodge",)}
_CHECK = re.compile(r"[0-9]*D6?(?:[+-][0-9]+)*")


def parse_stats(text: str, system: str) -> dict[str, int | float | str]:
    """``"action_value=7 reflex=3"`` → ``{"action_value": 7, "reflex": 3}``, checked."""
    checks: dict[str, str] = {}
    text = fold_width(text)
    for name in CHECK_STATS.get(system, ()):
        found = re.search(rf"\b{name}\s*[=:]\s*(\S+)", text, re.IGNORECASE)
        if found:
            value = found.group(1).upper()
            if not _CHECK.fullmatch(value):
                raise StatError("gc.bad_dodge", text=found.group(1)[:40])
            checks[name] = value
            text = text[: found.start()] + " " + text[found.end() :]
    return {**parse_with(text, SCHEMAS.get(system, SCHEMAS["DiceBot"])), **checks}


def parse_with(text: str, schema: dict[str, Bound]) -> dict[str, int | float]:
    """``name=value`` pairs read and checked against ``schema`` (bounds from ``FIELDS``)."""
    folded = fold_width(text).replace(",", " ").replace("、", " ")
    values: dict[str, int | float] = {}
    rest = _PAIR.sub(" ", folded).strip()
    if rest:
        raise StatError("char.bad_stats", text=rest[:40], known=field_names(schema))
    for name, raw in _PAIR.findall(folded):
        key = glossary.lookup("field", name) or name.lower()
        bound = schema.get(key)
        if bound is None:
            raise StatError("char.unknown_stat", name=name, known=field_names(schema))
        values[key] = read_number(raw, key, bound)
    return values
