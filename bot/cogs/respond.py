"""Answering an interaction without asking Discord for the message back.

discord.py's ``InteractionResponse.send_message`` always asks for the callback's message
(``with_response``) and builds a ``Message`` from it — its embeds, components and author —
which nearly every answer of ours throws away: a command's post is never edited through it,
and its buttons are found by their custom ids. At saturation that parse was about a tenth of a
command's CPU. So an answer goes out as the same callback discord.py would send (the same
payload, through the same webhook adapter: its rate limits, retries and errors), without the
message; Discord then answers "204 No Content". Where a caller needs the message (a secret
roll's notice, which Reveal edits later) or discord.py must listen on the view (a view not
finished), discord.py's own ``send_message`` runs instead.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.enums import InteractionResponseType
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_message_response_params

_CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
_MESSAGE = InteractionResponseType.channel_message


def leanly(kwargs: dict[str, Any]) -> bool:
    """Whether the answer ``kwargs`` may go out without its message (see the module)."""
    view = kwargs.get("view")
    return view is None or view.is_finished()


async def respond(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embeds: list[discord.Embed] | None = None,
    allowed_mentions: discord.AllowedMentions | None = None,
    view: discord.ui.View | None = None,
    files: list[discord.File] | None = None,
    ephemeral: bool = False,
) -> None:
    """The interaction's response, as ``send_message`` would send it, without the message."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    flags = discord.MessageFlags()
    flags.ephemeral = ephemeral
    missing: Any = discord.utils.MISSING
    params = interaction_message_response_params(
        type=_MESSAGE.value,
        content=content,
        embeds=embeds or missing,
        files=files or missing,
        view=view if view is not None else missing,
        allowed_mentions=allowed_mentions if allowed_mentions is not None else missing,
        previous_allowed_mentions=interaction._state.allowed_mentions,
        flags=flags if ephemeral else missing,
    )
    http = interaction._state.http
    route = Route("POST", _CALLBACK, webhook_id=interaction.id, webhook_token=interaction.token)
    await async_context.get().request(
        route,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        payload=None if params.files else params.payload,
        multipart=params.multipart if params.files else None,
        files=params.files or None,
    )
    response._response_type = _MESSAGE  # as send_message marks it: followups from now on
