"""Where a profiled bot's CPU goes, by library: ``python benchmarks/split.py bot.prof [N]``.

Reads a cProfile dump (``BENCH_PROFILE=bot.prof benchmarks/bot.py …``, every thread) and sums
each function's own time by the package its file belongs to: SQLAlchemy, discord.py, aiohttp,
asyncio, the database drivers, our ``bot/`` code, the rest of the standard library — as a share
of the total and in microseconds per command when N (commands answered) is given; time threads
spent waiting (for work, a lock, the network) is left out. Then the top functions.
"""

from __future__ import annotations

import pstats
import sys
from collections import Counter

GROUPS = [
    ("sqlalchemy", "/sqlalchemy/"),
    ("discord.py", "/discord/"),
    ("aiohttp + yarl + multidict", ("/aiohttp/", "/yarl/", "/multidict/", "/propcache/")),
    ("asyncio", "/asyncio/"),
    ("sqlite3 + aiosqlite", ("/sqlite3/", "/aiosqlite/", "_sqlite3")),
    ("asyncpg", "/asyncpg/"),
    ("lark (dice grammar)", "/lark/"),
    ("ours: bot/", "/bot/"),
    ("json (orjson, json)", ("orjson", "/json/")),
]


# A thread waiting (for work, for the GIL's lock, for the network) is not using the CPU: its
# "own time" in a profile of every thread is left out of the split.
IDLE = ("'get' of '_queue.SimpleQueue'", "'acquire' of '_thread.lock'", "'poll' of 'select.epoll'")


def group_of(filename: str, function: str) -> str:
    where = f"{filename}:{function}"
    if filename == "~" and any(mark in function for mark in IDLE):
        return "idle"
    for name, marks in GROUPS:
        for mark in (marks,) if isinstance(marks, str) else marks:
            if mark in where:
                return name
    if filename == "~":
        return "builtins (C functions)"
    return "other Python (stdlib, …)"


def main(path: str, commands: int | None) -> None:
    stats = pstats.Stats(path)
    totals: Counter[str] = Counter()
    functions: Counter[str] = Counter()
    for (filename, line, function), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        totals[group_of(filename, function)] += own
        functions[f"{filename.rsplit('/', 2)[-1]}:{line} {function}"] += own
    idle = totals.pop("idle", 0.0)
    for name in [f for f in functions if any(mark in f for mark in IDLE)]:
        del functions[name]
    whole = sum(totals.values())
    print("| part | share | µs per command |" if commands else "| part | share |")
    print("|---|---:|---:|" if commands else "|---|---:|")
    for name, own in totals.most_common():
        row = f"| {name} | {own / whole:.0%} |"
        print(row + (f" {own / commands * 1e6:,.0f} |" if commands else ""))
    each = f", {whole / commands * 1e6:,.0f} µs per command" if commands else ""
    print(f"\ntotal profiled: {whole:.2f} s{each} (threads waiting, left out: {idle:.2f} s)")
    print("\ntop functions by own time:")
    for name, own in functions.most_common(25):
        print(f"  {own / whole:6.1%}  {name}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)
