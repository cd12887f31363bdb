"""A table's view of the flow: one fight per rule set, played as a table plays it, counted.

    .venv/bin/python benchmarks/table.py [--rounds 3] [--systems GranCrest,Esperancer,GURPS,naval]
                                          [--scripts DIR] [--json]

Three players and a GM (each player one PC, the GM four NPCs) fight for ``--rounds`` rounds
in the offline console (the real bot on SimCord). Nobody follows a script: at each moment the
table does what it would do next — whoever is asked rolls (a reaction, a dodge, an initiative,
the naval event), whoever's turn it is acts once and ends it, and only when nobody else can
go on does the GM press Next. The same table plays any version of the bot (run this file with
``PYTHONPATH`` pointing at an older checkout to compare), so the figures are the flow's own:

- announcements per turn: channel posts that announce a phase or turn (the pinned tracker's
  edits and ephemeral answers are not posts in the channel), beside the round boundaries;
- GM presses of Next per round (and ends of turn, by players and by the GM for NPCs);
- posts that repeat the whole turn order, which the pinned tracker already shows.

``--scripts D`` writes what the table typed as console scripts (``quiet-table-<system>.txt``)
and the dice it rolled beside them (``.dice``), to replay it:
``python -m bot console --script D/quiet-table-naval.txt --dice "$(cat D/quiet-table-naval.dice)"``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# This folder holds a bot.py of its own: off the path. The project goes after PYTHONPATH, so an
# older checkout given there is the one played (benchmarks/ is a namespace: this file's
# neighbours are found either way).
sys.path = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
sys.path.append(str(ROOT))

from benchmarks.table_plays import SETUPS, Move, next_move  # noqa: E402

ORDER_LINE = re.compile(r"^[▶✓・] \d+\. ", re.MULTILINE)


@dataclass
class Count:
    system: str
    turns: int = 0
    rounds: int = 0  # rounds played
    boundaries: int = 0  # rounds started (the first, and each after a Cleanup)
    announcements: int = 0  # posts with a phase title
    turn_posts: int = 0  # the announcements of commands that started a turn
    posts: int = 0  # every public post of the bot in the channel
    order_posts: int = 0  # posts listing the whole order
    gm_next: int = 0
    end_turns: int = 0
    commands: int = 0
    typed: list[str] = field(default_factory=list)
    rolled: list[int] = field(default_factory=list)  # every die, for replaying the script

    def figures(self) -> dict[str, Any]:
        starts = max(self.boundaries, 1)
        return {
            "system": self.system,
            "rounds": self.rounds,
            "turns": self.turns,
            "commands": self.commands,
            "posts": self.posts,
            "announcements": self.announcements,
            "turn_posts_per_turn": round(self.turn_posts / max(self.turns, 1), 2),
            "boundary_posts_per_round_start": round(
                (self.announcements - self.turn_posts) / starts, 2
            ),
            "gm_next_per_round_start": round(self.gm_next / starts, 2),
            "end_turns": self.end_turns,
            "order_posts": self.order_posts,
        }


def count_output(count: Count, lines: list[str]) -> None:
    """Count one command's output (console --json lines)."""
    items = [json.loads(raw) for raw in lines]
    events = [i.get("event") for i in items if i.get("type") == "event"]
    count.turns += events.count("turn_started")
    count.boundaries += events.count("round_started")
    for item in items:
        if item.get("type") != "reply" or item["ephemeral"] or item["dm"] or item["tracker"]:
            continue
        embeds = item["embeds"]
        count.posts += 1
        if any(e.get("title") for e in embeds):
            count.announcements += 1
            count.turn_posts += "turn_started" in events
        text = "\n".join(e.get("description", "") for e in embeds)
        if len(ORDER_LINE.findall(text)) >= 2:
            count.order_posts += 1


async def play(system: str, rounds: int) -> Count:
    import simcord

    from bot.app import build_bot
    from bot.config import Settings
    from bot.console import Screen, Session
    from bot.i18n import use_locale

    count = Count(system)
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            discord_token=None, database_url=f"sqlite+aiosqlite:///{folder}/table.sqlite3",
            tracker_interval=0,
        )  # fmt: skip
        rng = random.Random(16)  # seeded dice: the same kind of fight for every version

        def die(sides: int) -> int:
            count.rolled.append(rng.randint(1, sides))
            return count.rolled[-1]

        bot = build_bot(settings, dice=die)
        out: list[str] = []
        async with simcord.run(bot, check_errors=False, settle_timeout=60) as env:
            session = Session(env, bot, Screen(out.append, Path(folder), as_json=True))

            async def type_(who: str, line: str) -> bool:
                """Type ``line`` as ``who``; whether it changed the fight."""
                before = await bot.encounters.status(session.channel.id)
                if session.current.name != who:
                    await session.handle(f":as {who}")
                    count.typed.append(f":as {who}")
                out.clear()
                await session.handle(line)
                count.typed.append(line)
                count.commands += 1
                count_output(count, out)
                after = await bot.encounters.status(session.channel.id)
                return (before.version if before else -1) != (after.version if after else -1)

            with use_locale("ja"):
                for who, line in SETUPS[system]:
                    await type_(who, line)
                refused: set[tuple[int, str]] = set()
                for _ in range(400):
                    enc = await bot.encounters.status(session.channel.id)
                    if enc is None or enc.round > rounds:
                        break
                    rules = bot.encounters.rulesets(enc.system)
                    move: Move = next_move(enc, rules, refused)
                    changed = await type_(move.who, move.line)
                    if not changed:
                        refused.add((enc.version, move.line))
                        continue
                    count.gm_next += move.kind == "next"
                    count.end_turns += move.kind == "end_turn"
                final = await bot.encounters.status(session.channel.id)
                count.rounds = min(final.round if final else rounds, rounds)
                if (await bot.encounters.status(session.channel.id)) is not None:
                    await type_("gm", "/combat end")
            await bot.close()
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--systems", default="GranCrest,Esperancer,GURPS,naval")
    parser.add_argument("--scripts", help="write what the table typed here")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.pop("DISCORD_TOKEN", None)
    rows = []
    for system in args.systems.split(","):
        count = asyncio.run(play(system, args.rounds))
        rows.append(count.figures())
        if args.scripts:
            path = Path(args.scripts) / f"quiet-table-{system.lower()}.txt"
            path.write_text("\n".join(count.typed) + "\n", encoding="utf-8")
            dice = ",".join(map(str, count.rolled))  # console --dice "$(cat …dice)"
            path.with_suffix(".dice").write_text(dice + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    keys = list(rows[0])
    print(" | ".join(keys))
    for row in rows:
        print(" | ".join(str(row[k]) for k in keys))


if __name__ == "__main__":
    main()
