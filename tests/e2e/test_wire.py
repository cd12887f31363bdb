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
from bot.client import TabletopBot
from bot.combat.engine import MAX_COMBATANTS
from bot.config import Settings
from bot.store.rolls import get_roll
from tests.databases import new_sqlite
from tests.e2e.fake_discord import APP_ID, CHANNEL_ID, FakeDiscord, Request


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


@pytest.fixture
async def bot(
    discord_server: FakeDiscord, tmp_path: Path, sqlite_template: Path
) -> AsyncIterator[TabletopBot]:
    """Our bot, logged in to the fake Discord and ready, its dice all sixes."""
    settings = Settings(
        discord_token="fake-token", database_url=new_sqlite(sqlite_template, tmp_path)
    )
    bot = build_bot(settings, dice=lambda sides: min(6, sides))
    runner = asyncio.create_task(bot.start("fake-token"))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 15)
        yield bot
    finally:
        await bot.close()
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)


async def test_login_sync_slash_button_and_channel_post(
    discord_server: FakeDiscord, bot: TabletopBot
) -> None:
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
    assert "with_response" not in answer.query  # the message is not asked back for nothing

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
            r.method == "POST" and r.path.endswith("/messages") and (r.body or {}).get("components")
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
    assert discord_server.refused == []  # every message passed our Discord-limits check


async def test_a_crowded_encounter_passes_discord_limits_over_the_wire(
    discord_server: FakeDiscord, bot: TabletopBot
) -> None:
    """The most combatants an encounter holds, with the longest names: every message the bot
    sends over the real transport passes the fake Discord's check of limits and mentions."""
    name = "長い名前の傭兵" * 7 + "MercenaryCap"  # copies numbered up to 64 characters

    async def command(line: str, **options: object) -> dict:
        sent = discord_server.slash_payload(line, CHANNEL_ID, options)
        await discord_server.dispatch("INTERACTION_CREATE", sent)
        await discord_server.wait_for(lambda r: r.path == discord_server.callback_path(sent))
        return sent

    await command("combat start", ruleset="GranCrest")
    for added in range(0, MAX_COMBATANTS, 30):
        count = min(30, MAX_COMBATANTS - added)
        await command("combat add", name=name, count=count, action_value=5)
    await command("combat next")
    await command("combat next")  # the first main process (no order in its post any more)
    status = await command("combat status")
    # The whole order, for the GM, goes on in a followup: more than one message.
    await discord_server.wait_for(lambda r: r.path.endswith(f"/{status['token']}"))
    await bot.get_cog("Encounters").trackers_drawn()
    assert discord_server.refused == []


async def test_the_naval_picture_is_posted_then_edited_in_place_over_the_wire(
    discord_server: FakeDiscord, bot: TabletopBot
) -> None:
    """The turn's battlefield picture: one channel message with the PNG and a short legend,
    then, for the next change in the same turn, a multipart PATCH of that very message."""

    async def command(line: str, **options: object) -> None:
        sent = discord_server.slash_payload(line, CHANNEL_ID, options)
        await discord_server.dispatch("INTERACTION_CREATE", sent)
        await discord_server.wait_for(lambda r: r.path == discord_server.callback_path(sent))

    def picture(r: Request, method: str) -> bool:
        """A request that sends (POST) or edits (PATCH) a channel message with the picture."""
        body = r.body if isinstance(r.body, dict) else {}
        files = [a.get("filename") for a in body.get("attachments", [])]
        where = r.path.startswith(f"/channels/{CHANNEL_ID}/messages")
        return r.method == method and where and files == ["battlefield.png"]

    def pictures(method: str) -> list:
        return [r for r in discord_server.requests if picture(r, method)]

    await command("combat start", ruleset="naval")
    await command("naval ship add", side="pc", position=0, preset="オールマイト・キャプテン号")
    posted = await discord_server.wait_for(lambda r: picture(r, "POST"))
    assert posted.body["content"].splitlines()[0] == "士気：PC側 0 / 敵側 0"
    await command("naval ship edit", ship="オールマイト・キャプテン号", position=2)
    edited = await discord_server.wait_for(lambda r: picture(r, "PATCH"))
    await bot.get_cog("Encounters").trackers_drawn()
    assert len(pictures("POST")) == 1 and len(pictures("PATCH")) == 1
    where = await bot.encounters.tracker(int(CHANNEL_ID))
    assert where is not None
    noted = await bot.encounters.posted(where[0], "naval_picture")  # the one posted above
    assert noted is not None and edited.path.endswith(f"/messages/{noted['message']}")
    assert discord_server.refused == []


async def test_answers_do_not_ask_for_their_message_but_a_secret_notice_is_kept_and_revealed(
    discord_server: FakeDiscord, bot: TabletopBot
) -> None:
    """An interaction's answer goes out without asking Discord for the message (which answers
    204): the next message of the same command is a followup all the same. A secret roll's
    public notice is a message the bot keeps, and Reveal edits that very message."""
    sent = await discord_server.slash("roll", command="S2D6")
    own = await discord_server.wait_for(lambda r: r.path == discord_server.callback_path(sent))
    assert "with_response" not in own.query
    assert own.body["data"]["flags"] & 64  # the roller's own copy, private, with Reveal
    notice = await discord_server.wait_for(
        lambda r: r.method == "POST" and r.path == f"/webhooks/{APP_ID}/{sent['token']}"
    )
    assert notice.query.get("wait") == "1"  # a followup: its message comes back
    assert "シークレットダイス" in notice.body["content"]
    reveal = own.body["data"]["components"][0]["components"][0]["custom_id"]
    roll_id = int(reveal.split(":")[1])
    for _ in range(100):  # the notice's id is written once its message is back
        kept = await get_roll(bot.database, roll_id)
        if kept is not None and kept["notice_message_id"] is not None:
            break
        await asyncio.sleep(0.05)
    assert kept is not None and kept["notice_message_id"] is not None
    pressed = await discord_server.click(reveal, discord_server.message(own.body["data"]))
    await discord_server.wait_for(lambda r: r.path == discord_server.callback_path(pressed))
    edited = await discord_server.wait_for(
        lambda r: r.method == "PATCH" and "12[6,6]" in str(r.body)
    )
    assert edited.path.endswith(f"/messages/{kept['notice_message_id']}")
    assert discord_server.refused == []

