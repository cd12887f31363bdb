"""Answering an interaction without asking Discord for the message back.

discord.py's ``InteractionResponse.send_message`` always asks for the callback's message
(``with_response``) and builds a ``Message`` from it — its embeds, components and author —
which nearly every answer of ours throws away: a command's post is never edited through it,
and its buttons are found by their custom ids. At saturation that parse was about a tenth of a
command's CPU. So an answer goes out as the same callback discord.py would send (the same
payload, through the same webhook adapter: its rate limits, retries and errors), without the
message; Discord then answers "204 No Content". The payload is built from the fitted part
directly — its buttons without a ``View`` around them, which only a listening view needs.
Where a caller needs the message (a secret roll's notice, which Reveal edits later), discord.py's
own ``send_message`` runs instead (``bot.cogs.outgoing``).
"""

from __future__ import annotations

from typing import Any

import discord
from discord.enums import InteractionResponseType
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.ui.fit import Part
from bot.ui.stateless import components

_CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
_MESSAGE = InteractionResponseType.channel_message
EPHEMERAL = 64  # MessageFlags.ephemeral


def payload(
    part: Part, *, ephemeral: bool, previous: discord.AllowedMentions | None
) -> dict[str, Any]:
    """The callback's JSON for ``part``, as ``interaction_message_response_params`` builds it
    (``previous``: the bot's own allowed mentions, which the part's are merged into)."""
    mentions = part.mentions()
    data: dict[str, Any] = {"tts": False}
    if part.embeds:
        data["embeds"] = [embed.to_dict() for embed in part.embeds]
    data["content"] = part.content
    if part.rows:
        data["components"] = components(part.rows)
    if ephemeral:
        data["flags"] = EPHEMERAL
    merged = previous.merge(mentions) if previous is not None else mentions
    data["allowed_mentions"] = merged.to_dict()
    return {"type": _MESSAGE.value, "data": data}


async def respond(interaction: discord.Interaction, part: Part, *, ephemeral: bool) -> None:
    """The interaction's response, as ``send_message`` would send it, without the message."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    sent: dict[str, Any] = {}
    if part.files:  # a multipart form: discord.py's own builder
        missing: Any = discord.utils.MISSING
        flags = discord.MessageFlags()
        flags.ephemeral = ephemeral
        params = interaction_message_response_params(
            type=_MESSAGE.value,
            content=part.content,
            embeds=part.embeds or missing,
            files=part.attachments(),
            view=part.view() or missing,
            allowed_mentions=part.mentions(),
            previous_allowed_mentions=state.allowed_mentions,
            flags=flags if ephemeral else missing,
        )
        sent.update(multipart=params.multipart, files=params.files)
    else:
        sent["payload"] = payload(part, ephemeral=ephemeral, previous=state.allowed_mentions)
    http = state.http
    route = Route("POST", _CALLBACK, webhook_id=interaction.id, webhook_token=interaction.token)
    await async_context.get().request(
        route, session=interaction._session, proxy=http.proxy, proxy_auth=http.proxy_auth, **sent
    )
    response._response_type = _MESSAGE  # as send_message marks it: followups from now on
