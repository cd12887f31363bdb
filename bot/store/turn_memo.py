"""Values read from the database during the current turn of the event loop, forgotten at the
start of the next.

A server's version (``bot.store.versions``) is read before every use of a cached setting or
table, and at a busy moment many commands of one server run in the same loop turn. Sharing one
read among them stays exact: every value held was read during the current turn, after the
messages being handled had arrived — so after any commit their senders could have seen — and
a command of this process that wrote resumes only in a later turn than the one in which its
commit was settled, whose reads it would then see afresh.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from typing import Any


class TurnMemo:
    def __init__(self) -> None:
        self._held: dict[Hashable, Any] = {}
        self._clearing = False

    def get(self, key: Hashable) -> Any | None:
        return self._held.get(key)

    def put(self, key: Hashable, value: Any) -> None:
        if not self._clearing:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no loop (a plain call): nothing to share
                return
            loop.call_soon(self._clear)  # runs first thing next turn, before any new message
            self._clearing = True
        self._held[key] = value

    def _clear(self) -> None:
        self._held.clear()
        self._clearing = False
