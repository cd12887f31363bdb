"""The one kind of view the bot sends: components discord.py serialises but never listens on.

Every button and menu is a DynamicItem registered once at start-up (bot/app.py), so a press is
found by its custom id alone, before or after a restart. A view discord.py thinks it must listen
on is stored, and on an ephemeral reply given a 15-minute timeout task of its own: one per error
answered with a Help button, for nothing, since the registered template answers the press."""

from __future__ import annotations

import discord


class StatelessView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    def add_item(self, item: discord.ui.Item) -> StatelessView:
        if item.is_dispatchable() and not isinstance(item, discord.ui.DynamicItem):
            # It would be answered by nothing once discord.py stops holding views.
            raise TypeError(f"{type(item).__name__} is not a DynamicItem")
        super().add_item(item)
        return self

    def is_finished(self) -> bool:
        """Finished from the start: discord.py's senders store a view only while it is not."""
        return True
