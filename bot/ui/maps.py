"""The Grancrest map as a PNG: the grid, numbered tokens (PC blue, NPC red) with HP bars.

Names are not drawn (a font with Japanese and Chinese glyphs cannot be assumed on every
machine): tokens carry numbers, and the message lists who each number is. A map bigger than
the picture's fixed maximum size is shown as a window around the action.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from bot.ui.window import window

CELL = 48
MARGIN = 24
PC = (88, 101, 242)
NPC = (237, 66, 69)
GRID = (200, 200, 200)
BACKGROUND = (250, 250, 246)
HP_BACK = (60, 60, 60)
HP_FILL = (87, 242, 135)


@dataclass(frozen=True)
class Token:
    number: int
    square: tuple[int, int]
    pc: bool
    hp: int | None = None
    max_hp: int | None = None


# The picture never grows past this, however big the map: a bigger one shows a window of it.
MAX_WIDTH, MAX_HEIGHT = 1600, 1200
COLUMNS, ROWS = (MAX_WIDTH - 2 * MARGIN) // CELL, (MAX_HEIGHT - 2 * MARGIN) // CELL


def map_window(
    width: int, height: int, tokens: list[Token], focus: Sequence[tuple[int, int]] = ()
) -> tuple[range, range]:
    """The columns and rows the picture shows: all of a small map; of a big one, a window
    holding the focus squares (the action) and as many tokens as it can."""
    columns = window(0, width - 1, COLUMNS, [x for x, _ in focus], [t.square[0] for t in tokens])
    rows = window(0, height - 1, ROWS, [y for _, y in focus], [t.square[1] for t in tokens])
    return columns, rows


def render_map(
    width: int, height: int, tokens: list[Token], focus: Sequence[tuple[int, int]] = ()
) -> bytes:
    """PNG bytes of the ``map_window`` of a ``width`` × ``height`` grid with the tokens in it
    (at most ``MAX_WIDTH`` × ``MAX_HEIGHT``); several may share a square (they are drawn side
    by side, smaller). The axes are numbered with the map's own coordinates."""
    columns, rows = map_window(width, height, tokens, focus)
    left, top = columns.start, rows.start
    size = (MARGIN * 2 + len(columns) * CELL, MARGIN * 2 + len(rows) * CELL)
    image = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=12)
    for x in range(len(columns) + 1):
        draw.line([(MARGIN + x * CELL, MARGIN), (MARGIN + x * CELL, MARGIN + len(rows) * CELL)],
                  GRID)  # fmt: skip
    for y in range(len(rows) + 1):
        draw.line([(MARGIN, MARGIN + y * CELL), (MARGIN + len(columns) * CELL, MARGIN + y * CELL)],
                  GRID)  # fmt: skip
    for x in columns:
        draw.text(
            (MARGIN + (x - left) * CELL + CELL // 2, MARGIN // 2),
            str(x),
            fill=(120, 120, 120),
            font=font,
            anchor="mm",
        )
    for y in rows:
        draw.text(
            (MARGIN // 2, MARGIN + (y - top) * CELL + CELL // 2),
            str(y),
            fill=(120, 120, 120),
            font=font,
            anchor="mm",
        )
    by_square: dict[tuple[int, int], list[Token]] = defaultdict(list)
    for token in tokens:
        if token.square[0] in columns and token.square[1] in rows:
            by_square[(token.square[0] - left, token.square[1] - top)].append(token)
    for (sx, sy), here in by_square.items():
        per_row = 1 if len(here) == 1 else 2
        slot = CELL // per_row
        for index, token in enumerate(here[:4]):
            left = MARGIN + sx * CELL + (index % per_row) * slot
            top = MARGIN + sy * CELL + (index // per_row) * slot
            pad = max(2, slot // 8)
            box = (left + pad, top + pad, left + slot - pad, top + slot - pad - 4)
            draw.ellipse(box, fill=PC if token.pc else NPC, outline=(30, 30, 30))
            draw.text(
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                str(token.number),
                fill="white",
                font=font,
                anchor="mm",
            )
            if token.hp is not None and token.max_hp:
                share = max(0.0, min(1.0, token.hp / token.max_hp))
                bar = (box[0], box[3] + 1, box[2], box[3] + 3)
                draw.rectangle(bar, fill=HP_BACK)
                draw.rectangle(
                    (bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * share, bar[3]), fill=HP_FILL
                )
        if len(here) > 4:
            draw.text(
                (MARGIN + sx * CELL + CELL - 4, MARGIN + sy * CELL + 4),
                f"+{len(here) - 4}",
                fill=(0, 0, 0),
                font=font,
                anchor="rt",
            )
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
