"""The Grancrest map as a PNG: the grid, numbered tokens (PC blue, NPC red) with HP bars.

Names are not drawn (a font with Japanese and Chinese glyphs cannot be assumed on every
machine): tokens carry numbers, and the message lists who each number is.
"""

from __future__ import annotations

import io
from collections import defaultdict
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

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


def render_map(width: int, height: int, tokens: list[Token]) -> bytes:
    """PNG bytes of a ``width`` × ``height`` grid with the tokens; several may share a
    square (they are drawn side by side, smaller)."""
    size = (MARGIN * 2 + width * CELL, MARGIN * 2 + height * CELL)
    image = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=12)
    for x in range(width + 1):
        draw.line([(MARGIN + x * CELL, MARGIN), (MARGIN + x * CELL, MARGIN + height * CELL)], GRID)
    for y in range(height + 1):
        draw.line([(MARGIN, MARGIN + y * CELL), (MARGIN + width * CELL, MARGIN + y * CELL)], GRID)
    for x in range(width):
        draw.text(
            (MARGIN + x * CELL + CELL // 2, MARGIN // 2),
            str(x),
            fill=(120, 120, 120),
            font=font,
            anchor="mm",
        )
    for y in range(height):
        draw.text(
            (MARGIN // 2, MARGIN + y * CELL + CELL // 2),
            str(y),
            fill=(120, 120, 120),
            font=font,
            anchor="mm",
        )
    by_square: dict[tuple[int, int], list[Token]] = defaultdict(list)
    for token in tokens:
        by_square[token.square].append(token)
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
