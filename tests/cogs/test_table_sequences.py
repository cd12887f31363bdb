"""The stateful encounter test in small, through SimCord (discord.py's real code paths, buttons
included): seeded random sequences of slash commands and button clicks by the GM, the players
and a bystander. After every step: every interaction is answered, nothing is an incident, no
post names a hidden combatant; at the end the GM can still advance (confirming the skip of a
player's untouched turn) and end the fight."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import discord
import pytest

from bot.i18n import LocalizedError
from tests.cogs.conftest import Dice, Incidents, World

SEQUENCES, STEPS = 6, 25
Step = tuple[str, str, dict[str, Any]]  # who, command, options

MENUS: dict[str, list[Callable[[random.Random, list[str]], Step]]] = {
    "GranCrest": [
        lambda r, n: (r.choice(("alice", "bob")), "gc attack",
                      {"target": r.choice(n), "hit": "2D6+3", "power": 8}),
        lambda r, n: ("gm", "gc react", {"combatant": r.choice(n)}),
        lambda r, n: (r.choice(("alice", "bob")), "gc react", {}),
        lambda r, n: (r.choice(("gm", "alice")), "gc set",
                      {"stats": r.choice(("hp=-3", "hp=40", "strength=4")),
                       "combatant": r.choice(n)}),
        lambda r, n: ("gm", "gc damage", {"target": r.choice(n), "amount": r.choice((5, 30, 90))}),
        lambda r, n: ("gm", "gc heal", {"target": r.choice(n), "amount": 10}),
    ],
    "Esperancer": [
        lambda r, n: (r.choice(("alice", "bob")), "esp attack",
                      {"target": r.choice(n), "damage": r.choice(("8", "2D10", "30")),
                       "ranged": True}),
        lambda r, n: (r.choice(("alice", "bob")), "esp engage", {"other": r.choice(n)}),
        lambda r, n: (r.choice(("alice", "bob")), "esp leave", {}),
        lambda r, n: (r.choice(("alice", "bob")), "esp move", {"metres": 5, "past": r.choice(n)}),
        lambda r, n: ("gm", "esp status", {"change": "add", "effect": r.choice(("sleep", "poison")),
                                           "target": r.choice(n)}),
        lambda r, n: (r.choice(("gm", "bob")), "esp set",
                      {"stats": r.choice(("hp=-1", "hp=25", "boss=yes")),
                       "combatant": r.choice(n)}),
    ],
    "GURPS": [
        lambda r, n: (r.choice(("gm", "alice")), "combat act",
                      {"action": "damage", "combatant": r.choice(n),
                       "detail": r.choice(("5", "2D+4", "40"))}),
        lambda r, n: ("gm", "combat act",
                      {"action": "heal", "combatant": r.choice(n), "detail": "6"}),
        lambda r, n: (r.choice(("alice", "bob")), "combat act", {"action": "maneuver"}),
        lambda r, n: ("gm", "combat act", {"action": "gurps_set", "combatant": r.choice(n),
                                           "detail": "ht=10 mook=yes"}),
    ],
}  # fmt: skip
COMMON: list[Callable[[random.Random, list[str]], Step]] = [
    lambda r, n: (r.choice(("gm", "carol")), "combat next", {}),
    lambda r, n: (r.choice(("alice", "bob", "gm")), "combat act", {"action": "end_turn"}),
    lambda r, n: (r.choice(("alice", "bob")), "combat act", {"action": "minor"}),
    lambda r, n: (r.choice(("gm", "alice")), "combat undo", {}),
    lambda r, n: (r.choice(("gm", "bob")), "combat remove", {"name": r.choice(n)}),
    lambda r, n: ("gm", "combat reveal", {"name": r.choice(n)}),
    lambda r, n: (r.choice(("gm", "alice")), "combat add",
                  {"name": r.choice(("Shade", "Goblin", "2")), "hidden": r.random() < 0.5}),
]  # fmt: skip


async def prepare(world: World, system: str) -> None:
    await world.gm.slash(world.channel, "system set", system=system)
    await world.gm.slash(world.channel, "combat start")
    for player, name in ((world.alice, "Aster"), (world.bob, "2")):
        await player.slash(world.channel, "combat add", name=name, side="pc", action_value=5,
                           speed=5.0, hp=30)  # fmt: skip
    await world.gm.slash(world.channel, "combat add", name="Goblin", count=2, action_value=4,
                         hp=20)  # fmt: skip
    await world.gm.slash(world.channel, "combat add", name="Shade", hidden=True, action_value=6,
                         hp=15)  # fmt: skip


def buttons(message: discord.Message) -> list[str]:
    """The message's buttons, but the tracker's End (the fight is ended on purpose at the end)."""
    ids = [c.custom_id for row in message.components for c in row.children]  # type: ignore[attr-defined]
    return [i for i in ids if i and not i.startswith("enc:end:")]


def original(error: BaseException) -> BaseException:
    return getattr(error, "original", error)


def named(name: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w|\s*[0-9])", text) is not None


@pytest.mark.parametrize("system", sorted(MENUS))
@pytest.mark.parametrize("seed", range(SEQUENCES))
async def test_random_tables_through_discord(
    world: World, dice: Dice, incidents: Incidents, system: str, seed: int
) -> None:
    rng = random.Random(f"{system}-{seed}")
    dice.fixed = None
    carol = world.guild.add_member(world.env.create_user("carol"))
    users = {"gm": world.gm, "alice": world.alice, "bob": world.bob, "carol": carol}
    await prepare(world, system)
    bot = world.env.bot
    menu = MENUS[system] + COMMON
    for _ in range(STEPS):
        enc = await bot.encounters.status(world.channel.id)  # type: ignore[attr-defined]
        if enc is None:
            break
        names = [c.name for c in enc.combatants] or ["Nobody"]
        seen = len(world.channel.history())
        with_buttons = [m for m in world.channel.history() if buttons(m)]
        if with_buttons and rng.random() < 0.3:
            message = rng.choice(with_buttons[-3:])
            result = await rng.choice(list(users.values())).click(
                message, custom_id=rng.choice(buttons(message))
            )
        else:
            who, command, options = rng.choice(menu)(rng, names)
            result = await users[who].slash(world.channel, command, **options)
        assert result.acknowledged
        after = await bot.encounters.status(world.channel.id)  # type: ignore[attr-defined]
        everyone = enc.combatants + (after.combatants if after else [])
        visible = {c.name for c in everyone if not c.hidden}
        # Hidden names to look for: those no visible name contains (a name is a name).
        hidden = [
            c.name for c in enc.combatants if c.hidden and not any(c.name in v for v in visible)
        ]
        for message in world.channel.history()[seen:]:
            text = message.content + "".join((e.description or "") + (e.title or "")
                                             for e in message.embeds)  # fmt: skip
            for name in sorted(visible, key=len, reverse=True):
                text = text.replace(name, "·") if not name.isdigit() else text
            for name in hidden:
                assert not named(name, text), f"{name} shown: {text}"
    assert incidents.seen == []
    surprises = [e for e in world.env.errors if not isinstance(original(e), LocalizedError)]
    assert surprises == []  # every error a refusal the user was told about
    if await bot.encounters.status(world.channel.id) is not None:  # type: ignore[attr-defined]
        moved = await world.gm.slash(world.channel, "combat next")
        if moved.ephemeral:  # only a player's untouched turn is asked about: the GM confirms
            assert "Skip their turn?" in moved.response.content
            moved = await world.gm.click(moved.response, label="Skip the turn")
        assert not moved.ephemeral
        assert not (await world.gm.slash(world.channel, "combat end")).ephemeral
