"""/roll, chat rolls, secret rolls and Reveal, through SimCord (real discord.py paths)."""

from __future__ import annotations

from tests.cogs.conftest import Dice, World


def bot_texts(channel) -> list[str]:
    return [m.content for m in channel.history() if m.author.bot]


async def test_roll_answers_in_bcdice_format(world: World, dice: Dice) -> None:
    dice.load(6, 6)
    result = await world.alice.slash(world.channel, "roll", command="2D6>=8 攻撃")
    assert not result.ephemeral
    assert result.response.content == "alice: (2D6>=8) ＞ 12[6,6] ＞ 12 ＞ 成功"


async def test_roll_uses_the_channel_system(world: World, dice: Dice) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    dice.load(6, 6)
    result = await world.alice.slash(world.channel, "roll", command="2D6>=10")
    assert result.response.content.endswith("（クリティカル） ＞ 22 ＞ 成功")


async def test_bad_dice_is_an_ephemeral_error_with_the_column(world: World) -> None:
    result = await world.alice.slash(world.channel, "roll", command="2D6+")
    assert result.ephemeral
    assert (
        result.response.content
        == "The dice command ends too early (column 5): something is missing."
    )
    assert len(world.env.errors) == 1  # handled by the tree's error handler


async def test_chat_rolls_are_answered_in_place(world: World, dice: Dice) -> None:
    dice.load(3, 5)
    await world.alice.send(world.channel, "2D6>=8 攻撃")
    assert world.channel.last_message.content == "alice: (2D6>=8) ＞ 8[3,5] ＞ 8 ＞ 成功"
    await world.alice.send(world.channel, "こんにちは、よろしく")
    await world.alice.send(world.channel, "hello there")
    assert bot_texts(world.channel) == ["alice: (2D6>=8) ＞ 8[3,5] ＞ 8 ＞ 成功"]


async def test_chat_roll_breaking_a_limit_gets_a_message_in_the_server_language(
    world: World,
) -> None:
    await world.alice.send(world.channel, "500D6")
    assert (
        world.channel.last_message.content == "4文字目：ダイスが多すぎます（500個、1項200個まで）。"
    )


async def test_chat_rolls_can_be_switched_off(world: World) -> None:
    await world.gm.slash(world.channel, "config", chat_rolls=False)
    await world.alice.send(world.channel, "2D6")
    assert bot_texts(world.channel) == []


async def test_secret_roll_roller_only_with_reveal(world: World, dice: Dice) -> None:
    dice.load(4, 2)
    result = await world.alice.slash(world.channel, "roll", command="S2D6")
    assert result.ephemeral and result.response.content == "🔒 (2D6) ＞ 6[4,2] ＞ 6"
    assert [f.content for f in result.followups] == ["🔒 aliceがシークレットダイスを振りました"]
    notice = world.channel.last_message.id
    revealed = await world.alice.click(result.response, label="Reveal")
    assert revealed.ephemeral
    assert world.channel.last_message.id == notice  # the notice itself becomes the result
    assert (
        world.channel.last_message.content
        == f"🔓 {world.alice.mention}のシークレットダイス公開：(2D6) ＞ 6[4,2] ＞ 6"
    )


async def test_secret_roll_gm_only_goes_to_the_gm_channel(world: World, dice: Dice) -> None:
    gm_room = world.guild.create_text_channel("gm-room")
    await world.gm.slash(world.channel, "config", secret_mode="gm", gm_channel=gm_room)
    dice.load(1, 1, 1)
    result = await world.alice.slash(world.channel, "roll", command="3D6", secret=True)
    assert result.ephemeral and result.response.content == "Your secret roll went to the GM."
    assert gm_room.last_message.content == "🔒 alice：(3D6) ＞ 3[1,1,1] ＞ 3"
    assert "(3D6)" not in world.channel.last_message.content
    refused = await world.bob.click(gm_room.last_message, label="公開")
    assert (
        refused.ephemeral and refused.response.content == "Only the roller or a GM can reveal it."
    )
    assert [type(e.original).__name__ for e in world.env.errors] == []
    notice = world.channel.last_message.id
    await world.gm.click(gm_room.last_message, label="公開")  # the GM reveals from the GM room
    assert world.channel.last_message.id == notice
    assert world.channel.last_message.content.endswith("(3D6) ＞ 3[1,1,1] ＞ 3")


async def test_chat_secret_roll_is_sent_by_dm(world: World, dice: Dice) -> None:
    dice.load(6, 5)
    await world.alice.send(world.channel, "S2D6 こっそり")
    assert world.channel.last_message.content == "🔒 aliceがシークレットダイスを振りました"
    dm = world.alice.user.dm_channel.last_message
    assert dm.content == "🔒 (2D6) ＞ 11[6,5] ＞ 11"
    assert dm.components  # the Reveal button


async def test_reveal_button_survives_a_restart(world: World, dice: Dice, make_bot) -> None:
    dice.load(2, 2)
    result = await world.alice.slash(world.channel, "roll", command="S2D6")
    old = world.env.bot
    await world.env.restart_bot(make_bot())  # a new process: nothing kept in memory
    await old.database.dispose()  # the old process is gone: so are its connections
    await world.alice.click(result.response, label="Reveal")
    assert world.channel.last_message.content.startswith("🔓 ")


async def test_revealing_a_chat_secret_roll_edits_its_notice(world: World, dice: Dice) -> None:
    gm_room = world.guild.create_text_channel("gm-room")
    await world.gm.slash(world.channel, "config", secret_mode="gm", gm_channel=gm_room)
    dice.load(6, 6)
    await world.alice.send(world.channel, "S2D6 探索")
    notice = world.channel.last_message
    assert notice.content == "🔒 aliceがシークレットダイスを振りました"
    await world.gm.click(gm_room.last_message, label="公開")
    assert world.channel.last_message.id == notice.id
    assert world.channel.last_message.content.endswith("(2D6) ＞ 12[6,6] ＞ 12")


async def test_a_result_too_long_for_a_message_comes_whole_over_a_few(world: World) -> None:
    result = await world.alice.slash(world.channel, "roll", command="x30 40D6")
    parts = [result.response, *result.followups]
    assert len(parts) == 2 and all(len(p.content) <= 2000 for p in parts)
    text = "\n".join(p.content for p in parts)
    assert text.count("(40D6) ＞ 120") == 30 and "#30" in parts[-1].content  # all, in order
    assert not result.ephemeral and not any(p.attachments for p in parts)


async def test_a_result_too_long_for_a_few_messages_comes_whole_as_a_file(world: World) -> None:
    result = await world.alice.slash(world.channel, "roll", command="x100 40D6")
    message = world.channel.last_message
    assert result.followups == [] and len(message.content) <= 2000
    assert message.content.endswith("…")
    assert [a.filename for a in message.attachments] == ["result.txt"]
    assert not result.ephemeral
