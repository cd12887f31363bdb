"""The naval battlefield as a PNG: positions left to right, one lane per ship, each ship drawn
over its areas with its bow toward the enemy, and the combatants aboard as numbered tokens
with their names and HP; above, who goes which way, the wind, the round's event and morale.

Legible when Discord shows it small: at least ``MIN_WIDTH`` wide, text 14 px and up. Names
need a font that has their letters (``bot.ui.fonts``); where the host has none, a token keeps
its number and the message's legend names it.

A fixed frame: the positions shown are snapped to a grid of ``SNAP`` and at least
``MIN_COLUMNS`` wide, so a ship moving a step or two leaves the frame — and every other ship's
place in it — where it was, and successive pictures line up. A sea too wide or too crowded
for the picture's fixed maximum size is shown as a window around the action.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.ui import naval_draw
from bot.ui.naval_draw import CELL_W, LANE_H, MARGIN, TOP
from bot.ui.naval_scene import SeaPicture, ShipPicture, Span, Unnamed
from bot.ui.window import window

SUNK = naval_draw.SUNK


# The picture never grows past this: a wider or more crowded sea shows a window of it.
MAX_WIDTH, MAX_HEIGHT = 1600, 1200
MIN_WIDTH = 960  # Discord shrinks previews: below this the names cannot be read
COLUMNS, LANES = (MAX_WIDTH - 2 * MARGIN) // CELL_W, (MAX_HEIGHT - TOP - MARGIN) // LANE_H
MIN_COLUMNS = -(-(MIN_WIDTH - 2 * MARGIN) // CELL_W)
SNAP = 2


def _spans(ship: ShipPicture) -> range:
    return range(ship.position, ship.position + ship.areas)


def extent(ships: list[ShipPicture], sailed: Span | None = None) -> range:
    """Every position from the nearest area to the farthest — and every position the ships
    have covered this fight (``sailed``), so the frame never shrinks back — with a spare one
    at each end."""
    lows = [s.position for s in ships] + ([sailed[0]] if sailed else [])
    highs = [s.position + s.areas - 1 for s in ships] + ([sailed[1]] if sailed else [])
    return range(min(lows, default=0) - 1, max(highs, default=0) + 2)


def frame(ships: list[ShipPicture], focus: Sequence[int] = (), sailed: Span | None = None) -> range:
    """The positions the picture shows: the ``extent`` in a frame snapped to ``SNAP`` and at
    least ``MIN_COLUMNS`` wide; as the extent only grows, successive pictures line up. On a
    sea wider than ``COLUMNS``, a window holding the focus positions (the action) and the
    most ship areas."""
    whole = extent(ships, sailed)
    if len(whole) > COLUMNS:
        areas = [p for s in ships for p in _spans(s)]
        return window(whole.start, whole.stop - 1, COLUMNS, focus, areas)
    low = whole.start // SNAP * SNAP
    columns = -(-max(MIN_COLUMNS, whole.stop - low) // SNAP) * SNAP
    if columns > COLUMNS:  # snapped, it would not fit: as far left as still holds the sea
        columns, low = COLUMNS, max(low, whole.stop - COLUMNS)
    return range(low, low + columns)


def battlefield_window(
    ships: list[ShipPicture], focus: Sequence[int] = (), sailed: Span | None = None
) -> tuple[range, list[ShipPicture]]:
    """The positions the picture shows (``frame``) and the ships drawn there, one lane each:
    those in the frame, the ones at the focus first when there are more than ``LANES``."""
    shown = frame(ships, focus, sailed)
    seen = [s for s in ships if any(p in shown for p in _spans(s))]
    middle = (shown.start + shown.stop - 1) / 2
    wanted = sorted(seen, key=lambda s: (not any(p in focus for p in _spans(s)),
                                         abs(s.position - middle)))  # fmt: skip
    kept = {id(s) for s in wanted[:LANES]}
    return shown, [s for s in seen if id(s) in kept]


def render_battlefield(
    ships: list[ShipPicture],
    focus: Sequence[int] = (),
    sea: SeaPicture | None = None,
    sailed: Span | None = None,
) -> bytes:
    """PNG bytes of the ``battlefield_window``: at least ``MIN_WIDTH`` and at most
    ``MAX_WIDTH`` × ``MAX_HEIGHT``."""
    return draw_battlefield(ships, focus, sea, sailed)[0]


def draw_battlefield(
    ships: list[ShipPicture],
    focus: Sequence[int] = (),
    sea: SeaPicture | None = None,
    sailed: Span | None = None,
) -> tuple[bytes, Unnamed]:
    """``render_battlefield``'s PNG bytes, and what the picture could not name (for the
    post's legend)."""
    shown, drawn = battlefield_window(ships, focus, sailed)
    unnamed = Unnamed()
    for left_out in (s for s in ships if s not in drawn):
        unnamed.ships.append(left_out.letter)
        unnamed.crew += [c.number for c in left_out.crew]
    columns, lanes = len(shown), max(1, len(drawn))
    size = (MARGIN * 2 + columns * CELL_W, TOP + MARGIN + lanes * LANE_H)
    image = Image.new("RGB", size, naval_draw.SEA)
    draw = ImageDraw.Draw(image)
    sea = sea or SeaPicture()
    naval_draw.header(draw, size[0], sea)
    naval_draw.grid(draw, shown, lanes)
    for lane, ship in enumerate(drawn):
        naval_draw.ship(draw, ship, MARGIN + (ship.position - shown.start) * CELL_W,
                        TOP + lane * LANE_H, sea, unnamed)  # fmt: skip
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue(), unnamed
