"""Building encounters for flow tests."""

from __future__ import annotations

from bot.combat import engine
from bot.combat.events import Event
from bot.combat.model import Encounter, Phase, Side, Stats
from bot.dice import DieSource
from bot.systems import ruleset


def encounter(system: str) -> Encounter:
    return Encounter(channel_id=1, guild_id=1, system=ruleset(system).id, gm_id=99)


def add(enc: Encounter, name: str, side: Side = Side.NPC, **stats: object) -> int:
    owner = 1000 + len(enc.combatants) if side is Side.PC else None
    events = engine.add(enc, name, side, owner_id=owner, stats=Stats(**stats))  # type: ignore[arg-type]
    return events[-1].combatant_id  # type: ignore[attr-defined]


def step(enc: Encounter, dice: DieSource | None = None) -> list[Event]:
    """The GM's Next, with what follows every change (as the service runs it)."""
    rules = ruleset(enc.system)
    return engine.after(enc, rules, engine.advance(enc, rules, dice), dice)


def perform(
    enc: Encounter, action: str, who: int | None, detail: str = "", dice: DieSource | None = None
) -> list[Event]:
    """A rule set's own action, with what follows every change (as the service runs it)."""
    rules = ruleset(enc.system)
    c = enc.combatant(who) if who is not None else None
    return engine.after(enc, rules, rules.specials()[action].run(enc, c, detail, dice), dice)


def walk(
    enc: Encounter, steps: int, dice: DieSource | None = None
) -> list[tuple[int, Phase, str | None]]:
    """Advance ``steps`` times; (round, phase, actor name) after each."""
    seen = []
    for _ in range(steps):
        step(enc, dice)
        actor = enc.combatant(enc.actor) if enc.actor is not None else None
        assert enc.phase is not None
        seen.append((enc.round, enc.phase, actor.name if actor else None))
    return seen


def names(enc: Encounter, ids: list[int]) -> list[str]:
    return [enc.combatant(i).name for i in ids]  # type: ignore[union-attr]
