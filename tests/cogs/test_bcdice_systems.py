"""Every BCDice system through the whole bot (SimCord): /system set over all of them, chat
rolls matched by the system's own pattern, secret rolls and Reveal, repeats, user tables, the
roll log and /help system — the same as for our own four."""

from __future__ import annotations

from sqlalchemy import select

from bot.store.models import RollLog
from tests.bcdice.conftest import needs_node
from tests.cogs.conftest import Dice, World
from tests.cogs.test_dice import bot_texts

pytestmark = needs_node

FIRE = "火の表\\n1D6\\n1-3:熾火\\n4-6:業火"


async def cthulhu(world: World) -> None:
    done = await world.gm.slash(world.channel, "system set", system="cthulhu7th")
    assert done.response.content == "This channel now plays Cthulhu7th (新クトゥルフ神話TRPG)."


async def test_system_set_offers_every_system_by_id_kana_and_translation(world: World) -> None:
    async def values(typed: str) -> list[str]:
        found = await world.gm.autocomplete(world.channel, "system set", "system", typed)
        return [c["value"] for c in found]

    assert "Cthulhu7th" in await values("cthulhu7")
    assert "Cthulhu" in await values("くとぅるふ")  # the kana reading, typed with small kana
    assert "Cthulhu7th" in await values("新クトゥルフ")
    assert "Cthulhu7th:ChineseTraditional" in await values("克蘇魯")
    assert "DoubleCross:Korean" in await values("더블크로스")
    assert "GURPS" in await values("がーぷす")  # ours, by BCDice's reading of its name
    assert (await values("gran"))[0] == "GranCrest"


async def test_chat_roll_in_a_bcdice_system(world: World, dice: Dice) -> None:
    await cthulhu(world)
    dice.load(4, 2)
    await world.alice.send(world.channel, "CC<=50 目星")
    assert world.channel.last_message.content == (
        "alice: (1D100<=50) ボーナス・ペナルティダイス[0] ＞ 42 ＞ 42 ＞ レギュラー成功"
    )
    roll = world.channel.last_message.content
    await world.alice.send(world.channel, "CCさんこんにちは")  # the pattern matches, BCDice: no
    await world.alice.send(world.channel, "よろしく")
    assert len(bot_texts(world.channel)) == 2  # the /system set answer and the roll
    assert bot_texts(world.channel)[-1] == roll
    await world.env.bot.channel_log.flush()  # a public roll's row goes with the log's batch
    async with world.env.bot.database.read() as conn:
        logged = (await conn.execute(select(RollLog))).all()
    assert [(r.system, r.command, r.result) for r in logged] == [
        ("Cthulhu7th", "CC<=50 目星", roll.removeprefix("alice: "))
    ]


async def test_slash_roll_repeat_and_a_non_command(world: World, dice: Dice) -> None:
    await cthulhu(world)
    dice.load(10, 1, 9, 10)
    rolled = await world.alice.slash(world.channel, "roll", command="x2 CC<=50")
    assert rolled.response.content.count("ボーナス・ペナルティダイス") == 2
    refused = await world.alice.slash(world.channel, "roll", command="hello")
    assert refused.ephemeral and refused.response.content == "“hello” is not a dice command."
    assert len(world.env.errors) == 1  # handled by the tree's error handler


async def test_secret_roll_in_a_bcdice_system_and_reveal(world: World, dice: Dice) -> None:
    await cthulhu(world)
    dice.load(1, 5)
    result = await world.alice.slash(world.channel, "roll", command="SCC<=50")
    text = "(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 15 ＞ 15 ＞ ハード成功"
    assert result.ephemeral and result.response.content == f"🔒 {text}"
    await world.alice.click(result.response, label="Reveal")
    assert world.channel.last_message.content.endswith(text)
    dice.load(9, 9)
    await world.bob.send(world.channel, "SCC<=50")
    assert world.channel.last_message.content == "🔒 bobがシークレットダイスを振りました"
    assert "99" in world.bob.user.dm_channel.last_message.content


async def test_user_tables_work_in_a_bcdice_system(world: World, dice: Dice) -> None:
    await cthulhu(world)
    await world.alice.slash(world.channel, "table add", command="fire", content=FIRE)
    dice.load(5)
    await world.bob.send(world.channel, "FIRE")
    assert world.channel.last_message.content == "bob: 火の表(5) ＞ 業火"


async def test_help_system_shows_bcdice_help(world: World) -> None:
    await cthulhu(world)
    shown = await world.bob.slash(world.channel, "help system")
    assert shown.ephemeral
    assert shown.response.content.startswith("**Cthulhu7th** (新クトゥルフ神話TRPG)")
    assert "CBR" in shown.response.content
    other = await world.bob.slash(world.channel, "help system", system="Cthulhu:Korean")
    assert "크툴루" in other.response.content
    ours = await world.bob.slash(world.channel, "help system", system="GranCrest")
    assert "this bot's own engine" in ours.response.content


async def test_system_is_per_channel(world: World, dice: Dice) -> None:
    await cthulhu(world)
    other = world.guild.create_text_channel("other")
    dice.load(3, 3)
    await world.alice.send(other, "CC<=50")
    assert bot_texts(other) == []  # DiceBot there: CC is not a command
    await world.gm.slash(other, "system set", system="SwordWorld2.5")
    dice.load(6, 6)
    await world.alice.send(other, "2D6")
    assert other.last_message.content.startswith("alice: (2D6) ＞ 12[6,6]")


async def test_unknown_system_is_refused(world: World) -> None:
    refused = await world.gm.slash(world.channel, "system set", system="NoSuchGame")
    assert refused.ephemeral
    assert "NoSuchGame" in refused.response.content
    assert len(world.env.errors) == 1
