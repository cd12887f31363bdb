"""Esperancer's turn (rules digest "Turn flow"): Setup → Initiative → each combatant's turn
(minor, then major) → Cleanup, then the next turn from Setup.

Initiative: everyone rolls the 2D10 check (10s explode) plus their action-value modifier. The GM's
NPCs are rolled as the phase starts; players may roll their own (a button) until the GM moves on,
when the bot rolls for whoever has not. A result at or above a combatant's Sonic Drive value
offers Sonic Drive; the answer is recorded. Order: highest first; ties PC before NPC, then the
GM's order.
"""

from __future__ import annotations

from bot.combat import prompts
from bot.combat.errors import CombatError
from bot.combat.events import Event, OptionSet, OrderChanged, SonicDriveChosen, SonicDriveOffered
from bot.combat.model import Combatant, Condition, Encounter, Kind, Phase, Prompt, Side
from bot.combat.rules import RuleSet, Special, Step, Verdict
from bot.dice import DieSource
from bot.i18n import glossary
from bot.systems.base import check, key_values, ordered, pc_first, set_gm_order
from bot.systems.esperancer import actions, attack, engage, statuses

SONIC = "sonic"  # a Sonic Drive offer: answered before the owner's own turn ends
DODGE_ROLLS = ("bot", "players")  # who rolls an attacked PC's dodge (default: the bot)


class EsperancerRules(RuleSet):
    id = "Esperancer"
    dice_system = "Esperancer"
    phases = (Phase.SETUP, Phase.INITIATIVE, Phase.MAIN, Phase.CLEANUP)
    economy = statuses.ECONOMY  # minor before major; none while paralysed
    gm_fields = frozenset({"hidden", "boss"})

    def condition(self, enc: Encounter, c: Combatant) -> Verdict | None:
        """0 HP or below: 戦闘不能 until its HP is brought back; fainted (気絶): 戦闘不能 at
        once, until it is attacked."""
        if c.stats.hp is not None and c.stats.hp <= 0:
            return Condition.OUT, "hp_zero"
        if statuses.has(c, statuses.Effect.FAINT):
            return Condition.OUT, "faint"
        return (Condition.FIGHTING, None) if c.kind is Kind.CHARACTER else None

    def on_down(self, enc: Encounter, c: Combatant) -> list[Event]:
        """Out of its engage, blocking nobody. The fainted stay where they lie (blocking
        nobody either): one is woken by attacking it, in melee too."""
        return [] if c.down_reason == "faint" else engage.drop_engage(c)

    def settle(
        self, enc: Encounter, prompt: Prompt, dice: DieSource | None, why: str
    ) -> list[Event]:
        if prompt.kind == attack.DODGE:
            return attack.settle(enc, prompt, dice, why)
        c = enc.combatant(prompt.owner) if prompt.owner is not None else None
        if prompt.kind != SONIC or c is None:
            return []
        c.extra["sonic_drive"] = False  # not answered in time: not triggered
        return [SonicDriveChosen(c.id, False)]

    def sort_key(self, c: Combatant) -> tuple:
        return (-(c.initiative or 0), pc_first(c), c.seq)

    def actors(self, enc: Encounter) -> list[Combatant]:
        """Who rolls initiative and takes a place in the order: everyone still fighting, the
        asleep too (sleep bars actions, not the roll; its turn passes while it sleeps)."""
        return [c for c in enc.combatants if c.kind is Kind.CHARACTER and c.fighting]

    def phase_order(self, enc: Encounter) -> list[int]:
        if enc.phase in (Phase.MAIN, Phase.CLEANUP):
            return list(enc.order)
        if any(c.initiative is not None for c in self.actors(enc)):
            return ordered(self.actors(enc), self.sort_key)
        return ordered(self.actors(enc), lambda c: (pc_first(c), c.seq))

    def start_round(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        for c in enc.combatants:
            c.initiative = None
            c.extra.pop("sonic_drive", None)
        enc.order = []
        return super().start_round(enc, dice)

    def next_step(self, enc: Encounter) -> Step:
        if enc.phase in (None, Phase.CLEANUP):
            return Step(Phase.SETUP, new_round=True)
        if enc.phase is Phase.SETUP:
            return Step(Phase.INITIATIVE)
        # The next in this turn's order who has not had a turn yet (leaving a turn marks it
        # acted), so removing the current actor mid-turn neither repeats nor skips anyone.
        for combatant_id in enc.order:
            c = enc.combatant(combatant_id)
            if c is not None and c.fighting and not c.acted:  # asleep: its turn comes, and passes
                return Step(Phase.MAIN, actor=c.id)
        return Step(Phase.CLEANUP)

    def waits(self, enc: Encounter) -> bool:
        """Setup and initiative are one stop for the players: they declare their setup skills
        and roll their initiative (in that order, each at their own pace); once every PC has
        rolled, the GM's NPCs roll and the first turn starts — no Next in between. The GM's
        Next goes on without whoever has not rolled (the bot rolls for them)."""
        if enc.phase in (Phase.SETUP, Phase.INITIATIVE):
            players = [c for c in self.actors(enc) if c.side is Side.PC]
            return not players or any(c.initiative is None for c in players)
        return super().waits(enc)

    def enter(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        if enc.phase is Phase.INITIATIVE:
            events: list[Event] = []
            for c in self.actors(enc):
                if c.side is Side.NPC and c.initiative is None:
                    events += self.roll_for(enc, c, dice)
            return events
        if enc.phase is Phase.MAIN and enc.actor is not None:
            actor = enc.combatant(enc.actor)
            if actor is not None:
                actor.used = []
                statuses.numbers(actor).pop("major_skill", None)  # one plain major skill a turn
                if actor.can_act:
                    return statuses.on_turn_start(actor)  # prone ends as its own action starts
        if enc.phase is Phase.CLEANUP:
            return statuses.poison_ticks(enc, dice)
        return []

    def leave(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        events: list[Event] = []
        if enc.phase is Phase.INITIATIVE:
            for c in self.actors(enc):
                if c.initiative is None:
                    events += self.roll_for(enc, c, dice)
            enc.order = ordered(self.actors(enc), self.sort_key)
        elif enc.phase is Phase.MAIN and enc.actor is not None:
            actor = enc.combatant(enc.actor)
            if actor is not None:
                actor.acted = True
                events += statuses.on_turn_end(actor)  # paralysis and seal have passed
        return events

    def roll_for(self, enc: Encounter, c: Combatant, dice: DieSource | None) -> list[Event]:
        command = f"ES{c.stats.initiative_mod:+d}" if c.stats.initiative_mod else "ES"
        c.initiative, event = check(command, self.dice_system, dice, c, "initiative")
        events: list[Event] = [event]
        threshold = c.stats.sonic_drive
        if threshold is not None and c.initiative >= threshold:
            prompts.open_prompt(enc, SONIC, c.id, "own_turn")
            events.append(SonicDriveOffered(c.id, c.initiative, threshold))
        return events

    def specials(self) -> dict[str, Special]:
        return {
            "roll_initiative": Special(gm_only=False, needs_combatant=True, run=self.roll_own),
            "sonic": Special(gm_only=False, needs_combatant=True, run=self.choose_sonic),
            "esp_set": Special(gm_only=False, needs_combatant=True, run=actions.set_numbers),
            "status": Special(gm_only=True, needs_combatant=True, run=actions.status),
            "engage": Special(gm_only=False, needs_combatant=True, run=engage.engage),
            "leave": Special(gm_only=False, needs_combatant=True, run=engage.leave),
            "attack": Special(gm_only=False, needs_combatant=True, run=attack.attack),
            "dodge": Special(gm_only=False, needs_combatant=True, run=attack.dodge),
            "heal": Special(gm_only=True, needs_combatant=True, run=attack.heal),
            "skill": Special(gm_only=False, needs_combatant=True, run=actions.skill),
            "move": Special(gm_only=False, needs_combatant=True, run=engage.move),
            "set_order": Special(gm_only=True, needs_combatant=False, run=self.set_order),
            "esp_options": Special(gm_only=True, needs_combatant=False, run=self.set_options),
        }

    def set_order(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        """The GM's order among equals (``A, B``): ties on initiative go in this order, from
        now on — the order already drawn up this turn too."""
        set_gm_order(enc, detail)
        if enc.order:
            placed = [x for i in enc.order if (x := enc.combatant(i)) is not None]
            enc.order = ordered(placed, self.sort_key)
        return [OrderChanged(self.phase_order(enc))]

    def set_options(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        """``dodge_rolls=players`` (the attacked player rolls the dodge, a button) or ``bot``."""
        said = key_values(detail).get("dodge_rolls", "")
        value = glossary.lookup("option.dodge_rolls", said) or said.lower()  # bot / ボット …
        if value not in DODGE_ROLLS:
            raise CombatError(
                "esp.bad_option", value=detail[:40],
                known=glossary.Terms(f"option.dodge_rolls.{v}" for v in DODGE_ROLLS),
            )  # fmt: skip
        enc.data["dodge_rolls"] = value
        return [OptionSet("dodge_rolls", value)]

    def roll_own(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        assert c is not None
        if enc.phase not in (Phase.SETUP, Phase.INITIATIVE):
            raise CombatError("combat.initiative_closed")
        if c.initiative is not None:
            raise CombatError("combat.already_rolled", name=c.name)
        if not c.fighting:  # asleep still rolls: sleep bars actions, not the roll
            raise CombatError("combat.cannot_act", name=c.name)
        return self.roll_for(enc, c, dice)

    def choose_sonic(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        assert c is not None
        offer = prompts.find(enc, SONIC, c.id)
        if not offer:
            key = "combat.already_chosen" if "sonic_drive" in c.extra else "combat.no_sonic_offer"
            raise CombatError(key, name=c.name)
        if not c.fighting:
            raise CombatError("combat.cannot_act", name=c.name)
        triggered = detail.strip().lower() in ("yes", "y", "true", "1", "on", "はい", "是")
        prompts.close(enc, offer[0])
        c.extra["sonic_drive"] = triggered
        return [SonicDriveChosen(c.id, triggered)]
