"""Discord's 3-second rule, kept in one place for every interaction.

Every slash command, button and modal is watched from the moment it arrives (the bot hands
each to ``watch`` as discord.py dispatches it, before any handler runs): whatever the handler
awaits first — the database, Discord, a slow picture — if it has not answered after
``DEFER_AFTER`` seconds, the watch defers it. A slash
command or a modal is deferred *ephemerally* (only the user sees "thinking…"), a button with
a silent acknowledgement, so the deferral never decides who sees the answer: the outgoing layer
fills the "thinking" message with a private answer, or with a short note before a public one
(which then comes as a new message, so its pings ping). Fast handlers answer directly, and a
refusal stays ephemeral.

The watch and the outgoing layer take the same per-interaction lock, so a deferral never
races an answer on its way.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass, field

import discord

log = logging.getLogger("bot.deadline")
DEFER_AFTER = 2.0  # Discord wants a first answer within 3 s
TOKEN_LIFETIME = 15 * 60  # an interaction's followups stay possible this long
WATCHED = (
    discord.InteractionType.application_command,
    discord.InteractionType.component,
    discord.InteractionType.modal_submit,
)


@dataclass
class Answering:
    """How far the answer to one interaction has come."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    thinking: bool = False  # deferred with a "thinking…" message nobody has filled yet
    timer: asyncio.TimerHandle | None = None  # the deferral, due at DEFER_AFTER
    born: float = field(default_factory=lambda: time.monotonic())


# Oldest first: an interaction's state is dropped once its token has expired (no timer each:
# thousands of interactions must not mean thousands of pending callbacks).
_answering: OrderedDict[int, Answering] = OrderedDict()


def answering(interaction: discord.Interaction) -> Answering:
    found = _answering.get(interaction.id)
    if found is None:
        found = _answering[interaction.id] = Answering()
        while next(iter(_answering.values())).born < found.born - TOKEN_LIFETIME:
            _answering.popitem(last=False)
    return found


def watch(interaction: discord.Interaction) -> None:
    """Defer ``interaction`` if nothing has answered it in time (autocomplete is never
    deferred: Discord does not allow it)."""
    if interaction.type not in WATCHED or interaction.response.is_done():
        return  # (a fast handler may have answered before this listener ran)
    state = answering(interaction)
    loop = asyncio.get_running_loop()
    state.timer = loop.call_later(DEFER_AFTER, lambda: loop.create_task(_defer(interaction, state)))


def answered(interaction: discord.Interaction) -> None:
    """The interaction has its first answer: no deferral is due any more."""
    state = _answering.get(interaction.id)
    if state is not None and state.timer is not None:
        state.timer.cancel()
        state.timer = None


async def _defer(interaction: discord.Interaction, state: Answering) -> None:
    async with state.lock:
        if interaction.response.is_done():
            return
        try:
            if interaction.type is discord.InteractionType.component:
                await interaction.response.defer()  # nothing shown; followups stay free
            else:
                await interaction.response.defer(thinking=True, ephemeral=True)
                state.thinking = True
        except discord.HTTPException:
            log.warning("could not defer interaction %s", interaction.id, exc_info=True)
