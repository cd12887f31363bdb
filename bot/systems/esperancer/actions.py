"""Esperancer actions in an encounter: numbers, statuses, skills, the GM's order for ties.

Rules digest "Turn flow", "Status effects". Engages and moves are in ``engage``, attacks and
healing in ``attack``.
"""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.events import ActionUsed, Event, SkillUsed
from bot.combat.model import Action, Combatant, Encounter, Phase
from bot.combat.rights import edit
from bot.dice import DieSource
from bot.i18n import Term, glossary
from bot.systems.base import key_values as options
from bot.systems.base import read_numbers
from bot.systems.esperancer import statuses
from bot.systems.esperancer.statuses import ECONOMY, Effect, numbers

NUMBERS = ("hp", "dodge", "speed", "initiative_mod", "sonic_drive", "boss")
ON_STATS = ("hp", "speed", "initiative_mod", "sonic_drive")  # the common numbers (Stats)


def parse_numbers(detail: str, allowed: tuple[str, ...] = NUMBERS) -> dict[str, int | bool]:
    """``hp=30 dodge=+2 boss=yes`` → checked values (``boss=maybe`` is refused)."""
    return read_numbers(detail, allowed, "esp.bad_numbers", flags=("boss",))


def set_numbers(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``hp=30 dodge=2 speed=5 initiative_mod=2 sonic_drive=15 boss=yes``."""
    assert c is not None
    events: list[Event] = []
    for key, value in parse_numbers(detail).items():
        if key in ON_STATS:
            before = getattr(c.stats, key)
            events += edit(c, key, int(before) if key == "speed" else before, value)
            setattr(c.stats, key, value)
            if key == "hp":
                c.stats.max_hp = max(c.stats.max_hp or 0, int(value))  # above it: a new maximum
            continue
        events += edit(c, key, numbers(c).get(key, False if key == "boss" else 0), value)
        numbers(c)[key] = value
        if key == "boss" and value:  # bosses are immune to sleep and faint: they end at once
            events += statuses.remove(c, Effect.SLEEP) + statuses.remove(c, Effect.FAINT)
    return events


def status(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``add poison`` / ``remove prone`` (also 毒, 転倒, 麻痺, 眠り, 気絶, 封印)."""
    assert c is not None
    said, _, name = detail.strip().partition(" ")
    verb = glossary.lookup("status_verb", said)  # add / 付与 / 附加 …
    effect = statuses.effect_named(name)
    if verb == "add":
        if statuses.has(c, effect):
            raise CombatError("esp.status_already", name=c.name, status=Term(f"status.{effect}"))
        fresh = enc.actor == c.id and enc.phase is Phase.MAIN  # applied in its own turn
        return statuses.apply(c, effect, fresh=fresh)
    if verb == "remove":
        if not statuses.has(c, effect):
            raise CombatError("esp.status_absent", name=c.name, status=Term(f"status.{effect}"))
        return statuses.remove(c, effect)
    raise CombatError("esp.bad_status", text=detail[:40])


def skill(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``timing=major name=…``: minor (one, no combining), major (at most one plain major skill
    a turn; sealed: none), combinable (any number), setup / cleanup (several, in that phase)."""
    assert c is not None
    head, _, name = detail.partition("name=")  # the name runs to the end: it may hold "="
    timing = options(head).get("timing", "").lower()
    name = name.strip() or "—"
    if timing in ("setup", "cleanup"):
        if enc.phase is not Phase(timing):
            raise CombatError("gc.wrong_timing", name=name, timing=Term(f"timing.{timing}"))
        if not c.can_act:
            raise CombatError("combat.cannot_act", name=c.name)
        return [SkillUsed(c.id, name, timing)]
    ECONOMY.own_turn(enc, c)
    if timing == "minor":
        ECONOMY.spend(enc, c, Action.MINOR)
        return [ActionUsed(c.id, Action.MINOR.value, name)]
    if timing in ("major", "combinable") and Action.MAJOR in c.used:
        raise CombatError("esp.major_over", name=c.name)  # declared with the major, not after
    if timing == "major":
        # The skill is declared for this turn's major action (an attack may follow with it).
        if statuses.binds(c, Effect.SEAL):
            raise CombatError("esp.sealed", name=c.name)
        if numbers(c).get("major_skill"):
            raise CombatError("esp.one_major_skill", name=c.name, skill=numbers(c)["major_skill"])
        numbers(c)["major_skill"] = name
        return [SkillUsed(c.id, name, timing)]
    if timing == "combinable":
        return [SkillUsed(c.id, name, timing)]
    raise CombatError("combat.unknown_action", action=timing or "—")
