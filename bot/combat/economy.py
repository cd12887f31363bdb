"""The action economy: what a combatant may still do on its turn, in one ledger.

Each rule set has one ``Economy`` (its actions and their order); every entry point — the
rule set's commands, ``/combat act``, buttons — spends through it, so a refusal is the same
wherever the action comes from: not your turn, cannot act, already used, out of order.
"""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.model import Action, Combatant, Encounter, Phase
from bot.i18n import Term


class Economy:
    def __init__(self, actions: tuple[Action, ...], *, minor_before_major: bool = False) -> None:
        self.actions = actions
        self.minor_before_major = minor_before_major  # Esperancer: no minor after the major

    def own_turn(self, enc: Encounter, c: Combatant) -> None:
        """Refuse unless it is ``c``'s turn and ``c`` can act."""
        if enc.actor != c.id or enc.phase not in (Phase.MAIN, Phase.EXTRA):
            raise CombatError("combat.not_your_turn", name=c.name)
        if not c.can_act:
            raise CombatError("combat.cannot_act", name=c.name)

    def refusal(self, c: Combatant, action: Action) -> CombatError | None:
        """Why ``c`` cannot take ``action`` now, on its own turn (None: it can)."""
        if action not in self.actions:
            return CombatError("combat.unknown_action", action=Term(f"action.{action.value}"))
        if action in c.used:
            return CombatError(
                "combat.action_used", name=c.name, action=Term(f"action.{action.value}")
            )
        if self.minor_before_major and action is Action.MINOR and Action.MAJOR in c.used:
            return CombatError("combat.minor_after_major", name=c.name)
        return None

    def available(self, enc: Encounter, c: Combatant) -> list[Action]:
        """Actions the combatant may still take now (only on its own turn)."""
        if enc.actor != c.id or enc.phase not in (Phase.MAIN, Phase.EXTRA) or not c.can_act:
            return []
        return [a for a in self.actions if self.refusal(c, a) is None]

    def spend(self, enc: Encounter, c: Combatant, *actions: Action) -> None:
        """Spend ``actions`` of ``c``'s turn together, or refuse them all with the reason."""
        self.own_turn(enc, c)
        for action in actions:
            refused = self.refusal(c, action)
            if refused is not None:
                raise refused
        c.used.extend(actions)

    def still_may(self, c: Combatant, action: Action) -> None:
        """Refuse when ``action`` is out of reach for ``c`` already (used, or out of order),
        without spending it: for what is declared with an action still to come."""
        refused = self.refusal(c, action)
        if refused is not None:
            raise refused
