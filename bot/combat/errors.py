"""Refusals of the encounter engine and service: a catalog key and what to fill in."""

from __future__ import annotations

from bot.i18n import LocalizedError


class CombatError(LocalizedError):
    """A command that cannot be done now, with a message the user can act on."""


class StaleState(CombatError):
    """Someone else changed the encounter first (optimistic version check)."""

    def __init__(self) -> None:
        super().__init__("combat.stale")


class SkipUnconfirmed(CombatError):
    """The GM's Next would pass over a player's turn before they have done anything in it:
    a mis-click must not cost a player a turn, so the GM confirms it (a button)."""

    def __init__(self, name: str, version: int) -> None:
        super().__init__("combat.confirm_skip", name=name)
        self.version = version  # the state the confirmation is for


class FieldError(CombatError):
    """A bad value in one named field (``dodge=2D6+``): the field, then what is wrong with it."""

    def __init__(self, key: str, value: str, error: LocalizedError) -> None:
        super().__init__("combat.bad_field", key=key, value=value[:40])
        self.error = error

    @property
    def message(self) -> str:
        return f"{super().message} {self.error.message}"

    def localized(self, locale: str) -> str:
        return f"{super().localized(locale)} {self.error.localized(locale)}"
