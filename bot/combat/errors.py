"""Refusals of the encounter engine and service: a catalog key and what to fill in."""

from __future__ import annotations

from bot.i18n import LocalizedError


class CombatError(LocalizedError):
    """A command that cannot be done now, with a message the user can act on."""


class StaleState(CombatError):
    """Someone else changed the encounter first (optimistic version check)."""

    def __init__(self) -> None:
        super().__init__("combat.stale")
