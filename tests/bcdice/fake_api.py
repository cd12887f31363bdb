"""A small fake BCDice-API v2 server on localhost, answering as BCDice-API does."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import pytest
from aiohttp import web

HELP = "・判定 CC(x)<=（目標値）"
TEXT = "(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 42 ＞ 42 ＞ レギュラー成功"


class FakeBcdiceApi:
    """BCDice-API v2's three GETs for one system; ``delay`` makes it slow."""

    def __init__(self) -> None:
        self.delay = 0.0
        self.asked: list[str] = []

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/v2/game_system", self.systems)
        app.router.add_get("/v2/game_system/{id}", self.info)
        app.router.add_get("/v2/game_system/{id}/roll", self.roll)
        return app

    async def systems(self, request: web.Request) -> web.Response:
        listed = [
            {"id": "Cthulhu7th", "name": "新クトゥルフ神話TRPG", "sort_key": "しんくとうるふ"}
        ]
        return web.json_response({"game_system": listed})

    async def info(self, request: web.Request) -> web.Response:
        if request.match_info["id"] != "Cthulhu7th":
            return web.json_response({"ok": False, "reason": "unsupported game system"}, status=400)
        return web.json_response(
            {
                "ok": True,
                "id": "Cthulhu7th",
                "name": "新クトゥルフ神話TRPG",
                "sort_key": "しんくとうるふ",
                "command_pattern": "/^S?(CC|\\d+D)/i",
                "help_message": HELP,
            }
        )

    async def roll(self, request: web.Request) -> web.Response:
        command = request.query["command"]
        self.asked.append(command)
        await asyncio.sleep(self.delay)
        if not command.upper().lstrip("S").startswith("CC"):
            return web.json_response({"ok": False, "reason": "unsupported command"}, status=400)
        return web.json_response(
            {
                "ok": True,
                "text": TEXT,
                "secret": command.upper().startswith("S"),
                "success": True,
                "failure": False,
                "critical": False,
                "fumble": False,
                "rands": [
                    {"kind": "normal", "sides": 10, "value": 4},
                    {"kind": "normal", "sides": 10, "value": 2},
                ],
            }
        )


@pytest.fixture(name="fake_api")
async def fake_api_server() -> AsyncIterator[tuple[FakeBcdiceApi, str]]:
    fake = FakeBcdiceApi()
    runner = web.AppRunner(fake.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield fake, f"http://127.0.0.1:{port}"
    await runner.cleanup()


def closed_port() -> int:
    """A local port nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
