"""The whole bot under load, over the real transport: 50 channels, each running an encounter,
commands issued as fast as each channel gets its answers, for 30 seconds.

    .venv/bin/python benchmarks/bot.py [--channels 50] [--seconds 30]

discord.py talks HTTP and WebSocket to the fake Discord of ``tests/e2e`` on 127.0.0.1, the bot
stores everything in SQLite. Latency is from the moment the fake gateway sends the interaction
to the moment the bot's answer reaches the fake REST API (so it includes both transports).
Errors are answers that are ephemeral error messages; lost commands are interactions never
answered within 10 s. Peak memory is the bot process's max RSS (the bot runs in a child
process of its own). ``--pause 1`` makes each channel wait a second between commands (a busy
table) instead of firing the next one the moment an answer arrives (saturation).
``BENCH_PROFILE=bot.prof`` writes a cProfile of the bot's event-loop thread.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import random
import resource
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import yarl  # noqa: E402

from bot.app import build_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from tests.e2e.fake_discord import CHANNEL_ID, FakeDiscord  # noqa: E402

BOT_SCRIPT = __file__
COMMANDS = [
    ("combat next", {}),
    ("combat status", {}),
    ("roll", {"command": "2D6>=8"}),
    ("combat act", {"action": "set_order", "detail": "Goblin 2, Goblin 1"}),
]


async def one_command(
    server: FakeDiscord, channel: str, name: str, options: dict
) -> tuple[float, bool]:
    payload = server.slash_payload(name, channel, options)
    answered = server.expect(server.callback_path(payload))
    start = time.perf_counter()
    await server.dispatch("INTERACTION_CREATE", payload)
    reply = await asyncio.wait_for(answered, 10)
    elapsed = (time.perf_counter() - start) * 1000
    data = (reply.body or {}).get("data") or {}
    failed = bool(data.get("flags", 0) & 64) and name != "combat status"  # an ephemeral refusal
    return elapsed, failed


async def set_up(server: FakeDiscord, channel: str) -> None:
    await one_command(server, channel, "combat start", {"ruleset": "GranCrest"})
    goblins = {"name": "Goblin", "count": 4, "action_value": 4}
    await one_command(server, channel, "combat add", goblins)
    await one_command(server, channel, "combat add", {"name": "Hero", "action_value": 6})


async def channel_loop(
    server: FakeDiscord, channel: str, deadline: float, stats: dict, pause: float
) -> None:
    rng = random.Random(int(channel))
    await asyncio.sleep(rng.uniform(0, pause))  # tables do not all act in the same instant
    while time.perf_counter() < deadline:
        name, options = rng.choice(COMMANDS)
        try:
            elapsed, failed = await one_command(server, channel, name, options)
        except TimeoutError:
            stats["lost"] += 1
            continue
        stats["latencies"].setdefault(name, []).append(elapsed)
        stats["errors"] += failed
        if pause:
            await asyncio.sleep(pause * rng.uniform(0.5, 1.5))


def profile_until_terminated(path: str) -> None:
    """Profile the bot's event-loop thread; the parent's SIGTERM writes the stats to ``path``."""
    profile = cProfile.Profile()

    def stop(*_: object) -> None:
        profile.disable()
        profile.dump_stats(path)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    profile.enable()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def serve_bot(port: int, database_url: str) -> None:
    """The bot alone in this process, talking to the fake Discord of the parent process."""
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    bot = build_bot(Settings(discord_token="bench", database_url=database_url))
    async with bot:
        await bot.start("bench")


async def main(channels: int, seconds: float, pause: float) -> None:
    server = FakeDiscord(channels=channels, keep_requests=False)
    await server.start()
    folder = tempfile.mkdtemp()
    url = f"sqlite+aiosqlite:///{folder}/bench.sqlite3"
    # The bot runs in its own process, so the load and the fake Discord do not share its core.
    child = await asyncio.create_subprocess_exec(
        sys.executable, BOT_SCRIPT, "--serve-bot", str(server.port), url
    )
    for _ in range(600):
        if server.commands:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # the guild reaches the bot's cache
    stats: dict = {"latencies": {}, "errors": 0, "lost": 0}
    ids = [str(int(CHANNEL_ID) + n) for n in range(channels)]
    await asyncio.gather(*(set_up(server, ch) for ch in ids))  # every channel has its encounter
    deadline = time.perf_counter() + seconds
    await asyncio.gather(*(channel_loop(server, ch, deadline, stats, pause) for ch in ids))
    await asyncio.sleep(1)  # let the last tracker edits finish before shutting down
    child.terminate()
    await child.wait()
    await server.stop()

    every = [v for values in stats["latencies"].values() for v in values]
    rate = len(every) / seconds
    mode = f"pause {pause:g} s" if pause else "no pause (saturation)"
    print(f"{channels} channels, {mode}, {seconds:.0f} s, {len(every):,} commands ({rate:,.0f}/s)")
    print("| command | count | p50 (ms) | p99 (ms) |")
    print("|---|---:|---:|---:|")
    for name, values in sorted(stats["latencies"].items()):
        p50, p99 = statistics.median(values), percentile(values, 0.99)
        print(f"| /{name} | {len(values):,} | {p50:.1f} | {p99:.1f} |")
    print(
        f"| all | {len(every):,} | {statistics.median(every):.1f} | {percentile(every, 0.99):.1f} |"
    )
    print(f"\nerrors: {stats['errors']}, lost commands: {stats['lost']}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak memory of the bot process (max RSS): {peak:.0f} MB")
    print("target: p99 ≤ 50 ms with SQLite, zero errors, zero lost commands")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument(
        "--pause", type=float, default=0.0, help="seconds between a channel's commands"
    )
    parser.add_argument("--serve-bot", nargs=2, metavar=("PORT", "URL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_bot:
        if os.environ.get("BENCH_PROFILE"):  # where the bot's CPU goes: a cProfile dump
            profile_until_terminated(os.environ["BENCH_PROFILE"])
        asyncio.run(serve_bot(int(args.serve_bot[0]), args.serve_bot[1]))
    else:
        asyncio.run(main(args.channels, args.seconds, args.pause))
