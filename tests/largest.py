"""The largest legal encounter of each rule set, built and played through SimCord: shared by
the hypothesis test (tests/cogs/test_largest.py) and the figures script
(benchmarks/limits.py).

The documented maximum (bot.combat.engine): MAX_COMBATANTS = 100 combatants an encounter,
names of MAX_NAME = 64 characters (copies are numbered: a 61-character name gives "… 1" to
"… 30"). Ships are combatants too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import simcord

from bot.combat.engine import MAX_COMBATANTS, MAX_COPIES, MAX_NAME
from bot.systems.naval.battlefield import FIELD

RULE_SETS = ("GranCrest", "Esperancer", "naval", "GURPS")
SHIPS = 10  # the naval fight's ships, from one end of the field to the other


@dataclass
class Band:
    """Copies of one combatant: ``count`` of them, numbered, on one side."""

    name: str  # at most MAX_NAME - 3: room for " 30"
    count: int
    pc: bool = False
    hidden: bool = False


@dataclass
class Table:
    """A server with a GM, players who own the PCs, and a bystander nobody means to ping (its
    mention hides in names)."""

    env: simcord.Env
    players: list = field(default_factory=list)

    def __post_init__(self) -> None:
        import discord

        self.guild = self.env.create_guild(name="大きな卓")
        self.channel = self.guild.create_text_channel("battle")
        rights = discord.Permissions(manage_channels=True, manage_messages=True)
        role = self.guild.create_role("GM", permissions=rights)
        self.gm = self.guild.add_member(self.env.create_user("gm"), roles=[role])
        self.players = [self.guild.add_member(self.env.create_user(f"p{n}")) for n in range(4)]
        self.bystander = self.guild.add_member(self.env.create_user("bystander"))

    def message_ids(self) -> set[int]:
        return set(self.env.backend.messages.get(self.channel.id, {}))


def fill(bands: list[Band], total: int) -> list[Band]:
    """``bands`` cut or topped up (with plain NPC copies) to exactly ``total`` combatants."""
    out, left = [], total
    for band in bands:
        if left <= 0:
            break
        count = min(band.count, left, MAX_COPIES)
        out.append(Band(band.name[: MAX_NAME - 3], count, band.pc, band.hidden))
        left -= count
    number = 0
    while left > 0:
        count = min(MAX_COPIES, left)
        out.append(Band(f"{'雑兵' * 20}{number}"[: MAX_NAME - 3], count))
        left -= count
        number += 1
    return out


async def build(table: Table, ruleset: str, bands: list[Band]) -> None:
    """Start the encounter and add every band (PCs owned by the players in turn)."""
    gm, channel = table.gm, table.channel
    await gm.slash(channel, "combat start", ruleset=ruleset)
    numbers = {"GranCrest": {"action_value": 5}, "Esperancer": {"sonic_drive": 2},
               "GURPS": {"speed": 5.0}, "naval": {"action_value": 9}}[ruleset]  # fmt: skip
    people = bands
    if ruleset == "naval":
        people = fill(bands, MAX_COMBATANTS - SHIPS)
        step = (FIELD[-1] - 2 - FIELD[0]) // (SHIPS - 1)
        for n in range(SHIPS):
            await gm.slash(channel, "naval ship add", side="pc" if n % 2 else "npc",
                           position=FIELD[0] + n * step, name=f"{'船' * 58}{n}",
                           preset="オールマイト・キャプテン号", flagship=n < 2)  # fmt: skip
    for index, band in enumerate(people):
        who = table.players[index % len(table.players)] if band.pc else gm
        await who.slash(channel, "combat add", name=band.name, count=band.count,
                        side="pc" if band.pc else "npc", hidden=band.hidden and not band.pc,
                        **numbers)  # fmt: skip


async def play_round(table: Table, limit: int = 400) -> list:
    """``/combat next`` until the second round begins: every phase and every turn."""
    results = []
    for _ in range(limit):
        result = await table.gm.slash(table.channel, "combat next")
        results.append(result)
        embeds = [e for m in (result.response, *result.followups) if m for e in m.embeds]
        if any((e.title or "").startswith("第2ラウンド") for e in embeds):
            return results
    raise AssertionError(f"no second round after {limit} commands")
