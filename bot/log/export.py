"""The log's files, each within Discord's upload limit, and the messages that carry them.

A file over the limit is gzipped (a log compresses about tenfold); one still over it is split
into parts by lines, each part a whole file of its own (gzipped too when needed). Files go ten
to a message, a message's files together within the limit. Pure: no Discord, no database.
"""

from __future__ import annotations

import gzip
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from bot.log.render import Heading, as_html, as_text
from bot.store.channel_log import LogLine

MiB = 1024 * 1024
DISCORD_LIMIT = 25 * MiB  # never more than this, whatever a server's boost allows
FILES_PER_MESSAGE = 10
MARGIN = 0.98  # the form's own bytes around the files
# A table's usual time zone by the channel's language (the option changes it).
OFFSETS = {"ja": 9.0, "zh-TW": 8.0, "en": 0.0}


class Format(StrEnum):
    TEXT = "text"
    HTML = "html"
    BOTH = "both"

    def renderers(self) -> list[tuple[str, Callable[[Sequence[LogLine], Heading], str]]]:
        chosen = []
        if self in (Format.TEXT, Format.BOTH):
            chosen.append(("txt", as_text))
        if self in (Format.HTML, Format.BOTH):
            chosen.append(("html", as_html))
        return chosen


@dataclass(frozen=True)
class LogFile:
    name: str
    data: bytes


@dataclass(frozen=True)
class Export:
    files: list[LogFile]
    gzipped: bool  # some file was over the limit, so it is gzipped
    parts: int  # the most parts one format was split into (1: not split)

    def messages(self, limit: int) -> list[list[LogFile]]:
        """The files grouped into messages: ten at most, together within ``limit``."""
        groups: list[list[LogFile]] = []
        for file in self.files:
            last = groups[-1] if groups else None
            if (
                last is None
                or len(last) >= FILES_PER_MESSAGE
                or sum(len(f.data) for f in last) + len(file.data) > limit * MARGIN
            ):
                groups.append([file])
            else:
                last.append(file)
        return groups


def safe_name(text: str) -> str:
    """A file name's part from a channel's name (a thread's may hold anything)."""
    cleaned = re.sub(r"[^\w\-]+", "-", text, flags=re.UNICODE).strip("-_")
    return cleaned[:40] or "channel"


def _gz(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _one_format(
    lines: Sequence[LogLine], heading: Heading, stem: str, suffix: str,
    render: Callable[[Sequence[LogLine], Heading], str], limit: int,
) -> tuple[list[LogFile], bool, int]:  # fmt: skip
    room = int(limit * MARGIN)
    whole = render(lines, heading).encode("utf-8")
    if len(whole) <= room:
        return [LogFile(f"{stem}.{suffix}", whole)], False, 1
    packed = _gz(whole)
    if len(packed) <= room:
        return [LogFile(f"{stem}.{suffix}.gz", packed)], True, 1
    parts = max(2, math.ceil(len(packed) / (room * 0.8)))
    while True:
        size = math.ceil(len(lines) / parts)
        chunks = [lines[n : n + size] for n in range(0, len(lines), size)]
        files = []
        for number, chunk in enumerate(chunks, 1):
            data = render(chunk, replace(heading, part=(number, len(chunks)))).encode("utf-8")
            name = f"{stem}-part{number}.{suffix}"
            if len(data) > room:
                data, name = _gz(data), name + ".gz"
            files.append(LogFile(name, data))
        if all(len(f.data) <= room for f in files) or size == 1:
            return files, any(f.name.endswith(".gz") for f in files), len(chunks)
        parts *= 2


def export(
    lines: Sequence[LogLine], heading: Heading, chosen: Format, stem: str, limit: int
) -> Export:
    files: list[LogFile] = []
    gzipped, parts = False, 1
    for suffix, render in chosen.renderers():
        made, packed, count = _one_format(lines, heading, stem, suffix, render, limit)
        files += made
        gzipped, parts = gzipped or packed, max(parts, count)
    return Export(files, gzipped, parts)
