"""Answers and edits without asking Discord for the message back.

discord.py's ``InteractionResponse.send_message`` always asks for the callback's message
(``with_response``), and ``PartialMessage.edit`` always reads the edited one, and each builds a
``Message`` from it — its embeds, components and author — which our answers and edits throw
away: a command's post is never edited through it, and its buttons are found by their custom
ids. At saturation that parse was about a tenth of a command's CPU. So an answer goes out as
the same callback discord.py would send, an edit as the same PATCH (the same JSON, through
discord.py's own webhook adapter and HTTP client: their rate limits, retries and errors),
without building the message; to a callback that does not ask for it, Discord answers "204 No
Content". The JSON is built from the fitted part directly — its buttons without a ``View``
around them, which only a listening view needs. Where a caller needs the message (a secret
roll's notice, which Reveal edits later), discord.py's own ``send_message`` runs instead; so
does a message with files, for discord.py's own multipart builders (``bot.cogs.outgoing``).
"""

from __future__ import annotations

from typing import Any

import discord
from discord.enums import InteractionResponseType
from discord.http import MultipartParameters, Route
from discord.webhook.async_ import async_context

from bot.ui.fit import Part
from bot.ui.stateless import components

_CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
_MESSAGE = InteractionResponseType.channel_message
EPHEMERAL = 64  # MessageFlags.ephemeral


def message_json(
    part: Part, *, previous: discord.AllowedMentions | None, edit: bool = False
) -> dict[str, Any]:
    """The message's JSON for ``part``, as discord.py builds it for a response's data or
    (``edit``) for ``PartialMessage.edit``, which also clears what ``part`` lacks: embeds,
    buttons, attachments. ``previous``: the bot's own allowed mentions, merged with the part's."""
    mentions = part.mentions()
    data: dict[str, Any] = {"tts": False}
    if part.embeds or edit:
        data["embeds"] = [embed.to_dict() for embed in part.embeds]
    data["content"] = part.content
    if part.rows or edit:
        data["components"] = components(part.rows)
    merged = previous.merge(mentions) if previous is not None else mentions
    data["allowed_mentions"] = merged.to_dict()
    if edit:
        data["attachments"] = []
    return data


def payload(
    part: Part, *, ephemeral: bool, previous: discord.AllowedMentions | None
) -> dict[str, Any]:
    """The callback's JSON for ``part``, as ``interaction_message_response_params`` builds it."""
    data = message_json(part, previous=previous)
    if ephemeral:
        data["flags"] = EPHEMERAL
    return {"type": _MESSAGE.value, "data": data}


async def edit_in_place(message: discord.PartialMessage, part: Part) -> None:
    """Make ``message`` say ``part`` (no files), as ``PartialMessage.edit`` would, without
    reading the edited message back. Raises as it does (``NotFound`` when it is gone)."""
    state = message._state
    state.prevent_view_updates_for(message.id)  # as edit does: no listening view stays on it
    sent = MultipartParameters(
        payload=message_json(part, previous=state.allowed_mentions, edit=True),
        multipart=None,
        files=None,
    )
    await state.http.edit_message(message.channel.id, message.id, params=sent)


async def respond(interaction: discord.Interaction, part: Part, *, ephemeral: bool) -> None:
    """The interaction's response to ``part`` (no files), as ``send_message`` would send it,
    without the message."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    http = state.http
    route = Route("POST", _CALLBACK, webhook_id=interaction.id, webhook_token=interaction.token)
    await async_context.get().request(
        route,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        payload=payload(part, ephemeral=ephemeral, previous=state.allowed_mentions),
    )
    response._response_type = _MESSAGE  # as send_message marks it: followups from now on
