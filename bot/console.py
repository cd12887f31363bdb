"""The offline console: the real bot, cogs and all, played in a terminal.

The bot runs against SimCord's in-memory Discord (no network, no token), so every command
behaves exactly as in a channel. A line starting with ``/`` is a slash command
(``/combat add name:Goblin count:3 side:npc``); any other line is a chat message
(``2D6>=8 攻撃``). ``:as <name>`` switches the acting user (the first user, "gm", manages the
channel), ``:press LABEL|N`` presses a button, ``:locale ja|zh-TW|en`` sets the acting user's
language. ``--dice 6,6,3`` fixes the next die results, ``--json`` prints one JSON object per
reply and per domain event, ``--script FILE`` reads commands from a file, ``--db URL`` picks
the database (state is stored like the bot's), ``--out DIR`` where pictures are saved.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from discord import app_commands
from sqlalchemy import select

from bot.client import TabletopBot
from bot.console_buttons import Pressable, choose, pressable
from bot.console_line import Read, entries, split_options
from bot.console_options import checked
from bot.console_output import Screen, Write
from bot.i18n import LocalizedError, normalize_locale, t, use_locale
from bot.i18n.commands import english_path
from bot.store.models import EncounterLog
from bot.ui.help_pages import TOPICS, index

LOG = EncounterLog.__table__
MAX_MESSAGE = 2000
SETTLE_SECONDS = 60.0
OUT = Path("console-out")
# What a Discord client sends as its user's language, for each of the catalogs.
DISCORD_LOCALES = {"ja": "ja", "zh-TW": "zh-TW", "en": "en-US"}


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


def asks_help(line: str) -> bool:
    """``:help``, or ``/help`` alone in any language's spelling (``/ヘルプ``, ``/說明``)."""
    return line == ":help" or (line[:1] == "/" and english_path(line[1:].split()) == ["help"])


def parse_dice(text: str) -> list[int]:
    return [int(part) for part in text.replace(" ", "").split(",") if part]


def speak_languages(env: simcord.Env, locale_of: Callable[[int], str]) -> None:
    """SimCord sends every interaction as en-US; Discord sends each user's client language.
    Set it on the way to the bot, before SimCord's gateway hands the payload over."""

    def localize(event: str, payload: Any) -> None:
        if event == "INTERACTION_CREATE":
            user = (payload.get("member") or {}).get("user") or payload.get("user") or {}
            payload["locale"] = DISCORD_LOCALES[locale_of(int(user.get("id") or 0))]

    env.backend.subscribers.insert(0, localize)


@dataclass
class Session:
    env: simcord.Env
    bot: TabletopBot
    screen: Screen
    users: dict[str, Any] = field(default_factory=dict)
    locales: dict[int, str] = field(default_factory=dict)  # by user id
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
        self.screen.names = self.names
        speak_languages(self.env, self.locale_of)

    @property
    def locale(self) -> str:
        """The acting user's language."""
        return self.locale_of(self.current.id)

    def locale_of(self, user_id: int) -> str:
        """A user's Discord language: as ``:locale`` set it, else the server's default."""
        return self.locales.get(user_id, normalize_locale(self.bot.config.default_locale))

    # -- input -----------------------------------------------------------------------------
    async def handle(self, line: str) -> bool:
        """One typed entry; False to stop."""
        line = line.strip()
        if not line:
            return True
        if line in (":quit", ":exit", "/quit", "/exit"):
            return False
        with use_locale(self.locale):
            try:
                await self.dispatch(line)
            except TimeoutError as error:  # a very long lock wait: say so, keep the session
                self.mistake(t("console.no_answer", error=str(error).split("\n")[0]))
        with use_locale(self.locale):  # :locale may have changed it
            await self.flush()
        return True

    async def dispatch(self, line: str) -> None:
        command, _, rest = line.partition(" ")
        if command == ":as":
            self.switch(rest.strip())
        elif command == ":press":
            await self.press(rest.strip())
        elif command == ":locale":
            self.set_locale(rest.strip())
        elif asks_help(line):
            self.show_help()  # /help, /ヘルプ, /說明: every page, and what the console adds
        elif line.startswith("/"):
            await self.slash(line[1:])
        elif len(line) > MAX_MESSAGE:  # Discord's client sends no longer message
            self.mistake(t("console.too_long", limit=MAX_MESSAGE, length=len(line)))
        else:
            await self.current.send(self.channel, line)

    def switch(self, name: str) -> None:
        name = name or "gm"
        if name not in self.users:
            self.users[name] = self.guild.add_member(self.env.create_user(name))
        self.current = self.users[name]
        with use_locale(self.locale):
            self.screen.emit({"type": "user", "name": name}, t("console.acting", user=name))

    def set_locale(self, word: str) -> None:
        chosen = next((c for c in DISCORD_LOCALES if c.casefold() == word.casefold()), None)
        if chosen is None:
            self.mistake(t("console.bad_locale", text=word[:20]))
            return
        self.locales[self.current.id] = chosen
        with use_locale(chosen):
            self.screen.emit(
                {"type": "locale", "user": self.current.name, "locale": chosen},
                t("console.locale_set", user=self.current.name),
            )

    def show_help(self) -> None:
        """The help pages' list (each page is the real ``/help <page>`` command), then the
        console's own commands."""
        commands = sorted(self.current.available_commands(self.channel))
        self.screen.emit(
            {"type": "help", "commands": commands, "pages": list(TOPICS)},
            index(self.locale) + "\n" + t("console.help", commands="/" + ", /".join(commands)),
        )

    async def press(self, which: str) -> None:
        choices = pressable(self.channel, self.current)
        if not which:
            self.screen.emit(
                {"type": "buttons", "buttons": [c.button.label for c in choices]},
                "\n".join(c.listed(n) for n, c in enumerate(choices, 1)) or t("console.no_buttons"),
            )
            return
        chosen: Pressable | str = choose(choices, which)
        if isinstance(chosen, str):
            self.mistake(chosen)
            return
        self.screen.emit(
            {"type": "press", "user": self.current.name, "button": chosen.button.label},
            t("console.pressed", user=self.current.name, button=chosen.button.label),
        )
        try:
            await self.current.click(chosen.message, custom_id=chosen.button.custom_id)
        except simcord.SetupError:  # gone or disabled since it was shown
            self.mistake(t("console.button_gone", button=chosen.button.label))

    async def slash(self, text: str) -> None:
        path, options = split_options(text)
        path = english_path(path)  # the names the messages show, in the acting user's language
        command = self.find(path)
        if command is None:
            name = " ".join(path)
            self.screen.emit(
                {"type": "error", "message": f"unknown command /{name}"},
                t("console.unknown_command", command=name),
            )
            return
        try:
            values = checked(command, options)
        except LocalizedError as mistake:  # what Discord's client would not have sent
            self.mistake(mistake.localized(self.locale))
            return
        try:
            await self.current.slash(self.channel, " ".join(path), **values)
        except simcord.OptionError as error:  # any check of SimCord's the one above missed
            self.mistake(str(error))

    def find(self, path: list[str]) -> app_commands.Command | None:
        if not path:
            return None
        found: Any = self.bot.tree.get_command(path[0])
        for part in path[1:]:
            found = found.get_command(part) if isinstance(found, app_commands.Group) else None
        return found if isinstance(found, app_commands.Command) else None

    def mistake(self, message: str) -> None:
        self.screen.emit({"type": "error", "message": message}, t("console.only_you") + message)

    # -- output ----------------------------------------------------------------------------
    async def flush(self) -> None:
        """Print what the acting user can now see that is new or changed: channel posts, the
        tracker's edits, their own ephemeral replies and DMs, and (with --json) the
        encounters' domain events."""
        viewer = self.current
        posts = [(message, False) for message in self.channel.history(viewer=viewer)]
        dms = [(message, True) for message in viewer.user.dm_channel.history()]
        await self.screen.show(posts + dms)
        if self.screen.as_json:
            await self.print_events()

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
                self.screen.write(
                    json.dumps(
                        {"type": "event", "version": row["version"], **event}, ensure_ascii=False
                    )
                )


async def play(
    bot: TabletopBot, read: Read, write: Write, *, as_json: bool = False, out: Path = OUT
) -> None:
    """Run the bot offline and feed it entries from ``read`` until they end or ``:quit``."""
    # A command may wait on a database lock held elsewhere (up to the busy timeout) before it
    # answers "busy": give it that long and more, rather than SimCord's default 5 s.
    async with simcord.run(bot, check_errors=False, settle_timeout=SETTLE_SECONDS) as env:
        session = Session(env, bot, Screen(write, out, as_json))
        with use_locale(session.locale):
            session.screen.emit({"type": "ready", "user": "gm"}, t("console.ready", user="gm"))
        async for entry in entries(read):
            if not await session.handle(entry):
                break
