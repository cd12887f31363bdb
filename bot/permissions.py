"""The channel permissions the bot needs: one list, read by the invite URL in the README (a
test holds the README's integer to ``NEEDED.value``), by the start-up check of each server and
by the hints in the log when Discord refuses something."""

from __future__ import annotations

import discord

# (discord.py's flag, the name Discord's settings show, what the bot does with it)
NEEDS: tuple[tuple[str, str, str], ...] = (
    ("view_channel", "View Channels", "see the channels it plays in and the dice typed there"),
    ("send_messages", "Send Messages", "post the announcements, the tracker and chat-roll answers"),
    ("send_messages_in_threads", "Send Messages in Threads", "the same in a thread"),
    ("embed_links", "Embed Links", "announcements and the tracker are embeds"),
    ("attach_files", "Attach Files", "map pictures, and a long result as a text file"),
    ("read_message_history", "Read Message History", "answer a chat roll as a reply to it"),
    ("pin_messages", "Pin Messages", "pin the tracker, and unpin it when the fight ends"),
)
SCOPES = ("bot", "applications.commands")
NEEDED = discord.Permissions(**{flag: True for flag, _, _ in NEEDS})
SHOWN = {flag: shown for flag, shown, _ in NEEDS}


def missing(have: discord.Permissions) -> list[str]:
    """The needed permissions ``have`` lacks, by the names Discord's settings show."""
    if have.administrator:
        return []
    return [SHOWN[flag] for flag, _, _ in NEEDS if not getattr(have, flag)]


def invite_url(application_id: int) -> str:
    """The URL that adds the bot to a server with exactly the permissions above."""
    return discord.utils.oauth_url(application_id, permissions=NEEDED, scopes=SCOPES)
