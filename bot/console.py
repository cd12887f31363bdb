"""The offline console: the bot's commands typed in a terminal, no Discord needed.

Dice commands roll in the current system, exactly as in a channel. Lines that start with
``/`` are console commands (``/help`` lists them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from bot.dice import DiceError, roll
from bot.dice.tables import DiceTable, parse_table
from bot.i18n import t, use_locale
from bot.systems import SYSTEM_IDS


@dataclass
class Console:
    system: str = "DiceBot"
    locale: str = "ja"
    tables: dict[str, DiceTable] = field(default_factory=dict)

    def handle(self, line: str, more: Callable[[], str | None] = lambda: None) -> list[str]:
        """Answer one typed line. ``more`` reads further lines (a pasted table)."""
        with use_locale(self.locale):
            line = line.strip()
            if not line:
                return []
            if line.startswith("/"):
                return self._console_command(line[1:].split(), more)
            try:
                result = roll(line, system=self.system, strict=True, tables=self.tables)
            except DiceError as error:
                return [t("console.error", message=error.message)]
            assert result is not None  # strict mode raises instead of answering None
            prefix = t("console.secret") + " " if result.secret else ""
            return [prefix + result.text]

    def _console_command(self, words: list[str], more: Callable[[], str | None]) -> list[str]:
        name, args = (words[0].lower(), words[1:]) if words else ("help", [])
        if name == "system":
            return self._set_system(args)
        if name == "locale" and args and args[0] in ("ja", "zh-TW", "en"):
            self.locale = args[0]
            return [t("console.locale", locale=self.locale, language=self.locale)]
        if name == "table":
            return self._table(args, more)
        if name in ("quit", "exit"):
            raise EOFError
        return [t("console.help", systems=", ".join(SYSTEM_IDS))]

    def _set_system(self, args: list[str]) -> list[str]:
        if not args:
            return [t("console.system", system=self.system)]
        match = next((s for s in SYSTEM_IDS if s.lower() == args[0].lower()), None)
        if match is None:
            return [t("dice.unknown_system", system=args[0], known=", ".join(SYSTEM_IDS))]
        self.system = match
        return [t("console.system", system=self.system)]

    def _table(self, args: list[str], more: Callable[[], str | None]) -> list[str]:
        if len(args) == 2 and args[0].lower() == "add":
            lines = []
            while (line := more()) is not None and line.strip():
                lines.append(line)
            try:
                table = parse_table("\n".join(lines))
            except DiceError as error:
                return [t("console.error", message=error.message)]
            self.tables[args[1].upper()] = table
            return [t("console.table_added", name=table.name, command=args[1].upper())]
        if args and args[0].lower() == "list":
            names = ", ".join(f"{cmd} ({table.name})" for cmd, table in self.tables.items())
            return [names or t("console.no_tables")]
        return [t("console.help", systems=", ".join(SYSTEM_IDS))]


def run_console(
    lines: Iterable[str], write: Callable[[str], None], console: Console | None = None
) -> None:
    """Read commands until the input ends or ``/quit``; write each answer."""
    console = console or Console()
    iterator = (line.rstrip("\r\n") for line in lines)
    with use_locale(console.locale):
        write(t("console.welcome", system=console.system))
    for line in iterator:
        try:
            answers = console.handle(line, lambda: next(iterator, None))
        except EOFError:
            break
        for answer in answers:
            write(answer)
