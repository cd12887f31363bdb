"""Every slash command's every option, given hostile values through SimCord (discord.py's real
code paths): no answer may be an incident, and every interaction is answered.

Each command runs in a channel set up for its game (an encounter with combatants, a saved
character, a ship …), so the values reach the rule sets' parsers, not just "no encounter".
Values Discord's client itself refuses (out of range, too long, not a choice) are refused by
SimCord as by Discord and counted apart: they never reach the bot.
"""

from __future__ import annotations

import discord
import pytest
import simcord
from discord import app_commands

from tests.cogs.conftest import Incidents, World

HOSTILE_TEXT = [
    "", " ", "²", "٣", "١٢٣", "৩", "１２", "－５", "-1", "0", "9" * 25, "9" * 400, "1e30",
    "10^30", "x" * 2000, "<@1> @everyone @here <@&2> <#3>", "**b** __u__ `c` ||s|| > q",
    "a\nb\nc", "\u200b", "\u202eabc\u202c", "🎲", "D20", "hp=² count=٣ position=1" + "0" * 30,
    "'\"\\;--", "ＤＲＩＮＫ", "\t\r\n",
]  # fmt: skip
GROUP_RULESET = {"gc": "GranCrest", "esp": "Esperancer", "naval": "naval", "gurps": "GURPS"}
# Sensible values for the options a case does not make hostile, so each command gets to work.
FILLERS = {
    "name": "Goblin 1", "target": "Goblin 1", "combatant": "Goblin 1", "other": "Goblin 2",
    "character": "Aoi", "command": "2D6", "ship": "Ark", "stats": "hp=10", "action": "minor",
    "earned": "3 4", "skill": "12", "opponent": "Ogre", "opponent_skill": "10", "sheet": "cp=100",
    "skills": "剣=12", "system": "DiceBot", "weapon": "Sword", "hit": "2D6+3", "damage": "5",
    "check": "2D6",
}  # fmt: skip


def leaves(tree: app_commands.CommandTree) -> list[app_commands.Command]:
    return [c for c in tree.walk_commands() if isinstance(c, app_commands.Command)]


def hostile(parameter: app_commands.Parameter) -> list[object]:
    kind = parameter.type
    if kind is discord.AppCommandOptionType.string:
        return [*HOSTILE_TEXT, *(c.value for c in parameter.choices)]
    if kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        low = parameter.min_value if parameter.min_value is not None else -(2**53)
        high = parameter.max_value if parameter.max_value is not None else 2**53
        return sorted({int(low), int(high), int(low) - 1, int(high) + 1, 0, -1, 2**53})
    if kind is discord.AppCommandOptionType.boolean:
        return [True, False]
    if kind is discord.AppCommandOptionType.attachment:
        return [("t.txt", b"\xff\xfe\x00" * 10), ("t.txt", ("表\n1D6\n" + "9" * 5000).encode())]
    return []  # roles and channels: picked from lists, nothing to type


def filler(parameter: app_commands.Parameter, world: World) -> object:
    if parameter.choices:
        return parameter.choices[0].value
    kind = parameter.type
    if kind is discord.AppCommandOptionType.boolean:
        return False
    if kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        return max(int(parameter.min_value or 0), min(1, int(parameter.max_value or 1)))
    if kind is discord.AppCommandOptionType.channel:
        return world.channel
    return FILLERS.get(parameter.display_name, "x")


async def prepare(world: World, group: str) -> None:
    """The channel's encounter for the command's game, with combatants (again if a case
    ended it)."""
    bot = world.env.bot
    ruleset = GROUP_RULESET.get(group, "DiceBot")
    encounter = await bot.encounters.status(world.channel.id)
    if encounter is not None and encounter.system == ruleset:
        return
    if encounter is not None:
        await world.gm.slash(world.channel, "combat end")
    system = ruleset if ruleset in ("GranCrest", "Esperancer", "GURPS") else "DiceBot"
    await world.gm.slash(world.channel, "system set", system=system)
    await world.gm.slash(world.channel, "combat start", ruleset=ruleset)
    await world.gm.slash(world.channel, "combat add", name="Goblin", count=2, hp=20)
    await world.alice.slash(world.channel, "combat add", name="Hero", side="pc", hp=20)
    if ruleset == "naval":
        await world.gm.slash(
            world.channel, "naval ship add", side="pc", position=0, name="Ark", hp=100
        )
    if ruleset == "GURPS":
        await world.alice.slash(world.channel, "char create", name="Aoi", stats="iq=12 st=10 ht=10")


# Every command group, each in a fresh world: one world for all of them piled up thousands
# of posts and interactions, and SimCord's settling after each command slowed with them.
GROUPS = ["char", "combat", "config", "esp", "gc", "gurps", "help", "log", "naval", "roll",
          "system", "table"]  # fmt: skip


@pytest.mark.simcord
async def test_the_groups_below_are_every_command_group(world: World) -> None:
    assert {c.qualified_name.split()[0] for c in leaves(world.env.bot.tree)} == set(GROUPS)


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.simcord(settle_timeout=30, check_errors=False)  # refusals are counted below
async def test_hostile_values_in_every_option_never_make_an_incident(
    world: World, incidents: Incidents, group: str
) -> None:
    cases = refused_by_client = 0
    unanswered: list[tuple[str, str, object]] = []
    for command in leaves(world.env.bot.tree):
        name = command.qualified_name
        if name.split()[0] != group:
            continue
        for parameter in command.parameters:
            for value in hostile(parameter):
                await prepare(world, name.split()[0])
                given = {
                    p.display_name: filler(p, world) for p in command.parameters if p.required
                }
                given[parameter.display_name] = value
                cases += 1
                # Players and the GM in turn (a GM's command only for the GM).
                player = cases % 2 and name in world.alice.available_commands(world.channel)
                actor = world.alice if player else world.gm
                try:
                    result = await actor.slash(world.channel, name, **given)
                except simcord.OptionError:
                    refused_by_client += 1  # Discord's client would not have sent it
                    continue
                if not result.acknowledged:
                    unanswered.append((name, parameter.display_name, value))
                assert not incidents.seen, (name, parameter.display_name, value)
    print(f"fuzz /{group}: {cases} cases (command, option, value), {refused_by_client} refused")
    assert cases >= 2 and not unanswered and not incidents.seen
