"""Who may change which number: one table for every rule set, checked in the service.

Rule sets report every number or flag a command sets by hand as an ``Edited`` event (``edit``
makes one); the service then checks the caller against it before anything is saved:
- the GM may change anything;
- a player only their own combatants, and never a GM field (boss, flagship, hidden …);
- while the encounter is being prepared (round 0) a player enters their combatant's numbers;
- once the fight is on, a player may only record losses: lower a loss field (HP …).
What rules do (an attack's damage, a heal by the GM) is not an edit and is not checked here.
"""

from __future__ import annotations

from typing import Any

from bot.combat.errors import CombatError
from bot.combat.events import Edited, Event
from bot.combat.model import Combatant, Encounter
from bot.combat.rules import RuleSet
from bot.i18n import Term


def edit(c: Combatant, field: str, before: Any, after: Any) -> list[Event]:
    """The event for one number set by hand; nothing when it did not change."""
    return [] if before == after else [Edited(c.id, field, before, after)]


def no_gm_fields(rules: RuleSet, extra: dict[str, Any]) -> None:
    """A player's new combatant comes without GM flags (``boss=1`` on /combat add)."""
    for own in extra.values():
        flags = sorted(set(own) & rules.gm_fields) if isinstance(own, dict) else []
        if flags:
            raise CombatError("combat.gm_field", field=Term(f"field.{flags[0]}", flags[0]))


def is_loss(event: Edited) -> bool:
    before, after = event.before, event.after
    numbers = (int, float)
    return isinstance(before, numbers) and isinstance(after, numbers) and after < before


def check(enc: Encounter, rules: RuleSet, events: list[Event], *, user_id: int, gm: bool) -> None:
    """Refuse the whole command when one of its edits is not the caller's to make."""
    if gm:
        return
    for event in events:
        if not isinstance(event, Edited):
            continue
        c = enc.combatant(event.combatant_id)
        if c is None or c.owner_id != user_id:
            raise CombatError("combat.not_owner", name=c.name if c else "—")
        field = Term(f"field.{event.field}", event.field)
        if event.field in rules.gm_fields:
            raise CombatError("combat.gm_field", field=field)
        if enc.round == 0:
            continue  # preparing: players enter their own numbers
        if event.field in rules.loss_fields and is_loss(event):
            continue
        loss = Term("field.hp") if "hp" in rules.loss_fields else field
        raise CombatError("combat.only_losses", name=c.name, field=loss)
