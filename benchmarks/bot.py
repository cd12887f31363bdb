"""The whole bot under load, over the real transport: 50 channels, each running an encounter.

    .venv/bin/python benchmarks/bot.py [--channels 50] [--seconds 30] [--pause S | --rate R]
                                       [--bare] [--ab N] [--processes 2] [--db postgresql]

discord.py talks HTTP and WebSocket to the fake Discord of ``tests/e2e`` on 127.0.0.1; the bot
runs in processes of its own (so the load and the fake Discord do not share its core), storing
in SQLite (or a fresh PostgreSQL database with ``--db postgresql``). Latency is from the moment
the fake gateway sends the interaction to the moment the answer reaches the fake REST API.
Errors are ephemeral refusals; lost commands are never answered within 10 s. CPU is the bot
processes' own (all threads) over the measured seconds, per command answered.

Load: by default each table sends its next command the moment the last is answered
(saturation); ``--pause 1`` makes it wait about a second; ``--rate 3`` is open loop — each table
sends on its own Poisson clock, three a second on average, without waiting for answers.

``--bare`` runs the floor instead of our bot: a discord.py bot with the same command names that
answers a fixed text (``benchmarks/bare.py``). ``--ab 2`` runs ours, bare, ours, bare at the
same load and prints ours ÷ bare. ``--processes 2`` runs our bot as two processes of one shard
each (the fake Discord routes each guild to its shard), which needs ``--db postgresql``.
``BENCH_PROFILE=bot.prof`` writes a cProfile of the (first) bot process, every thread;
``benchmarks/split.py bot.prof N`` splits it per command.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import signal
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import yarl  # noqa: E402

from benchmarks import load  # noqa: E402
from benchmarks.load import Stats, closed_loop, open_loop, percentile, set_up  # noqa: E402
from bot.config import Settings  # noqa: E402
from tests.e2e.fake_discord import GUILD_ID, FakeDiscord, guild_on_shard  # noqa: E402

BOT_SCRIPT = __file__
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Run:
    kind: str
    seconds: float
    stats: Stats
    cpu: float  # seconds of the bot processes' CPU while measured
    peak_mb: list[float]  # each bot process's max RSS
    requests: Counter[str]  # the API requests the bots made while measured, by kind

    @property
    def rate(self) -> float:
        return len(self.stats.every) / self.seconds

    @property
    def cpu_per_command_ms(self) -> float:
        return 1000 * self.cpu / max(1, len(self.stats.every))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime, every thread


def peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def profile_until_terminated(path: str) -> None:
    """Profile every thread of the bot (the event loop and the database's workers: their CPU
    is the command's too); the parent's SIGTERM writes the merged stats to ``path``."""
    profiles = [cProfile.Profile()]

    def in_thread(*_: object) -> None:  # a thread's first call swaps this for its own profiler
        profile = cProfile.Profile()
        profiles.append(profile)
        profile.enable()

    def stop(*_: object) -> None:
        for profile in profiles:
            profile.create_stats()
        merged = pstats.Stats(profiles[0])
        for profile in profiles[1:]:
            merged.add(profile)
        merged.dump_stats(path)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    threading.setprofile(in_thread)
    profiles[0].enable()


async def serve(port: int, database_url: str, kind: str, shard: str) -> None:
    """One bot process, talking to the fake Discord of the parent process."""
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    if kind == "bare":
        from benchmarks.bare import BareBot

        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        discord.utils.setup_logging(level=30)  # its errors, if any, reach the terminal
        async with BareBot() as bare:
            await bare.start("bench")
        return
    from bot.app import build_bot

    sharding = {}
    if shard:
        shard_id, count = shard.split("/")
        sharding = {"shard_count": int(count), "shard_ids": [int(shard_id)]}
    bot = build_bot(Settings(discord_token="bench", database_url=database_url, **sharding))
    async with bot:
        await bot.start("bench")


async def postgres_database() -> tuple[str, str]:
    from tests import databases

    name = f"bench_{uuid.uuid4().hex[:10]}"
    await databases._admin(f'CREATE DATABASE "{name}"')
    return databases.sqlalchemy_url(databases._dsn(name)), name


async def run(kind: str, args: argparse.Namespace) -> Run:
    processes = args.processes if kind == "ours" else 1
    guilds = [guild_on_shard(s, processes) for s in range(processes)]
    if processes == 1:
        guilds = [GUILD_ID]
    per_guild = -(-args.channels // len(guilds))
    server = FakeDiscord(
        channels=per_guild, keep_requests=False, shard_count=processes, guild_ids=guilds
    )
    await server.start()
    dropped = None
    if args.db == "postgresql":
        url, dropped = await postgres_database()
    else:
        url = f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    children = []
    for n in range(processes):
        shard = f"{n}/{processes}" if processes > 1 else ""
        env = {**os.environ}
        if n:
            env.pop("BENCH_PROFILE", None)
        children.append(await asyncio.create_subprocess_exec(
            sys.executable, BOT_SCRIPT, "--serve", str(server.port), url, kind, shard, env=env,
        ))  # fmt: skip
    for _ in range(1200):
        if server.commands and len(server.identified) >= processes:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)  # the guilds reach the bots' caches
    ids = [c for g in guilds for c in server.channel_ids(g, per_guild)][: args.channels]
    await asyncio.gather(*(set_up(server, ch) for ch in ids))  # every channel has its encounter
    stats = Stats()
    cpu_before = sum(cpu_seconds(c.pid) for c in children)
    tally_before = Counter(server.tally)
    start = time.perf_counter()
    deadline = start + args.seconds
    if args.rate:
        await asyncio.gather(*(open_loop(server, ch, deadline, stats, args.rate) for ch in ids))
    else:
        await asyncio.gather(*(closed_loop(server, ch, deadline, stats, args.pause) for ch in ids))
    cpu = sum(cpu_seconds(c.pid) for c in children) - cpu_before
    requests = server.tally - tally_before
    measured = time.perf_counter() - start
    peaks = [peak_mb(c.pid) for c in children]
    await asyncio.sleep(1)  # let the last tracker edits finish before shutting down
    for child in children:
        child.terminate()
        await child.wait()
    await server.stop()
    if dropped:
        from tests import databases

        await databases.drop_postgres(dropped)
    return Run(kind, measured, stats, cpu, peaks, requests)


def report(result: Run, args: argparse.Namespace) -> None:
    stats = result.stats
    every = stats.every
    if args.rate:
        mode = f"open loop, {args.rate:g}/s per table"
    else:
        mode = f"pause {args.pause:g} s" if args.pause else "no pause (saturation)"
    who = "bare discord.py floor" if result.kind == "bare" else f"ours ×{args.processes} process"
    print(f"\n{who}: {args.channels} channels, {mode}, {args.db}, {result.seconds:.0f} s, "
          f"{len(every):,} commands ({result.rate:,.0f}/s), "
          f"CPU {result.cpu_per_command_ms:.2f} ms per command")  # fmt: skip
    print("| command | count | p50 (ms) | p99 (ms) |")
    print("|---|---:|---:|---:|")
    for name, values in sorted(stats.latencies.items()):
        p50, p99 = statistics.median(values), percentile(values, 0.99)
        print(f"| /{name} | {len(values):,} | {p50:.1f} | {p99:.1f} |")
    if every:
        print(f"| all | {len(every):,} | {statistics.median(every):.1f} | "
              f"{percentile(every, 0.99):.1f} |")  # fmt: skip
    commands = max(1, len(every))
    made = ", ".join(f"{kind} {n / commands:.2f}" for kind, n in result.requests.most_common())
    print(f"API requests per command: {sum(result.requests.values()) / commands:.2f} ({made})")
    peaks = ", ".join(f"{m:.0f} MB" for m in result.peak_mb)
    print(f"errors: {stats.errors}, lost commands: {stats.lost}, "
          f"peak memory per process (max RSS): {peaks}")  # fmt: skip


async def main(args: argparse.Namespace) -> None:
    if args.only:
        load.COMMANDS[:] = [c for c in load.COMMANDS if c[0] == args.only]
        if not load.COMMANDS:
            raise SystemExit(f"--only: no command {args.only!r} in benchmarks/load.py")
    kinds = ["bare" if args.bare else "ours"]
    if args.ab:
        kinds = ["ours", "bare"] * args.ab
    results = []
    for kind in kinds:
        result = await run(kind, args)
        report(result, args)
        results.append(result)
    if args.ab:
        ours = [r.rate for r in results if r.kind == "ours"]
        bare = [r.rate for r in results if r.kind == "bare"]
        ratios = [o / b for o, b in zip(ours, bare, strict=True)]
        listed = "; ".join(f"{o:,.0f} ÷ {b:,.0f}" for o, b in zip(ours, bare, strict=True))
        print(f"\nours ÷ bare, commands/s, each pair: {', '.join(f'{r:.2f}' for r in ratios)}"
              f" ({listed})")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pause", type=float, default=0.0, help="seconds between commands")
    parser.add_argument("--rate", type=float, default=0.0, help="open loop: commands/s per table")
    parser.add_argument("--bare", action="store_true", help="the floor instead of our bot")
    parser.add_argument("--ab", type=int, default=0, help="pairs of ours then bare")
    parser.add_argument("--processes", type=int, default=1, help="our bot as N shard processes")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument(
        "--only", help="send only this command (e.g. 'roll'): its own cost, ours and bare"
    )
    parser.add_argument("--serve", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        if os.environ.get("BENCH_PROFILE"):  # where the bot's CPU goes: a cProfile dump
            profile_until_terminated(os.environ["BENCH_PROFILE"])
        port, url, kind, shard = args.serve
        asyncio.run(serve(int(port), url, kind, shard))
    else:
        if args.processes > 1 and args.db != "postgresql":
            parser.error("--processes 2 needs --db postgresql (processes share one database)")
        asyncio.run(main(args))
