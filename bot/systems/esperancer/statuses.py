"""Esperancer's six status effects (rules digest "Status effects"), exactly as listed:

| status | effect | ends |
| poison 毒 | 1D10 true damage at every Cleanup (not a check: no explosion) | by effects |
| prone 転倒 | dodge checks −1D10 | the moment its own action starts |
| paralysis 麻痺 | no minor action | once the minor it could not take has passed |
| sleep 眠り | no major, minor, setup or cleanup action | when attacked; bosses immune |
| faint 気絶 | out of the fight (戦闘不能) at once | when attacked; bosses immune |
| seal 封印 | no plain "Timing: Major" skill on its next action | when that major action ends |

Paralysis or seal put on a combatant during its own turn counts for its next turn, not the one
already under way (else it would lapse unused).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from bot.combat.economy import Economy
from bot.combat.errors import CombatError
from bot.combat.events import Damaged, Event, Rolled, StatusApplied, StatusExpired
from bot.combat.model import Action, Combatant, Encounter, Status
from bot.dice import DieSource, roll
from bot.i18n import glossary


class Effect(StrEnum):
    POISON = "poison"
    PRONE = "prone"
    PARALYSIS = "paralysis"
    SLEEP = "sleep"
    FAINT = "faint"
    SEAL = "seal"


ALIASES = {
    "毒": Effect.POISON, "転倒": Effect.PRONE, "轉倒": Effect.PRONE, "麻痺": Effect.PARALYSIS,
    "眠り": Effect.SLEEP, "睡眠": Effect.SLEEP, "気絶": Effect.FAINT, "昏迷": Effect.FAINT,
    "封印": Effect.SEAL,
}  # fmt: skip
ENDED_BY_ATTACK = (Effect.SLEEP, Effect.FAINT)


def numbers(c: Combatant) -> dict[str, Any]:
    return c.extra.setdefault("esp", {})


def effect_named(name: str) -> Effect:
    """A status in any language's spelling (the glossary reads the catalogs' names too)."""
    found = glossary.lookup("status", name)
    if found in Effect.__members__.values():
        return Effect(found)
    if name.strip() in ALIASES:
        return ALIASES[name.strip()]
    known = glossary.Terms(f"status.{e.value}" for e in Effect)
    raise CombatError("esp.unknown_status", name=name[:20], known=known)


def has(c: Combatant, effect: Effect) -> bool:
    return any(s.kind == effect.value for s in c.statuses)


def binds(c: Combatant, effect: Effect) -> bool:
    """In force now: had, and not put on during this very turn (it waits for the next)."""
    return any(s.kind == effect.value and not s.data.get("fresh") for s in c.statuses)


def _refresh(c: Combatant) -> None:
    # Asleep: no actions at all, though still in the fight (the engine skips its turns).
    # Fainted is out of the fight altogether: the rule set's condition says so.
    c.incapacitated = has(c, Effect.SLEEP)


NEXT_TURN = (Effect.PARALYSIS, Effect.SEAL)  # put on during its own turn: for its next one


def apply(c: Combatant, effect: Effect, *, fresh: bool = False) -> list[Event]:
    """Put ``effect`` on ``c``; ``fresh``: during its own turn (paralysis and seal then wait
    for its next turn)."""
    if effect in ENDED_BY_ATTACK and numbers(c).get("boss"):
        raise CombatError(
            "esp.boss_immune", name=c.name, status=glossary.Terms([f"status.{effect.value}"])
        )
    if has(c, effect):
        return []
    data = {"fresh": True} if fresh and effect in NEXT_TURN else {}
    c.statuses.append(Status(effect.value, data=data))
    _refresh(c)
    return [StatusApplied(c.id, effect.value)]


def remove(c: Combatant, effect: Effect) -> list[Event]:
    if not has(c, effect):
        return []
    c.statuses = [s for s in c.statuses if s.kind != effect.value]
    _refresh(c)
    return [StatusExpired(c.id, effect.value)]


def on_turn_start(c: Combatant) -> list[Event]:
    """Prone ends the moment its own action starts."""
    return remove(c, Effect.PRONE)


def on_turn_end(c: Combatant) -> list[Event]:
    """Paralysis ends once the minor it could not take has passed; seal when its major ends.
    One put on during this very turn waits for the next."""
    events: list[Event] = []
    for effect in NEXT_TURN:
        held = next((s for s in c.statuses if s.kind == effect.value), None)
        if held is not None and held.data.pop("fresh", False):
            continue
        events += remove(c, effect)
    return events


def on_attacked(c: Combatant) -> list[Event]:
    """Sleep and faint end at once when attacked."""
    return [e for effect in ENDED_BY_ATTACK for e in remove(c, effect)]


def poison_ticks(enc: Encounter, dice: DieSource | None) -> list[Event]:
    """At every Cleanup a poisoned combatant takes 1D10 true damage — a plain roll, never a
    check, so a 10 does not explode."""
    events: list[Event] = []
    for c in enc.combatants:
        if not has(c, Effect.POISON) or (c.out and c.down_reason != "faint"):
            continue
        result = roll("1D10", system="Esperancer", dice=dice, strict=True)
        assert result is not None and result.total is not None
        events.append(Rolled(c.id, "poison", result.text, result.total, list(result.rands)))
        if c.stats.hp is not None:
            c.stats.hp -= result.total
            events.append(Damaged(c.id, result.total, c.stats.hp))
    return events


class EsperancerEconomy(Economy):
    """Minor before major, and no minor action while paralysed."""

    def refusal(self, c: Combatant, action: Action) -> CombatError | None:
        if action is Action.MINOR and binds(c, Effect.PARALYSIS):
            return CombatError("esp.paralysed", name=c.name)
        return super().refusal(c, action)


ECONOMY = EsperancerEconomy((Action.MINOR, Action.MAJOR), minor_before_major=True)
