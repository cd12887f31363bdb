"""What the rule sets share beyond the engine's interface (``bot.combat.rules``): flow rolls,
ordering helpers, and reading ``key=value`` options."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.combat.errors import CombatError
from bot.combat.events import Rolled
from bot.combat.model import Combatant, Encounter, Side
from bot.dice import DieSource, roll
from bot.dice.numbers import is_whole
from bot.dice.parser import fold_width
from bot.i18n import glossary
from bot.systems.fields import read


def check(
    command: str, system: str, dice: DieSource | None, combatant: Combatant | None, purpose: str
) -> tuple[int, Rolled]:
    """Roll a dice-language command for the flow and describe it as an event."""
    result = roll(command, system=system, dice=dice, strict=True)
    assert result is not None and result.total is not None  # flow commands always roll
    event = Rolled(
        combatant.id if combatant else None, purpose, result.text, result.total, list(result.rands)
    )
    return result.total, event


def ordered(combatants: list[Combatant], key: Callable[[Combatant], tuple]) -> list[int]:
    return [c.id for c in sorted(combatants, key=key)]


def pc_first(c: Combatant) -> int:
    return 0 if c.side is Side.PC else 1


def set_gm_order(enc: Encounter, names: str) -> list[int]:
    """The GM's order among equals: ``A, B, C`` (names or ids); unnamed keep their place."""
    wanted: list[Combatant] = []
    for part in names.replace("、", ",").split(","):
        part = part.strip()
        if not part:
            continue
        c = enc.find(part) or (enc.combatant(read(part, "combatant")) if is_whole(part) else None)
        if c is None:
            raise CombatError("combat.unknown_combatant", name=part)
        if c not in wanted:
            wanted.append(c)
    rest = [c for c in sorted(enc.combatants, key=lambda c: c.seq) if c not in wanted]
    for seq, c in enumerate(wanted + rest):
        c.seq = seq
    return [c.id for c in wanted + rest]


_KEY = re.compile(r"\s*([A-Za-z_]+|[^\x00-\x7f\s=]+)\s*=\s*")  # hp= or 行動値= (any language)


YES = ("yes", "true", "1", "on", "はい", "是")
NO = ("no", "false", "0", "off", "いいえ", "否")


def yes(value: str | None) -> bool:
    """A yes/no option as typed (``boss=yes``, ``flagship=はい``)."""
    return (value or "").strip().lower() in YES


def yes_or_no(value: str, key: str) -> bool:
    """A yes/no option that must be one or the other: ``boss=maybe`` is refused."""
    word = value.strip().lower()
    if word not in YES and word not in NO:
        raise CombatError("combat.bad_flag", key=key, value=value[:20])
    return word in YES


def read_numbers(
    detail: str, allowed: tuple[str, ...], refusal: str, flags: tuple[str, ...] = ()
) -> dict[str, int | bool]:
    """``hp=30 dodge=+2 boss=yes`` → checked values: numbers within their fields' bounds,
    ``flags`` yes or no; an unknown key, or nothing at all, is refused with ``refusal``."""
    found = key_values(detail)
    if not found or any(k not in allowed for k in found):
        known = glossary.Terms(f"field.{k}" for k in allowed)
        raise CombatError(refusal, text=detail[:40], known=known)
    return {k: yes_or_no(v, k) if k in flags else read(v, k) for k, v in found.items()}


def key_values(detail: str) -> dict[str, str]:
    """``target=Night Owl hit=+3`` → {"target": "Night Owl", "hit": "+3"}: a value runs until
    the next ``key=`` (so names may hold spaces); full-width input is folded first."""
    text = fold_width(detail)
    keys = list(_KEY.finditer(text))
    return {
        (glossary.lookup("field", m.group(1)) or m.group(1).lower()): text[
            m.end() : keys[n + 1].start() if n + 1 < len(keys) else len(text)
        ].strip()
        for n, m in enumerate(keys)
    }
