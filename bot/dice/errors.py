"""The one exception type the dice language raises for bad input."""

from __future__ import annotations

from bot.i18n import t


class DiceError(ValueError):
    """Input that is a dice command but cannot be rolled: what is wrong, and where.

    ``code`` is a catalog key (``dice.too_many_dice`` …) so each adapter can show it in the
    reader's language; ``column`` is 1-based in the command as typed, or None.
    """

    def __init__(self, code: str, column: int | None = None, **params: object) -> None:
        self.code = code
        self.column = column
        self.params: dict[str, object] = {"column": column, **params}
        super().__init__(code)

    @property
    def message(self) -> str:
        return t(self.code, **self.params)

    def localized(self, locale: str) -> str:
        return t(self.code, locale=locale, **self.params)

    def __str__(self) -> str:
        return self.message


class NotACommand(Exception):
    """Internal signal: the text is not a dice command (BCDice stays silent).

    ``error`` says why, for callers that asked for a strict parse.
    """

    def __init__(self, error: DiceError) -> None:
        super().__init__(error.code)
        self.error = error
