"""The one exception type the dice language raises for bad input."""

from __future__ import annotations

from bot.i18n import LocalizedError


class DiceError(LocalizedError, ValueError):
    """Input that is a dice command but cannot be rolled: what is wrong, and where.

    ``code`` is a catalog key (``dice.too_many_dice`` …) so each adapter can show it in the
    reader's language; ``column`` is 1-based in the command as typed, or None.
    """

    def __init__(self, code: str, column: int | None = None, **params: object) -> None:
        super().__init__(code, column=column, **params)
        self.column = column


class NotACommand(Exception):
    """Internal signal: the text is not a dice command (BCDice stays silent).

    ``error`` says why, for callers that asked for a strict parse.
    """

    def __init__(self, error: DiceError) -> None:
        super().__init__(error.code)
        self.error = error
