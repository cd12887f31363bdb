"""Who is asking: the user, and whether they hold GM rights here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Caller:
    """Who is asking. ``manages_channel``: Manage Channels or the server's GM role (the
    adapter knows; the service decides what it allows)."""

    user_id: int
    manages_channel: bool = False
