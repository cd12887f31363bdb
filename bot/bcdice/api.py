"""A BCDice-API v2 server (``BCDICE_API_URL``): the ecosystem's usual HTTP front of BCDice.

``GET /v2/game_system`` lists the systems, ``/v2/game_system/{id}`` gives one's help and
command pattern, ``/v2/game_system/{id}/roll?command=…`` rolls. Every request has a timeout;
an unreachable or broken server is refused with ``dice.bcdice_api_unreachable`` naming the URL.
The server rolls its own dice: the bot's fixed dice (tests, ``--dice``) cannot reach it.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import quote

import aiohttp

from bot.dice.remote import EngineError, SystemEntry, SystemInfo
from bot.dice.result import RollResult
from bot.dice.source import DieSource

log = logging.getLogger("bot.bcdice")
TIMEOUT = 3.0  # seconds: a roll answered later than this is no longer a conversation


class ApiEngine:
    def __init__(self, url: str, *, timeout: float = TIMEOUT) -> None:
        self.url = url.rstrip("/")
        self.timeout = timeout
        self._session: aiohttp.ClientSession | None = None
        self._systems: list[SystemEntry] | None = None
        self._infos: dict[str, SystemInfo] = {}

    @property
    def problem(self) -> EngineError | None:
        return None

    async def systems(self) -> list[SystemEntry]:
        if self._systems is None:
            answer = await self._get("/v2/game_system")
            self._systems = [
                SystemEntry(s["id"], s["name"], s.get("sort_key", ""), s.get("locale", "ja_jp"))
                for s in answer.get("game_system", [])
            ]
        return self._systems

    async def info(self, system: str) -> SystemInfo:
        found = self._infos.get(system)
        if found is None:
            a = await self._get(f"/v2/game_system/{quote(system, safe='')}", refusal_ok=True)
            if not a.get("ok", True):
                raise EngineError("dice.bcdice_unknown_system", system=system)
            pattern = str(a.get("command_pattern", ""))
            found = SystemInfo(a["id"], a["name"], a.get("help_message", ""), *_js(pattern))
            self._infos[system] = found
        return found

    async def roll(self, system: str, command: str, dice: DieSource | None) -> RollResult | None:
        path = f"/v2/game_system/{quote(system, safe='')}/roll"
        answer = await self._get(path, params={"command": command}, refusal_ok=True)
        if not answer.get("ok"):
            reason = str(answer.get("reason", ""))
            if "game system" in reason.lower():
                raise EngineError("dice.bcdice_unknown_system", system=system)
            return None  # "unsupported command": not a command in this system
        return RollResult(
            text=str(answer["text"]),
            secret=bool(answer.get("secret")),
            success=bool(answer.get("success")),
            failure=bool(answer.get("failure")),
            critical=bool(answer.get("critical")),
            fumble=bool(answer.get("fumble")),
            rands=[(int(r["sides"]), int(r["value"])) for r in answer.get("rands") or []],
        )

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def _get(
        self, path: str, params: dict[str, str] | None = None, *, refusal_ok: bool = False
    ) -> dict[str, Any]:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=self.timeout))
        try:
            async with self._session.get(self.url + path, params=params) as response:
                if response.status >= 500 or (response.status >= 400 and not refusal_ok):
                    raise self._unreachable(f"HTTP {response.status}")
                return await response.json(content_type=None)
        except TimeoutError:
            raise self._unreachable(f"no answer within {self.timeout:g} s") from None
        except (aiohttp.ClientError, ValueError) as error:
            raise self._unreachable(type(error).__name__) from None

    def _unreachable(self, reason: str) -> EngineError:
        log.warning("BCDice-API at %s: %s", self.url, reason)
        return EngineError("dice.bcdice_api_unreachable", url=self.url, reason=reason)


def _js(pattern: str) -> tuple[str, str]:
    """BCDice-API gives the pattern as Ruby/JS writes it (``/^S?…/i``): source and flags."""
    if pattern.startswith("/") and pattern.rfind("/") > 0:
        end = pattern.rfind("/")
        return pattern[1:end], pattern[end + 1 :]
    return pattern, "i"
