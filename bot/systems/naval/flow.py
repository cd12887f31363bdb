"""The naval add-on's round (digest: the 2D6 system's flow with the changes of the add-on).

Setup starts with the event roll: the PC with the highest action value rolls 2D6 on the event
table (a button), or the GM skips it; leaving Setup with the roll still pending rolls it, so the
round never stalls. Then Initiative → Main processes → Cleanup as in the 2D6 system. Ships are
combatants that carry combatants (``aboard``) and never take a turn of their own.
"""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.events import Event, NavalEventRequested, NavalEventRolled, NavalEventSkipped
from bot.combat.model import Action, Combatant, Encounter, Kind, Phase, Side
from bot.dice import DieSource, roll
from bot.systems.base import Special
from bot.systems.grancrest.flow import ActedFlow
from bot.systems.naval import actions, attack, battlefield
from bot.systems.naval.events import EVENTS, TABLE_COMMAND, EventKind


def event_roller(enc: Encounter) -> Combatant | None:
    """The PC with the highest action value (ties: the GM's order)."""
    pcs = [c for c in enc.combatants if c.side is Side.PC and c.can_act]
    return min(pcs, key=lambda c: (-c.stats.action_value, c.seq), default=None)


class NavalRules(ActedFlow):
    id = "naval"
    dice_system = "DiceBot"
    uses_reflex = False  # the 2D6 system's ties: PC first, then roll-off / the GM's order
    actions = (Action.MOVE, Action.MINOR, Action.MAJOR)

    def enter(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        if enc.phase is Phase.SETUP:
            roller = event_roller(enc)
            enc.data["event"] = {
                "round": enc.round,
                "state": "pending",
                "roller": roller and roller.id,
            }
            return [NavalEventRequested(roller.id if roller else None)]
        if enc.phase is Phase.CLEANUP:
            battlefield.cleanup(enc)
        if enc.phase is Phase.MAIN and enc.actor is not None:
            actor = enc.combatant(enc.actor)
            if actor is not None:
                actor.extra.pop("moved_this_turn", None)  # boarding is again "before moving"
        return super().enter(enc, dice)

    def leave(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        if enc.phase is Phase.SETUP and enc.data.get("event", {}).get("state") == "pending":
            return self._roll_event(enc, dice)
        return super().leave(enc, dice)

    def _roll_event(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        result = roll(TABLE_COMMAND, system=self.dice_system, dice=dice)
        assert result is not None and result.total is not None
        event = EVENTS[result.total]
        enc.data["event"] = {
            "round": enc.round, "state": "rolled", "value": result.total, "kind": event.kind.value
        }  # fmt: skip
        if event.count:  # reinforcements: the GM may place up to ``count`` new ships this round
            side = Side.NPC if event.kind is EventKind.ENEMY_REINFORCEMENTS else Side.PC
            enc.data["event"].update(side=side.value, ships_left=event.count)
        rolled = NavalEventRolled(result.total, event.kind.value, event.title)
        return [rolled, *battlefield.apply_event(enc, event.kind.value, dice)]

    def specials(self) -> dict[str, Special]:
        return {
            **super().specials(),
            "roll_event": Special(gm_only=False, needs_combatant=False, run=self.roll_event),
            "skip_event": Special(gm_only=True, needs_combatant=False, run=self.skip_event),
            "place_ship": Special(gm_only=True, needs_combatant=False, run=actions.place),
            "aboard": Special(gm_only=True, needs_combatant=True, run=actions.aboard),
            "board": Special(gm_only=False, needs_combatant=True, run=actions.board),
            "licence": Special(gm_only=False, needs_combatant=True, run=actions.licence),
            "steer": Special(gm_only=False, needs_combatant=True, run=actions.steer),
            "ship_damage": Special(gm_only=True, needs_combatant=False, run=actions.ship_damage),
            "ship_skill": Special(gm_only=False, needs_combatant=True, run=actions.ship_skill),
            "ship_edit": Special(gm_only=True, needs_combatant=False, run=actions.edit),
            "ship_remove": Special(gm_only=True, needs_combatant=False, run=actions.remove),
            "attack": Special(gm_only=False, needs_combatant=True, run=attack.declare),
            "crew": Special(gm_only=True, needs_combatant=False, run=attack.crew),
            "naval_set": Special(gm_only=False, needs_combatant=True, run=attack.set_numbers),
        }

    def _pending(self, enc: Encounter) -> dict:
        state = enc.data.get("event", {})
        if enc.phase is not Phase.SETUP or state.get("state") != "pending":
            raise CombatError("combat.no_event_pending")
        return state

    def roll_event(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        self._pending(enc)
        return self._roll_event(enc, dice)

    def skip_event(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        self._pending(enc)
        enc.data["event"] = {"round": enc.round, "state": "skipped"}
        return [NavalEventSkipped(enc.round)]


def is_ship(c: Combatant) -> bool:
    return c.kind is Kind.SHIP
