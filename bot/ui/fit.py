"""What one post says → messages Discord accepts. Pure: no sending.

Discord refuses a whole message when one of its limits is broken (HTTP 400), so nothing is cut
here to make it fit: long text is split at line ends, a long embed becomes several embeds, the
embeds of one post spread over as many messages as their 6,000-character total needs, and
buttons go five to a row, five rows to a message, in order. Text too long for a few messages
comes whole as a file beside its beginning.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field, replace

import discord

from bot.ui.stateless import StatelessView

CONTENT = 2000
TITLE, DESCRIPTION, FOOTER, AUTHOR = 256, 4096, 2048, 256
FIELDS, FIELD_NAME, FIELD_VALUE = 25, 256, 1024
TOTAL = 6000  # all embeds of one message together
EMBEDS = 10
ROWS, ROW_WIDTH = 5, 5
LABEL = 80  # a button's label
TEXT_PARTS = 3  # more messages than this for one text is a wall: send it as a file
BLANK = "\u200b"  # a field needs a name; a continued field's is this


def units(text: str | None) -> int:
    """Length as Discord counts it (UTF-16 code units: at least Python's ``len``)."""
    return len(text.encode("utf-16-le")) // 2 if text else 0


def _fitting(text: str, limit: int) -> int:
    """How many of ``text``'s first characters fit in ``limit`` units."""
    end = min(len(text), limit)
    while (over := units(text[:end]) - limit) > 0:
        end -= over  # each character outside the BMP counts one unit more than it takes
    return end


def split_text(text: str, limit: int) -> list[str]:
    """Pieces of at most ``limit`` units, broken after a line, else a space, else anywhere."""
    pieces: list[str] = []
    rest = text
    while (end := _fitting(rest, limit)) < len(rest):
        head = rest[:end]
        cut = head.rfind("\n")
        if cut <= 0:
            cut = head.rfind(" ")
        if cut <= 0:
            cut = len(head)
        pieces.append(rest[:cut])
        rest = rest[cut:]
        if rest[:1] in ("\n", " "):
            rest = rest[1:]
    if rest or not pieces:
        pieces.append(rest)
    return pieces


def shorten(text: str, limit: int) -> str:
    """A label or title over its limit ends in "…" (our own short strings: a safety net)."""
    return text if units(text) <= limit else split_text(text, limit - 1)[0] + "…"


Rows = list[list[discord.ui.Item]]
Attachment = tuple[str, bytes]  # file name and bytes: a failed send may need them again


def groups(view: discord.ui.View | None) -> Rows:
    """A view's buttons as groups of their own (the rows are drawn anew when fitting)."""
    return [[item] for item in view.children] if view is not None else []


@dataclass
class Post:
    """One thing the bot says: text, embeds, button groups (a group stays on one row when it
    can: an offer's yes / no), files, and the users it means to ping (their ``<@id>`` must be in
    ``content``; nothing else ever pings)."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    groups: Rows = field(default_factory=list)
    files: list[Attachment] = field(default_factory=list)
    pings: tuple[int, ...] = ()


@dataclass
class Part:
    """One message of a post, within every limit."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    rows: Rows = field(default_factory=list)
    files: list[Attachment] = field(default_factory=list)
    pings: tuple[int, ...] = ()

    def attachments(self) -> list[discord.File]:
        return [discord.File(io.BytesIO(data), filename=name) for name, data in self.files]

    def view(self) -> discord.ui.View | None:
        if not self.rows:
            return None
        view = StatelessView()
        for number, row in enumerate(self.rows):
            for item in row:
                item.row = number
                view.add_item(item)
        return view

    def mentions(self) -> discord.AllowedMentions:
        """Only the post's own pings whose mention is in this message's text; never a role,
        @everyone or @here, whatever the text says."""
        text = self.content or ""
        users = [discord.Object(u) for u in self.pings if f"<@{u}>" in text or f"<@!{u}>" in text]
        return discord.AllowedMentions(
            everyone=False, roles=False, users=users or False, replied_user=False
        )


def embed_size(embed: discord.Embed) -> int:
    return _size(embed.to_dict())


def _split_sized(embed: discord.Embed, budget: int) -> list[tuple[discord.Embed, int]]:
    """Embeds within the per-embed limits saying all that ``embed`` says, in order, each with
    its size: the title (and author) on the first, the footer on the last, the fields after the
    description. One already within the limits (the common case) is measured from the one
    ``to_dict`` its check needs."""
    data = embed.to_dict()
    if _whole(data, budget):  # rebuilding it would give the same embed
        return [(embed, _size(data))]
    fields = data.pop("fields", [])
    ending = {k: data.pop(k) for k in ("footer", "timestamp", "image") if k in data}
    if "title" in data:
        data["title"] = shorten(data["title"], TITLE)
    if "author" in data:
        data["author"]["name"] = shorten(data["author"]["name"], AUTHOR)
    if "footer" in ending:
        ending["footer"]["text"] = shorten(ending["footer"].get("text", ""), FOOTER)
    base = {k: data[k] for k in ("type", "color") if k in data}
    pieces = split_text(data.pop("description", ""), DESCRIPTION)
    out = [{**data, "description": pieces[0]}] + [{**base, "description": p} for p in pieces[1:]]
    for name, value, inline in _fields(fields):
        if (
            len(out[-1].get("fields", [])) >= FIELDS
            or _size(out[-1]) + units(name + value) > budget
        ):
            out.append(dict(base))
        out[-1].setdefault("fields", []).append({"name": name, "value": value, "inline": inline})
    if _size(out[-1]) + units(ending.get("footer", {}).get("text")) > budget:
        out.append(dict(base))
    out[-1].update(ending)
    for piece in out:
        if not piece.get("description"):
            piece.pop("description", None)
    return [(discord.Embed.from_dict(piece), _size(piece)) for piece in out]


def _whole(data: dict, budget: int) -> bool:
    """Whether an embed's dict is within every limit as it is (no part to shorten, split or
    fill in with a blank name)."""
    if "description" in data and not data["description"]:
        return False
    if units(data.get("description")) > DESCRIPTION or units(data.get("title")) > TITLE:
        return False
    if units(data.get("footer", {}).get("text")) > FOOTER:
        return False
    if units(data.get("author", {}).get("name")) > AUTHOR:
        return False
    fields = data.get("fields", [])
    if len(fields) > FIELDS:
        return False
    for f in fields:
        name, value = f.get("name"), f.get("value")
        if not name or not value or units(name) > FIELD_NAME or units(value) > FIELD_VALUE:
            return False
    return _size(data) <= budget


def _size(data: dict) -> int:
    """What an embed's dict spends of the 6,000 characters."""
    size = units(data.get("title")) + units(data.get("description"))
    size += units(data.get("footer", {}).get("text")) + units(data.get("author", {}).get("name"))
    return size + sum(units(f["name"]) + units(f["value"]) for f in data.get("fields", []))


def _fields(fields: list[dict]) -> list[tuple[str, str, bool]]:
    """A field's value over 1,024 characters goes on in fields with a blank name."""
    out = []
    for f in fields:
        name, inline = shorten(f.get("name") or BLANK, FIELD_NAME), bool(f.get("inline"))
        for index, value in enumerate(split_text(f.get("value") or BLANK, FIELD_VALUE)):
            out.append((name if index == 0 else BLANK, value or BLANK, inline))
    return out


def pack_embeds(embeds: list[discord.Embed], budget: int = TOTAL) -> list[list[discord.Embed]]:
    """Embeds in order, as few messages as the 10-embed and 6,000-character limits allow
    (``budget``: fewer characters, to leave room for something added to every message). A long
    description flows: what fits of it ends one message, the rest begins the next."""
    messages: list[list[discord.Embed]] = []
    spent = budget + 1
    pieces = [piece for e in embeds for piece in _split_sized(e, budget)]
    pieces.reverse()  # taken from the end: popping the front of a long list is quadratic
    while pieces:
        embed, size = pieces.pop()
        if spent + size > budget or len(messages[-1]) >= EMBEDS:
            head = _head(embed, budget - spent) if messages and len(messages[-1]) < EMBEDS else None
            if head is not None:  # the description goes on in the next message
                messages[-1].append(head[0])
                embed, size = head[1], embed_size(head[1])
            messages.append([])
            spent = 0
        messages[-1].append(embed)
        spent += size
    return messages


FLOW = 300  # a message with less room than this left ends; the next embed starts a new one


def _head(embed: discord.Embed, room: int) -> tuple[discord.Embed, discord.Embed] | None:
    """``embed`` cut after a line of its description so that the first part spends at most
    ``room``; None when too little fits."""
    data = embed.to_dict()
    text = data.get("description") or ""
    keep = room - units(data.get("title")) - units(data.get("author", {}).get("name"))
    if room < FLOW or keep < FLOW or data.get("fields"):
        return None
    cut = text.rfind("\n", 0, _fitting(text, keep) + 1)
    if cut <= 0:
        return None
    ending = {k: data.pop(k) for k in ("footer", "timestamp", "image") if k in data}
    base = {k: data[k] for k in ("type", "color") if k in data}
    head = {**data, "description": text[:cut]}
    tail = {**base, **ending, "description": text[cut + 1 :]}
    return discord.Embed.from_dict(head), discord.Embed.from_dict(tail)


def pack_rows(groups: Rows) -> list[Rows]:
    """Buttons in order, a group kept on one row when it fits, five rows a message."""
    rows: Rows = []
    width = ROW_WIDTH + 1
    for group in groups:
        for start in range(0, len(group), ROW_WIDTH):
            chunk = group[start : start + ROW_WIDTH]
            need = sum(item.width for item in chunk)
            if width + need > ROW_WIDTH:
                rows.append([])
                width = 0
            rows[-1].extend(chunk)
            width += need
    return [rows[start : start + ROWS] for start in range(0, len(rows), ROWS)]


def whole_text(text: str) -> Attachment:
    return ("result.txt", text.encode())


def fit(post: Post) -> list[Part]:
    """The messages of ``post``, in order: its text, then its embeds, then its buttons; files
    and pings ride on the first message."""
    files = list(post.files)
    texts = split_text(post.content, CONTENT) if post.content else []
    if len(texts) > TEXT_PARTS:
        files.append(whole_text(post.content or ""))
        texts = [split_text(texts[0], CONTENT - 1)[0] + "…"]
    parts = [Part(content=text) for text in texts]
    for index, embeds in enumerate(pack_embeds(post.embeds)):
        if index == 0 and parts:
            parts[-1].embeds = embeds
        else:
            parts.append(Part(embeds=embeds))
    for index, rows in enumerate(pack_rows(post.groups)):
        if index == 0 and parts:
            parts[-1].rows = rows
        else:
            parts.append(Part(rows=rows))
    if not parts and files:
        parts.append(Part())
    if parts:
        parts[0].files = files
    return [replace(part, pings=post.pings) for part in parts]


def smaller(part: Part) -> list[Part]:
    """The same message as smaller ones, for a retry after Discord refused it: one embed a
    message, then the embeds' text as plain text. Empty when it cannot get smaller."""
    if len(part.embeds) > 1:
        pieces = [Part(embeds=[embed], pings=part.pings) for embed in part.embeds]
        pieces[0].content, pieces[0].files = part.content, part.files
        pieces[-1].rows = part.rows
        return pieces
    if part.embeds:
        text = "\n".join(filter(None, [part.content, *(plain(e) for e in part.embeds)]))
        return fit(Post(content=text, groups=part.rows, files=part.files, pings=part.pings))
    return []


def plain(embed: discord.Embed) -> str:
    """An embed's words as plain text (the last retry: no embed at all)."""
    lines = [f"**{embed.title}**" if embed.title else "", embed.description or ""]
    lines += [f"{f.name}: {f.value}" for f in embed.fields]
    lines.append(embed.footer.text or "")
    return "\n".join(line for line in lines if line)
