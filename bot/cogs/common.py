"""What every cog needs: locales, the caller's GM standing, replies that respect the
interaction's state, and one way to show an error."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.cogs import outgoing
from bot.combat.errors import CombatError
from bot.combat.service import Caller
from bot.i18n import LocalizedError, normalize_locale, t, use_locale
from bot.store.faults import DatabaseFault, cause_of
from bot.store.settings import Effective
from bot.systems.fields import bound
from bot.ui.fit import Post, groups
from bot.ui.help_pages import topic_for
from bot.ui.help_views import help_button

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger("bot.errors")


def option(field: str) -> Any:
    """The slash-option type of a number ``field``, bounded as ``bot.systems.fields`` says:
    Discord's client refuses a value out of range before it is sent."""
    b = bound(field)
    return app_commands.Range[float if b.decimals else int, b.low, b.high]  # type: ignore[valid-type]


class Refusal(LocalizedError):
    """The adapter's own "no" (not allowed here, unknown roll …), shown like any error."""


_SETTINGS = "tabletop.settings"  # where an interaction keeps its settings (``extras``)


def user_locale(interaction: discord.Interaction) -> str:
    """Replies only the user sees follow the user's Discord language."""
    return normalize_locale(str(interaction.locale))


async def channel_locale(bot: TabletopBot, guild_id: int | None, channel_id: int) -> str:
    """Posts everyone sees follow the server's (or channel's) language setting."""
    settings = await bot.settings_store.effective(guild_id, channel_id)
    return normalize_locale(settings.locale or bot.config.default_locale)


async def post_locale(bot: TabletopBot, interaction: discord.Interaction) -> str:
    """The language of a post in the interaction's channel."""
    settings = await settings_of(bot, interaction)
    return normalize_locale(settings.locale or bot.config.default_locale)


async def settings_of(bot: TabletopBot, interaction: discord.Interaction) -> Effective:
    """The settings an interaction runs under, read once per command (who is a GM, the posts'
    language, the system: each a read of the server's version otherwise), and again only
    once this process has changed settings meanwhile (``/config`` answers in its new words)."""
    store = bot.settings_store
    key = (store.changes, interaction.guild_id, interaction.channel_id or 0)
    held = interaction.extras.get(_SETTINGS)
    if held is not None and held[0] == key:
        return held[1]
    settings = await store.effective(interaction.guild_id, interaction.channel_id or 0)
    interaction.extras[_SETTINGS] = (key, settings)
    return settings


def has_gm_rights(member: discord.Member, settings: Effective) -> bool:
    """A GM here: Manage Channels, or the server's GM role."""
    if member.guild_permissions.manage_channels:
        return True
    return bool(settings.gm_role_id) and any(r.id == settings.gm_role_id for r in member.roles)


async def caller_of(bot: TabletopBot, interaction: discord.Interaction) -> Caller:
    """The user, and whether they count as a GM here (Manage Channels or the GM role)."""
    user = interaction.user
    manages = False
    if isinstance(user, discord.Member):
        manages = has_gm_rights(user, await settings_of(bot, interaction))
    return Caller(user.id, manages_channel=manages)


async def rule_set_action(
    bot: TabletopBot,
    interaction: discord.Interaction,
    system: str,
    action: str,
    combatant: str | int | None,  # a name as typed, or an id (buttons carry ids, never names)
    detail: str,
) -> None:
    """A rule set's command (/gc, /esp) as one encounter action — refused with a clear message
    when the channel's encounter plays another rule set, whose actions may share its names."""
    caller = await caller_of(bot, interaction)
    outcome = await bot.encounters.act(
        interaction.channel_id or 0, caller, action, combatant, detail, system=system
    )
    await bot.get_cog("Encounters").publish(interaction, outcome)


async def on_encounter_button(
    bot: TabletopBot,
    interaction: discord.Interaction,
    encounter_id: int,
    work: Callable[[], Awaitable[None]],
) -> None:
    """A button drawn for one encounter: refused once that encounter is over (a new one may
    have started in the channel since); every refusal reaches the clicker, never a traceback."""
    try:
        where = await bot.encounters.tracker(interaction.channel_id or 0)
        if where is None or where[0] != encounter_id:
            raise CombatError("combat.ended")
        await work()
    except Exception as error:
        with use_locale(user_locale(interaction)):
            await report(interaction, error)


async def send(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    embeds: Sequence[discord.Embed] = (),
    file: discord.File | None = None,
    files: Sequence[discord.File] = (),
    view: discord.ui.View | None = None,
    ephemeral: bool = False,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> list[discord.Message | None]:
    """Answer through the outgoing layer (fitted to Discord's limits, nothing cut). Nothing
    pings unless ``allowed_mentions`` names the users (roles and @everyone never)."""
    users = allowed_mentions.users if allowed_mentions is not None else False
    given = [file] if file is not None else list(files)
    post = Post(
        content=content,
        embeds=[embed] if embed is not None else list(embeds),
        groups=groups(view),
        files=[(f.filename, f.fp.read()) for f in given],
        pings=tuple(u.id for u in users) if isinstance(users, list) else (),
    )
    return await outgoing.answer(interaction, post, ephemeral=ephemeral)


def _name(interaction: discord.Interaction) -> str:
    command = interaction.command
    return command.qualified_name if command is not None else "(button)"


def _root(interaction: discord.Interaction) -> str | None:
    """The root command typed (``combat`` of ``/combat act``); None for a button."""
    command = interaction.command
    if command is None:
        return None
    return command.root_parent.name if command.root_parent is not None else command.name


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Every error → a short, translated, ephemeral message; surprises get an incident id. A
    mistake's message carries a Help button to the page that covers it (bot.ui.help_pages)."""
    original = getattr(error, "original", error)
    locale = user_locale(interaction)
    topic = None  # only a mistake of the user's has a help page
    if isinstance(original, DatabaseFault):  # one line for the operator, one for the user
        log.warning("%s in /%s: %s", original.code, _name(interaction), cause_of(original))
        message = original.localized(locale)
    elif isinstance(original, outgoing.NotPosted):  # the work was done: only its reply failed
        log.warning("reply to /%s refused: %s", _name(interaction), original.reason)
        message = t("ui.reply_not_posted", locale=locale, reason=original.reason)
    elif isinstance(original, LocalizedError):
        message = original.localized(locale)
        topic = topic_for(original, _root(interaction))
    elif isinstance(original, discord.app_commands.CheckFailure):
        message = t("error.not_allowed", locale=locale)
    else:
        incident = uuid.uuid4().hex[:8]
        log.error("incident %s in %s", incident, interaction.command, exc_info=original)
        message = t("error.unexpected", locale=locale, incident=incident)
    view = help_button(topic, locale) if topic is not None else None
    try:
        await send(interaction, message, ephemeral=True, view=view)
    except (outgoing.NotPosted, discord.HTTPException):
        log.warning("could not tell the user about an error", exc_info=True)
