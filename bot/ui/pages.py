"""One embed too big for one message, as pages of one message each — for a message that must
stay one message (the pinned tracker, edited in place). Pure: no sending.

Every page keeps the title (with its page number) and the footer (with a note saying how to
see every page); the page shown is the one holding a given mark (whose turn it is).
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.ui.fit import TOTAL, pack_embeds, units


def pages(embed: discord.Embed, note: Callable[[int, int], str]) -> list[list[discord.Embed]]:
    """``embed`` as pages; a single page is ``embed`` itself, untouched."""
    whole = pack_embeds([embed])
    if len(whole) == 1:
        return whole
    title, footer = embed.title or "", embed.footer.text or ""
    body = embed.copy()
    body.title = None
    body.remove_footer()
    # Room for what every page repeats: the title with "(10/10)", the footer with the note.
    reserve = units(title) + units(footer) + units(note(99, 99)) + 10
    out = pack_embeds([body], budget=TOTAL - reserve)
    for number, page in enumerate(out, 1):
        page[0].title = f"{title} ({number}/{len(out)})".strip()
        ending = f"{footer} · {note(number, len(out))}" if footer else note(number, len(out))
        page[-1].set_footer(text=ending)
    return out


def page_with(paged: list[list[discord.Embed]], mark: str) -> list[discord.Embed]:
    """The first page whose text holds ``mark``, else the first page."""
    for page in paged:
        if any(mark in (e.description or "") for e in page):
            return page
    return paged[0]
