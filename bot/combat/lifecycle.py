"""A combatant's lifecycle: fighting → dying / out of the fight → dead.

The rule set says when (``RuleSet.condition`` from the numbers, or ``set_condition`` where a
roll decides); this module makes it mean the same everywhere: after every command the service
calls ``reconcile``, which follows the numbers, settles what a fallen combatant can no longer
answer, lets the rule set undo what leaving the fight undoes (engages), and tells when a side
has no one left standing. Turns are skipped and actions refused by ``Combatant.can_act``.
"""

from __future__ import annotations

from bot.combat import prompts
from bot.combat.events import CombatantDown, Event, Recovered, SideDefeated
from bot.combat.model import Combatant, Condition, Encounter, Kind, Side
from bot.combat.rules import RuleSet
from bot.dice import DieSource

SETTLE_PASSES = 5  # a settled prompt may fell someone else (a reaction lapsing into a hit)


def set_condition(
    c: Combatant, condition: Condition, reason: str | None = None, *, announce: bool = True
) -> list[Event]:
    """Put ``c`` in ``condition``; say so (unless the caller's own event already does)."""
    reason = None if condition is Condition.FIGHTING else (reason or condition.value)
    if c.condition is condition and c.down_reason == reason:
        return []
    was_fighting = c.fighting
    c.condition, c.down_reason = condition, reason
    if not announce:
        return []
    if condition is Condition.FIGHTING:
        return [Recovered(c.id, c.stats.hp)] if not was_fighting else []
    return [CombatantDown(c.id, reason or condition.value)]


def follow(enc: Encounter, rules: RuleSet, c: Combatant) -> list[Event]:
    """Bring one combatant's condition in line with its numbers, at once (so the rest of the
    same command already sees it down)."""
    verdict = rules.condition(enc, c)
    return set_condition(c, *verdict) if verdict is not None else []


def reconcile(enc: Encounter, rules: RuleSet, dice: DieSource | None) -> list[Event]:
    """Run after every change: conditions follow the numbers; whoever is not fighting answers
    no prompt and leaves its engage; a side with nobody left standing is announced."""
    events: list[Event] = []
    for _ in range(SETTLE_PASSES):
        found: list[Event] = []
        for c in enc.combatants:
            found += follow(enc, rules, c)
        for c in enc.combatants:
            if not c.fighting:
                found += prompts.owner_down(enc, rules, c, dice)
                found += rules.on_down(enc, c)
        events += found
        if not found:
            break
    return events + defeated(enc, rules)


def defeated(enc: Encounter, rules: RuleSet) -> list[Event]:
    """Each side that has just lost: its own rule (a sunk flagship) or nobody standing. A side
    is told once; if someone of it gets back up, it may be told again later."""
    beaten: dict[str, str] = {side.value: reason for side, reason in rules.defeats(enc)}
    for side in (Side.PC, Side.NPC):
        people = [c for c in enc.combatants if c.side is side and c.kind is Kind.CHARACTER]
        if people and not any(c.fighting for c in people):
            beaten.setdefault(side.value, "wiped_out")
    before = set(enc.data.get("defeated", []))
    if beaten or before:
        enc.data["defeated"] = sorted(beaten)
    return [
        SideDefeated(side, reason, ends=rules.ends_on_defeat)
        for side, reason in beaten.items()
        if side not in before
    ]
