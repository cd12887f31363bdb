"""The one kind of view the bot sends: components discord.py serialises but never listens on.

Every button and menu is a DynamicItem registered once at start-up (bot/app.py), so a press is
found by its custom id alone, before or after a restart. A view discord.py thinks it must listen
on is stored, and on an ephemeral reply given a 15-minute timeout task of its own: one per error
answered with a Help button, for nothing, since the registered template answers the press."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord


class StatelessView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    def add_item(self, item: discord.ui.Item) -> StatelessView:
        _check(item)
        super().add_item(item)
        return self

    def is_finished(self) -> bool:
        """Finished from the start: discord.py's senders store a view only while it is not."""
        return True


def components(rows: Sequence[Sequence[discord.ui.Item]]) -> list[dict[str, Any]]:
    """The rows as ``StatelessView.to_components`` gives them (an action row each), without
    building the view: its future, id and row bookkeeping were for listening, which this
    view never does."""
    out = []
    for row in rows:
        for item in row:
            _check(item)
        if row:
            out.append({"type": 1, "components": [item.to_component_dict() for item in row]})
    return out


def _check(item: discord.ui.Item) -> None:
    if item.is_dispatchable() and not isinstance(item, discord.ui.DynamicItem):
        # It would be answered by nothing once discord.py stops holding views.
        raise TypeError(f"{type(item).__name__} is not a DynamicItem")
