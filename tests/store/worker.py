"""A bot process's saved-state writes, for the two-process tests: ``python -m tests.store.worker
MODE URL N TAG``, N commands at once (asyncio), printing "ok" or "refused <code>" for each.

fatigue       spend 1 fatigue point of character 1 (as /gurps fatigue spend:1)
unused_cp     one unused-CP use of character 1 (as /gurps unused_cp)
edit          set the stat TAG_<i> on character 1 (as /char edit)
create        create characters TAG-<i> for player 7 (as /char create)
table         add tables T<TAG><i> (as /table add)
"""

from __future__ import annotations

import asyncio
import sys

from bot.i18n import LocalizedError
from bot.store.characters import CharacterStore, change_state
from bot.store.db import connect
from bot.store.tables import TableStore
from bot.systems.gurps import regulation

GUILD, CHARACTER, PLAYER = 200, 1, 7
FULL = 10  # the character's fatigue
TABLE = "表\n1D2\n1:a\n2:b"


def spend_one(row: dict) -> tuple[dict, int]:
    spent = int((row["state"] or {}).get("fatigue_spent", 0))
    spent = min(FULL, spent + 1)
    return {"fatigue_spent": spent}, spent


def use_cp(row: dict) -> tuple[dict, dict]:
    used = regulation.spend_unused_cp(dict((row["state"] or {}).get("unused_cp", {})), "adjust_die")
    return {"unused_cp": used}, used


async def one(mode: str, url_db, tag: str, i: int) -> str:
    characters, tables = CharacterStore(url_db), TableStore(url_db)
    try:
        if mode == "fatigue":
            await change_state(url_db, CHARACTER, spend_one)
        elif mode == "unused_cp":
            await change_state(url_db, CHARACTER, use_cp)
        elif mode == "edit":
            await characters.change_stats(
                CHARACTER, PLAYER, False, lambda now: {**now, f"{tag}_{i}": i}
            )
        elif mode == "create":
            await characters.create(GUILD, PLAYER, "DiceBot", f"{tag}-{i}", {})
        elif mode == "table":
            await tables.add(GUILD, PLAYER, False, f"T{tag}{i}", TABLE)
    except LocalizedError as error:
        return f"refused {error.code}"
    return "ok"


async def main(mode: str, url: str, count: int, tag: str) -> None:
    database = connect(url)
    try:
        results = await asyncio.gather(*(one(mode, database, tag, i) for i in range(count)))
    finally:
        await database.dispose()
    for line in results:
        print(line, flush=True)


if __name__ == "__main__":
    mode, url, count, tag = sys.argv[1:]
    asyncio.run(main(mode, url, int(count), tag))
