"""The pinned tracker through SimCord: what players see of NPC HP against the GM's own view, the
GM's option to show the numbers (announced, undone like any change, refused to players), hidden
NPCs, and a GURPS tracker redrawn when the scene's light or a fighter's stress changes."""

from __future__ import annotations

from tests.cogs.conftest import Dice, World


def pinned(world: World) -> str:
    shown = world.channel.pinned_messages()
    assert len(shown) == 1, shown
    return "\n".join(e.description or "" for e in shown[0].embeds)


async def fight(world: World) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.gm.slash(world.channel, "combat add", name="Orc", action_value=4, hp=20)
    await world.gm.slash(world.channel, "combat add", name="Shade", action_value=9, hp=8,
                         hidden=True)  # fmt: skip
    await world.alice.slash(world.channel, "combat add", name="Alice", side="pc",
                            action_value=6, hp=30)  # fmt: skip
    await world.gm.slash(world.channel, "gc damage", target="Orc", amount=9)  # 11 of 20 left
    for _ in range(2):  # Setup, then the initiative passes into the hidden Shade's turn
        await world.gm.slash(world.channel, "combat next")
    await world.env.bot.get_cog("Encounters").trackers_drawn()


async def test_players_see_a_wound_level_and_the_gm_the_numbers(world: World) -> None:
    await fight(world)
    public = pinned(world)
    assert "・ 2. Orc (NPC) 行動値4 ▰▰▰▱▱ 軽傷" in public  # the pinned tracker is public
    assert "HP 11" not in public and "Shade" not in public
    assert "・ 1. Alice (PC) 行動値6 HP 30/30" in public  # a PC's HP is the table's to know
    assert "▶" not in public  # the hidden Shade's turn: nobody's, as far as players can tell
    gm = await world.gm.slash(world.channel, "combat status")
    mine = gm.response.embeds[0].description
    assert gm.ephemeral and "▶ 1. Shade (NPC) AV 9 HP 8/8 👁" in mine  # in the GM's language
    assert "· 3. Orc (NPC) AV 4 HP 11/20" in mine
    bob = await world.bob.slash(world.channel, "combat status")
    theirs = bob.response.embeds[0].description
    assert "Orc (NPC) AV 4 ▰▰▰▱▱ lightly hurt" in theirs and "Shade" not in theirs


async def test_the_gm_shows_npc_hp_in_the_tracker_and_everyone_is_told(world: World) -> None:
    await fight(world)
    refused = await world.alice.slash(world.channel, "combat options", show_npc_hp=True)
    assert refused.ephemeral and refused.response.content == "Only the GM can do that."
    shown = await world.gm.slash(world.channel, "combat options", show_npc_hp=True)
    assert not shown.ephemeral
    assert shown.response.embeds[-1].description == "GMがトラッカーでのNPCのHPを設定：数値で表示。"
    await world.env.bot.get_cog("Encounters").trackers_drawn()
    assert "・ 2. Orc (NPC) 行動値4 HP 11/20" in pinned(world)
    assert "Shade" not in pinned(world)  # the numbers, not the hidden ones
    undone = await world.gm.slash(world.channel, "combat undo")
    assert "取り消しました：表示設定" in undone.response.embeds[-1].description
    await world.env.bot.get_cog("Encounters").trackers_drawn()
    assert "・ 2. Orc (NPC) 行動値4 ▰▰▰▱▱ 軽傷" in pinned(world)
    assert len(world.env.errors) == 1


async def test_a_gurps_tracker_shows_stress_and_lighting_as_they_change(
    world: World, dice: Dice
) -> None:
    await world.gm.slash(world.channel, "system set", system="GURPS")
    await world.alice.slash(
        world.channel, "char create", name="Aoi", stats="st=10 dx=12 iq=12 ht=11 will=2 speed=5.5"
    )
    await world.gm.slash(world.channel, "combat start")
    await world.alice.slash(world.channel, "combat join", character="Aoi")
    await world.gm.slash(world.channel, "combat add", name="Oni", speed=6, hp=15)
    await world.gm.slash(world.channel, "combat next")
    await world.env.bot.get_cog("Encounters").trackers_drawn()
    assert "・ 2. Aoi (PC) 移動力5.5 ストレス14/14" in pinned(world)
    assert "照明" not in pinned(world)  # the default, daylight, goes unsaid
    await world.gm.slash(world.channel, "gurps light", scene="street", torch=True)
    dice.load(4)
    await world.alice.slash(
        world.channel, "gurps stress", character="Aoi", cause="reaction_disastrous"
    )
    await world.env.bot.get_cog("Encounters").trackers_drawn()
    shown = pinned(world)
    assert "・ 2. Aoi (PC) 移動力5.5 ストレス7/14" in shown
    assert shown.endswith("\n\n照明：屋外・街灯あり＋たいまつ（視覚-1）")
    assert "▶ 1. Oni (NPC) 移動力6 ▰▰▰▰▰ 無傷" in shown
