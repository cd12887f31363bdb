"""``python -m bot`` exactly as an operator starts it, but talking to the fake Discord whose
address is the first argument: the process tests signal it and read its exit code and log.

    python tests/e2e/bot_process.py http://127.0.0.1:PORT [run|sync …]
"""

from __future__ import annotations

import sys

import discord
import yarl

from bot.__main__ import main

if __name__ == "__main__":
    address = sys.argv[1]
    discord.http.Route.BASE = f"{address}/api/v10"
    gateway = yarl.URL(address.replace("http://", "ws://", 1) + "/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway
    sys.exit(main(sys.argv[2:]))
