"""One typed entry of the console: lines joined while a quote is open, then a slash command's
words split into the command's path and its ``name:value`` options.

Nothing is an escape: ``\\n`` stays the two characters it is (a table's line break, as in
Discord), and a value keeps the line breaks typed or pasted into it, so a table pasted after
``content:`` (quoted, or in one paste) arrives whole."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

from bot.i18n.commands import english_option

Read = Callable[[str], Awaitable[str | None]]  # the next line (given a prompt), None at the end
PROMPT, MORE = "> ", "… "


async def entries(read: Read) -> AsyncIterator[str]:
    """Entries from ``read``: a slash command with an open double quote goes on over the next
    lines until the quote closes (or the input ends)."""
    while (line := await read(PROMPT)) is not None:
        while line.lstrip().startswith("/") and line.count('"') % 2:
            more = await read(MORE)
            if more is None:
                break
            line += "\n" + more
        yield line


def words(text: str) -> list[tuple[str, str, bool]]:
    """``(word, what separated it from the one before, whether it began with a quote)``;
    double quotes group and are dropped."""
    found: list[tuple[str, str, bool]] = []
    word, gap, quoted, started, literal = "", "", False, False, False
    for char in text:
        if char == '"':
            literal = literal or not started
            quoted, started = not quoted, True
        elif char.isspace() and not quoted:
            if started:
                found.append((word, gap, literal))
                word, gap, started, literal = "", "", False, False
            gap += char
        else:
            word, started = word + char, True
    if started:
        found.append((word, gap, literal))
    return found


def split_options(text: str) -> tuple[list[str], dict[str, str]]:
    """``combat add name:Goblin Chief count:2`` → ``(["combat", "add"], {"name": "Goblin
    Chief", "count": "2"})``: a word that is not ``name:…`` (or is quoted) belongs to the
    value before it, joined by a line break where one was typed, else by a space."""
    path: list[str] = []
    options: dict[str, str] = {}
    last: str | None = None
    for word, gap, literal in words(text):
        key, colon, value = word.partition(":")
        if colon and not literal and key.isidentifier() and key.isascii():
            options[key], last = value, key
        elif colon and not literal and (own := english_option(key)) is not None:
            options[own], last = value, own  # an option as a Japanese or Chinese client names it
        elif last is not None:
            options[last] += ("\n" if "\n" in gap else " ") + word
        else:
            path.append(word)
    return path, options
