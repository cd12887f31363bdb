"""A channel's log as a file people read: plain text in SealDice's ``.log`` shape (a ``name
date time`` line, then what was said, then a blank line), or one self-contained HTML page
(styles inline, no outside assets, every name and text escaped) with a colour per speaker as
CCFolia's log export has. Pure: lines in, text out."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from bot.i18n import t
from bot.store.channel_log import LogLine

MENTION = re.compile(r"<@!?([0-9]{1,20})>")
# Readable on white, and far enough apart to tell speakers of one table apart.
PALETTE = (
    "#c0392b", "#2471a3", "#1e8449", "#8e44ad", "#b9770e", "#138d90", "#a93226", "#5b2c6f",
    "#1f618d", "#7d6608", "#117864", "#943126",
)  # fmt: skip
BOT_COLOUR = "#5d6d7e"


@dataclass(frozen=True)
class Heading:
    """What the file says about itself (in the channel's language)."""

    server: str
    channel: str
    bot_name: str
    locale: str
    offset_hours: float  # the times' offset from UTC
    exported_at: datetime
    since: datetime | None = None
    part: tuple[int, int] | None = None  # (this part, of how many)
    names: dict[int, str] = field(default_factory=dict)  # users the lines mention

    @property
    def zone(self) -> timezone:
        return timezone(timedelta(hours=self.offset_hours))

    @property
    def zone_name(self) -> str:
        minutes = round(self.offset_hours * 60)
        sign = "-" if minutes < 0 else "+"
        return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"

    def when(self, moment: datetime) -> str:
        return moment.astimezone(self.zone).strftime("%Y/%m/%d %H:%M:%S")

    def lines(self) -> list[str]:
        """The file's first lines: what it is, its time zone, what it leaves out."""
        said = [
            t("log.file_title", locale=self.locale, server=self.server, channel=self.channel),
            t(
                "log.file_times",
                locale=self.locale,
                zone=self.zone_name,
                at=self.when(self.exported_at),
            ),
        ]
        if self.since is not None:
            said.append(t("log.file_since", locale=self.locale, since=self.when(self.since)))
        if self.part is not None:
            part, parts = self.part
            said.append(t("log.file_part", locale=self.locale, part=part, parts=parts))
        said.append(t("log.file_secrets", locale=self.locale))
        return said


def speaker(line: LogLine, heading: Heading) -> str:
    if line.user_id is None:
        return heading.bot_name
    return line.user_name or heading.names.get(line.user_id) or f"user {line.user_id}"


def readable(body: str, heading: Heading) -> str:
    """``<@id>`` as ``@name``, as a Discord client shows it."""

    def one(match: re.Match[str]) -> str:
        name = heading.names.get(int(match.group(1)))
        return f"@{name}" if name else match.group(0)

    return MENTION.sub(one, body)


def names_of(lines: Sequence[LogLine]) -> dict[int, str]:
    """Each user's newest display name in the lines."""
    return {line.user_id: line.user_name for line in lines if line.user_id and line.user_name}


def as_text(lines: Sequence[LogLine], heading: Heading) -> str:
    out = [f"# {said}" for said in heading.lines()]
    out.append("")
    for line in lines:
        out.append(f"{speaker(line, heading)} {heading.when(line.created_at)}")
        out.append(readable(line.body, heading))
        out.append("")
    return "\n".join(out)


STYLE = """
body{font-family:system-ui,"Hiragino Sans","Noto Sans CJK JP","Microsoft JhengHei",sans-serif;
margin:0;background:#fafafa;color:#222;line-height:1.55}
header{padding:1em 1.5em;background:#fff;border-bottom:1px solid #ddd}
header h1{font-size:1.2em;margin:0 0 .3em}header p{margin:.1em 0;color:#555;font-size:.9em}
main{padding:.5em 1.5em 2em}
.line{margin:.35em 0;padding:.3em .6em;background:#fff;border-left:4px solid var(--c);
border-radius:3px}
.who{font-weight:bold;color:var(--c)}
time{color:#888;font-size:.8em;margin-left:.6em}
.body{white-space:pre-wrap;overflow-wrap:anywhere;margin-top:.1em}
.revealed{background:#fffbea}
""".strip()


def colours(lines: Sequence[LogLine]) -> dict[int, str]:
    """A colour per speaker, in the order they first appear (distinct for up to 12)."""
    chosen: dict[int, str] = {}
    for line in lines:
        if line.user_id is not None and line.user_id not in chosen:
            chosen[line.user_id] = PALETTE[len(chosen) % len(PALETTE)]
    return chosen


def as_html(lines: Sequence[LogLine], heading: Heading) -> str:
    escape = html.escape  # quote=True: names also go inside attributes
    title, *about = heading.lines()
    colour_of = colours(lines)
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(heading.locale)}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<header><h1>{escape(title)}</h1>",
        *(f"<p>{escape(said)}</p>" for said in about),
        "</header><main>",
    ]
    for line in lines:
        colour = BOT_COLOUR if line.user_id is None else colour_of[line.user_id]
        extra = " revealed" if line.kind == "revealed" else ""
        moment = line.created_at.astimezone(heading.zone)
        out.append(
            f'<div class="line{extra}" style="--c:{colour}">'
            f'<span class="who">{escape(speaker(line, heading))}</span>'
            f'<time datetime="{moment.isoformat()}">{heading.when(line.created_at)}</time>'
            f'<div class="body">{escape(readable(line.body, heading))}</div></div>'
        )
    out.append("</main></body></html>")
    return "\n".join(out)
