"""The naval add-on's round (digest: the 2D6 system's flow with the changes of the add-on).

Setup starts with the event roll, a prompt of the PC with the highest action value: its player
rolls 2D6 on the event table (a button), or the GM skips it; leaving Setup with the roll still
pending rolls it, so the round never stalls. Then Initiative → Main processes → Cleanup as in
the 2D6 system. Ships are combatants that carry combatants (``aboard``) and never take a turn
of their own.
"""

from __future__ import annotations

from bot.combat import prompts
from bot.combat.errors import CombatError
from bot.combat.events import (
    Event,
    NavalEventRequested,
    NavalEventRolled,
    NavalEventSkipped,
    NoFlagship,
)
from bot.combat.model import Combatant, Encounter, Kind, Phase, Prompt, Side, Stats
from bot.combat.rules import Special, Verdict
from bot.dice import DieSource, roll
from bot.systems.grancrest.flow import ActedFlow
from bot.systems.naval import actions, attack, battlefield, cover, ship_skills, steering
from bot.systems.naval.events import EVENTS, TABLE_COMMAND, EventKind

EVENT = "naval_event"  # the round's event roll, the picked PC's (or the GM's) to make


def event_roller(enc: Encounter) -> Combatant | None:
    """The PC with the highest action value (ties: the GM's order)."""
    pcs = [c for c in enc.combatants if c.side is Side.PC and c.can_act]
    return min(pcs, key=lambda c: (-c.stats.action_value, c.seq), default=None)


class NavalRules(ActedFlow):
    id = "naval"
    dice_system = "DiceBot"
    uses_reflex = False  # the 2D6 system's ties: PC first, then roll-off / the GM's order
    economy = battlefield.ECONOMY  # Move, Minor, Major
    ends_on_defeat = True  # the add-on's victory: a side wiped out, or its flagship sunk
    gm_fields = frozenset({"hidden", "flagship"})

    def admit(self, enc: Encounter, name: str, stats: Stats | None, kind: Kind) -> None:
        # /combat add as much as /naval ship add and /naval set: 0 HP is what damage does.
        if stats is not None and stats.hp is not None and stats.hp <= 0:
            raise CombatError("naval.bad_hp", name=name, hp=stats.hp)

    def condition(self, enc: Encounter, c: Combatant) -> Verdict | None:
        return battlefield.verdict(c)

    def defeats(self, enc: Encounter) -> list[tuple[Side, str]]:
        return battlefield.flagships_sunk(enc)

    def settle(
        self, enc: Encounter, prompt: Prompt, dice: DieSource | None, why: str
    ) -> list[Event]:
        if prompt.kind != EVENT:
            return []
        return self._roll_event(enc, dice)  # Setup ends (or its roller fell): the bot rolls

    def enter(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        if enc.phase is Phase.SETUP:
            # The fight starts: a side without a flagship can lose only by being wiped out.
            warnings: list[Event] = []
            if enc.round == 1:
                warnings = [NoFlagship(s.value) for s in battlefield.sides_without_flagship(enc)]
            roller = event_roller(enc)
            enc.data["event"] = {"round": enc.round, "state": "pending"}
            prompts.open_prompt(enc, EVENT, roller.id if roller else None, "phase")
            return [*warnings, NavalEventRequested(roller.id if roller else None)]
        if enc.phase is Phase.CLEANUP:
            ship_skills.cleanup(enc)
        return super().enter(enc, dice)

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
            "steer": Special(gm_only=False, needs_combatant=True, run=steering.steer),
            "walk": Special(gm_only=False, needs_combatant=True, run=steering.walk),
            "cover": Special(gm_only=False, needs_combatant=True, run=cover.declare),
            "ship_damage": Special(gm_only=True, needs_combatant=False, run=actions.ship_damage),
            "ship_skill": Special(gm_only=False, needs_combatant=True, run=actions.ship_skill),
            "ship_edit": Special(gm_only=True, needs_combatant=False, run=actions.edit),
            "ship_remove": Special(gm_only=True, needs_combatant=False, run=actions.remove),
            "attack": Special(gm_only=False, needs_combatant=True, run=attack.declare),
            "crew": Special(gm_only=True, needs_combatant=False, run=attack.crew),
            "naval_set": Special(gm_only=False, needs_combatant=True, run=attack.set_numbers),
        }

    def _answer(self, enc: Encounter) -> None:
        """The event prompt is answered now (rolled or skipped), or there is none."""
        waiting = prompts.find(enc, EVENT)
        if enc.phase is not Phase.SETUP or not waiting:
            raise CombatError("combat.no_event_pending")
        prompts.close(enc, waiting[0])

    def roll_event(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        self._answer(enc)
        return self._roll_event(enc, dice)

    def skip_event(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        self._answer(enc)
        enc.data["event"] = {"round": enc.round, "state": "skipped"}
        return [NavalEventSkipped(enc.round)]


def is_ship(c: Combatant) -> bool:
    return c.kind is Kind.SHIP
