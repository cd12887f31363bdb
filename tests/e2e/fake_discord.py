"""A small wire-level Discord: aiohttp HTTP routes and a WebSocket gateway on 127.0.0.1.

Just enough of Discord's API v10 for discord.py to log in, identify, sync commands, receive
interactions and messages, and answer them — over real HTTP and a real WebSocket.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.discord_limits import request_problems

APP_ID = "900000000000000001"
BOT = {
    "id": APP_ID,
    "username": "TableBot",
    "discriminator": "0",
    "global_name": "TableBot",
    "avatar": None,
    "bot": True,
}
GM = {
    "id": "900000000000000002",
    "username": "gm",
    "discriminator": "0",
    "global_name": "gm",
    "avatar": None,
}
GUILD_ID = "900000000000000010"
CHANNEL_ID = "900000000000000011"
TIMESTAMP = "2026-11-30T00:00:00+00:00"


def _json(data: Any) -> web.Response:
    # discord.py parses a body only when Content-Type is exactly "application/json".
    return web.Response(
        body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


@dataclass
class Request:
    method: str
    path: str
    body: Any
    sender: str = ""  # the X-Fake-Process header: which bot process sent it, when tagged
    query: dict[str, str] = field(default_factory=dict)


def _kind_of(path: str) -> str:
    """What a request is about, without its ids (``/channels/1/messages/2`` → ``messages``);
    any other path (start-up's, once) as it is."""
    if path.startswith("/interactions/"):
        return "interaction callback"
    if path.startswith("/webhooks/"):
        return "follow-up"
    if "/pins" in path:
        return "pins"
    return "messages" if "/messages" in path else path


def shard_of(guild_id: str | int, shard_count: int) -> int:
    """The shard a guild's events go to, as Discord decides it."""
    return (int(guild_id) >> 22) % shard_count


def guild_on_shard(shard: int, shard_count: int, n: int = 0) -> str:
    """A guild id (the ``n``-th such) whose events go to ``shard``."""
    base = int(GUILD_ID) >> 22
    step = next(k for k in range(shard_count) if (base + k) % shard_count == shard)
    return str(((base + step + n * shard_count) << 22) | (int(GUILD_ID) & ((1 << 22) - 1)))


@dataclass
class FakeDiscord:
    requests: list[Request] = field(default_factory=list)
    commands: list[dict[str, Any]] = field(default_factory=list)
    token: str | None = None  # the only bot token accepted, when set (others get a 401)
    port: int = 0
    channels: int = 1  # text channels in the guild: CHANNEL_ID, then CHANNEL_ID + 1 …
    keep_requests: bool = True  # a long benchmark keeps only the waiters
    # Messages refused as Discord would (HTTP 400), by our own limits and mentions check.
    refused: list[str] = field(default_factory=list)
    shard_count: int = 1  # the shards the bot's gateway connections must share the guilds in
    guild_ids: list[str] = field(default_factory=lambda: [GUILD_ID])
    identified: list[tuple[int, int]] = field(default_factory=list)  # (shard, count) per IDENTIFY
    # Every API request by kind ("POST interaction callback", "PATCH messages" …), kept or not.
    tally: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self._ids = itertools.count(900000000000001000)
        self._seq = itertools.count(1)
        self._sockets: dict[int, web.WebSocketResponse] = {}  # by shard id
        self._arrived = asyncio.Condition()
        self._waiting: dict[str, asyncio.Future[Request]] = {}
        self.app = web.Application()
        self.app.router.add_get("/gateway", self.gateway)
        self.app.router.add_route("*", "/api/v10/{tail:.*}", self.api)

    def snowflake(self) -> str:
        return str(next(self._ids))

    # -- lifecycle -------------------------------------------------------------------------
    async def start(self) -> None:
        self.runner = web.AppRunner(self.app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in list(self._sockets.values()):
            await ws.close()
        await self.runner.cleanup()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- HTTP ------------------------------------------------------------------------------
    async def api(self, request: web.Request) -> web.Response:
        given = request.headers.get("Authorization")  # interaction callbacks carry none
        if self.token is not None and given is not None and given != f"Bot {self.token}":
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        body: Any = None
        if request.content_type == "application/json":
            body = await request.json()
        elif request.content_type.startswith("multipart/"):
            form = await request.post()
            body = json.loads(form.get("payload_json", "{}"))  # type: ignore[arg-type]
        path = "/" + request.match_info["tail"]
        problems = request_problems(request.method, path, body)
        if problems:
            self.refused += [f"{request.method} {path}: {p}" for p in problems]
            error = {"code": 50035, "message": "Invalid Form Body", "errors": problems}
            return web.Response(status=400, body=json.dumps(error).encode(),
                                headers={"Content-Type": "application/json"})  # fmt: skip
        seen = Request(
            request.method, path, body, request.headers.get("X-Fake-Process", ""),
            dict(request.query),
        )  # fmt: skip
        self.tally[f"{request.method} {_kind_of(path)}"] += 1
        waiter = self._waiting.pop(path, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(seen)
        if self.keep_requests:
            async with self._arrived:
                self.requests.append(seen)
                self._arrived.notify_all()
        return self.answer(request.method, path, body, request.query)

    def answer(self, method: str, path: str, body: Any, query: Mapping[str, str]) -> web.Response:
        if path == "/users/@me":
            return _json(BOT)
        if path == "/oauth2/applications/@me":
            return _json(
                {
                    "id": APP_ID,
                    "name": "TableBot",
                    "icon": None,
                    "description": "",
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "verify_key": "0" * 64,
                    "flags": 0,
                    "owner": GM,
                }
            )
        if path.startswith(f"/applications/{APP_ID}/commands") and method == "PUT":
            self.commands = [
                {**c, "id": self.snowflake(), "application_id": APP_ID, "version": "1"}
                for c in body
            ]
            return _json(self.commands)
        if path.endswith("/callback") and "with_response" not in query:
            return web.Response(status=204)  # as Discord, when the message is not asked for
        if path.endswith("/callback"):  # discord.py asks for the callback response
            interaction_id = path.split("/")[2]
            message = self.message((body or {}).get("data") or {})
            flags = ((body or {}).get("data") or {}).get("flags", 0)
            return _json(
                {
                    "interaction": {
                        "id": interaction_id,
                        "type": 2,
                        "response_message_id": message["id"],
                        "response_message_loading": body.get("type") == 5,
                        "response_message_ephemeral": bool(flags & 64),
                    },
                    "resource": {"type": body.get("type"), "message": message},
                }
            )
        if method in ("POST", "PATCH") and ("/messages" in path or path.startswith("/webhooks/")):
            return _json(self.message(body or {}))
        return web.Response(status=204)

    def message(self, body: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": self.snowflake(),
            "channel_id": CHANNEL_ID,
            "author": BOT,
            "content": body.get("content") or "",
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": body.get("flags", 0),
        }

    def expect(self, path: str) -> asyncio.Future[Request]:
        """A future for the next request to ``path`` (register before causing it)."""
        future: asyncio.Future[Request] = asyncio.get_running_loop().create_future()
        self._waiting[path] = future
        return future

    @staticmethod
    def callback_path(payload: dict[str, Any]) -> str:
        return f"/interactions/{payload['id']}/{payload['token']}/callback"

    async def wait_for(self, predicate: Any, timeout: float = 10.0) -> Request:
        async def find() -> Request:
            async with self._arrived:
                while True:
                    for request in self.requests:
                        if predicate(request):
                            return request
                    await self._arrived.wait()

        return await asyncio.wait_for(find(), timeout)

    # -- gateway ---------------------------------------------------------------------------
    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 45_000}})
        async for frame in ws:
            if frame.type is not WSMsgType.TEXT:
                continue
            payload = json.loads(frame.data)
            if payload["op"] == 1:
                await ws.send_json({"op": 11})
            elif payload["op"] == 2:
                await self.identify(ws, payload["d"].get("shard") or [0, 1])
        return ws

    async def identify(self, ws: web.WebSocketResponse, shard: list[int]) -> None:
        """READY and a GUILD_CREATE per guild, for the guilds of the shard that identified;
        a connection that names another shard count is closed as Discord does (4011)."""
        shard_id, count = shard
        self.identified.append((shard_id, count))
        if count != self.shard_count or not 0 <= shard_id < count:
            await ws.close(code=4010, message=b"Invalid shard")
            return
        self._sockets[shard_id] = ws
        mine = [g for g in self.guild_ids if shard_of(g, count) == shard_id]
        ready = {
            "v": 10,
            "user": BOT,
            "guilds": [{"id": g, "unavailable": True} for g in mine],
            "session_id": f"fake-{shard_id}",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": APP_ID, "flags": 0},
        }
        if count > 1:
            ready["shard"] = [shard_id, count]
        await self.dispatch("READY", ready, shard=shard_id)
        for guild in mine:
            await self.dispatch("GUILD_CREATE", self.guild(guild), shard=shard_id)

    async def dispatch(self, event: str, data: dict[str, Any], shard: int | None = None) -> None:
        """Send an event on the connection of the shard its guild belongs to."""
        if shard is None:
            shard = shard_of(data.get("guild_id") or GUILD_ID, self.shard_count)
        ws = self._sockets[shard]
        await ws.send_json({"op": 0, "t": event, "s": next(self._seq), "d": data})

    def connected(self, shard: int) -> bool:
        ws = self._sockets.get(shard)
        return ws is not None and not ws.closed

    def member(self, user: dict[str, Any]) -> dict[str, Any]:
        return {
            "user": user,
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "flags": 0,
        }

    @staticmethod
    def channel_ids(guild: str, channels: int) -> list[str]:
        """A guild's text channels: the ids that follow the guild's own."""
        return [str(int(guild) + 1 + n) for n in range(channels)]

    def guild_of(self, channel: str) -> str:
        found = (g for g in self.guild_ids if channel in self.channel_ids(g, self.channels))
        return next(found, GUILD_ID)

    def guild(self, guild: str = GUILD_ID) -> dict[str, Any]:
        return {
            "id": guild,
            "name": "卓",
            "icon": None,
            "owner_id": GM["id"],
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": guild,
                    "name": "@everyone",
                    "permissions": "2248473465835073",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                }
            ],
            "emojis": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "premium_tier": 0,
            "preferred_locale": "ja",
            "nsfw_level": 0,
            "member_count": 2,
            "large": False,
            "unavailable": False,
            "members": [self.member(BOT), self.member(GM)],
            "channels": [
                {
                    "id": channel,
                    "type": 0,
                    "name": f"session-{n}",
                    "position": n,
                    "guild_id": guild,
                    "permission_overwrites": [],
                    "nsfw": False,
                    "parent_id": None,
                }
                for n, channel in enumerate(self.channel_ids(guild, self.channels))
            ],
            "threads": [],
            "voice_states": [],
            "presences": [],
            "stickers": [],
            "joined_at": TIMESTAMP,
        }

    def interaction(
        self,
        kind: int,
        data: dict[str, Any],
        message: dict[str, Any] | None = None,
        channel: str = CHANNEL_ID,
    ) -> dict[str, Any]:
        guild = self.guild_of(channel)
        payload = {
            "id": self.snowflake(),
            "application_id": APP_ID,
            "type": kind,
            "data": data,
            "token": f"tok{self.snowflake()}",
            "version": 1,
            "guild_id": guild,
            "channel_id": channel,
            "channel": {"id": channel, "type": 0, "name": "session", "guild_id": guild},
            "member": {**self.member(GM), "permissions": "2248473465835073"},
            "locale": "ja",
            "guild_locale": "ja",
            "app_permissions": "2248473465835073",
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": 0,
            "attachment_size_limit": 26214400,
        }
        if message is not None:
            payload["message"] = message
        return payload

    async def slash(self, name: str, **options: Any) -> dict[str, Any]:
        """Send a chat-input interaction for a synced top-level or group command."""
        payload = self.slash_payload(name, CHANNEL_ID, options)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    def slash_payload(self, command: str, channel: str, options: dict[str, Any]) -> dict[str, Any]:
        parts = command.split()
        synced = next(c for c in self.commands if c["name"] == parts[0])
        typed = [
            {"name": k, "type": 4 if isinstance(v, int) else 3, "value": v}
            for k, v in options.items()
        ]
        if len(parts) == 3:  # a subcommand of a group: /naval ship add
            typed = [{"name": parts[2], "type": 1, "options": typed}]
            typed = [{"name": parts[1], "type": 2, "options": typed}]
        elif len(parts) == 2:
            typed = [{"name": parts[1], "type": 1, "options": typed}]
        data = {"id": synced["id"], "name": parts[0], "type": 1, "options": typed}
        return self.interaction(2, data, channel=channel)

    async def click(self, custom_id: str, message: dict[str, Any]) -> dict[str, Any]:
        payload = self.interaction(3, {"custom_id": custom_id, "component_type": 2}, message)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def say(self, content: str) -> None:
        await self.dispatch(
            "MESSAGE_CREATE",
            {
                **self.message({"content": content}),
                "author": GM,
                "member": self.member(GM),
                "guild_id": GUILD_ID,
            },
        )
