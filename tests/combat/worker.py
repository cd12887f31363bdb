"""A child process for the crash and two-process tests: ``python -m tests.combat.worker``.

stream URL SEED N     start an Esperancer encounter and run N commands, printing
                      "ack <version>" after each one is committed
race URL N            call ``next`` N times on the channel's encounter, printing
                      "applied <version>" or "stale" for each
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.combat import engine
from bot.combat.errors import StaleState
from bot.combat.model import Encounter, Side, Stats
from bot.combat.service import Caller, EncounterService
from bot.store.db import connect
from bot.systems import ruleset

CHANNEL, GUILD = 100, 200
GM, ALICE = Caller(1, manages_channel=True), Caller(2)


def seeded(seed: int):
    rng = random.Random(seed)
    return lambda sides: rng.randint(1, sides)


def replay(seed: int, version: int) -> Encounter:
    """What ``stream`` leaves at ``version``, computed by the pure engine alone."""
    enc = Encounter(CHANNEL, GUILD, "Esperancer", GM.user_id, version=1)
    source = seeded(seed)
    changes = 0
    for add in (
        lambda: engine.add(enc, "Drone", Side.NPC, stats=Stats(initiative_mod=2)),
        lambda: engine.add(
            enc, "Hero", Side.PC, owner_id=ALICE.user_id, stats=Stats(sonic_drive=14)
        ),
    ):
        if changes < version - 1:
            add()
            changes += 1
    while changes < version - 1:  # every later command is a "next"
        engine.advance(enc, ruleset("Esperancer"), source)
        changes += 1
    enc.version = version
    return enc


async def stream(url: str, seed: int, count: int) -> None:
    database = connect(url)
    service = EncounterService(database, ruleset, seeded(seed))
    out = await service.start(CHANNEL, GUILD, GM, "Esperancer")
    print(f"ack {out.version}", flush=True)
    out = await service.add(CHANNEL, GM, "Drone", stats=Stats(initiative_mod=2))
    print(f"ack {out.version}", flush=True)
    out = await service.add(CHANNEL, ALICE, "Hero", side=Side.PC, stats=Stats(sonic_drive=14))
    print(f"ack {out.version}", flush=True)
    for _ in range(count):
        out = await service.next(CHANNEL, GM)
        print(f"ack {out.version}", flush=True)
    await database.dispose()


async def race(url: str, count: int) -> None:
    database = connect(url)
    service = EncounterService(database, ruleset, seeded(0))
    for _ in range(count):
        try:
            out = await service.next(CHANNEL, GM)
            print(f"applied {out.version}", flush=True)
        except StaleState:
            print("stale", flush=True)
    await database.dispose()


if __name__ == "__main__":
    mode, url, *rest = sys.argv[1:]
    if mode == "stream":
        asyncio.run(stream(url, int(rest[0]), int(rest[1])))
    else:
        asyncio.run(race(url, int(rest[0])))
