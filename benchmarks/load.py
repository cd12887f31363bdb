"""The load of ``benchmarks/bot.py``: tables sending slash commands to the fake Discord.

Closed loop (each table sends its next command when the last is answered, after an optional
pause) measures saturation; open loop (each table on its own Poisson clock, whatever the
answers do) is closer to players, who do not wait for the bot before they type.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

from tests.e2e.fake_discord import FakeDiscord

COMMANDS = [
    ("combat next", {}),
    ("combat status", {}),
    ("roll", {"command": "2D6>=8"}),
    ("combat act", {"action": "set_order", "detail": "Goblin 2, Goblin 1"}),
]
TIMEOUT = 10.0  # a command not answered by then is lost


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: int = 0
    lost: int = 0

    @property
    def every(self) -> list[float]:
        return [v for values in self.latencies.values() for v in values]


async def one_command(
    server: FakeDiscord, channel: str, name: str, options: dict
) -> tuple[float, bool]:
    """(milliseconds from the gateway event to the answer, whether it was a refusal)."""
    payload = server.slash_payload(name, channel, options)
    answered = server.expect(server.callback_path(payload))
    start = time.perf_counter()
    await server.dispatch("INTERACTION_CREATE", payload)
    reply = await asyncio.wait_for(answered, TIMEOUT)
    elapsed = (time.perf_counter() - start) * 1000
    data = (reply.body or {}).get("data") or {}
    failed = bool(data.get("flags", 0) & 64) and name != "combat status"  # an ephemeral refusal
    return elapsed, failed


async def set_up(server: FakeDiscord, channel: str) -> None:
    await one_command(server, channel, "combat start", {"ruleset": "GranCrest"})
    goblins = {"name": "Goblin", "count": 4, "action_value": 4}
    await one_command(server, channel, "combat add", goblins)
    await one_command(server, channel, "combat add", {"name": "Hero", "action_value": 6})


async def timed(server: FakeDiscord, channel: str, rng: random.Random, stats: Stats) -> None:
    name, options = rng.choice(COMMANDS)
    try:
        elapsed, failed = await one_command(server, channel, name, options)
    except TimeoutError:
        stats.lost += 1
        return
    stats.latencies.setdefault(name, []).append(elapsed)
    stats.errors += failed


async def closed_loop(
    server: FakeDiscord, channel: str, deadline: float, stats: Stats, pause: float
) -> None:
    rng = random.Random(int(channel))
    await asyncio.sleep(rng.uniform(0, pause))  # tables do not all act in the same instant
    while time.perf_counter() < deadline:
        await timed(server, channel, rng, stats)
        if pause:
            await asyncio.sleep(pause * rng.uniform(0.5, 1.5))


async def open_loop(
    server: FakeDiscord, channel: str, deadline: float, stats: Stats, rate: float
) -> None:
    """Commands at ``rate`` a second on average, exponential gaps, none waiting for another."""
    rng = random.Random(int(channel))
    due = time.perf_counter()
    sent: list[asyncio.Task[None]] = []
    while True:
        due += rng.expovariate(rate)
        if due >= deadline:
            break
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        sent.append(asyncio.create_task(timed(server, channel, rng, stats)))
    await asyncio.gather(*sent)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
