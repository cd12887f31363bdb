"""Where a secret roll's copies go, and what to say when one cannot get there.

The GM's copy goes to the server's GM channel; without one, by DM to this channel's encounter GM
— only if they hold GM rights here (Manage Channels or the server's GM role), never merely for
having started the encounter. The roller's copy (a chat roll) goes by DM. Each delivery answers
None, or the catalog key of why it failed, so the roller is always told.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.cogs import outgoing
from bot.cogs.common import channel_locale, has_gm_rights
from bot.dice import RollResult
from bot.i18n import t
from bot.i18n.dice_words import dice_text
from bot.store.faults import DatabaseFault
from bot.store.settings import Effective
from bot.ui.fit import Post, groups
from bot.ui.views import reveal_view

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger("bot.dice")


async def direct_message(
    user: discord.abc.User, content: str, view: discord.ui.View | None
) -> bool:
    """False when the user does not take DMs from the bot (or Discord refused)."""
    try:
        await outgoing.send_to(user, Post(content, groups=groups(view)))
    except (outgoing.NotPosted, discord.HTTPException):
        return False
    return True


async def to_gm(
    bot: TabletopBot,
    guild: discord.Guild | None,
    channel_id: int,
    settings: Effective,
    name: str,
    result: RollResult,
    roll_id: int | None,
) -> str | None:
    """Deliver the GM's copy; None when it arrived, else why not."""
    locale = await channel_locale(bot, guild.id if guild else None, channel_id)
    shown = dice_text(result.text, locale, settings.system)
    content = t("dice.gm_copy", locale=locale, name=name, text=shown)
    view = reveal_view(roll_id, locale) if roll_id is not None else None
    if guild is not None and settings.gm_channel_id:
        channel = guild.get_channel(settings.gm_channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return "dice.gm_channel_gone"
        try:
            # The GM channel's log must not hold the secret before it is revealed.
            await outgoing.send_to(channel, Post(content, groups=groups(view)), record=False)
        except (outgoing.NotPosted, discord.HTTPException):
            log.info("could not post a secret roll's GM copy in %s", settings.gm_channel_id)
            return "dice.gm_channel_gone"
        return None
    gm = await _encounter_gm(bot, guild, channel_id, settings)
    if gm is None:
        return "dice.no_gm_channel"
    return None if await direct_message(gm, content, view) else "dice.gm_dms_closed"


async def _encounter_gm(
    bot: TabletopBot, guild: discord.Guild | None, channel_id: int, settings: Effective
) -> discord.Member | None:
    """The member who runs this channel's encounter, if they hold GM rights here."""
    if guild is None:
        return None
    try:
        encounter = await bot.encounters.status(channel_id)
    except DatabaseFault:
        return None
    if encounter is None:
        return None
    member = guild.get_member(encounter.gm_id)
    if member is None:
        try:
            member = await guild.fetch_member(encounter.gm_id)
        except discord.HTTPException:
            return None
    return member if has_gm_rights(member, settings) else None
