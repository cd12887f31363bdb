"""The offline console: the real bot, cogs and all, played in a terminal.

The bot runs against SimCord's in-memory Discord (no network, no token), so every command
behaves exactly as in a channel. A line starting with ``/`` is a slash command
(``/combat add name:Goblin count:3 side:npc``); any other line is a chat message
(``2D6>=8 攻撃``); ``:as <name>`` switches the acting user (the first user, "gm", manages the
channel). ``--dice 6,6,3`` fixes the next die results, ``--json`` prints one JSON object per
reply and per domain event, ``--script FILE`` reads commands from a file, ``--db URL`` picks
the database (state is stored like the bot's).
"""

from __future__ import annotations

import json
import shlex
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from discord import app_commands
from sqlalchemy import select

from bot.client import TabletopBot
from bot.console_options import checked
from bot.i18n import LocalizedError, t
from bot.store.models import EncounterLog

Write = Callable[[str], None]
LOG = EncounterLog.__table__
LOCALE = "en"  # the console's users speak SimCord's default language, en-US
MAX_MESSAGE = 2000
SETTLE_SECONDS = 60.0


class FixedThenRandom:
    """Die results given on the command line first, then the process's random dice."""

    def __init__(self, values: Iterable[int]) -> None:
        from bot.dice.source import system_die

        self.values = list(values)
        self.fallback = system_die

    def __call__(self, sides: int) -> int:
        while self.values:
            value = self.values.pop(0)
            if 1 <= value <= sides:
                return value
        return self.fallback(sides)


def parse_dice(text: str) -> list[int]:
    return [int(part) for part in text.replace(" ", "").split(",") if part]


@dataclass
class Session:
    env: simcord.Env
    bot: TabletopBot
    write: Write
    as_json: bool = False
    users: dict[str, Any] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)
    last_log: int = 0

    def __post_init__(self) -> None:
        self.guild = self.env.create_guild(name="console")
        self.channel = self.guild.create_text_channel("table")
        gm_role = self.guild.create_role(
            "GM",
            permissions=discord.Permissions(
                manage_channels=True, manage_guild=True, manage_messages=True
            ),
        )
        self.current = self.users["gm"] = self.guild.add_member(
            self.env.create_user("gm"), roles=[gm_role]
        )

    # -- input -----------------------------------------------------------------------------
    async def handle(self, line: str) -> bool:
        """One typed line; False to stop."""
        line = line.strip()
        if not line:
            return True
        if line in (":quit", ":exit", "/quit", "/exit"):
            return False
        try:
            await self.dispatch(line)
        except TimeoutError as error:  # a very long lock wait: say so, keep the session
            self.mistake(t("console.no_answer", locale=LOCALE, error=str(error).split("\n")[0]))
        await self.flush()
        return True

    async def dispatch(self, line: str) -> None:
        if line.startswith(":as"):
            self.switch(line[3:].strip())
        elif line in ("/help", ":help"):
            self.show_help()
        elif line.startswith("/"):
            await self.slash(line[1:])
        elif len(line) > MAX_MESSAGE:  # Discord's client sends no longer message
            self.mistake(
                t("console.too_long", locale=LOCALE, limit=MAX_MESSAGE, length=len(line))
            )
        else:
            await self.current.send(self.channel, line)

    def switch(self, name: str) -> None:
        name = name or "gm"
        if name not in self.users:
            self.users[name] = self.guild.add_member(self.env.create_user(name))
        self.current = self.users[name]
        self.emit({"type": "user", "name": name}, f"(now acting as {name})")

    def show_help(self) -> None:
        commands = sorted(self.current.available_commands(self.channel))
        self.emit(
            {"type": "help", "commands": commands},
            "commands: /" + ", /".join(commands) + "\n:as <name> switches user, :quit ends",
        )

    async def slash(self, text: str) -> None:
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        path, options = self.split_options(words)
        command = self.find(path)
        if command is None:
            self.emit(
                {"type": "error", "message": f"unknown command /{' '.join(path)}"},
                f"unknown command /{' '.join(path)} (try /help)",
            )
            return
        try:
            values = checked(command, options)
        except LocalizedError as mistake:  # what Discord's client would not have sent
            self.mistake(mistake.localized(LOCALE))
            return
        try:
            await self.current.slash(self.channel, " ".join(path), **values)
        except simcord.OptionError as error:  # any check of SimCord's the one above missed
            self.mistake(str(error))

    def split_options(self, words: list[str]) -> tuple[list[str], dict[str, str]]:
        path: list[str] = []
        options: dict[str, str] = {}
        last: str | None = None
        for word in words:
            key, colon, value = word.partition(":")
            if colon and key.isidentifier() and key.isascii():
                options[key], last = value, key
            elif last is not None:
                options[last] += " " + word  # an unquoted value with spaces
            else:
                path.append(word)
        return path, options

    def find(self, path: list[str]) -> app_commands.Command | None:
        if not path:
            return None
        found: Any = self.bot.tree.get_command(path[0])
        for part in path[1:]:
            found = found.get_command(part) if isinstance(found, app_commands.Group) else None
        return found if isinstance(found, app_commands.Command) else None

    def mistake(self, message: str) -> None:
        self.emit({"type": "error", "message": message}, f"[only you] {message}")

    # -- output ----------------------------------------------------------------------------
    def emit(self, data: dict[str, Any], text: str) -> None:
        self.write(json.dumps(data, ensure_ascii=False) if self.as_json else text)

    async def flush(self) -> None:
        """Print what the acting user can now see that is new: channel posts, their own
        ephemeral replies and DMs, and (with --json) the encounters' domain events."""
        viewer = self.current
        channels = [
            (self.channel, self.channel.history(viewer=viewer)),
            ("dm", viewer.user.dm_channel.history()),
        ]
        for where, history in channels:
            for message in history:
                if message.id in self.seen:
                    continue
                self.seen.add(message.id)
                if not message.author.bot:
                    continue
                self.print_message(message, dm=where == "dm")
        if self.as_json:
            await self.print_events()

    def print_message(self, message: discord.Message, *, dm: bool) -> None:
        ephemeral = bool(message.flags.ephemeral)
        embeds = [e.to_dict() for e in message.embeds]
        data = {
            "type": "reply",
            "dm": dm,
            "ephemeral": ephemeral,
            "content": message.content,
            "embeds": embeds,
        }
        lines = []
        prefix = "[DM] " if dm else ("[only you] " if ephemeral else "")
        if message.content:
            lines.append(prefix + message.content)
        for embed in message.embeds:
            if embed.title:
                lines.append(f"{prefix}== {embed.title} ==")
            if embed.description:
                lines += [prefix + line for line in embed.description.splitlines()]
        buttons = [
            child.label
            for row in message.components
            for child in getattr(row, "children", [])
            if getattr(child, "label", None)
        ]
        if buttons:
            lines.append(prefix + " ".join(f"[{label}]" for label in buttons))
        self.emit(data, self.names("\n".join(lines)) if lines else prefix + "(empty)")

    def names(self, text: str) -> str:
        """``<@id>`` mentions as ``@name``, as a Discord client shows them."""
        for name, member in self.users.items():
            text = text.replace(member.mention, f"@{name}")
        return text

    async def print_events(self) -> None:
        async with self.bot.database.read() as conn:
            rows = (
                (await conn.execute(select(LOG).where(LOG.c.id > self.last_log).order_by(LOG.c.id)))
                .mappings()
                .all()
            )
        for row in rows:
            self.last_log = row["id"]
            for event in row["events"]:
                self.write(
                    json.dumps(
                        {"type": "event", "version": row["version"], **event}, ensure_ascii=False
                    )
                )


async def play(
    bot: TabletopBot, lines: AsyncIterator[str], write: Write, *, as_json: bool = False
) -> None:
    """Run the bot offline and feed it ``lines`` until they end or ``:quit``."""
    # A command may wait on a database lock held elsewhere (up to the busy timeout) before it
    # answers "busy": give it that long and more, rather than SimCord's default 5 s.
    async with simcord.run(bot, check_errors=False, settle_timeout=SETTLE_SECONDS) as env:
        session = Session(env, bot, write, as_json)
        session.emit(
            {"type": "ready", "user": "gm"},
            "Offline console: type a dice command, a /command, or /help. You are gm.",
        )
        async for line in lines:
            if not await session.handle(line):
                break
