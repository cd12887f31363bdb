"""The naval battlefield as a PNG: positions left to right, one lane per ship, each ship drawn
over its areas (helm ringed, flagship flagged, HP bar, sunk ships greyed and crossed), and the
combatants aboard as numbered tokens in their area.

Like the Grancrest map, no names are drawn (a CJK font cannot be assumed): ships carry letters
and combatants numbers, and the message gives the legend. A sea too wide or too crowded for
the picture's fixed maximum size is shown as a window around the action.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from bot.ui.maps import BACKGROUND, GRID, HP_BACK, HP_FILL, NPC, PC
from bot.ui.window import window

CELL_W, LANE_H, MARGIN, TOP = 72, 64, 24, 28
HULL = {True: (200, 210, 250), False: (250, 205, 205)}
SUNK = (190, 190, 190)


@dataclass(frozen=True)
class ShipPicture:
    letter: str
    position: int  # the front area's position
    areas: int
    helm: int
    pc: bool
    hp: int
    max_hp: int
    flagship: bool = False
    sunk: bool = False
    crew: list[tuple[int, int, bool]] = field(default_factory=list)  # (number, area, pc)


# The picture never grows past this: a wider or more crowded sea shows a window of it.
MAX_WIDTH, MAX_HEIGHT = 1600, 1200
COLUMNS, LANES = (MAX_WIDTH - 2 * MARGIN) // CELL_W, (MAX_HEIGHT - TOP - MARGIN) // LANE_H


def _spans(ship: ShipPicture) -> range:
    return range(ship.position, ship.position + ship.areas)


def extent(ships: list[ShipPicture]) -> range:
    """Every position from the nearest area to the farthest, and a spare one at each end."""
    low = min((s.position for s in ships), default=0) - 1
    high = max((s.position + s.areas - 1 for s in ships), default=0) + 1
    return range(low, high + 1)


def battlefield_window(
    ships: list[ShipPicture], focus: Sequence[int] = ()
) -> tuple[range, list[ShipPicture]]:
    """The positions the picture shows — from the nearest area to the farthest, with one spare
    position on each side to steer into; on a wide sea, a window holding the focus positions
    (the action) and the most ship areas — and the ships drawn there, one lane each: those
    in the window, the ones at the focus first when there are more than ``LANES``."""
    whole = extent(ships)
    areas = [p for s in ships for p in _spans(s)]
    shown = window(whole.start, whole.stop - 1, COLUMNS, focus, areas)
    seen = [s for s in ships if any(p in shown for p in _spans(s))]
    middle = (shown.start + shown.stop - 1) / 2
    wanted = sorted(seen, key=lambda s: (not any(p in focus for p in _spans(s)),
                                         abs(s.position - middle)))  # fmt: skip
    kept = {id(s) for s in wanted[:LANES]}
    return shown, [s for s in seen if id(s) in kept]


def render_battlefield(ships: list[ShipPicture], focus: Sequence[int] = ()) -> bytes:
    """PNG bytes of the ``battlefield_window`` (at most ``MAX_WIDTH`` × ``MAX_HEIGHT``); the
    positions are numbered along the top."""
    shown, drawn = battlefield_window(ships, focus)
    low = shown.start
    columns, lanes = len(shown), max(1, len(drawn))
    size = (MARGIN * 2 + columns * CELL_W, TOP + MARGIN + lanes * LANE_H)
    image = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=12)
    for column in range(columns + 1):
        x = MARGIN + column * CELL_W
        draw.line([(x, TOP), (x, TOP + lanes * LANE_H)], GRID)
    for column in range(columns):
        label = str(low + column)
        draw.text((MARGIN + column * CELL_W + CELL_W // 2, TOP // 2), label,
                  fill=(120, 120, 120), font=font, anchor="mm")  # fmt: skip
    for lane, ship in enumerate(drawn):
        _draw_ship(draw, font, ship, MARGIN + (ship.position - low) * CELL_W, TOP + lane * LANE_H)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def _draw_ship(
    draw: ImageDraw.ImageDraw, font: ImageFont.ImageFont, ship: ShipPicture, left: int, top: int
) -> None:
    hull = (left + 3, top + 6, left + ship.areas * CELL_W - 3, top + LANE_H - 12)
    draw.rounded_rectangle(hull, radius=10, fill=SUNK if ship.sunk else HULL[ship.pc],
                           outline=PC if ship.pc else NPC, width=2)  # fmt: skip
    for area in range(1, ship.areas):  # area borders
        x = left + area * CELL_W
        draw.line([(x, hull[1] + 4), (x, hull[3] - 4)], (150, 150, 150))
    helm_x = left + ship.helm * CELL_W + CELL_W - 12
    draw.ellipse((helm_x - 6, hull[1] + 4, helm_x + 6, hull[1] + 16), outline=(90, 60, 20), width=2)
    draw.text((hull[0] + 8, hull[1] + 10), ship.letter, fill=(0, 0, 0), font=font, anchor="mm")
    if ship.flagship:  # a small pennant over the front area
        x, y = hull[0] + 18, hull[1] + 2
        draw.polygon([(x, y), (x + 12, y + 4), (x, y + 8)], fill=(230, 180, 30))
    share = max(0.0, min(1.0, ship.hp / ship.max_hp)) if ship.max_hp else 0.0
    bar = (hull[0], hull[3] + 3, hull[2], hull[3] + 7)
    draw.rectangle(bar, fill=HP_BACK)
    draw.rectangle((bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * share, bar[3]), fill=HP_FILL)
    if ship.sunk:
        draw.line([(hull[0], hull[1]), (hull[2], hull[3])], (80, 80, 80), width=3)
        draw.line([(hull[0], hull[3]), (hull[2], hull[1])], (80, 80, 80), width=3)
    for area in range(ship.areas):
        here = [c for c in ship.crew if c[1] == area]
        for index, (number, _, pc) in enumerate(here[:3]):  # one row under the letter
            x, y = left + area * CELL_W + 7 + index * 20, top + 26
            draw.ellipse((x, y, x + 18, y + 14), fill=PC if pc else NPC, outline=(30, 30, 30))
            draw.text((x + 9, y + 7), str(number), fill="white", font=font, anchor="mm")
        if len(here) > 3:
            draw.text((left + (area + 1) * CELL_W - 6, top + 42), f"+{len(here) - 3}",
                      fill=(0, 0, 0), font=font, anchor="rt")  # fmt: skip
