"""The interface a rule set gives the encounter engine, with the defaults most share.

A rule set decides the phase sequence (``next_step``), what happens on entering and leaving a
phase, the turn order, when a combatant is out of the fight (``condition``), how a prompt left
unanswered is settled, and its own special actions. The engine (``bot.combat.engine``) walks
the steps, enforces the lifecycle and the prompts, and emits the events; rule sets never format
text. Each rule set has one action economy (``bot.combat.economy``) that every entry point
spends through.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.combat.economy import Economy
from bot.combat.events import Event
from bot.combat.model import (
    Action,
    Combatant,
    Condition,
    Encounter,
    Kind,
    Phase,
    Prompt,
    Side,
    Stats,
)  # fmt: skip
from bot.dice import DieSource


@dataclass(frozen=True)
class Step:
    phase: Phase
    actor: int | None = None
    new_round: bool = False


@dataclass(frozen=True)
class Special:
    """A rule set's own action: who may use it and what it does."""

    gm_only: bool  # else the combatant's owner (or the GM)
    needs_combatant: bool
    run: Callable[[Encounter, Combatant | None, str, DieSource | None], list[Event]]


Verdict = tuple[Condition, str | None]  # a condition and the rule set's word for it


class RuleSet:
    """Defaults shared by every rule set; subclasses give the flow."""

    id = ""
    dice_system = "DiceBot"
    phases: tuple[Phase, ...] = ()
    economy = Economy((Action.MINOR, Action.MAJOR))
    ends_on_defeat = False  # naval: a side wiped out (or its flagship sunk) ends the fight
    # Who may change which number (``bot.combat.rights``): players record their own losses in
    # these during the fight; flags are the GM's at any time.
    loss_fields: frozenset[str] = frozenset({"hp"})
    gm_fields: frozenset[str] = frozenset({"hidden"})

    # -- the flow --------------------------------------------------------------------------
    def start_round(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        for c in enc.combatants:
            c.acted = False
            c.used = []
        return []

    def next_step(self, enc: Encounter) -> Step:
        raise NotImplementedError

    def waits(self, enc: Encounter) -> bool:
        """Whether the fight stops here for someone: a turn for its combatant (a player, or
        the GM for an NPC), a phase for the GM's decision. Where nobody is waited for, the
        engine goes straight on, so the GM presses Next only where the rules need a choice.
        By default every phase but a turn is the GM's (the round's boundary above all)."""
        if enc.phase in (Phase.MAIN, Phase.EXTRA):
            actor = enc.combatant(enc.actor) if enc.actor is not None else None
            return actor is not None and actor.can_act
        return True

    def enter(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        return []

    def leave(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        return []

    def phase_order(self, enc: Encounter) -> list[int]:
        """The order shown when a phase starts."""
        return list(enc.order)

    def tracker_order(self, enc: Encounter) -> list[int]:
        """The round's whole order as the tracker lists it (first to act first)."""
        return list(enc.order)

    def on_end(self, enc: Encounter, dice: DieSource | None) -> list[Event]:
        """End-of-combat processing (Grancrest: dying level 1 → HP 1, death checks)."""
        return []

    def specials(self) -> dict[str, Special]:
        return {}

    def admit(self, enc: Encounter, name: str, stats: Stats | None, kind: Kind) -> None:
        """Refuse (``CombatError``) a newcomer the rule set cannot take as given, before it
        is added (naval: nobody comes on already at 0 HP)."""

    # -- the lifecycle ---------------------------------------------------------------------
    def condition(self, enc: Encounter, c: Combatant) -> Verdict | None:
        """The condition the numbers give (None: the rule set keeps whatever was set)."""
        return None

    def on_down(self, enc: Encounter, c: Combatant) -> list[Event]:
        """What leaving the fight undoes beyond the engine's own (Esperancer: the engage)."""
        return []

    def defeats(self, enc: Encounter) -> list[tuple[Side, str]]:
        """Sides beaten by the rule set's own rules (naval: a sunk flagship)."""
        return []

    def settle(
        self, enc: Encounter, prompt: Prompt, dice: DieSource | None, why: str
    ) -> list[Event]:
        """Settle a prompt nobody answered in time (``why``: ``expired``, or ``owner_down``
        when its combatant left the fight) with the rule set's default."""
        return []

    # -- the action economy (``bot.combat.economy``) --------------------------------------
    def available(self, enc: Encounter, c: Combatant) -> list[Action]:
        return self.economy.available(enc, c)

    def use_action(self, enc: Encounter, c: Combatant, action: Action) -> None:
        self.economy.spend(enc, c, action)
