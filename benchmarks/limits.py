"""What the bot sends at its documented maximums (issue 13's figures):

- the largest legal encounter of each rule set (100 combatants, 64-character names padded with
  characters outside the BMP), played for a whole round through SimCord: the biggest single
  message (characters as Discord counts them, embeds, components) and the most messages one
  command needed;
- the handlers the deadline watch covers (every slash command, button and modal).

    .venv/bin/python benchmarks/limits.py

Picture sizes and render times at the bounds: benchmarks/map.py.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402
from discord import app_commands  # noqa: E402

from bot.app import build_bot  # noqa: E402
from bot.combat.engine import MAX_COMBATANTS, MAX_NAME  # noqa: E402
from bot.config import Settings  # noqa: E402
from tests.discord_limits import request_problems, size  # noqa: E402
from tests.largest import RULE_SETS, Band, Table, build, fill, play_round  # noqa: E402

WORST = "@everyone <@&1> **" + "𠮷長" * MAX_NAME  # cut to 61 characters: " 30" makes 64


def measure(body: dict) -> tuple[int, int, int]:
    """Characters (UTF-16 units of the content and every embed text), embeds, components."""
    embeds = body.get("embeds") or []
    chars = size(body.get("content"))
    for e in embeds:
        chars += size(e.get("title")) + size(e.get("description"))
        chars += size((e.get("footer") or {}).get("text"))
        chars += sum(size(f.get("name")) + size(f.get("value")) for f in e.get("fields") or [])
    components = sum(len(row.get("components") or []) for row in body.get("components") or [])
    return chars, len(embeds), components


def message_of(method: str, path: str, body: object) -> dict | None:
    if method not in ("POST", "PATCH") or not isinstance(body, dict):
        return None
    if path.endswith("/callback"):
        return body.get("data") if body.get("type") in (4, 7) else None
    return body if ("/messages" in path or path.startswith("/webhooks/")) else None


async def one_rule_set(env: simcord.Env, ruleset: str) -> None:
    table = Table(env)
    start = len(env.http_requests)
    bands = [Band(WORST, 30, pc=True), Band(WORST[::-1], 30, hidden=True)]
    await build(table, ruleset, fill(bands, MAX_COMBATANTS))
    results = await play_round(table)
    requests = env.http_requests[start:]
    bodies = [(r, m) for r in requests if (m := message_of(r.method, r.path, r.json)) is not None]
    sizes = [measure(m) for _, m in bodies]
    problems = sum(len(request_problems(r.method, r.path, r.json)) for r in requests)
    biggest = max(sizes)
    per_command = max(1 + len(r.followups) for r in results)
    print(f"{ruleset:10} {MAX_COMBATANTS} combatants, {len(results)} commands in a round: "
          f"biggest message {biggest[0]:,} characters, {biggest[1]} embeds, {biggest[2]} "
          f"components; most embeds {max(s[1] for s in sizes)}, most components "
          f"{max(s[2] for s in sizes)}; one command's post up to {per_command} messages; "
          f"{len(bodies)} messages checked, {problems} problems")  # fmt: skip


def watched(bot: object) -> tuple[list[str], list[str]]:
    commands = sorted(
        f"/{c.qualified_name}"
        for c in bot.tree.walk_commands()  # type: ignore[attr-defined]
        if isinstance(c, app_commands.Command)
    )
    items = sorted(cls.__name__ for cls in bot._connection._view_store._dynamic_items.values())  # type: ignore[attr-defined]
    return commands, items


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(discord_token=None, database_url=f"sqlite+aiosqlite:///{folder}/b.db",
                            tracker_interval=0)  # fmt: skip
        rng = random.Random(13)  # fair dice, seeded: the same figures every run
        bot = build_bot(settings, dice=lambda sides: rng.randint(1, sides))
        async with simcord.run(bot, check_errors=False) as env:
            for ruleset in RULE_SETS:
                await one_rule_set(env, ruleset)
            commands, items = watched(bot)
            kinds = Counter(name.split()[0] for name in commands)
            groups = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
            print(f"\nDeferred when slow (the deadline watch, bot/cogs/deadline.py): all "
                  f"{len(commands)} slash commands ({groups}), "
                  f"{len(items)} persistent buttons ({', '.join(items)}) and the initiative-skill "
                  f"modal; autocomplete never (Discord forbids it).")  # fmt: skip
            print("Slash commands:", ", ".join(commands))


if __name__ == "__main__":
    asyncio.run(main())
