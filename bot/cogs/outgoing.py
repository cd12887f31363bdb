"""The one way out: every reply, followup, channel post, edit and DM of the bot goes through
here — on Discord and in the offline console alike (the console runs the same bot).

Each message gets allowed mentions that ping only the users its post means to ping
(``Post.pings``), and is fitted to Discord's limits by ``bot.ui.fit`` (split, never cut). A
message Discord still refuses is sent again smaller (one embed a message, then plain text);
when even that fails, ``NotPosted`` says so, so that a change already saved is never left
unannounced without a word (``report_unposted``). Each public post in a server's channel is
noted in that channel's session log (``bot.log.record``: a queue, no wait).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.cogs.deadline import answered, answering
from bot.cogs.respond import edit_in_place, respond
from bot.i18n import normalize_locale, t
from bot.log.record import answered as log_answer
from bot.log.record import posted as log_post
from bot.ui.fit import Part, Post, fit, smaller

log = logging.getLogger("bot.outgoing")
Sent = discord.Message | None


class NotPosted(Exception):
    """Discord refused a message even in its smallest form."""

    def __init__(self, error: discord.HTTPException) -> None:
        super().__init__(str(error))
        self.error = error

    @property
    def reason(self) -> str:
        return f"{self.error.status} {self.error.text}"[:200]


async def deliver(send_one: Callable[[Part], Awaitable[Sent]], parts: list[Part]) -> list[Sent]:
    """Send the parts in order; a refused one is retried as smaller messages."""
    sent: list[Sent] = []
    for part in parts:
        try:
            sent.append(await send_one(part))
        except discord.HTTPException as error:
            pieces = smaller(part)
            if not pieces:
                raise NotPosted(error) from error
            log.warning("Discord refused a message (%s); sending it smaller", error)
            sent += await deliver(send_one, pieces)
    return sent


def _message(part: Part) -> dict[str, Any]:
    """The keyword arguments every discord.py send takes for one part."""
    kwargs: dict[str, Any] = {
        "content": part.content,
        "embeds": part.embeds,
        "allowed_mentions": part.mentions(),
    }
    if (view := part.view()) is not None:
        kwargs["view"] = view
    if part.files:
        kwargs["files"] = part.attachments()
    return kwargs


async def answer(
    interaction: discord.Interaction, post: Post, *, ephemeral: bool = False, message: bool = False
) -> list[Sent]:
    """Answer an interaction with ``post``: the response, or followups once it was answered
    or deferred. After a deferral (see ``deadline``) the "thinking…" message is filled with a
    private answer, or with a note before a public one. The response's own message is asked
    of Discord only when ``message`` is True (``bot.cogs.respond``); followups are messages."""
    state = answering(interaction)

    async def one(part: Part) -> Sent:
        if not interaction.response.is_done():
            if not (message or part.files):  # files: discord.py's multipart builder
                await respond(interaction, part, ephemeral=ephemeral)
                return None
            done = await interaction.response.send_message(**_message(part), ephemeral=ephemeral)
            resource = done.resource if done is not None else None
            return resource if isinstance(resource, discord.Message) else None
        kwargs = _message(part)
        if state.thinking:
            if ephemeral:
                files = kwargs.pop("files", [])
                filled = await interaction.edit_original_response(**kwargs, attachments=files)
                state.thinking = False
                return filled
            locale = normalize_locale(str(interaction.locale))
            await interaction.edit_original_response(content=t("ui.posted_below", locale=locale))
            state.thinking = False
        return await interaction.followup.send(**kwargs, ephemeral=ephemeral, wait=True)

    async with state.lock:
        try:
            sent = await deliver(one, fit(post))
        finally:
            if interaction.response.is_done():
                answered(interaction)
    log_answer(interaction, post, ephemeral=ephemeral)
    return sent


async def send_to(
    target: discord.abc.Messageable,
    post: Post,
    *,
    reply_to: discord.Message | None = None,
    record: bool = True,
) -> list[Sent]:
    """Post in a channel, or DM a user; ``reply_to`` makes the first message a reply (that
    pings nobody, and survives its message being deleted meanwhile). A channel post goes into
    the channel's log unless ``record`` is False (``bot.log.record``)."""
    first = True

    async def one(part: Part) -> Sent:
        nonlocal first
        kwargs = _message(part)
        if first and reply_to is not None:
            kwargs["reference"] = reply_to.to_reference(fail_if_not_exists=False)
        first = False
        return await target.send(**kwargs)

    sent = await deliver(one, fit(post))
    log_post(target, post, reply_to, record=record)
    return sent


async def edit(message: discord.Message | discord.PartialMessage, post: Post) -> None:
    """Make ``message`` say ``post``; what does not fit one message follows in its channel.
    An edit never pings (Discord does not notify edits), and ``post`` without buttons
    removes the message's buttons. A refused edit is not retried: the message keeps what it
    said, and the caller decides (the tracker posts a new one when its message is gone)."""
    first, *rest = fit(post) or [Part()]
    if first.files or isinstance(message, discord.Message):  # a full message edits its flags
        kwargs = _message(first)
        kwargs.setdefault("view", None)
        kwargs["attachments"] = kwargs.pop("files", [])
        await message.edit(**kwargs)
    else:
        await edit_in_place(message, first)
    if rest:
        await deliver(lambda part: message.channel.send(**_message(part)), rest)


async def replace(interaction: discord.Interaction, post: Post) -> None:
    """Make the message whose component was used say ``post`` (a help page turned by its
    menu: the same private message, not a new one each time); what does not fit follows."""
    state = answering(interaction)
    first, *rest = fit(post) or [Part()]
    kwargs = _message(first)
    kwargs.setdefault("view", None)
    kwargs["attachments"] = kwargs.pop("files", [])
    async with state.lock:
        if interaction.response.is_done():  # deferred: the original message is still there
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
        answered(interaction)
    for part in rest:
        await interaction.followup.send(**_message(part), ephemeral=True)


async def report_unposted(
    interaction: discord.Interaction, failure: NotPosted, *, gm_id: int | None, locale: str
) -> None:
    """A change was saved but its announcement could not be posted: say so plainly to whoever
    made it, and to the GM (by DM) when that is someone else."""
    log.error("a post after a saved change failed in %s: %s", interaction.channel_id, failure)
    mine = normalize_locale(str(interaction.locale))
    try:
        await answer(interaction, Post(t("ui.not_posted", locale=mine, reason=failure.reason)),
                     ephemeral=True)  # fmt: skip
    except (NotPosted, discord.HTTPException):
        log.error("could not tell %s either", interaction.user.id, exc_info=True)
    if gm_id is None or gm_id == interaction.user.id:
        return
    try:
        gm = interaction.client.get_user(gm_id) or await interaction.client.fetch_user(gm_id)
        await send_to(gm, Post(t("ui.not_posted", locale=locale, reason=failure.reason)))
    except (NotPosted, discord.HTTPException):
        log.error("could not tell the GM %s", gm_id, exc_info=True)
