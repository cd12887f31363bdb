"""Refusals of the encounter engine and service: a catalog key and what to fill in."""

from __future__ import annotations

from bot.i18n import t


class CombatError(Exception):
    """A command that cannot be done now, with a message the user can act on."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    @property
    def message(self) -> str:
        return t(self.code, **self.params)

    def localized(self, locale: str) -> str:
        return t(self.code, locale=locale, **self.params)

    def __str__(self) -> str:
        return self.message


class StaleState(CombatError):
    """Someone else changed the encounter first (optimistic version check)."""

    def __init__(self) -> None:
        super().__init__("combat.stale")
