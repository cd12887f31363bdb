"""/system, /config, /table and the command translations, through SimCord."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.i18n import LOCALES
from bot.i18n.translator import Translator
from tests.cogs.conftest import Dice, World

DRINKS = "飲み物表\\n1D6\\n1:水\\n2:お茶\\n3-5:ジュース\\n6:選ばれし者の知的飲料"


async def test_system_set_needs_a_gm_and_changes_the_channel(world: World) -> None:
    refused = await world.alice.slash(world.channel, "system set", system="GURPS")
    assert refused.ephemeral and "Manage Channels" in refused.response.content
    done = await world.gm.slash(world.channel, "system set", system="gurps")
    assert done.response.content == "This channel now plays GURPS (GURPS (Hyakki Yakou))."
    shown = await world.bob.slash(world.channel, "system show")
    assert shown.ephemeral and shown.response.content.startswith("This channel plays GURPS")
    assert len(world.env.errors) == 1


async def test_system_autocomplete(world: World) -> None:
    choices = await world.gm.autocomplete(world.channel, "system set", "system", "gran")
    assert [c["value"] for c in choices] == ["GranCrest"]


async def test_config_language_changes_public_posts(world: World, dice: Dice) -> None:
    summary = await world.gm.slash(world.channel, "config", language="en", secret_mode="roller_gm")
    assert summary.ephemeral and "language: en" in summary.response.content
    await world.gm.slash(world.channel, "combat start", ruleset="GURPS")
    await world.gm.slash(world.channel, "combat add", name="Ogre", speed=5)
    result = await world.gm.slash(world.channel, "combat next")
    assert result.response.embeds[0].title == "Round 1 · Ogre's Main"


async def test_config_is_for_server_managers(world: World) -> None:
    assert "config" not in world.alice.available_commands(world.channel)
    assert "config" in world.gm.available_commands(world.channel)


async def test_tables_add_list_roll_and_chat(world: World, dice: Dice) -> None:
    added = await world.alice.slash(world.channel, "table add", command="drink", content=DRINKS)
    assert added.response.content == "Table “飲み物表” saved as DRINK (6 values)."
    listed = await world.bob.slash(world.channel, "table list")
    assert listed.response.content == "`DRINK` — 飲み物表 (1D6)"
    dice.load(6)
    rolled = await world.bob.slash(world.channel, "table roll", command="drink")
    assert rolled.response.content == "bob: 飲み物表(6) ＞ 選ばれし者の知的飲料"
    dice.load(2)
    await world.bob.send(world.channel, "DRINK")
    assert world.channel.last_message.content == "bob: 飲み物表(2) ＞ お茶"
    choices = await world.bob.autocomplete(world.channel, "table roll", "command", "飲み")
    assert [c["value"] for c in choices] == ["DRINK"]


async def test_a_bad_table_says_which_line(world: World) -> None:
    result = await world.alice.slash(
        world.channel, "table add", command="bad", content="表\\n1D6\\n1:a\\n2 b"
    )
    assert (
        result.ephemeral and result.response.content == "Line 4: expected “value:text”, got “2 b”."
    )
    assert len(world.env.errors) == 1


class Recording(Translator):
    """The real translator, noting every string discord.py asks about while syncing."""

    def __init__(self) -> None:
        self.asked: list[app_commands.locale_str] = []

    async def translate(self, string, locale, context):
        self.asked.append(string)
        return await super().translate(string, locale, context)


LITERALS = {"PC", "NPC", "ja", "zh-TW", "en"}  # choice names that are the same in every language


async def test_every_command_string_is_translated_in_every_locale(world: World) -> None:
    bot = world.env.bot
    recording = Recording()
    await bot.tree.set_translator(recording)
    await bot.tree.sync()
    asked = list(recording.asked)
    assert len(asked) > 100
    for string in asked:
        key = string.extras.get("key")
        if key is None:
            assert string.message in LITERALS, f"{string.message!r} has no catalog key"
            continue
        for name, catalog in LOCALES.items():
            assert catalog.get(key), (name, key)
        assert await Translator().translate(string, discord.Locale.japanese, None)  # type: ignore[arg-type]


async def test_a_table_belongs_to_its_maker_and_a_gm(world: World) -> None:
    await world.gm.slash(world.channel, "config", language="en")
    await world.gm.slash(world.channel, "table add", command="loot", content=DRINKS)
    taken = await world.alice.slash(world.channel, "table add", command="LOOT", content=DRINKS)
    assert taken.ephemeral and taken.response.content.startswith("Table LOOT belongs to someone")
    refused = await world.alice.slash(world.channel, "table remove", command="loot")
    assert refused.ephemeral and "only its maker or a GM" in refused.response.content
    await world.alice.slash(world.channel, "table add", command="mine", content=DRINKS)
    removed = await world.alice.slash(world.channel, "table remove", command="mine")
    assert removed.response.content == "Table MINE removed."
    replaced = await world.gm.slash(world.channel, "table add", command="loot", content=DRINKS)
    assert not replaced.ephemeral
    assert [type(e.original).__name__ for e in world.env.errors] == ["DiceError", "DiceError"]


SHADOWS = ["D20", "d20", "HIT", "ES", "D66", "NEVT", "SNEVT", "REACT", "SD20"]


@pytest.mark.parametrize("name", SHADOWS)
async def test_no_table_takes_over_a_dice_command(world: World, dice: Dice, name: str) -> None:
    refused = await world.alice.slash(world.channel, "table add", command=name, content=DRINKS)
    assert refused.ephemeral
    assert "dice command" in refused.response.content or "built-in" in refused.response.content
    assert [type(e.original).__name__ for e in world.env.errors] == ["DiceError"]
    dice.load(20)
    await world.alice.send(world.channel, "1D20")
    assert world.channel.last_message.content == "alice: (1D20) ＞ 20"
