"""Autocomplete for ``/gc``: combatants (one, or a list of targets for an area attack) and the
weapons of the combatant the command is about. Hidden NPCs — and their weapons — are offered
to the GM only."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs.common import caller_of
from bot.combat.model import Combatant, Encounter
from bot.systems.grancrest import weapons

if TYPE_CHECKING:
    from bot.client import TabletopBot

CHOICES = 25
VALUE_LIMIT = 100  # Discord's longest choice value
_SEPARATOR = re.compile(r"[,、，]")


async def _view(
    bot: TabletopBot, interaction: discord.Interaction
) -> tuple[Encounter | None, bool, int]:
    enc = await bot.encounters.status(interaction.channel_id or 0)
    caller = await caller_of(bot, interaction)
    gm = enc is not None and (caller.manages_channel or caller.user_id == enc.gm_id)
    return enc, gm, caller.user_id


def _visible(enc: Encounter, gm: bool) -> list[Combatant]:
    return [c for c in enc.combatants if gm or not c.hidden]


async def targets(
    bot: TabletopBot, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """``Goblin 1, Gob`` → ``Goblin 1, Goblin 2`` …: the last name completed, those already
    named kept in front and not offered again."""
    enc, gm, _ = await _view(bot, interaction)
    if enc is None:
        return []
    *named, last = _SEPARATOR.split(current)
    named = [n.strip() for n in named if n.strip()]
    taken = {n.casefold() for n in named}
    head = ", ".join(named)
    choices = []
    for c in _visible(enc, gm):
        if c.name.casefold() in taken or last.strip().casefold() not in c.name.casefold():
            continue
        value = f"{head}, {c.name}" if head else c.name
        if len(value) <= VALUE_LIMIT:
            choices.append(app_commands.Choice(name=value, value=value))
    return choices[:CHOICES]


def _whose(enc: Encounter, interaction: discord.Interaction, user: int, gm: bool, key: str):
    """The combatant an option's weapons belong to: the one named in ``key`` (attacker,
    combatant, to), else whose turn it is when it is the caller's to play, else the caller's
    own combatant."""
    named = getattr(interaction.namespace, key, None)
    if named:
        return enc.find(str(named))
    actor = enc.combatant(enc.actor) if enc.actor is not None else None
    if actor is not None and (gm or actor.owner_id == user):
        return actor
    return next((c for c in enc.combatants if c.owner_id == user), None)


async def weapon_names(
    bot: TabletopBot,
    interaction: discord.Interaction,
    current: str,
    *,
    key: str,
    hand: bool | None,
) -> list[app_commands.Choice[str]]:
    """The weapons of the combatant named in option ``key``: in hand (``hand=True``), carried
    only (``False``) or all (``None``)."""
    enc, gm, user = await _view(bot, interaction)
    if enc is None:
        return []
    holder = _whose(enc, interaction, user, gm, key)
    if holder is None or (holder.hidden and not gm):
        return []
    return [
        app_commands.Choice(name=name, value=name)
        for name, weapon in weapons.carried(holder).items()
        if (hand is None or weapons.is_equipped(weapon) is hand)
        and current.casefold() in name.casefold()
    ][:CHOICES]
