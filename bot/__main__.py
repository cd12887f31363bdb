"""``python -m bot``: run the bot.

python -m bot            Discord with DISCORD_TOKEN set; otherwise the offline console
python -m bot console    the offline console
python -m bot migrate    upgrade the database to the newest schema (also done on start)
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Iterator

from bot.config import Settings
from bot.console import Console, run_console
from bot.store.db import connect
from bot.store.migrate import upgrade

log = logging.getLogger("bot")


async def migrate(url: str) -> None:
    database = connect(url)
    try:
        await upgrade(database)
    finally:
        await database.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__.splitlines()[0])
    parser.add_argument("mode", nargs="?", default="run", choices=["run", "console", "migrate"])
    args = parser.parse_args(argv)
    settings = Settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(message)s")
    asyncio.run(migrate(settings.database_url))
    if args.mode == "migrate":
        print("The database is up to date.")
        return 0
    if args.mode == "run" and settings.discord_token:
        from bot.app import run_bot

        asyncio.run(run_bot(settings))
        return 0
    if args.mode == "run":
        print("DISCORD_TOKEN is not set: starting the offline console.")
    console = Console(system=settings.default_system, locale=settings.default_locale)
    run_console(sys.stdin if not sys.stdin.isatty() else _tty_lines(), print, console)
    return 0


def _tty_lines() -> Iterator[str]:
    while True:
        try:
            yield input("> ")
        except EOFError:
            return


if __name__ == "__main__":
    sys.exit(main())
