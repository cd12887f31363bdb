"""BCDice's engine (the Node worker) in figures: start-up time and memory; one roll's p50 / p99
through the worker against our native engine for the same command, in the same run; rolls/s
through the whole bot with 50 channels rolling at once; and what happens to rolls in flight
when the worker is killed under that load.

    .venv/bin/python benchmarks/bcdice.py [--channels 50] [--seconds 15]
    .venv/bin/python benchmarks/bcdice.py --conformance   (BCDice's test data, per system)

The whole-bot part reuses benchmarks/bot.py: discord.py over real HTTP and WebSocket to the
fake Discord of tests/e2e, the bot in a child process of its own (its worker a grandchild).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import bot.systems  # noqa: E402, F401 - registers our systems
from benchmarks.bot import BOT_SCRIPT, one_command, percentile  # noqa: E402
from bot.bcdice.setup import default_home, node_problem, package_problem  # noqa: E402
from bot.bcdice.worker import NodeWorker  # noqa: E402
from bot.dice import roll, system_die  # noqa: E402
from tests.e2e.fake_discord import CHANNEL_ID, FakeDiscord  # noqa: E402

SAME = "2D6+1>=8"  # a command both engines roll (DiceBot in ours, BCDice's DiceBot in the worker)


def worker() -> NodeWorker:
    node = shutil.which("node")
    assert node is not None
    return NodeWorker(node, default_home(), timeout=10)


async def start_up() -> None:
    starts, idle, loaded, first = [], [], [], []
    for _ in range(5):
        w = worker()
        await w.start()
        starts.append(w.counters.last_start_seconds * 1000)
        idle.append((await w.stats())["rss"] / 2**20)
        began = time.perf_counter()
        await w.roll("Cthulhu7th", "CC<=50", None)
        first.append((time.perf_counter() - began) * 1000)
        for system in ("SwordWorld2.5", "DoubleCross", "Insane", "Satasupe", "Nechronica"):
            await w.roll(system, "2D6", None)
        loaded.append((await w.stats())["rss"] / 2**20)
        await w.close()
    print("## Worker start-up (5 starts)")
    print(f"spawn → ready (BCDice loaded): median {statistics.median(starts):.0f} ms, "
          f"max {max(starts):.0f} ms")
    print(f"first roll of a system (its code loaded): median {statistics.median(first):.0f} ms")
    print(f"memory (RSS): {statistics.median(idle):.0f} MB ready, "
          f"{statistics.median(loaded):.0f} MB with 6 systems loaded")


async def latency(count: int = 3000) -> None:
    w = worker()
    await w.roll("DiceBot", SAME, None)  # started, system loaded
    ours: list[float] = []
    theirs: list[float] = []
    driven: list[float] = []
    for _ in range(count):
        began = time.perf_counter()
        roll(SAME, system="DiceBot", dice=system_die)
        ours.append((time.perf_counter() - began) * 1e6)
        began = time.perf_counter()
        await w.roll("DiceBot", SAME, None)
        theirs.append((time.perf_counter() - began) * 1e6)
        began = time.perf_counter()
        await w.roll("DiceBot", SAME, system_die)  # our die source: a round trip per die
        driven.append((time.perf_counter() - began) * 1e6)
    await w.close()
    print(f"\n## One roll of {SAME} ({count:,} each, interleaved, µs)")
    print("| engine | p50 | p99 |")
    print("|---|---:|---:|")
    for name, values in (("native (in process)", ours), ("worker, its own dice", theirs),
                         ("worker, our die source", driven)):
        print(f"| {name} | {statistics.median(values):,.0f} | {percentile(values, 0.99):,.0f} |")


def worker_pid(bot_pid: int) -> int | None:
    """The bot's Node child (the worker it started), by /proc."""
    for task in Path(f"/proc/{bot_pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            if "worker.js" in Path(f"/proc/{child}/cmdline").read_text(errors="replace"):
                return int(child)
    return None


async def roll_once(server: FakeDiscord, channel: str, command: str) -> tuple[float, str | None]:
    """One /roll: milliseconds to the answer (or to its deferral, for a slow one: the deadline
    watch defers before Discord's 3 s), and the refusal's text if it was refused."""
    payload = server.slash_payload("roll", channel, {"command": command})
    answered = server.expect(server.callback_path(payload))
    start = time.perf_counter()
    await server.dispatch("INTERACTION_CREATE", payload)
    reply = await asyncio.wait_for(answered, 10)
    elapsed = (time.perf_counter() - start) * 1000
    body = reply.body or {}
    if body.get("type") == 5:  # deferred (slow to answer): the roll comes as an edit later
        return elapsed, None
    data = body.get("data") or {}
    return elapsed, (data.get("content") or "?") if data.get("flags", 0) & 64 else None


async def channel_loop(
    server: FakeDiscord, channel: str, command: str, deadline: float, stats: dict
) -> None:
    while time.perf_counter() < deadline:
        try:
            elapsed, refusal = await roll_once(server, channel, command)
        except TimeoutError:
            stats["lost"] += 1
            continue
        if refusal is not None:
            stats["refused"] += 1
            stats.setdefault("why", set()).add(refusal[:120])
        else:
            stats["latencies"].append(elapsed)


async def whole_bot(channels: int, seconds: float) -> None:
    server = FakeDiscord(channels=channels, keep_requests=False)
    await server.start()
    folder = tempfile.mkdtemp()
    url = f"sqlite+aiosqlite:///{folder}/bench.sqlite3"
    child = await asyncio.create_subprocess_exec(
        sys.executable, BOT_SCRIPT, "--serve-bot", str(server.port), url
    )
    try:
        await load_the_bot(server, channels, seconds, child.pid)
    finally:  # the bot (and its worker) stop with the benchmark, whatever happened
        child.terminate()
        await child.wait()
        await server.stop()


async def load_the_bot(server: FakeDiscord, channels: int, seconds: float, bot_pid: int) -> None:
    for _ in range(600):
        if server.commands:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    ids = [str(int(CHANNEL_ID) + n) for n in range(channels)]
    print(f"\n## The whole bot, {channels} channels rolling at once, {seconds:g} s each")
    print("| channels play | command | rolls/s | p50 (ms) | p99 (ms) | refused | lost |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for system, command in (("DiceBot", SAME), ("Cthulhu7th", "CC<=50"), ("Cthulhu7th", SAME)):
        for ch in ids:  # one after another: settings of one server are versioned together
            await one_command(server, ch, "system set", {"system": system})
        await one_command(server, ids[0], "roll", {"command": command})  # warm
        stats: dict = {"latencies": [], "refused": 0, "lost": 0}
        deadline = time.perf_counter() + seconds
        await asyncio.gather(*(channel_loop(server, ch, command, deadline, stats) for ch in ids))
        done = stats["latencies"] or [float("nan")]
        print(f"| {system} | {command} | {len(stats['latencies']) / seconds:,.0f} | "
              f"{statistics.median(done):.1f} | {percentile(done, 0.99):.1f} | "
              f"{stats['refused']} | {stats['lost']} |")
        for why in sorted(stats.get("why", ())):
            print(f"  refused: {why}")

    # Killed mid-load: three SIGKILLs of the worker (found as the bot's child) while 50
    # channels roll; every roll must be answered (retried on the new worker) or refused.
    stats = {"latencies": [], "refused": 0, "lost": 0}
    deadline = time.perf_counter() + seconds
    load = asyncio.gather(
        *(channel_loop(server, ch, "CC<=50", deadline, stats) for ch in ids)
    )
    kills = []
    for _ in range(3):
        await asyncio.sleep(seconds / 4)
        pid = worker_pid(bot_pid)
        if pid is not None:
            os.kill(pid, signal.SIGKILL)
            kills.append(pid)
    await load
    done = stats["latencies"] or [float("nan")]
    print(f"\n## Worker killed {len(kills)} times under that load (Cthulhu7th, CC<=50)")
    print(f"rolls answered: {len(stats['latencies']):,} (p50 {statistics.median(done):.1f} ms, p99 "
          f"{percentile(done, 0.99):.1f} ms, slowest {max(done):.0f} ms); refused with a "
          f"message: {stats['refused']}; lost (no answer in 10 s): {stats['lost']}")
    for why in sorted(stats.get("why", ())):
        print(f"  refused: {why}")


async def conformance() -> None:
    from tests.bcdice.conformance import load_cases, run_all

    package = default_home() / "node_modules" / "bcdice"
    w = worker()
    began = time.perf_counter()
    tally = await run_all(w, load_cases(package))
    took = time.perf_counter() - began
    await w.close()
    print("| system | passed | cases | recorded die outside its sides (skipped) |")
    print("|---|---:|---:|---:|")
    for name in sorted(tally.total | tally.impossible):
        print(f"| {name} | {tally.passed[name]} | {tally.total[name]} | "
              f"{tally.impossible[name]} |")
    passed, total = sum(tally.passed.values()), sum(tally.total.values())
    print(f"\n{passed:,} of {total:,} cases pass in {len(tally.total)} systems "
          f"({sum(tally.impossible.values())} skipped), {took:.1f} s")
    for failure in tally.failures[:50]:
        print("FAILED", failure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--conformance", action="store_true")
    args = parser.parse_args()
    problem = node_problem(shutil.which("node")) or package_problem(default_home())
    if problem is not None:
        sys.exit(f"BCDice's engine is unavailable: {problem}")
    if args.conformance:
        asyncio.run(conformance())
        return
    asyncio.run(start_up())
    asyncio.run(latency())
    asyncio.run(whole_bot(args.channels, args.seconds))


if __name__ == "__main__":
    main()
