"""Separate processes: a crash at a random point loses nothing acknowledged, and two bot
processes on one database never lose an update. Both on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import func, select

from bot.combat.model import Side, Stats
from bot.combat.service import Caller, EncounterService
from bot.store.db import connect
from bot.store.models import EncounterLog
from bot.systems import ruleset
from tests.combat.worker import CHANNEL, GUILD, replay

ROOT = Path(__file__).resolve().parents[2]
GM = Caller(1, manages_channel=True)


def worker(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.combat.worker", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def comparable(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("id",)}


async def test_sigkill_at_a_random_point_loses_nothing_acknowledged(database_url: str) -> None:
    seed = random.randrange(10_000)
    child = worker("stream", database_url, str(seed), "400")
    assert child.stdout is not None
    first = ""
    deadline = time.monotonic() + 60  # a loaded machine starts the child slowly
    while not first.startswith("ack ") and time.monotonic() < deadline:
        first = child.stdout.readline()  # the stream has begun once the first ack is out
    time.sleep(random.uniform(0.0, 1.5))  # then somewhere in it
    child.send_signal(signal.SIGKILL)
    output, _ = child.communicate(timeout=30)
    lines = [first, *output.splitlines()]
    acks = [int(line.split()[1]) for line in lines if line.startswith("ack ")]
    assert acks, "the child should have acknowledged some commands before the kill"

    database = connect(database_url)
    try:
        state = await EncounterService(database, ruleset).status(CHANNEL)
        assert state is not None
        # Committed before acknowledged: the database holds the last acknowledged command, or
        # one more if the kill came between its commit and its "ack" line.
        assert acks[-1] <= state.version <= acks[-1] + 1, (acks[-1], state.version)
        assert comparable(state.to_dict()) == comparable(replay(seed, state.version).to_dict())
    finally:
        await database.dispose()


async def test_two_processes_on_one_database(database_url: str) -> None:
    database = connect(database_url)
    try:
        service = EncounterService(database, ruleset)
        await service.start(CHANNEL, GUILD, GM, "GranCrest")
        await service.add(CHANNEL, GM, "Goblin", count=3, stats=Stats(action_value=4))
        await service.add(CHANNEL, GM, "Hero", side=Side.PC, stats=Stats(action_value=7))
        start = (await service.status(CHANNEL)).version  # type: ignore[union-attr]

        children = [worker("race", database_url, "40") for _ in range(2)]
        outputs = [c.communicate(timeout=120)[0] for c in children]
        assert all(c.returncode == 0 for c in children)
        applied = [
            int(line.split()[1])
            for out in outputs
            for line in out.splitlines()
            if line.startswith("applied")
        ]
        stale = sum(out.count("stale") for out in outputs)
        assert len(applied) + stale == 80
        # Every applied call got its own version, one after another: nothing lost, nothing twice.
        assert sorted(applied) == list(range(start + 1, start + 1 + len(applied)))
        final = await service.status(CHANNEL)
        assert final is not None and final.version == start + len(applied)
        async with database.reads() as session:
            logged = await session.scalar(select(func.count()).select_from(EncounterLog))
        assert logged == start + len(applied)
    finally:
        await database.dispose()
