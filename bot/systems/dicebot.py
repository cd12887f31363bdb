"""DiceBot: no rule set of its own. Its encounters use the plain F.E.A.R.-style round
(action values, acted / not acted, PC before NPC, then the GM's order)."""

from __future__ import annotations

from bot.systems.grancrest.flow import ActedFlow


class PlainRules(ActedFlow):
    id = "DiceBot"
    dice_system = "DiceBot"
    uses_reflex = False
