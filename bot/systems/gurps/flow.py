"""GURPS turn order (rules digest "Turn order"): combatants act in 移動力 order, high first; ties
by higher DX, then a roll-off (kept for the whole fight). Running's bonus never changes the
order. Extra actions from 加速 are taken at the END of the turn, in 移動力 order, from the turn
after the one they were granted in (from the first turn when always on).
"""

from __future__ import annotations

from itertools import groupby

from bot.combat.economy import Economy
from bot.combat.errors import CombatError
from bot.combat.events import Event, ExtraActionGranted
from bot.combat.model import Action, Combatant, Encounter, Phase
from bot.combat.rules import RuleSet, Special, Step, Verdict
from bot.dice import DieSource
from bot.systems.base import check, ordered
from bot.systems.gurps import combat

ROLLOFF_TRIES = 20


def extra_due(c: Combatant, round_number: int) -> bool:
    acceleration = c.extra.get("acceleration")
    if not acceleration:
        return False
    return bool(acceleration.get("always")) or acceleration["granted_round"] < round_number


class GurpsRules(RuleSet):
    id = "GURPS"
    dice_system = "GURPS"
    phases = (Phase.MAIN, Phase.EXTRA)
    economy = Economy((Action.MANEUVER,))  # one maneuver a turn
    gm_fields = frozenset({"hidden", "mook"})

    def condition(self, enc: Encounter, c: Combatant) -> Verdict | None:
        return combat.verdict(c)

    def sort_key(self, enc: Encounter, c: Combatant) -> tuple:
        rolloff = enc.data.get("rolloff", {}).get(str(c.id), 0)
        return (-c.stats.speed, -c.stats.dx, -rolloff, c.seq)

    def actors(self, enc: Encounter) -> list[Combatant]:
        return [c for c in enc.combatants if c.can_act]

    def start_round(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        events = super().start_round(enc, dice)
        events += self.roll_offs(enc, dice)
        enc.order = ordered(self.actors(enc), lambda c: self.sort_key(enc, c))
        return events

    def roll_offs(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        """3D6 for combatants tied on 移動力 and DX that have no roll-off yet."""
        rolloff: dict[str, int] = enc.data.setdefault("rolloff", {})
        events: list[Event] = []

        def tie(c: Combatant) -> tuple:
            return (c.stats.speed, c.stats.dx)

        for _, group in groupby(sorted(self.actors(enc), key=tie), key=tie):
            tied = list(group)
            for _ in range(ROLLOFF_TRIES):
                values = [rolloff.get(str(c.id)) for c in tied]
                pending = [
                    c for c, v in zip(tied, values, strict=True) if v is None or values.count(v) > 1
                ]
                if len(tied) < 2 or not pending:
                    break
                for c in pending:
                    rolloff[str(c.id)], event = check("3D6", "DiceBot", dice, c, "rolloff")
                    events.append(event)
        return events

    def phase_order(self, enc: Encounter) -> list[int]:
        if enc.phase is Phase.EXTRA:
            return self.extras(enc)
        return list(enc.order)

    def extras(self, enc: Encounter) -> list[int]:
        return [
            i
            for i in enc.order
            if (c := enc.combatant(i)) and c.can_act and extra_due(c, enc.round)
        ]

    def next_step(self, enc: Encounter) -> Step:
        if enc.phase is None:
            return Step(Phase.MAIN, new_round=True, actor=None)
        # Whoever in order has not had this turn (or this turn's extra action) yet: leaving a
        # turn records it, so removing the current actor neither repeats nor skips anyone.
        if enc.phase is Phase.MAIN:
            for combatant_id in enc.order:
                c = enc.combatant(combatant_id)
                if c is not None and c.can_act and not c.acted:
                    return Step(Phase.MAIN, actor=c.id)
        for combatant_id in self.extras(enc):
            c = enc.combatant(combatant_id)
            if c is not None and c.extra.get("extra_round") != enc.round:
                return Step(Phase.EXTRA, actor=c.id)
        return Step(Phase.MAIN, new_round=True)

    def enter(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        if enc.actor is None and enc.phase is Phase.MAIN:
            first = next((i for i in enc.order if (c := enc.combatant(i)) and c.can_act), None)
            enc.actor = first
        if enc.actor is not None:
            actor = enc.combatant(enc.actor)
            if actor is not None:
                actor.used = []
                if enc.phase is Phase.MAIN:  # at 0 HP or less: HT to stay awake
                    return combat.turn_start(actor, dice)
        return []

    def leave(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        actor = enc.combatant(enc.actor) if enc.actor is not None else None
        if actor is not None and enc.phase is Phase.MAIN:
            actor.acted = True
        elif actor is not None and enc.phase is Phase.EXTRA:
            actor.extra["extra_round"] = enc.round
        return []

    def specials(self) -> dict[str, Special]:
        return {
            "accelerate": Special(gm_only=True, needs_combatant=True, run=self.accelerate),
            # A player records the damage their own combatant takes; healing is the GM's.
            "damage": Special(gm_only=False, needs_combatant=True, run=combat.damage),
            "heal": Special(gm_only=True, needs_combatant=True, run=combat.heal),
            "gurps_set": Special(gm_only=False, needs_combatant=True, run=combat.set_numbers),
        }

    def accelerate(
        self, enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
    ) -> list[Event]:
        """Grant 加速: an extra action at the end of every turn from the next one ("always":
        from this one, for an always-on trait)."""
        assert c is not None
        if not c.can_act:
            raise CombatError("combat.cannot_act", name=c.name)
        always = detail.strip().lower() in ("always", "常時", "on")
        c.extra["acceleration"] = {"granted_round": enc.round, "always": always}
        return [ExtraActionGranted(c.id, enc.round if always else enc.round + 1)]
