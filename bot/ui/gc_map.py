"""The Grancrest map, as a fight's picture (``bot.cogs.turn_picture`` posts and edits it after
every command) and as ``/gc map``'s whole answer. Hidden NPCs and those out of the fight are
left off; on a big map the picture is a window around whose turn it is. Tokens carry numbers
(``bot.ui.maps``): the turn's legend names them all on one line, ``/gc map`` a line each. HP is
the tracker's to show (exact for PCs, as the GM allows for NPCs): the bars on the tokens only."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.combat.model import Encounter
from bot.i18n import t
from bot.systems.grancrest import board
from bot.ui.fit import CONTENT, units
from bot.ui.listing import as_many_as_fit
from bot.ui.maps import Token, map_window, render_map

FILENAME = "map.png"


@dataclass(frozen=True)
class MapScene:
    width: int
    height: int
    tokens: list[Token]
    names: dict[int, str]  # token number → name
    focus: list[tuple[int, int]]


def map_scene(enc: Encounter) -> MapScene:
    grid = board.grid_of(enc)
    tokens, names = [], {}
    for number, c in enumerate(sorted(enc.combatants, key=lambda c: c.seq), 1):
        square = board.square_of(c)
        if square is None or c.hidden or c.out:
            continue
        tokens.append(Token(number, square, c.side.value == "pc", c.stats.hp, c.stats.max_hp))
        names[number] = c.name
    actor = enc.combatant(enc.actor) if enc.actor is not None else None
    focus = [square] if actor and (square := board.square_of(actor)) else []
    return MapScene(grid.width, grid.height, tokens, names, focus)


def _entry(scene: MapScene, token: Token) -> str:
    x, y = token.square
    return f"`{token.number}` {scene.names[token.number]} ({x},{y})"


def _window_line(scene: MapScene) -> list[str]:
    columns, rows = map_window(scene.width, scene.height, scene.tokens, scene.focus)
    if len(columns) == scene.width and len(rows) == scene.height:
        return []
    return [t("gc.map_window", width=scene.width, height=scene.height,
              x=f"{columns[0]}–{columns[-1]}", y=f"{rows[0]}–{rows[-1]}")]  # fmt: skip


def _png(scene: MapScene) -> bytes:
    return render_map(scene.width, scene.height, scene.tokens, scene.focus)


def map_file(enc: Encounter) -> tuple[discord.File, str]:
    """``/gc map``: the picture and the whole legend, a line per token."""
    scene = map_scene(enc)
    legend = _window_line(scene) + [_entry(scene, token) for token in scene.tokens]
    return discord.File(io.BytesIO(_png(scene)), filename=FILENAME), "\n".join(legend)


def short_legend(scene: MapScene) -> str:
    """The turn picture's legend: the window (when it is one), then every token on one line,
    as many as fit one message (those left over are counted: ``/gc map`` lists them all)."""
    lines = _window_line(scene)
    room = CONTENT - units("\n".join(lines)) - 1
    entries = [_entry(scene, token) for token in scene.tokens]

    def more(count: int) -> str:
        return t("gc.legend_more", count=count)

    return "\n".join([*lines, as_many_as_fit(entries, t("gc.legend_sep"), more, room)])


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False).encode()).hexdigest()[:16]


class GrancrestMap:
    """The map as the fight's picture (``bot.cogs.turn_picture.Picture``)."""

    note = "gc_map"
    filename = FILENAME

    def scene(self, enc: Encounter, moved: Sequence[int]) -> MapScene | None:
        if enc.system != "GranCrest" or not enc.data.get("map"):
            return None  # no map set: nothing to picture
        scene = map_scene(enc)
        return scene if scene.tokens else None  # nobody on the map: nothing to picture

    def marks(self, scene: MapScene) -> dict[str, Any]:
        squares = [[k.number, list(k.square), k.pc] for k in scene.tokens]
        layout = [scene.width, scene.height, squares]
        hp = [[k.hp, k.max_hp] for k in scene.tokens]
        return {"layout": _digest(layout), "wind": None,
                "full": _digest([layout, hp, scene.names, scene.focus])}  # fmt: skip

    def draw(self, enc: Encounter, scene: MapScene) -> tuple[bytes, str]:
        return _png(scene), short_legend(scene)


GRANCREST_MAP = GrancrestMap()
