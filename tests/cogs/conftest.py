"""Discord behaviour through discord.py's real code paths, with SimCord's in-memory Discord."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
import simcord

from bot.app import TabletopBot, build_bot
from bot.config import Settings
from tests.conftest import FixedDice
from tests.databases import new_sqlite
from tests.discord_limits import request_problems


class Dice:
    """A die source the test can load: fixed values when given, else 3s."""

    def __init__(self) -> None:
        self.fixed: FixedDice | None = None

    def load(self, *values: int) -> None:
        self.fixed = FixedDice(values)

    def __call__(self, sides: int) -> int:
        if self.fixed is not None and self.fixed.drawn < len(self.fixed.queue):
            return self.fixed(sides)
        return min(3, sides)


@pytest.fixture
def dice() -> Dice:
    return Dice()


@pytest.fixture
def bot_url(tmp_path: Path, sqlite_template: Path) -> str:
    return new_sqlite(sqlite_template, tmp_path)


class Bots:
    """The bots a test builds, each released at the end: SimCord detaches a bot without closing
    it, which would leave its database files, threads and BCDice worker open for the run."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.made: list[TabletopBot] = []

    def build(self, settings: Settings) -> TabletopBot:
        self.made.append(build_bot(settings, dice=self.dice))
        return self.made[-1]


@pytest.fixture
async def bots(dice: Dice) -> AsyncIterator[Bots]:
    made = Bots(dice)
    yield made
    for bot in made.made:
        await bot.release()


@pytest.fixture
def make_bot(bot_url: str, bots: Bots) -> Callable[[], TabletopBot]:
    """A new bot process on the same database (for restarts)."""
    settings = Settings(
        discord_token=None, database_url=bot_url, default_locale="ja", tracker_interval=0
    )
    return lambda: bots.build(settings)


@pytest.fixture
def simcord_bot(make_bot: Callable[[], TabletopBot]) -> TabletopBot:
    return make_bot()


@pytest.fixture
async def world(simcord_env: simcord.Env) -> AsyncIterator[World]:
    yield World(simcord_env)
    assert_fits_discord(simcord_env)


def assert_fits_discord(env: simcord.Env) -> None:
    """Every message the bot sent during the test passes our own Discord-limits check (limits
    and allowed mentions): SimCord refuses over-limit payloads, this adds the pings."""
    problems = [
        f"{entry.method} {entry.path}: {problem}"
        for entry in env.http_requests
        for problem in request_problems(entry.method, entry.path, entry.json)
    ]
    assert not problems, "\n".join(problems)


class World:
    """A server with a GM, two players and a table channel."""

    def __init__(self, env: simcord.Env) -> None:
        import discord

        self.env = env
        self.guild = env.create_guild(name="卓")
        self.channel = self.guild.create_text_channel("session")
        gm_role = self.guild.create_role(
            "GM",
            permissions=discord.Permissions(
                manage_channels=True, manage_guild=True, manage_messages=True
            ),
        )
        self.gm = self.guild.add_member(env.create_user("gm"), roles=[gm_role])
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))


class Incidents(logging.Handler):
    """The "incident" lines the error handler logs (an error nobody foresaw)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if "incident" in record.getMessage():
            self.seen.append(record.getMessage())


@pytest.fixture
def incidents() -> Iterator[Incidents]:
    handler = Incidents()
    logging.getLogger("bot.errors").addHandler(handler)
    yield handler
    logging.getLogger("bot.errors").removeHandler(handler)
