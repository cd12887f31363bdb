"""The outgoing layer's hook: what a channel post says, as one log line, with who caused it.

Only posts in a server's channels are logged — never an ephemeral answer, a DM, or a post made
with ``record=False`` (the pinned tracker, which repeats the state; a secret roll's GM copy).
Who caused a post: the user answered, the author of the message replied to, or else whoever
the same task last answered (a follow-up of the same command); nobody for the bot's own.
"""

from __future__ import annotations

import contextvars
import logging
from datetime import UTC, datetime
from typing import Any

import discord

from bot.store.channel_log import LogLine
from bot.ui.fit import Post

log = logging.getLogger("bot.log")
Who = tuple[int, str]
_acting: contextvars.ContextVar[Who | None] = contextvars.ContextVar("log_acting", default=None)


def post_text(post: Post) -> str:
    """The post as plain lines: its text, each embed's title, description and fields, and
    the names of its files (an embed's footer is the tracker's bookkeeping: left out)."""
    lines: list[str] = [post.content] if post.content else []
    for embed in post.embeds:
        lines += [part for part in (embed.title, embed.description) if part]
        for item in embed.fields:
            name = "" if (item.name or "").strip() in ("", "\u200b") else f"{item.name}: "
            lines.append(f"{name}{item.value or ''}".rstrip())
    lines += [f"[{name}]" for name, _ in post.files]
    return "\n".join(line for line in lines if line.strip())


def who_of(user: discord.abc.User) -> Who:
    return user.id, user.display_name


def _recorder(client: Any) -> Any:
    return getattr(client, "channel_log", None)


def _client_of(target: Any) -> Any:
    state = getattr(target, "_state", None)
    getter = getattr(state, "_get_client", None)
    return getter() if callable(getter) else None


def _where(target: Any) -> tuple[int, int] | None:
    """(channel, server) of a server's channel or thread; None for a DM or a user."""
    if isinstance(target, discord.abc.User | discord.DMChannel | discord.GroupChannel):
        return None
    guild = getattr(target, "guild", None)
    guild_id = guild.id if guild is not None else getattr(target, "guild_id", None)
    channel_id = getattr(target, "id", None)
    return (channel_id, guild_id) if channel_id and guild_id else None


def _note(client: Any, where: tuple[int, int] | None, who: Who | None, post: Post) -> None:
    recorder = _recorder(client)
    if recorder is None or where is None:
        return
    body = post_text(post)
    if not body:
        return
    user_id, name = who if who is not None else (None, None)
    try:
        recorder.note(
            LogLine(
                channel_id=where[0], guild_id=where[1], user_id=user_id, user_name=name,
                body=body, created_at=datetime.now(UTC),
            )
        )  # fmt: skip
    except Exception:  # the log must never stop a post
        log.warning("could not log a post in %s", where[0], exc_info=True)


def answered(interaction: discord.Interaction, post: Post, *, ephemeral: bool) -> None:
    """After ``outgoing.answer``: log a public answer; its user is who acts in this task."""
    who = who_of(interaction.user)
    _acting.set(who)
    if not ephemeral and interaction.channel_id and interaction.guild_id:
        where = (interaction.channel_id, interaction.guild_id)  # even an uncached channel
        _note(interaction.client, where, who, post)


def posted(target: Any, post: Post, reply_to: discord.Message | None, *, record: bool) -> None:
    """After ``outgoing.send_to``: log a channel post."""
    who = who_of(reply_to.author) if reply_to is not None else _acting.get()
    if reply_to is not None:
        _acting.set(who)
    if record:
        _note(_client_of(target), _where(target), who, post)
