"""Encounter service latency and memory: ``next``, ``act`` and ``status`` with many encounters.

    .venv/bin/python benchmarks/engine.py [--sizes 100,1000,10000] [--ops 1000] [--no-postgres]

For each database (SQLite file; PostgreSQL at 127.0.0.1:5432 when it runs) and each number of
active encounters (6 combatants each), a fresh database is migrated and filled, then one client
issues commands to random encounters one after another: p50 / p99 per command. Each
configuration is filled by one process and measured by another, so the peak memory (max RSS)
is the serving process's own.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402
from sqlalchemy import insert, text  # noqa: E402

from bot.combat import engine  # noqa: E402
from bot.combat.model import Encounter, Side, Stats  # noqa: E402
from bot.combat.service import Caller, EncounterService  # noqa: E402
from bot.store.db import connect  # noqa: E402
from bot.store.encounters import (  # noqa: E402
    COMBATANTS,
    ENCOUNTERS,
    LOG,
    combatant_values,
    encounter_values,
)
from bot.store.migrate import upgrade  # noqa: E402
from bot.systems import ruleset  # noqa: E402

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
GM = Caller(1, manages_channel=True)


def template_encounter(channel: int) -> Encounter:
    enc = Encounter(channel, 1, "GranCrest", GM.user_id, version=1)
    engine.add(enc, "Goblin", Side.NPC, count=4, stats=Stats(action_value=4))
    engine.add(enc, "Alice", Side.PC, owner_id=2, stats=Stats(action_value=6, reflex=2))
    engine.add(enc, "Bob", Side.PC, owner_id=3, stats=Stats(action_value=5, reflex=1))
    engine.advance(enc, ruleset("GranCrest"), lambda sides: 3)  # into round 1's Setup
    return enc


async def fill(url: str, count: int) -> None:
    """``count`` active encounters of 6 combatants, written in bulk."""
    database = connect(url)
    await upgrade(database)
    base = template_encounter(0)
    encounters, combatants, log = [], [], []
    for n in range(count):
        base.channel_id = 10_000 + n
        encounters.append({"id": n + 1, **encounter_values(base)})
        combatants += [{"encounter_id": n + 1, **combatant_values(c)} for c in base.combatants]
        log.append(
            {"encounter_id": n + 1, "version": 1, "command": "start", "events": [], "dice": []}
        )
    async with database.write() as conn:
        for table, rows in ((ENCOUNTERS, encounters), (COMBATANTS, combatants), (LOG, log)):
            for start in range(0, len(rows), 2000):
                await conn.execute(insert(table), rows[start : start + 2000])
    if database.engine.dialect.name == "postgresql":  # ids were given: move the sequence on
        async with database.write() as conn:
            await conn.execute(
                text("SELECT setval('encounters_id_seq', (SELECT max(id) FROM encounters))")
            )
    await database.dispose()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def measure(url: str, count: int, ops: int) -> dict:
    database = connect(url)
    service = EncounterService(database, ruleset)
    rng = random.Random(1)
    timings: dict[str, list[float]] = {"next": [], "act": [], "status": []}
    calls = {
        # The GM moves on whether or not the actor did anything (a skip the GM confirmed).
        "next": lambda ch: service.next(ch, GM, confirmed=True),
        "act": lambda ch: service.act(ch, GM, "set_order", detail="Goblin 2, Goblin 1"),
        "status": lambda ch: service.status(ch),
    }
    for _ in range(30):  # compile statements, fill the pool: not measured
        for call in calls.values():
            await call(10_000 + rng.randrange(count))
    cpu = time.process_time()
    for _ in range(ops):
        channel = 10_000 + rng.randrange(count)
        for name, call in calls.items():
            start = time.perf_counter()
            await call(channel)
            timings[name].append((time.perf_counter() - start) * 1000)
    cpu = time.process_time() - cpu  # every thread's: the writes' commits are the command's
    await database.dispose()
    result: dict = {
        name: {"p50": statistics.median(v), "p99": percentile(v, 0.99)}
        for name, v in timings.items()
    }
    result["cpu_us_per_command"] = cpu * 1e6 / (ops * len(calls))
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


async def postgres_database() -> tuple[str, str]:
    name = f"bot_bench_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(PG_ADMIN)
    await admin.execute(f'CREATE DATABASE "{name}"')
    await admin.close()
    return f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}", name


async def drop_postgres(name: str) -> None:
    admin = await asyncpg.connect(PG_ADMIN)
    await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await admin.close()


def child(*args: str) -> str:
    run = subprocess.run(
        [sys.executable, __file__, "--child", *args], capture_output=True, text=True
    )
    if run.returncode:
        raise SystemExit(run.stderr)
    return run.stdout


def one(kind: str, count: int, ops: int) -> dict:
    """Fill a fresh database in one process, measure in another (so its memory is its own)."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite+aiosqlite:///{folder}/bench.sqlite3"
            child("fill", url, str(count))
            return json.loads(child("measure", url, str(count), str(ops)))
    url, name = asyncio.run(postgres_database())
    try:
        child("fill", url, str(count))
        return json.loads(child("measure", url, str(count), str(ops)))
    finally:
        asyncio.run(drop_postgres(name))


def postgres_runs() -> bool:
    async def probe() -> None:
        connection = await asyncpg.connect(PG_ADMIN, timeout=3)
        await connection.close()

    try:
        asyncio.run(probe())
    except Exception:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--ops", type=int, default=1000)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        if args.child[0] == "fill":
            asyncio.run(fill(args.child[1], int(args.child[2])))
        else:
            url, count, ops = args.child[1], int(args.child[2]), int(args.child[3])
            print(json.dumps(asyncio.run(measure(url, count, ops))))
        return
    kinds = ["sqlite"] + ([] if args.no_postgres or not postgres_runs() else ["postgresql"])
    columns = ["next", "act", "status"]
    print(
        "| database | encounters | "
        + " | ".join(f"{c} p50 / p99 (ms)" for c in columns)
        + " | CPU per command (µs) | peak RSS (MB) |"
    )
    print("|---|---:|---|---|---|---:|---:|")
    for kind in kinds:
        for size in (int(s) for s in args.sizes.split(",")):
            r = one(kind, size, args.ops)
            cells = [f"{r[c]['p50']:.2f} / {r[c]['p99']:.2f}" for c in ("next", "act", "status")]
            print(
                f"| {kind} | {size:,} | "
                + " | ".join(cells)
                + f" | {r['cpu_us_per_command']:.0f} | {r['peak_rss_mb']:.0f} |",
                flush=True,
            )
    if "postgresql" not in kinds:
        print("\nPostgreSQL was not measured: none answers at 127.0.0.1:5432 (or --no-postgres).")
    print("\nTargets: p99 next ≤ 10 ms on SQLite, ≤ 15 ms on PostgreSQL; flat across sizes.")


if __name__ == "__main__":
    main()
