"""GURPS turn order (rules digest "Turn order"): combatants act in 移動力 order, high first; ties
by higher DX, then a roll-off (kept for the whole fight). Running's bonus never changes the
order. Extra actions from 加速 are taken at the END of the turn, in 移動力 order, from the turn
after the one they were granted in (from the first turn when always on).
"""

from __future__ import annotations

from itertools import groupby

from bot.combat.economy import Economy
from bot.combat.errors import CombatError
from bot.combat.events import Event, ExtraActionGranted, Noted
from bot.combat.model import Action, Combatant, Encounter, Phase, Side
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


def rolls_of(enc: Encounter, c: Combatant) -> list[int]:
    """A combatant's roll-off rolls so far (an older save kept a single number)."""
    saved = enc.data.get("rolloff", {}).get(str(c.id), [])
    return [saved] if isinstance(saved, int) else list(saved)


def still_tied(enc: Encounter, tied: list[Combatant]) -> list[Combatant]:
    """Who must roll (again): no roll yet, or rolls equal to another's as far as the shorter
    goes (the shorter rolls; equal lengths both roll)."""
    rolls = {c.id: rolls_of(enc, c) for c in tied}
    behind: list[Combatant] = []
    for c in tied:
        mine = rolls[c.id]
        for other in tied:
            theirs = rolls[other.id]
            if other is c or len(mine) > len(theirs):
                continue
            if not mine or theirs[: len(mine)] == mine:
                behind.append(c)
                break
    return behind


class GurpsRules(RuleSet):
    id = "GURPS"
    dice_system = "GURPS"
    phases = (Phase.MAIN, Phase.EXTRA)
    economy = Economy((Action.MANEUVER,))  # one maneuver a turn
    gm_fields = frozenset({"hidden", "mook"})

    def condition(self, enc: Encounter, c: Combatant) -> Verdict | None:
        return combat.verdict(c)

    def sort_key(self, enc: Encounter, c: Combatant) -> tuple:
        rolloff = tuple(-value for value in rolls_of(enc, c))
        return (-c.stats.speed, -c.stats.dx, rolloff, c.seq)

    def actors(self, enc: Encounter) -> list[Combatant]:
        return [c for c in enc.combatants if c.can_act]

    def start_round(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        events = super().start_round(enc, dice)
        events += self.speed_missing(enc)
        events += self.roll_offs(enc, dice)
        enc.order = ordered(self.actors(enc), lambda c: self.sort_key(enc, c))
        return events

    def speed_missing(self, enc: Encounter) -> list[Event]:
        """A PC with no 移動力 would act last without a word: say so, once a fight for each."""
        warned: list[int] = enc.data.setdefault("speed_warned", [])
        missing = [
            c for c in self.actors(enc)
            if c.side is Side.PC and not c.stats.speed and c.id not in warned
        ]  # fmt: skip
        warned += [c.id for c in missing]
        return [Noted("gurps.no_speed", [(c.id, "") for c in missing])] if missing else []

    def roll_offs(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        """3D6 for combatants tied on 移動力 and DX. Those whose rolls still tie roll again, and
        that roll only orders them among themselves (a combatant's rolls are compared in turn:
        9 then 4 stands below 12, above 9 then 2). A newcomer rolls as it arrives; the rolls are
        kept for the fight. All of it is told in one line (``Goblin 1 9→4、Goblin 2 12``)."""
        saved: dict[str, list[int]] = enc.data.setdefault("rolloff", {})
        told: dict[int, list[int]] = {}

        def tie(c: Combatant) -> tuple:
            return (c.stats.speed, c.stats.dx)

        def roll_for(c: Combatant) -> None:
            value, _ = check("3D6", "DiceBot", dice, c, "rolloff")
            saved[str(c.id)] = [*rolls_of(enc, c), value]
            told.setdefault(c.id, []).append(value)

        for _, group in groupby(sorted(self.actors(enc), key=tie), key=tie):
            tied = list(group)
            if len(tied) < 2:
                continue
            for _ in range(ROLLOFF_TRIES):
                behind = still_tied(enc, tied)
                if not behind:
                    break
                for c in behind:
                    roll_for(c)
        if not told:
            return []
        entries = [(i, "→".join(map(str, values))) for i, values in told.items()]
        return [Noted("gurps.rolled_off", entries)]

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
