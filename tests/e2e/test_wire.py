"""The real transport: discord.py talks HTTP and WebSocket to a fake Discord on 127.0.0.1 —
login, command sync, a slash command, a button and a channel post."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import yarl

from bot.app import build_bot
from bot.config import Settings
from tests.databases import new_sqlite
from tests.e2e.fake_discord import APP_ID, FakeDiscord


@pytest.fixture
async def discord_server(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    monkeypatch.setattr(discord.http.Route, "BASE", server.base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
    )
    yield server
    await server.stop()


async def test_login_sync_slash_button_and_channel_post(
    discord_server: FakeDiscord, tmp_path: Path, sqlite_template: Path
) -> None:
    settings = Settings(
        discord_token="fake-token", database_url=new_sqlite(sqlite_template, tmp_path)
    )
    bot = build_bot(settings, dice=lambda sides: min(6, sides))
    runner = asyncio.create_task(bot.start("fake-token"))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 15)
        # Login (REST) and command sync.
        await discord_server.wait_for(lambda r: r.path == "/users/@me")
        synced = await discord_server.wait_for(
            lambda r: r.method == "PUT" and r.path.endswith("/commands")
        )
        names = {c["name"] for c in synced.body}
        assert {"roll", "combat", "system", "config", "table", "char"} <= names
        roll = next(c for c in synced.body if c["name"] == "roll")
        assert roll["name_localizations"]["ja"] == "ロール"

        # A slash command, answered through the interaction callback.
        sent = await discord_server.slash("roll", command="2D6>=8")
        answer = await discord_server.wait_for(
            lambda r: r.path == f"/interactions/{sent['id']}/{sent['token']}/callback"
        )
        assert answer.body["data"]["content"] == "gm: (2D6>=8) ＞ 12[6,6] ＞ 12 ＞ 成功"

        # A chat roll: a channel post over REST.
        await discord_server.say("1D6 攻撃")
        post = await discord_server.wait_for(
            lambda r: (
                r.method == "POST"
                and r.path.endswith("/messages")
                and "1D6" in (r.body or {}).get("content", "")
            )
        )
        assert post.body["content"] == "gm: (1D6) ＞ 6"

        # Start an encounter: the tracker is posted with its buttons, then a click on Next.
        await discord_server.slash("combat start", ruleset="GranCrest")
        tracker = await discord_server.wait_for(
            lambda r: (
                r.method == "POST"
                and r.path.endswith("/messages")
                and (r.body or {}).get("components")
            )
        )
        button = tracker.body["components"][0]["components"][0]
        assert button["custom_id"].startswith("enc:next:")
        message = discord_server.message(tracker.body)
        clicked = await discord_server.click(button["custom_id"], message)
        reply = await discord_server.wait_for(
            lambda r: r.path == f"/interactions/{clicked['id']}/{clicked['token']}/callback"
        )
        assert reply.body["data"]["embeds"][0]["title"] == "第1ラウンド・セットアップ"
        assert APP_ID in synced.path
    finally:
        await bot.close()
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
