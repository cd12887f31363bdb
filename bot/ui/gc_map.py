"""The Grancrest map as a Discord attachment: the picture (hidden NPCs left off; on a big map,
a window around whose turn it is) and the legend of every numbered token."""

from __future__ import annotations

import io

import discord

from bot.combat.model import Encounter
from bot.i18n import t
from bot.systems.grancrest import board
from bot.ui.maps import Token, map_window, render_map


def map_file(enc: Encounter) -> tuple[discord.File, str]:
    """The map image (hidden NPCs left off; on a big map, a window around whose turn it is)
    and the legend of every numbered token."""
    grid = board.grid_of(enc)
    tokens, legend = [], []
    for number, c in enumerate(sorted(enc.combatants, key=lambda c: c.seq), 1):
        square = board.square_of(c)
        if square is None or c.hidden or c.out:
            continue
        tokens.append(Token(number, square, c.side.value == "pc", c.stats.hp, c.stats.max_hp))
        hp = (
            f" HP {c.stats.hp}/{c.stats.max_hp}"
            if c.stats.hp is not None and c.stats.max_hp
            else ""
        )
        legend.append(f"`{number}` {c.name} ({square[0]},{square[1]}){hp}")
    actor = enc.combatant(enc.actor) if enc.actor is not None else None
    focus = [square] if actor and (square := board.square_of(actor)) else []
    columns, rows = map_window(grid.width, grid.height, tokens, focus)
    if len(columns) < grid.width or len(rows) < grid.height:
        legend.insert(0, t("gc.map_window", width=grid.width, height=grid.height,
                           x=f"{columns[0]}–{columns[-1]}", y=f"{rows[0]}–{rows[-1]}"))  # fmt: skip
    png = render_map(grid.width, grid.height, tokens, focus)
    return discord.File(io.BytesIO(png), filename="map.png"), "\n".join(legend)
