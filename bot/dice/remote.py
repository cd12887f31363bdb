"""The port to a BCDice engine outside this process (BCDice's own code rolling the game
systems we do not implement): what the dice layer asks of it and what it answers.

Implementations live in ``bot.bcdice`` (a Node worker running the npm package, or a
BCDice-API server); the dice layer and the cogs see only this interface, so no subprocess or
HTTP detail reaches them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from bot.dice.errors import DiceError
from bot.dice.result import RollResult
from bot.dice.source import DieSource


class EngineError(DiceError):
    """The engine could not answer: unavailable, too slow, or gone mid-roll (a catalog key
    says which, for the user)."""


@dataclass(frozen=True, slots=True)
class SystemEntry:
    """One game system in BCDice's list: ``Cthulhu7th:ChineseTraditional`` …"""

    id: str
    name: str  # in its own language (克蘇魯神話第7版)
    sort_key: str  # Japanese kana reading for Japanese systems (くとるふしんわTRPG)
    locale: str = "ja_jp"


@dataclass(frozen=True, slots=True)
class SystemInfo:
    """What a system says of itself: its help text and the pattern of its commands."""

    id: str
    name: str
    help: str
    pattern: str  # BCDice's COMMAND_PATTERN (a JavaScript/Ruby regular expression)
    flags: str = "i"

    def matcher(self) -> re.Pattern[str] | None:
        """The pattern as a Python expression; None when it cannot be read here (then every
        line goes to the engine, which stays silent for what is not a command)."""
        source = re.sub(r"\(\?<(?![=!])", "(?P<", self.pattern)
        try:
            return re.compile(source, re.IGNORECASE if "i" in self.flags else 0)
        except re.error:
            return None


class RemoteDice(Protocol):
    """A BCDice engine: its systems, what each says of itself, and a roll."""

    @property
    def problem(self) -> EngineError | None:
        """None when usable; else why not, to show users (``dice.bcdice_missing`` …)."""
        ...

    async def systems(self) -> list[SystemEntry]: ...

    async def info(self, system: str) -> SystemInfo: ...

    async def roll(self, system: str, command: str, dice: DieSource | None) -> RollResult | None:
        """Roll ``command`` in ``system``; None when it is not a command there. ``dice``: the
        bot's die source (fixed dice in tests and the console), or None for the engine's own."""
        ...

    async def close(self) -> None: ...


class NoEngine:
    """No BCDice engine on this machine: the native systems only, and a reason to show."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params

    @property
    def problem(self) -> EngineError | None:
        return EngineError(self.code, **self.params)

    async def systems(self) -> list[SystemEntry]:
        return []

    async def info(self, system: str) -> SystemInfo:
        raise EngineError(self.code, **self.params)

    async def roll(self, system: str, command: str, dice: DieSource | None) -> RollResult | None:
        raise EngineError(self.code, **self.params)

    async def close(self) -> None:
        return None


def result_from(answer: dict) -> RollResult:
    """A BCDice result (``rands`` as BCDice gives them: [value, sides]) as ours."""
    return RollResult(
        text=str(answer["text"]),
        secret=bool(answer.get("secret")),
        success=bool(answer.get("success")),
        failure=bool(answer.get("failure")),
        critical=bool(answer.get("critical")),
        fumble=bool(answer.get("fumble")),
        rands=[(int(sides), int(value)) for value, sides in answer.get("rands") or []],
    )
