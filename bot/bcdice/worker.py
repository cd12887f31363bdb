"""The Node worker: one long-lived ``node worker.js`` process, spoken to in JSON lines.

One command at a time (the worker is single-threaded; callers queue on a lock, first come
first served). A command that takes longer than ``timeout`` kills the worker (it is started
again for the next command) and is refused with ``dice.bcdice_timeout``. A worker that dies
under a command is started again and the command retried once; dying again refuses it with
``dice.bcdice_crashed``. Commands queued behind it go on to the new worker: none is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from bot.dice.remote import EngineError, SystemEntry, SystemInfo, result_from
from bot.dice.result import RollResult
from bot.dice.source import DieSource

log = logging.getLogger("bot.bcdice")
SCRIPT = Path(__file__).with_name("worker.js")
TIMEOUT = 1.0  # seconds one command may take
START_TIMEOUT = 20.0  # seconds Node may take to start and load BCDice (a slow, busy machine)
LINE_LIMIT = 16 * 1024 * 1024  # a help text or a result is far smaller


class WorkerGone(Exception):
    """The worker's output ended: it died (or was killed) under the command."""


@dataclass(slots=True)
class Counters:
    """What happened to the worker, for the log and the benchmark."""

    starts: int = 0
    timeouts: int = 0
    crashes: int = 0
    retries: int = 0
    last_start_seconds: float = 0.0


class NodeWorker:
    def __init__(
        self,
        node: str,
        home: Path,
        *,
        timeout: float = TIMEOUT,
        start_timeout: float = START_TIMEOUT,
        catalog: Callable[[], list[SystemEntry]] | None = None,
    ) -> None:
        self.node = node
        self.home = home  # holds node_modules/bcdice
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.counters = Counters()
        self._catalog = catalog
        self._process: asyncio.subprocess.Process | None = None
        self._lock = asyncio.Lock()
        self._queue: list[_Waiting] = []  # requests for the next batch
        self._next_id = 0
        self._infos: dict[str, SystemInfo] = {}
        self._version = ""
        # The worker's stderr goes to a file, not a pipe: a pipe nobody reads can fill and
        # stall the worker; the file tells why a start failed.
        self._errors: IO[bytes] | None = None

    @property
    def problem(self) -> EngineError | None:
        return None

    @property
    def pid(self) -> int | None:
        process = self._process
        return process.pid if process is not None and process.returncode is None else None

    # -- the port ------------------------------------------------------------------------
    async def systems(self) -> list[SystemEntry]:
        if self._catalog is not None:  # read from the package's own list: no start needed
            return self._catalog()
        answer = await self._ask({"op": "systems"}, None, retry=True)
        return [SystemEntry(a["id"], a["name"], a["sort_key"], a["locale"]) for a in answer]

    async def info(self, system: str) -> SystemInfo:
        found = self._infos.get(system)
        if found is None:
            a = await self._ask({"op": "info", "system": system}, None, retry=True)
            found = SystemInfo(a["id"], a["name"], a["help"], a["pattern"], a["flags"])
            self._infos[system] = found
        return found

    async def roll(self, system: str, command: str, dice: DieSource | None) -> RollResult | None:
        request = {"op": "roll", "system": system, "command": command}
        request["dice"] = "bot" if dice is not None else "worker"
        answer = await self._ask(request, dice, retry=True)
        return None if answer is None else result_from(answer)

    async def stats(self) -> dict[str, Any]:
        return await self._ask({"op": "stats"}, None, retry=True)

    async def close(self) -> None:
        async with self._lock:
            await self._stop()
            if self._errors is not None:
                self._errors.close()
                self._errors = None

    # -- the process ---------------------------------------------------------------------
    async def start(self) -> None:
        async with self._lock:
            await self._ensure()

    async def _ensure(self) -> asyncio.subprocess.Process:
        if self._process is not None and self._process.returncode is None:
            return self._process
        began = time.perf_counter()
        if self._errors is not None:
            self._errors.close()
        self._errors = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the worker
        try:
            process = await asyncio.create_subprocess_exec(
                self.node, str(SCRIPT), str(self.home),
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=self._errors, limit=LINE_LIMIT,
            )  # fmt: skip
        except OSError as error:
            raise EngineError("dice.bcdice_unavailable", reason=str(error)) from None
        self._process = process
        try:
            async with asyncio.timeout(self.start_timeout):
                hello = await self._read(process)
        except (TimeoutError, WorkerGone):
            reason = await self._stop_with_reason()
            raise EngineError("dice.bcdice_unavailable", reason=reason) from None
        self._version = str(hello.get("version", ""))
        self.counters.starts += 1
        self.counters.last_start_seconds = time.perf_counter() - began
        log.info(
            "BCDice worker started (pid %s, BCDice %s, %.0f ms)",
            process.pid, self._version, self.counters.last_start_seconds * 1000,
        )  # fmt: skip
        return process

    async def _stop_with_reason(self) -> str:
        await self._stop()
        errors = self._errors
        if errors is not None:
            errors.seek(0)
            lines = errors.read()[-4000:].decode("utf-8", "replace").strip().splitlines()
            if lines:
                return lines[-1][:300]
        return "no answer within the start time"

    async def _stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(process.wait(), 5)


    async def _read(self, process: asyncio.subprocess.Process) -> dict[str, Any]:
        assert process.stdout is not None
        line = await process.stdout.readline()
        if not line:
            raise WorkerGone
        return json.loads(line)

    # -- requests ------------------------------------------------------------------------
    async def _ask(self, request: dict[str, Any], dice: DieSource | None, *, retry: bool) -> Any:
        """With the worker's own dice, requests waiting together go in one batch (written at
        once, answered in order): one trip through the event loop for many rolls. With the
        bot's dice a command has the worker to itself (its dice are asked one by one)."""
        if dice is not None:
            async with self._lock:
                return await self._alone(request, dice, retry=retry)
        waiting = _Waiting(request, asyncio.get_running_loop().create_future())
        self._queue.append(waiting)
        async with self._lock:
            if not waiting.future.done():
                batch, self._queue = self._queue, []
                await self._run_batch([w for w in batch if not w.future.done()])
        return waiting.future.result()

    async def _run_batch(self, batch: list[_Waiting]) -> None:
        pending = batch
        try:
            while pending:
                try:
                    process = await self._ensure()
                except EngineError as error:
                    for w in pending:
                        _settle_error(w, error)
                    return
                pending = await self._send_batch(process, pending)
        except BaseException:
            # Cancelled mid-batch: the others' rolls are refused, never left waiting.
            await self._stop()
            for w in pending:
                _settle_error(w, EngineError("dice.bcdice_crashed"))
            raise

    async def _send_batch(
        self, process: asyncio.subprocess.Process, batch: list[_Waiting]
    ) -> list[_Waiting]:
        """Send ``batch`` and settle what is answered; what must go again (on a new worker)
        is returned: the rolls after a slow or fatal one, and a fatal one's first retry."""
        assert process.stdin is not None
        waiting: dict[int, _Waiting] = {}
        for w in batch:
            self._next_id += 1
            waiting[self._next_id] = w
            process.stdin.write(json.dumps({"id": self._next_id, **w.request}).encode() + b"\n")
        try:
            async with asyncio.timeout(self.timeout):
                await process.stdin.drain()
            while waiting:
                async with asyncio.timeout(self.timeout):  # each command its own second
                    message = await self._read(process)
                w = waiting.pop(message.get("id"), None)  # type: ignore[arg-type]
                if w is None:
                    continue
                if message.get("ok"):
                    if not w.future.done():
                        w.future.set_result(message.get("result"))
                else:
                    _settle_error(w, _refusal(message, w.request))
            return []
        except TimeoutError:
            self.counters.timeouts += 1
            slow = waiting.pop(min(waiting))  # the worker answers in order: the oldest is slow
            log.warning(
                "BCDice worker: %s took over %.1f s; restarting it",
                slow.request.get("command", slow.request["op"]), self.timeout,
            )  # fmt: skip
            await self._stop()
            _settle_error(slow, EngineError("dice.bcdice_timeout", seconds=self.timeout))
            return list(waiting.values())
        except (WorkerGone, BrokenPipeError, ConnectionResetError):
            self.counters.crashes += 1
            log.warning("BCDice worker (pid %s) died under a roll", process.pid)
            await self._stop()
            first = min(waiting)
            victim = waiting[first]
            victim.attempts += 1
            if victim.attempts >= 2:
                del waiting[first]
                _settle_error(victim, EngineError("dice.bcdice_crashed"))
            else:
                self.counters.retries += 1
            return list(waiting.values())

    async def _alone(self, request: dict[str, Any], dice: DieSource, *, retry: bool) -> Any:
        for attempt in (1, 2):
            process = await self._ensure()
            try:
                return await self._exchange(process, request, dice)
            except TimeoutError:
                self.counters.timeouts += 1
                log.warning(
                    "BCDice worker: %s took over %.1f s; restarting it",
                    request.get("command", request["op"]), self.timeout,
                )  # fmt: skip
                await self._stop()
                raise EngineError("dice.bcdice_timeout", seconds=self.timeout) from None
            except (WorkerGone, BrokenPipeError, ConnectionResetError):
                self.counters.crashes += 1
                log.warning("BCDice worker (pid %s) died under %s", process.pid, request["op"])
                await self._stop()
                if not retry or attempt == 2:
                    raise EngineError("dice.bcdice_crashed") from None
                self.counters.retries += 1
            except BaseException:
                # The die source failed (or we were cancelled) in the middle of a command:
                # the worker waits for an answer it will never get, so it goes.
                await self._stop()
                raise
        raise AssertionError("unreachable")

    async def _exchange(
        self, process: asyncio.subprocess.Process, request: dict[str, Any], dice: DieSource
    ) -> Any:
        assert process.stdin is not None
        self._next_id += 1
        ident = self._next_id
        process.stdin.write(json.dumps({"id": ident, **request}).encode() + b"\n")
        async with asyncio.timeout(self.timeout):
            await process.stdin.drain()
            while True:
                message = await self._read(process)
                if message.get("id") != ident:
                    continue  # an answer to a request given up on (cannot happen under the lock)
                if "die" in message:  # the bot's die source decides this die
                    value = _draw(dice, int(message["die"]))
                    process.stdin.write(json.dumps({"id": ident, "value": value}).encode() + b"\n")
                    await process.stdin.drain()
                    continue
                if message.get("ok"):
                    return message.get("result")
                raise _refusal(message, request)


@dataclass(slots=True)
class _Waiting:
    """A request waiting for its answer, and how often a dying worker took it down."""

    request: dict[str, Any]
    future: asyncio.Future[Any]
    attempts: int = 0


def _settle_error(waiting: _Waiting, error: BaseException) -> None:
    if not waiting.future.done():
        waiting.future.set_exception(error)


def _draw(dice: DieSource | None, sides: int) -> int:
    if dice is None:  # the worker asked although we said it rolls itself
        raise EngineError("dice.bcdice_crashed")
    value = dice(sides)
    if not 1 <= value <= sides:
        raise ValueError(f"die source returned {value!r} for a {sides}-sided die")
    return value


def _refusal(message: dict[str, Any], request: dict[str, Any]) -> EngineError:
    code = message.get("error")
    if code == "unknown_system":
        return EngineError("dice.bcdice_unknown_system", system=request.get("system", ""))
    log.warning("BCDice worker refused %s: %s", request, message.get("detail"))
    return EngineError("dice.bcdice_failed", detail=str(message.get("detail", ""))[:200])
