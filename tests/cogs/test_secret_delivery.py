"""Secret rolls reach the roller and the GM, or the roller is told why not — through SimCord.
The GM's copy goes only to the GM channel or to a member with GM rights."""

from __future__ import annotations

from tests.cogs.conftest import Dice, World


def close_dms(world: World, member) -> None:
    """The member does not take DMs from the bot: Discord answers 50007."""
    path = f"/channels/{member.user.dm_channel.id}/messages"
    world.env.inject_error("POST", path, status=403, code=50007, message="Cannot send", times=None)


async def test_gm_only_chat_roll_without_gm_channel_comes_back_to_the_roller(
    world: World, dice: Dice
) -> None:
    await world.gm.slash(world.channel, "config", secret_mode="gm", language="en")
    dice.load(2, 3)
    await world.alice.send(world.channel, "S2D6 探索")
    notice = world.channel.last_message.content
    assert notice.startswith("🔒 Secret roll by alice")
    assert "The GM's copy could not be delivered: this server has no GM channel" in notice
    dm = world.alice.user.dm_channel.last_message.content
    assert dm.startswith("🔒 (2D6) ＞ 5[2,3] ＞ 5") and "no GM channel" in dm


async def test_closed_dms_are_said_in_the_notice_and_show_gives_the_result(
    world: World, dice: Dice
) -> None:
    await world.gm.slash(world.channel, "config", language="en")
    close_dms(world, world.alice)
    dice.load(6, 1)
    await world.alice.send(world.channel, "S2D6")
    notice = world.channel.last_message
    assert "alice: your direct messages are closed" in notice.content
    refused = await world.bob.click(notice, label="Show my roll")
    assert refused.ephemeral and refused.response.content == "Only the roller or a GM can see it."
    shown = await world.alice.click(notice, label="Show my roll")
    assert shown.ephemeral and shown.response.content == "🔒 (2D6) ＞ 7[6,1] ＞ 7"
    assert [type(e.original).__name__ for e in world.env.errors] == []


async def test_an_encounter_starter_without_gm_rights_gets_no_gm_copy(
    world: World, dice: Dice
) -> None:
    await world.gm.slash(
        world.channel, "config", secret_mode="roller_gm", language="en", anyone_starts=True
    )
    await world.alice.slash(world.channel, "combat start")  # alice is no GM of this server
    dice.load(4, 4)
    result = await world.bob.slash(world.channel, "roll", command="S2D6")
    assert result.ephemeral
    assert result.response.content.startswith("🔒 (2D6) ＞ 8[4,4] ＞ 8\nThe GM's copy could not")
    assert world.alice.user.dm_channel.last_message is None


async def test_an_encounter_gm_with_gm_rights_gets_the_copy_by_dm(
    world: World, dice: Dice
) -> None:
    await world.gm.slash(world.channel, "config", secret_mode="gm")
    await world.gm.slash(world.channel, "combat start")
    dice.load(5, 5)
    result = await world.alice.slash(world.channel, "roll", command="S2D6")
    assert result.response.content == "Your secret roll went to the GM."
    assert world.gm.user.dm_channel.last_message.content == "🔒 alice：(2D6) ＞ 10[5,5] ＞ 10"


async def test_gm_dms_closed_is_the_reason_given(world: World, dice: Dice) -> None:
    await world.gm.slash(world.channel, "config", secret_mode="gm", language="en")
    await world.gm.slash(world.channel, "combat start")
    close_dms(world, world.gm)
    dice.load(1, 2)
    result = await world.alice.slash(world.channel, "roll", command="S2D6")
    assert result.response.content == (
        "🔒 (2D6) ＞ 3[1,2] ＞ 3\nThe GM's copy could not be delivered: "
        "the GM does not accept direct messages from the bot."
    )
