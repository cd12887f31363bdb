"""Slash commands go to Discord only when they changed since the last time (a hash per
application and scope is stored), or on ``python -m bot sync``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import discord
from discord import app_commands

from bot.command_sync import digest, payload
from tests.e2e.fake_discord import APP_ID, GUILD_ID, FakeDiscord
from tests.e2e.processes import answered, start_bot


def puts(server: FakeDiscord) -> list[str]:
    return [r.path for r in server.requests if r.method == "PUT" and r.path.endswith("/commands")]


async def test_a_second_start_sends_nothing_sync_and_a_change_send_again(
    server: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(server, tmp_path)
    await bot.logged("slash commands sent to Discord (global): ")
    assert await bot.stop() == 0
    assert puts(server) == [f"/applications/{APP_ID}/commands"]

    bot = await start_bot(server, tmp_path)  # the same commands: nothing sent
    await bot.logged("ready as TableBot")
    assert bot.said("slash commands unchanged since the last sync (global): not sent")
    answer = await answered(server, "roll", command="1D6")  # Discord kept them
    assert answer["data"]["content"].startswith("gm: (1D6) ＞ ")
    assert await bot.stop() == 0
    assert len(puts(server)) == 1

    sync = await start_bot(server, tmp_path, "sync")  # the operator's way to send them anyway
    assert await sync.exit_code(timeout=30) == 0
    assert len(puts(server)) == 2 and sync.said("slash commands sent to Discord (global)")

    # What a new version of the bot would find: another hash than the one stored.
    with sqlite3.connect(tmp_path / "bot.sqlite3") as database:
        database.execute("update command_syncs set digest = 'an older version'")
    bot = await start_bot(server, tmp_path, DEV_GUILD_ID=GUILD_ID)
    await bot.logged(f"slash commands sent to Discord (server {GUILD_ID})")
    assert await bot.stop() == 0
    assert puts(server)[-1] == f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"
    bot = await start_bot(server, tmp_path)
    await bot.logged("slash commands sent to Discord (global)")
    assert await bot.stop() == 0
    assert len(puts(server)) == 4


async def test_the_hash_follows_every_part_of_the_payload() -> None:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(name="roll", description="Roll dice")
    async def roll(interaction: discord.Interaction, command: str) -> None: ...

    before = digest(await payload(tree, None))
    assert before == digest(await payload(tree, None))
    roll.description = "Roll some dice"
    assert digest(await payload(tree, None)) != before
