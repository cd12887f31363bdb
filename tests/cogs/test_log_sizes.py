"""The log's files stay within Discord's upload limit: a 3-round fight, 10,000 lines, and a
limit made small so that gzip and parts are needed — every line still there."""

from __future__ import annotations

import gzip
import re
from datetime import UTC, datetime, timedelta

import pytest

from bot.cogs import log as log_cog
from bot.i18n import t
from bot.store.channel_log import LogLine, append
from tests.cogs.conftest import Dice, World

HEADER = re.compile(r"^\S.* \d{4}/\d\d/\d\d \d\d:\d\d:\d\d$", re.MULTILINE)


async def exported(world: World, **options):
    result = await world.gm.slash(world.channel, "log export", **options)
    assert result.ephemeral
    messages = [result.response, *result.followups]
    return result, [(a.filename, await a.read()) for m in messages for a in m.attachments]


def text_of(name: str, data: bytes) -> str:
    return (gzip.decompress(data) if name.endswith(".gz") else data).decode("utf-8")


async def three_rounds(world: World, dice: Dice) -> None:
    """Two PCs and two NPCs, three Grancrest rounds: rolls in the chat, a hit each round."""
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.alice.slash(world.channel, "combat add", name="ミラ", side="pc", action_value=7)
    await world.bob.slash(world.channel, "combat add", name="ロラン", side="pc", action_value=5)
    await world.gm.slash(world.channel, "combat add", name="ゴブリン", action_value=4, hp=20,
                         count=2)  # fmt: skip
    rounds = 0
    players = {world.alice.id: world.alice, world.bob.id: world.bob}
    while rounds <= 3:
        enc = await world.env.bot.encounters.status(world.channel.id)
        actor = enc.combatant(enc.actor) if enc.actor is not None else None
        if actor is not None and actor.owner_id in players:  # a player ends their own turn
            await players[actor.owner_id].slash(world.channel, "combat act", action="end_turn")
        else:  # the GM's: an NPC's turn, or the round's boundary
            await world.gm.slash(world.channel, "combat next")
        enc = await world.env.bot.encounters.status(world.channel.id)
        if enc.round != rounds:
            rounds = enc.round
            dice.load(4, 5)
            await world.alice.send(world.channel, "2D6+3>=10 命中")
            await world.bob.slash(world.channel, "roll", command="2D6")
            await world.gm.slash(world.channel, "gc damage", target="ゴブリン 1", amount=3,
                                 types="weapon")  # fmt: skip


async def test_a_three_round_fight_exports_small(world: World, dice: Dice) -> None:
    await three_rounds(world, dice)
    _, files = await exported(world)
    assert [name.rsplit(".", 1)[1] for name, _ in files] == ["txt", "html"]
    text = text_of(*files[0])
    assert len(HEADER.findall(text)) > 20 and "第3ラウンド" in text
    sizes = {name.rsplit(".", 1)[1]: len(data) for name, data in files}
    print(f"\n3-round fight: {len(HEADER.findall(text))} entries, sizes {sizes}")
    assert all(size < 200_000 for size in sizes.values())


def lines(channel_id: int, guild_id: int, count: int) -> list[LogLine]:
    """A long campaign's worth: rolls and multi-line announcements by five members."""
    start = datetime.now(UTC) - timedelta(days=30)
    made = []
    for n in range(count):
        who = 1000 + n % 5
        body = (f"player{n % 5}: (2D6+3>=10) ＞ {n % 11 + 2}[{n % 6 + 1},{n % 5 + 1}]+3 ＞ 成功"
                if n % 3 else
                f"第{n // 30 + 1}ラウンド・メインプロセス\n▶ ミラの手番（行動値7）\n"
                f"ゴブリン{n % 4}に{n % 9}点のダメージ（HP {40 - n % 40}）。 #{n}")  # fmt: skip
        made.append(LogLine(channel_id, guild_id, who, f"player{n % 5}", body,
                            start + timedelta(seconds=n * 7)))  # fmt: skip
    return made


async def test_ten_thousand_lines_fit_discord(world: World) -> None:
    bot = world.env.bot
    await bot.database.run(
        lambda conn: append(conn, lines(world.channel.id, world.guild.id, 10_000)), write=True
    )
    _, files = await exported(world)
    limit = bot.get_guild(world.guild.id).filesize_limit
    assert limit == 10 * 1024 * 1024  # an unboosted server
    assert [name.rsplit(".", 1)[1] for name, _ in files] == ["txt", "html"]
    assert all(len(data) <= limit for _, data in files)
    assert len(HEADER.findall(text_of(*files[0]))) == 10_000
    print("\n10,000 lines:", {name: len(data) for name, data in files})


@pytest.mark.parametrize(("limit", "split"), [(256 * 1024, False), (48 * 1024, True)])
async def test_over_the_limit_the_files_come_gzipped_and_then_in_parts(
    world: World, monkeypatch: pytest.MonkeyPatch, limit: int, split: bool
) -> None:
    monkeypatch.setattr(log_cog, "DISCORD_LIMIT", limit)
    bot = world.env.bot
    await bot.database.run(
        lambda conn: append(conn, lines(world.channel.id, world.guild.id, 10_000)), write=True
    )
    result, files = await exported(world, format="text")
    assert all(len(data) <= limit for _, data in files)
    assert (len(files) > 1) == split and all(name.endswith(".txt.gz") for name, _ in files)
    said = result.response.content
    assert t("log.gzipped", locale="en", limit=f"{limit / 1024 / 1024:g}") in said
    assert (t("log.split", locale="en", parts=len(files)) in said) == split
    texts = [text_of(name, data) for name, data in files]
    assert sum(len(HEADER.findall(text)) for text in texts) == 10_000
    print(f"\nwith a {limit // 1024} KiB limit:", {name: len(data) for name, data in files})
