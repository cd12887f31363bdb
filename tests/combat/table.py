"""A table for service-level tests: a GM with GM rights, three players, dice the test loads."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import Event
from bot.combat.model import Encounter, Side, Stats
from bot.combat.service import Caller, EncounterService
from bot.store.db import Database
from bot.systems import ruleset

GM = Caller(1, manages_channel=True)
ALICE, BOB, CAROL = Caller(2), Caller(3), Caller(4)
CHANNEL, GUILD = 100, 200


class Dice:
    """Loaded values first, then 3s (so an unloaded check never crits or fumbles)."""

    def __init__(self) -> None:
        self.queue: list[int] = []

    def load(self, *values: int) -> None:
        self.queue = list(values)

    def __call__(self, sides: int) -> int:
        return self.queue.pop(0) if self.queue else min(3, sides)


class Table:
    def __init__(self, database: Database) -> None:
        self.dice = Dice()
        self.service = EncounterService(database, ruleset, self.dice)

    async def start(self, system: str) -> None:
        await self.service.start(CHANNEL, GUILD, GM, system)

    async def add(
        self,
        name: str,
        caller: Caller = GM,
        *,
        side: Side = Side.NPC,
        hidden: bool = False,
        extra: dict[str, Any] | None = None,
        **stats: Any,
    ) -> int:
        out = await self.service.add(
            CHANNEL, caller, name, side=side, hidden=hidden, stats=Stats(**stats), extra=extra,
            owner_id=caller.user_id if side is Side.PC else None,
        )  # fmt: skip
        return out.events[0].combatant_id  # type: ignore[attr-defined]

    async def act(
        self, caller: Caller, action: str, who: str | int | None = None, detail: str = ""
    ) -> list[Event]:
        return (await self.service.act(CHANNEL, caller, action, who, detail)).events

    async def next(self, times: int = 1) -> list[Event]:
        events: list[Event] = []
        for _ in range(times):
            events += (await self.service.next(CHANNEL, GM)).events
        return events

    async def state(self) -> Encounter:
        enc = await self.service.status(CHANNEL)
        assert enc is not None
        return enc

    async def refused(self, caller: Caller, action: str, who: str | int | None = None,
                      detail: str = "") -> CombatError:  # fmt: skip
        with pytest.raises(CombatError) as error:
            await self.service.act(CHANNEL, caller, action, who, detail)
        return error.value


def of(events: Iterable[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
