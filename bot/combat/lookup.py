"""Finding the combatant a command means, as its caller may see the encounter."""

from __future__ import annotations

from bot.combat import prompts
from bot.combat.caller import Caller
from bot.combat.errors import CombatError
from bot.combat.model import Combatant, Encounter, Kind
from bot.dice.numbers import Bound, is_whole, read_int
from bot.i18n import Term

IDS = Bound(1, 9999)  # combatant ids count up within one encounter


def check_event_roller(enc: Encounter, caller: Caller) -> None:
    """The naval event is rolled by the player of the PC picked for it (or the GM)."""
    pending = prompts.find(enc, "naval_event")
    roller = enc.combatant(pending[0].owner) if pending and pending[0].owner is not None else None
    if roller is None or roller.owner_id != caller.user_id:
        raise CombatError("naval.not_event_roller")


def hide_names(enc: Encounter, error: CombatError) -> None:
    """A refusal to a player never names a hidden combatant. "No combatant called …" keeps
    the name: it is what they typed, and a ??? there would tell them someone is hidden."""
    if error.code == "combat.unknown_combatant":
        return
    hidden = {c.name.casefold() for c in enc.combatants if c.hidden}
    for key, value in error.params.items():
        if isinstance(value, str) and value.casefold() in hidden:
            error.params[key] = Term("ui.hidden")


def combatant_named(enc: Encounter, key: str | int) -> Combatant:
    found = enc.combatant(key) if isinstance(key, int) else enc.find(key)
    if found is None and isinstance(key, str) and is_whole(key):  # an id typed for a name
        found = enc.combatant(read_int(key, "combatant", IDS))
    if found is None:
        raise CombatError("combat.unknown_combatant", name=str(key))
    return found


def current(enc: Encounter) -> Combatant:
    actor = enc.combatant(enc.actor) if enc.actor is not None else None
    if actor is None:
        raise CombatError("combat.no_turn")
    return actor


def own(enc: Encounter, caller: Caller) -> Combatant:
    """The caller's own combatant when they have exactly one, else whose turn it is."""
    owned = [c for c in enc.combatants if c.owner_id == caller.user_id and c.kind is Kind.CHARACTER]
    if len(owned) == 1:
        return owned[0]
    if enc.actor is None:
        raise CombatError("combat.which_combatant")
    return current(enc)
