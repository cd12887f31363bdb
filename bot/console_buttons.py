"""``:press``: which buttons the acting user can press — those of the newest message with
buttons they can see (a channel post, their own ephemeral reply or a DM), then the pinned
tracker's — and which one ``LABEL`` or ``N`` names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.console_output import buttons_of
from bot.i18n import t


@dataclass(frozen=True)
class Pressable:
    message: discord.Message
    button: discord.Button
    on_tracker: bool

    def listed(self, number: int) -> str:
        where = t("console.on_tracker") if self.on_tracker else ""
        return f"{number} [{self.button.label}]{where}"


def pressable(channel: Any, viewer: Any) -> list[Pressable]:
    """The buttons ``viewer`` may press now, newest message first, the tracker's last."""
    posts = channel.history(viewer=viewer)
    seen = posts + viewer.user.dm_channel.history()
    with_buttons = [m for m in seen if m.author.bot and buttons_of(m)]
    trackers = [m for m in posts if m.pinned and m.author.bot and buttons_of(m)]
    found: list[Pressable] = []
    if with_buttons:
        newest = max(with_buttons, key=lambda m: m.id)
        found += [Pressable(newest, b, newest.pinned) for b in buttons_of(newest)]
        trackers = [m for m in trackers if m.id != newest.id]
    if trackers:
        tracker = max(trackers, key=lambda m: m.id)
        found += [Pressable(tracker, b, True) for b in buttons_of(tracker)]
    return [p for p in found if not p.button.disabled]


def choose(choices: list[Pressable], which: str) -> Pressable | str:
    """The button numbered or labelled ``which`` (the first of that label), or what to say."""
    shown = " ".join(f"[{c.button.label}]" for c in choices)
    if not choices:
        return t("console.no_buttons")
    if which.isdecimal():
        number = int(which)
        if 1 <= number <= len(choices):
            return choices[number - 1]
        return t("console.no_such_button", button=which, buttons=shown)
    folded = which.strip("[]").casefold()
    for choice in choices:
        if (choice.button.label or "").casefold() == folded:
            return choice
    return t("console.no_such_button", button=which[:40], buttons=shown)
