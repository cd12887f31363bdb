"""``python -m bot`` exactly as an operator starts it, but talking to the fake Discord whose
address is the first argument: the process tests signal it and read its exit code and log.

    python tests/e2e/bot_process.py http://127.0.0.1:PORT [run|sync …]

``FAKE_AGENT_TAG`` sends an ``X-Fake-Process`` header with each request, so a test that runs several
processes can see which one answered.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import aiohttp
import discord
import yarl

from bot.__main__ import main

if __name__ == "__main__":
    address = sys.argv[1]
    discord.http.Route.BASE = f"{address}/api/v10"
    gateway = yarl.URL(address.replace("http://", "ws://", 1) + "/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway
    tag = os.environ.get("FAKE_AGENT_TAG")
    if tag:  # so the fake Discord can tell which process sent a request (webhooks included)
        plain_init = aiohttp.ClientSession.__init__

        def tagged_init(self: aiohttp.ClientSession, *args: Any, **kwargs: Any) -> None:
            kwargs["headers"] = {**(kwargs.get("headers") or {}), "X-Fake-Process": tag}
            plain_init(self, *args, **kwargs)

        aiohttp.ClientSession.__init__ = tagged_init  # type: ignore[method-assign]
    sys.exit(main(sys.argv[2:]))
