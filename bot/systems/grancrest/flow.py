"""Grancrest's round (rules digest "Round flow"): Setup → (Initiative → Main)* → Cleanup.

Each combatant is *not acted* or *acted*. Initiative picks the not-acted combatant with the
highest action value; ties: PC before NPC; PC vs PC the players' chosen order, else the higher
reflex base, else a roll-off (shown); NPC vs NPC the GM's order (default: order of addition).
Initiative skills may be declared in any initiative phase until the next main phase starts.
Nobody waits at an initiative phase: it leads straight into the main process it picks, and its
window for initiative skills stays open until that combatant's first action. A skill declared
then takes the fight back to the initiative phase, which waits for the GM to resolve it.
"""

from __future__ import annotations

from functools import partial
from itertools import groupby

from bot.combat import prompts
from bot.combat.errors import CombatError
from bot.combat.events import (
    ActionUsed,
    Event,
    InterruptDeclared,
    OrderChanged,
    PhaseStarted,
    SkillOrder,
    SkillUsed,
)
from bot.combat.model import Action, Combatant, Encounter, Phase, Prompt, Side
from bot.combat.rules import RuleSet, Special, Step, Verdict
from bot.dice import DieSource
from bot.i18n import Term
from bot.systems.base import check, ordered, pc_first, set_gm_order
from bot.systems.grancrest import attack, board, combat, options, weapons

SKILLS = "gc_skills"  # enc.data: the Setup / Cleanup skills declared in this phase
WINDOW = "initiative_skills"  # the initiative phase's prompt: anyone may declare a skill
CLAIMED = "interrupt_claimed"  # enc.data: an initiative skill was declared in this phase

ROLLOFF_TRIES = 20  # re-rolls among still-tied PCs before falling back to the GM's order


class ActedFlow(RuleSet):
    """The F.E.A.R.-style round shared by Grancrest and the naval add-on's 2D6 system."""

    phases = (Phase.SETUP, Phase.INITIATIVE, Phase.MAIN, Phase.CLEANUP)
    uses_reflex = True

    # -- order -------------------------------------------------------------------------------
    def sort_key(self, enc: Encounter, c: Combatant) -> tuple:
        chosen = enc.data.get("pc_choice", [])
        rolloff = enc.data.get("rolloff", {})
        if c.side is Side.PC:
            rank = chosen.index(c.id) if c.id in chosen else len(chosen)
            reflex = -c.stats.reflex if self.uses_reflex else 0
            return (
                -c.stats.action_value,
                pc_first(c),
                rank,
                reflex,
                -rolloff.get(str(c.id), 0),
                c.seq,
            )
        return (-c.stats.action_value, pc_first(c), 0, 0, 0, c.seq)

    def eligible(self, enc: Encounter) -> list[Combatant]:
        return [c for c in enc.combatants if c.can_act and not c.acted]

    def phase_order(self, enc: Encounter) -> list[int]:
        if enc.phase is Phase.SETUP or enc.phase is Phase.CLEANUP:
            actors = [c for c in enc.combatants if c.can_act]
        else:
            actors = self.eligible(enc)
        return ordered(actors, lambda c: self.sort_key(enc, c))

    def tracker_order(self, enc: Encounter) -> list[int]:
        """No order is fixed for the round (each Initiative picks who acts next): those who
        have acted, then those still to act (with whoever acts now, even one just gone down in
        its own turn), as the order goes now."""
        acted = [c for c in enc.combatants if c.can_act and c.acted]
        waiting = [c for c in enc.combatants if (c.can_act or c.id == enc.actor) and not c.acted]
        key = partial(self.sort_key, enc)
        return ordered(acted, key) + ordered(waiting, key)

    def roll_offs(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        """Roll 2D6 for PCs still tied after action value, choice and reflex (shown)."""
        chosen = enc.data.get("pc_choice", [])
        pcs = [c for c in enc.combatants if c.can_act and c.side is Side.PC and c.id not in chosen]
        events: list[Event] = []
        rolloff: dict[str, int] = {}

        def tie(c: Combatant) -> tuple:
            return (c.stats.action_value, c.stats.reflex if self.uses_reflex else 0)

        for _, group in groupby(sorted(pcs, key=tie), key=tie):
            tied = list(group)
            for _ in range(ROLLOFF_TRIES):
                if len(tied) < 2:
                    break
                for c in tied:
                    rolloff[str(c.id)], event = check("2D6", "DiceBot", dice, c, "rolloff")
                    events.append(event)
                values = [rolloff[str(c.id)] for c in tied]
                tied = [c for c in tied if values.count(rolloff[str(c.id)]) > 1]
        enc.data["rolloff"] = rolloff
        return events

    # -- flow --------------------------------------------------------------------------------
    def next_step(self, enc: Encounter) -> Step:
        if enc.phase in (None, Phase.CLEANUP):
            return Step(Phase.SETUP, new_round=True)
        if enc.phase is Phase.INITIATIVE:
            order = self.phase_order(enc)
            if order:
                return Step(Phase.MAIN, actor=order[0])
        elif self.eligible(enc):  # after Setup or a Main phase
            return Step(Phase.INITIATIVE)
        return Step(Phase.CLEANUP)

    def start_round(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        events = super().start_round(enc, dice)  # everyone becomes not acted
        return events + self.roll_offs(enc, dice)

    def waits(self, enc: Encounter) -> bool:
        if enc.phase is Phase.INITIATIVE:
            return bool(enc.data.get(CLAIMED))  # the GM resolves the declared skill first
        return super().waits(enc)

    def enter(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        if enc.phase is Phase.INITIATIVE and not prompts.find(enc, WINDOW):
            prompts.open_prompt(enc, WINDOW, None, "first_action")
        elif enc.phase in (Phase.SETUP, Phase.CLEANUP):  # no main process came of it
            for window in prompts.find(enc, WINDOW):
                prompts.close(enc, window)
        return []

    def leave(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        if enc.phase is Phase.INITIATIVE:
            enc.data.pop(CLAIMED, None)
        if enc.phase is Phase.MAIN and enc.actor is not None:
            actor = enc.combatant(enc.actor)
            if actor is not None:
                actor.acted = True
        return []

    # -- specials ----------------------------------------------------------------------------
    def specials(self) -> dict[str, Special]:
        return {
            "interrupt": Special(gm_only=False, needs_combatant=True, run=self.declare_interrupt),
            "set_order": Special(gm_only=True, needs_combatant=False, run=self.set_order),
            "choose_pc_order": Special(gm_only=True, needs_combatant=False, run=self.choose_pcs),
        }

    def declare_interrupt(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        assert c is not None
        if enc.phase not in (Phase.INITIATIVE, Phase.MAIN) or not prompts.find(enc, WINDOW):
            raise CombatError("combat.interrupts_closed")
        if not c.can_act:
            raise CombatError("combat.cannot_act", name=c.name)
        skill = detail.strip() or "—"
        enc.data.setdefault("interrupts", []).append(
            {"round": enc.round, "id": c.id, "skill": skill}
        )
        events: list[Event] = []
        if enc.phase is Phase.MAIN:  # before the actor's first action: back to the initiative
            enc.phase, enc.actor = Phase.INITIATIVE, None
            events.append(PhaseStarted(enc.round, enc.phase.value, self.phase_order(enc), None))
        enc.data[CLAIMED] = True
        return [*events, InterruptDeclared(c.id, skill)]

    def set_order(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        set_gm_order(enc, detail)
        return [OrderChanged(self.phase_order(enc))]

    def choose_pcs(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        """The tied players' agreed order (entered by the GM): ``Alice, Bob``."""
        order = set_gm_order(enc, detail)
        named = len([p for p in detail.replace("、", ",").split(",") if p.strip()])
        enc.data["pc_choice"] = [i for i in order[:named] if enc.combatant(i).side is Side.PC]  # type: ignore[union-attr]
        return [OrderChanged(self.phase_order(enc))]


class GrancrestRules(ActedFlow):
    id = "GranCrest"
    dice_system = "GranCrest"
    economy = combat.ECONOMY

    def condition(self, enc: Encounter, c: Combatant) -> Verdict | None:
        return combat.verdict(c)

    def settle(
        self, enc: Encounter, prompt: Prompt, dice: DieSource | None, why: str
    ) -> list[Event]:
        if prompt.kind == attack.REACTION:
            return attack.settle(enc, prompt, dice, why)
        return []

    def enter(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        events = super().enter(enc, dice)
        if enc.phase in (Phase.SETUP, Phase.CLEANUP):
            enc.data[SKILLS] = []  # this phase's Setup / Cleanup skills, as declared
        if enc.phase is Phase.CLEANUP:
            events += combat.cleanup(enc, dice)  # dying level 3 loses 2D6 HP
        return events

    def leave(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        events = super().leave(enc, dice)
        declared = enc.data.pop(SKILLS, [])
        if enc.phase in (Phase.SETUP, Phase.CLEANUP) and declared:
            events.append(SkillOrder(enc.phase.value, self.skill_order(enc, declared)))
        return events

    def skill_order(self, enc: Encounter, declared: list[list]) -> list[tuple[int, str]]:
        """Setup and Cleanup skills resolve in action-value order (the initiative tie-breaks;
        the action values as they are now), each one's skills in the order declared."""
        rank = {c: n for n, c in enumerate(self.phase_order(enc))}
        placed = sorted(enumerate(declared), key=lambda d: (rank.get(d[1][0], len(rank)), d[0]))
        return [(int(who), str(skill)) for _, (who, skill) in placed]

    def on_end(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        return combat.combat_end(enc, dice)

    def specials(self) -> dict[str, Special]:
        return {
            **super().specials(),
            "gc_set": Special(gm_only=False, needs_combatant=True, run=combat.set_numbers),
            # A player records the damage their own combatant takes; healing is the GM's.
            "damage": Special(gm_only=False, needs_combatant=True, run=combat.take_damage),
            "heal": Special(gm_only=True, needs_combatant=True, run=combat.take_healing),
            "attack": Special(gm_only=False, needs_combatant=True, run=attack.declare),
            "react": Special(gm_only=False, needs_combatant=True, run=attack.react),
            "gc_weapon": Special(gm_only=False, needs_combatant=True, run=weapons.set_weapon),
            "swap": Special(gm_only=False, needs_combatant=True, run=weapons.swap),
            "give": Special(gm_only=False, needs_combatant=True, run=weapons.give),
            "gc_options": Special(gm_only=True, needs_combatant=False, run=options.set_options),
            "map": Special(gm_only=True, needs_combatant=False, run=board.size_map),
            "place": Special(gm_only=True, needs_combatant=True, run=board.place),
            "move": Special(gm_only=False, needs_combatant=True, run=board.move),
            "skill": Special(gm_only=False, needs_combatant=True, run=self.use_skill),
        }

    def use_skill(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        """``timing=major name=《…》``: a skill declared at its timing, checked against the
        phase (initiative skills are the initiative-phase interrupts)."""
        assert c is not None
        timing, _, name = detail.partition(" name=")
        timing = timing.removeprefix("timing=").strip().lower()
        name = name.strip() or "—"
        if timing == "initiative":
            return self.declare_interrupt(enc, c, name, dice)
        if timing in ("minor", "major"):
            action = Action(timing)
            self.economy.spend(enc, c, action)
            return [ActionUsed(c.id, action.value, name, [a.value for a in self.available(enc, c)])]
        phase = {"setup": Phase.SETUP, "cleanup": Phase.CLEANUP}.get(timing)
        if phase is None:
            raise CombatError("combat.unknown_action", action=timing)
        if enc.phase is not phase:
            raise CombatError("gc.wrong_timing", name=name, timing=Term(f"timing.{timing}"))
        if not c.can_act:
            raise CombatError("combat.cannot_act", name=c.name)
        enc.data.setdefault(SKILLS, []).append([c.id, name])
        return [SkillUsed(c.id, name, timing)]
