"""What the console shows of the channel: each new message the acting user can see, each
edit of one (the tracker's, the turn's picture) as such, its buttons, and its pictures and
files saved under the output folder with their paths printed."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.i18n import t

Write = Callable[[str], None]
PICTURES = (".png", ".jpg", ".jpeg", ".gif", ".webp")


def buttons_of(message: discord.Message) -> list[discord.Button]:
    """The message's buttons that call the bot back (not links), in their order."""
    found = [
        child
        for row in message.components
        for child in getattr(row, "children", [])
        if isinstance(child, discord.Button) and child.custom_id
    ]
    return found


def fingerprint(message: discord.Message) -> str:
    """What the console prints of a message: an edit that changes none of it (the tracker's
    version in its footer, the version in its buttons' ids) is not shown again."""
    seen = {
        "content": message.content,
        "embeds": [(e.title, e.description) for e in message.embeds],
        "buttons": [(b.label, b.disabled) for b in buttons_of(message)],
        "attachments": [a.id for a in message.attachments],
    }
    return hashlib.sha256(json.dumps(seen, sort_keys=True, default=str).encode()).hexdigest()


def free_name(folder: Path, filename: str) -> Path:
    """``map-1.png``, ``map-2.png`` …: the first not taken, so earlier sessions' stay."""
    stem, suffix = Path(filename).stem, Path(filename).suffix
    number = 1
    while (folder / f"{stem}-{number}{suffix}").exists():
        number += 1
    return folder / f"{stem}-{number}{suffix}"


@dataclass
class Screen:
    write: Write
    out: Path  # where pictures and files go (made when the first one arrives)
    as_json: bool = False
    names: Callable[[str], str] = str  # <@id> mentions as @name
    seen: dict[int, str] = field(default_factory=dict)
    saved: dict[int, Path] = field(default_factory=dict)
    trackers: set[int] = field(default_factory=set)  # messages ever pinned (an ended one is not)

    def emit(self, data: dict[str, Any], text: str) -> None:
        self.write(json.dumps(data, ensure_ascii=False) if self.as_json else text)

    async def show(self, messages: list[tuple[discord.Message, bool]]) -> None:
        """Print each ``(message, in a DM)`` that is new, then each that changed since it was
        last shown — the tracker's edit after the post that caused it, as in a channel where
        the pinned tracker sits above. What users type is on their own screen already."""
        new, changed = [], []
        for message, dm in messages:
            if message.pinned:
                self.trackers.add(message.id)
            now, before = fingerprint(message), self.seen.get(message.id)
            if now == before:
                continue
            self.seen[message.id] = now
            if message.author.bot:
                (new if before is None else changed).append((message, dm))
        for message, dm in new:
            await self.print(message, dm=dm, edited=False)
        for message, dm in changed:
            await self.print(message, dm=dm, edited=True)

    async def print(self, message: discord.Message, *, dm: bool, edited: bool) -> None:
        if message.type is discord.MessageType.pins_add:
            self.emit({"type": "pinned"}, t("console.pinned"))
            return
        files = [await self.save(attachment) for attachment in message.attachments]
        self.emit(
            self.data(message, dm=dm, edited=edited, files=files),
            self.text(message, dm=dm, edited=edited, files=files),
        )

    async def save(self, attachment: discord.Attachment) -> Path:
        """The attachment's bytes in the output folder (once, however often it is shown)."""
        if attachment.id not in self.saved:
            self.out.mkdir(parents=True, exist_ok=True)
            path = free_name(self.out, Path(attachment.filename).name)
            path.write_bytes(await attachment.read())
            self.saved[attachment.id] = path
        return self.saved[attachment.id]

    def data(
        self, message: discord.Message, *, dm: bool, edited: bool, files: list[Path]
    ) -> dict[str, Any]:
        return {
            "type": "edit" if edited else "reply",
            "id": message.id,
            "dm": dm,
            "ephemeral": bool(message.flags.ephemeral),
            "pinned": message.pinned,
            "tracker": message.id in self.trackers,
            "content": message.content,
            "embeds": [e.to_dict() for e in message.embeds],
            "buttons": [b.label for b in buttons_of(message)],
            "files": [str(path) for path in files],
        }

    def edit_note(self, message: discord.Message, files: list[Path]) -> str:
        """Which message was edited: the tracker, a picture (the turn's battlefield, edited in
        place within a turn) or another."""
        if message.id in self.trackers:
            return "console.tracker_edited"
        if any(path.suffix.lower() in PICTURES for path in files):
            return "console.picture_edited"
        return "console.edited"

    def text(self, message: discord.Message, *, dm: bool, edited: bool, files: list[Path]) -> str:
        ephemeral = bool(message.flags.ephemeral)
        prefix = t("console.dm") if dm else (t("console.only_you") if ephemeral else "")
        lines = []
        if edited:
            lines.append(t(self.edit_note(message, files)))
        if message.content:
            lines += message.content.splitlines()
        for embed in message.embeds:
            if embed.title:
                lines.append(f"== {embed.title} ==")
            if embed.description:
                lines += embed.description.splitlines()
        for path in files:
            picture = path.suffix.lower() in PICTURES
            lines.append(t("console.picture" if picture else "console.file", path=path))
        shown = [f"({b.label})" if b.disabled else f"[{b.label}]" for b in buttons_of(message)]
        if shown:
            lines.append(" ".join(shown))
        if not lines:
            lines.append(t("console.empty"))
        return self.names("\n".join(prefix + line for line in lines))
