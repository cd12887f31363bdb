"""Every game system behind one call: ours (DiceBot, GranCrest, GURPS, Esperancer) rolled
here, every other BCDice system sent to BCDice's engine through the ``RemoteDice`` port.

The cogs and the console call this; they never ask which engine a system has.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.dice.engine import roll, roll_table
from bot.dice.errors import DiceError
from bot.dice.limits import MAX_INPUT
from bot.dice.registry import known
from bot.dice.remote import EngineError, RemoteDice, SystemEntry, SystemInfo
from bot.dice.result import RollResult
from bot.dice.source import DieSource

if TYPE_CHECKING:
    from bot.dice.tables import DiceTable

log = logging.getLogger("bot.dice")


@dataclass(frozen=True, slots=True)
class Found:
    """A system as ``/system set`` resolves it: its id and whether we roll it ourselves."""

    id: str
    native: bool


class DiceService:
    def __init__(self, remote: RemoteDice, dice: DieSource | None = None) -> None:
        self.remote = remote
        self.dice = dice  # the bot's die source; None = each engine's own random dice
        self._matchers: dict[str, re.Pattern[str] | None] = {}

    @staticmethod
    def is_native(system: str) -> bool:
        folded = system.casefold()
        return any(folded == s.casefold() for s in known())

    async def roll(
        self,
        text: str,
        system: str,
        *,
        strict: bool = False,
        tables: Mapping[str, DiceTable] | None = None,
    ) -> RollResult | None:
        """One line in ``system``: as ``bot.dice.roll`` (None = not a command, silence)."""
        if self.is_native(system):
            return roll(text, system=system, dice=self.dice, strict=strict, tables=tables)
        if len(text) > MAX_INPUT:
            raise DiceError("dice.too_long", length=len(text), limit=MAX_INPUT)
        if tables:
            mine = roll_table(text, tables, self.dice)
            if mine is not None:
                return mine
        line = text.strip()
        if not strict and not await self._may_be_command(system, line):
            return None
        result = await self.remote.roll(system, line, self.dice)
        if result is None and strict:
            raise DiceError("dice.not_command", 1, text=line[:100])
        return result

    async def _may_be_command(self, system: str, line: str) -> bool:
        """BCDice's own test, its COMMAND_PATTERN, before the engine is asked at all. Without
        the pattern (the engine is gone) chat stays silent: an error for every line of chat
        would drown the channel; /roll says what is wrong."""
        if system not in self._matchers:
            try:
                self._matchers[system] = (await self.remote.info(system)).matcher()
            except EngineError as error:
                log.warning("chat in %s not read: BCDice's engine: %s", system, error.code)
                return False
        matcher = self._matchers[system]
        return matcher is None or matcher.search(line) is not None

    async def catalog(self) -> list[SystemEntry]:
        """BCDice's systems other than ours (empty without an engine)."""
        if self.remote.problem is not None:
            return []
        natives = {s.casefold() for s in known()}
        return [s for s in await self.remote.systems() if s.id.casefold() not in natives]

    async def find(self, typed: str) -> Found | None:
        """The system ``typed`` names (its id in any letter case)."""
        folded = typed.strip().casefold()
        for system in known():
            if system.casefold() == folded:
                return Found(system, native=True)
        for entry in await self.catalog():
            if entry.id.casefold() == folded:
                return Found(entry.id, native=False)
        return None

    async def info(self, system: str) -> SystemInfo:
        return await self.remote.info(system)
