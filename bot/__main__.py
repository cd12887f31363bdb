"""``python -m bot``: run the bot.

    python -m bot            Discord with DISCORD_TOKEN set; otherwise, in a terminal, the console
    python -m bot console    the offline console (options below)
    python -m bot migrate    upgrade the database to the newest schema (also done on start)
    python -m bot sync       send the slash commands to Discord now (a start sends them only
                             when they changed since the last time)
    python -m bot check      log in once: does the token work, is the Message Content intent
                             on, and the URL that invites the bot

Exit codes: 0 stopped (SIGTERM, SIGINT), 2 a setting or the database is wrong or missing,
3 Discord refused the token, 4 Discord cannot be reached.

Console options: --script FILE (commands from a file), --dice 6,6,3 (the next die results),
--json (one JSON object per reply and per domain event), --db URL (another database),
--out DIR (where pictures and files are saved, ./console-out/ by default).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError

from bot.config import Settings
from bot.store.db import connect
from bot.store.migrate import upgrade
from bot.store.urls import BadDatabaseUrl, database_url, shown

NO_TOKEN = (
    "DISCORD_TOKEN is not set. Put it in .env (see .env.example) or the environment; "
    "`python -m bot console` plays offline in a terminal."
)


async def migrate(url: str) -> None:
    database = connect(url)
    try:
        await upgrade(database)
    finally:
        await database.dispose()


async def console(settings: Settings, args: argparse.Namespace) -> None:
    from bot.app import build_bot
    from bot.console import FixedThenRandom, parse_dice, play
    from bot.console_input import choose

    dice = FixedThenRandom(parse_dice(args.dice)) if args.dice else None
    # One user at a terminal: the tracker follows every command (no rate limit to respect).
    bot = build_bot(settings.model_copy(update={"tracker_interval": 0}), dice=dice)
    await play(bot, choose(args.script), print, as_json=args.json, out=Path(args.out))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__.splitlines()[0])
    parser.add_argument(
        "mode", nargs="?", default="run", choices=["run", "console", "migrate", "sync", "check"]
    )
    parser.add_argument("--script", help="read console commands from this file")
    parser.add_argument("--dice", help="the next die results, e.g. 6,6,3")
    parser.add_argument("--json", action="store_true", help="one JSON object per reply and event")
    parser.add_argument(
        "--db", help="database URL or SQLite file (default: DATABASE_URL or data/bot.sqlite3)"
    )
    parser.add_argument(
        "--out", default="console-out", help="where the console saves pictures and files"
    )
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:  # one clear line a setting, no traceback
        for problem in error.errors():
            name = ".".join(str(p) for p in problem["loc"]).upper()
            message = problem["msg"].removeprefix("Value error, ")
            # A rule over several settings (SHARD_IDS with SHARD_COUNT) names them itself.
            print(f"{name}: {message}" if name else message, file=sys.stderr)
        return 2
    if args.db:
        # A plain path is a SQLite file; anything with a scheme is a database URL.
        url = args.db if "://" in args.db else f"sqlite+aiosqlite:///{Path(args.db).resolve()}"
        try:
            url = database_url(url)
        except BadDatabaseUrl as error:
            parser.error(f"--db: {error}")
        settings = settings.model_copy(update={"database_url": url})
    token = settings.discord_token
    online = args.mode in ("sync", "check")
    if not token and (online or (args.mode == "run" and not sys.stdin.isatty())):
        print(NO_TOKEN, file=sys.stderr)  # a container or a service: no one at a console
        return 2
    configure_logging(settings.log_level, console=args.mode == "console" or not token)
    try:
        asyncio.run(migrate(settings.database_url))
    except (OSError, SQLAlchemyError) as error:
        # A wrong host, port or password: say so plainly instead of a traceback.
        print(f"Cannot open the database {shown(settings.database_url)}: {error}", file=sys.stderr)
        return 2
    if args.mode == "migrate":
        print("The database is up to date.")
        return 0
    if online or (token and args.mode == "run"):
        return _online(args.mode, settings)
    if args.mode == "run":
        print("DISCORD_TOKEN is not set: starting the offline console.", flush=True)
    asyncio.run(console(settings, args))
    return 0


def _online(mode: str, settings: Settings) -> int:
    from bot.app import StartFailure, check_now, run_bot, sync_now

    start = {"sync": sync_now, "check": check_now}.get(mode, run_bot)
    try:
        asyncio.run(start(settings))
    except StartFailure as failure:
        print(failure, file=sys.stderr)
        return failure.code
    return 0


def configure_logging(level: str, *, console: bool) -> None:
    """The bot's and discord.py's records at LOG_LEVEL. SQLAlchemy's INFO is every statement
    and Alembic's the same few lines each start, so they stay at WARNING. The console is a
    player's terminal: only the bot's warnings unless LOG_LEVEL=DEBUG (discord.py there talks
    to SimCord's in-memory Discord, whose set-up it would warn about)."""
    if console and level != "DEBUG":
        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
        logging.getLogger("discord").setLevel(logging.ERROR)
    else:
        logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for quiet in ("alembic", "sqlalchemy"):
        logging.getLogger(quiet).setLevel(logging.WARNING)


if __name__ == "__main__":
    sys.exit(main())
