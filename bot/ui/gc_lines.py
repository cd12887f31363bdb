"""Grancrest's own event lines: weapons swapped and handed over, damage through a defense,
the order Setup and Cleanup skills resolve in."""

from __future__ import annotations

from collections.abc import Callable

from bot.combat import events as ev
from bot.i18n import t


def grancrest_line(event: ev.Event, name: Callable[[int | None], str]) -> str | None:
    match event:
        case ev.WeaponSwapped(combatant_id=i, out=None, into=into):
            return t("gc.swapped_in", name=name(i), into=into)
        case ev.WeaponSwapped(combatant_id=i, out=out, into=into):
            return t("gc.swapped", name=name(i), out=out, into=into)
        case ev.ItemExchanged(giver_id=giver, taker_id=taker, item=item, back=None):
            return t("gc.exchanged", giver=name(giver), taker=name(taker), item=item)
        case ev.ItemExchanged(giver_id=giver, taker_id=taker, item=item, back=back):
            return t(
                "gc.exchanged_back", giver=name(giver), taker=name(taker), item=item, back=back
            )
        case ev.DefenseApplied(
            combatant_id=i, damage=damage, defense_type=kind, defense=defense,
            reduction=reduction, loss=loss,
        ):  # fmt: skip
            cut = t("gc.reduction_term", reduction=reduction) if reduction else ""
            return t(
                "gc.through_defense", name=name(i), damage=damage, defense_name=t(f"field.{kind}"),
                defense=defense, reduction=cut, loss=loss,
            )  # fmt: skip
        case ev.SkillOrder(timing=timing, skills=skills):
            listed = t("ui.list_sep").join(
                t("gc.skill_place", place=n, name=name(i), skill=skill)
                for n, (i, skill) in enumerate(skills, 1)
            )
            return t("gc.skill_order", timing=t(f"timing.{timing}"), skills=listed)
    return None
