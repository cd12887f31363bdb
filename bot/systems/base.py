"""The rule-set interface the encounter engine is driven by, and the common flows.

A rule set decides the phase sequence (``next_step``), what happens on entering and leaving a
phase, the turn order, which actions a combatant has, and its own special actions. The engine
(``bot.combat.engine``) walks the steps and emits the events; rule sets never format text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.combat.errors import CombatError
from bot.combat.events import Event, Rolled
from bot.combat.model import Action, Combatant, Encounter, Phase, Side
from bot.dice import DieSource, roll
from bot.dice.parser import fold_width


@dataclass(frozen=True)
class Step:
    phase: Phase
    actor: int | None = None
    new_round: bool = False


@dataclass(frozen=True)
class Special:
    """A rule set's own action: who may use it and what it does."""

    gm_only: bool  # else the combatant's owner (or the GM)
    needs_combatant: bool
    run: Callable[[Encounter, Combatant | None, str, DieSource | None], list[Event]]


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


class RuleSet:
    """Defaults shared by every rule set; subclasses give the flow."""

    id = ""
    dice_system = "DiceBot"
    phases: tuple[Phase, ...] = ()
    actions: tuple[Action, ...] = (Action.MINOR, Action.MAJOR)
    minor_before_major = False  # Esperancer: the minor action comes before the major

    def start_round(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        for c in enc.combatants:
            c.acted = False
            c.used = []
        return []

    def next_step(self, enc: Encounter) -> Step:
        raise NotImplementedError

    def enter(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        return []

    def leave(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        return []

    def phase_order(self, enc: Encounter) -> list[int]:
        """The order shown when a phase starts."""
        return list(enc.order)

    def available(self, enc: Encounter, c: Combatant) -> list[Action]:
        """Actions the combatant may still take now (only on its own turn)."""
        if enc.actor != c.id or enc.phase not in (Phase.MAIN, Phase.EXTRA):
            return []
        left = [a for a in self.actions if a not in c.used]
        if self.minor_before_major and Action.MAJOR in c.used:
            left = [a for a in left if a is not Action.MINOR]
        return left

    def use_action(self, enc: Encounter, c: Combatant, action: Action) -> None:
        if enc.actor != c.id or enc.phase not in (Phase.MAIN, Phase.EXTRA):
            raise CombatError("combat.not_your_turn", name=c.name)
        if action not in self.actions:
            raise CombatError("combat.unknown_action", action=action.value)
        if action in c.used:
            raise CombatError("combat.action_used", name=c.name, action=action.value)
        if action not in self.available(enc, c):
            raise CombatError("combat.minor_after_major", name=c.name)
        c.used.append(action)

    def on_end(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        """End-of-combat processing (Grancrest: dying level 1 → HP 1, death checks)."""
        return []

    def specials(self) -> dict[str, Special]:
        return {}


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
        c = enc.find(part) or (enc.combatant(int(part)) if part.isdigit() else None)
        if c is None:
            raise CombatError("combat.unknown_combatant", name=part)
        if c not in wanted:
            wanted.append(c)
    rest = [c for c in sorted(enc.combatants, key=lambda c: c.seq) if c not in wanted]
    for seq, c in enumerate(wanted + rest):
        c.seq = seq
    return [c.id for c in wanted + rest]


_KEY = re.compile(r"\s*([A-Za-z_]+)\s*=\s*")


YES = ("yes", "true", "1", "on", "はい")


def yes(value: str | None) -> bool:
    """A yes/no option as typed (``boss=yes``, ``flagship=はい``)."""
    return (value or "").strip().lower() in YES


def key_values(detail: str) -> dict[str, str]:
    """``target=Night Owl hit=+3`` → {"target": "Night Owl", "hit": "+3"}: a value runs until
    the next ``key=`` (so names may hold spaces); full-width input is folded first."""
    text = fold_width(detail)
    keys = list(_KEY.finditer(text))
    return {
        m.group(1).lower(): text[
            m.end() : keys[n + 1].start() if n + 1 < len(keys) else len(text)
        ].strip()
        for n, m in enumerate(keys)
    }
