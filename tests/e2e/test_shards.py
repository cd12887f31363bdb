"""Two bot processes, each running half the shards, on one PostgreSQL database.

The fake Discord routes each guild's events to the connection of its shard, as Discord does
(``(guild_id >> 22) % shard_count``). Every command sent to a guild on either shard must be
answered exactly once, by the process that runs that shard, with no error and none lost,
while both processes write the same database — which neither of them had migrated yet.
"""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from tests import databases
from tests.e2e.fake_discord import FakeDiscord, guild_on_shard, shard_of
from tests.e2e.processes import TOKEN, BotProcess, start_bot

SHARDS = 2
GUILDS = [guild_on_shard(shard, SHARDS, n) for n in range(2) for shard in range(SHARDS)]
CHANNELS = 2  # per guild
ROUNDS = 6  # commands per channel after the set-up, sent to every channel at once
pytestmark = pytest.mark.skipif(
    databases.postgres_problem() is not None, reason=databases.postgres_problem() or ""
)


@pytest.fixture
async def empty_postgres() -> AsyncIterator[tuple[str, str]]:
    """A database nobody has migrated: (SQLAlchemy URL, libpq DSN)."""
    name = f"bot_test_shards_{uuid.uuid4().hex[:10]}"
    await databases._admin(f'CREATE DATABASE "{name}"')
    dsn = databases._dsn(name)
    try:
        yield databases.sqlalchemy_url(dsn), dsn
    finally:
        await databases.drop_postgres(name)


@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(token=TOKEN, shard_count=SHARDS, guild_ids=GUILDS, channels=CHANNELS)
    await fake.start()
    yield fake
    await fake.stop()


async def command(server: FakeDiscord, channel: str, name: str, /, **options: object) -> dict:
    payload = server.slash_payload(name, channel, options)
    answer = server.expect(server.callback_path(payload))
    await server.dispatch("INTERACTION_CREATE", payload)
    reply = await asyncio.wait_for(answer, 20)
    return {"id": payload["id"], "sender": reply.sender, "body": reply.body or {}}


async def play(server: FakeDiscord, channel: str) -> list[dict]:
    """A table's commands: an encounter, its combatants, then rolls and turns."""
    answers = [
        await command(server, channel, "combat start", ruleset="GranCrest"),
        await command(server, channel, "combat add", name="Goblin", count=3, action_value=4),
        await command(server, channel, "combat add", name="Hero", action_value=6),
    ]
    for n in range(ROUNDS):
        if n % 2:
            answers.append(await command(server, channel, "combat next"))
        else:
            answers.append(await command(server, channel, "roll", command="2D6>=7"))
    return answers


def refused(answer: dict) -> bool:
    return bool(((answer["body"].get("data") or {}).get("flags", 0)) & 64)


async def test_two_processes_split_the_shards_and_answer_every_command_once(
    sharded: FakeDiscord, empty_postgres: tuple[str, str], tmp_path: Path
) -> None:
    url, dsn = empty_postgres
    processes: list[BotProcess] = []
    for shard in range(SHARDS):
        folder = tmp_path / f"p{shard}"
        folder.mkdir()
        processes.append(await start_bot(
            sharded, folder, DATABASE_URL=url, SHARD_COUNT=str(SHARDS), SHARD_IDS=str(shard),
            FAKE_AGENT_TAG=f"process-{shard}",
        ))  # fmt: skip
    try:
        for shard, process in enumerate(processes):
            await process.logged(f"shards {shard} of {SHARDS}, 2 server(s)", timeout=40)
        assert sorted(sharded.identified) == [(0, SHARDS), (1, SHARDS)]

        channels = [c for g in GUILDS for c in sharded.channel_ids(g, CHANNELS)]
        played = await asyncio.gather(*(play(sharded, c) for c in channels))
    finally:
        codes = [await process.stop() for process in processes]

    assert codes == [0] * SHARDS
    for channel, answers in zip(channels, played, strict=True):
        shard = shard_of(sharded.guild_of(channel), SHARDS)
        assert {a["sender"] for a in answers} == {f"process-{shard}"}
        assert not [a for a in answers if refused(a)], channel
    callbacks = Counter(
        r.path.split("/")[2] for r in sharded.requests if r.path.endswith("/callback")
    )
    sent = [a["id"] for answers in played for a in answers]
    assert all(callbacks[i] == 1 for i in sent)  # each answered once, none lost
    assert len(sent) == len(channels) * (3 + ROUNDS)
    assert not sharded.refused
    for process in processes:
        assert not [line for line in process.lines if "Traceback" in line or "ERROR" in line]

    connection = await asyncpg.connect(dsn)
    try:
        stored = await connection.fetch("SELECT channel_id, round FROM encounters")
    finally:
        await connection.close()
    assert sorted(str(row["channel_id"]) for row in stored) == sorted(channels)
    assert all(row["round"] >= 1 for row in stored)  # every table got into its first round
