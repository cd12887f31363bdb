"""A list on one line within a message's room: the legends under the fights' pictures."""

from __future__ import annotations

from collections.abc import Callable

from bot.ui.fit import units


def as_many_as_fit(
    entries: list[str],
    sep: str,
    more: Callable[[int], str],
    room: int,
    wrap: Callable[[str], str] = lambda shown: shown,
) -> str:
    """``wrap`` of the entries joined by ``sep``, as many as fit ``room`` (the picture stays one
    message, edited in place); those left over are counted by ``more`` (the whole list is a
    command away). With none fitting, only the count."""
    for kept in range(len(entries), 0, -1):
        shown = sep.join(entries[:kept])
        if kept < len(entries):
            shown += sep + more(len(entries) - kept)
        line = wrap(shown)
        if units(line) <= room:
            return line
    return wrap(more(len(entries)))
