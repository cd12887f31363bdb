"""Drawing the naval battlefield's parts (``bot.ui.naval_map`` lays them out): the header with
the forward directions, wind, event and morale; the position grid; each ship with its bow
toward the enemy, flagship pennant, helm, HP, running aground and speed-up; and its crew as
numbered tokens with names and HP, those out of battle greyed and crossed."""

from __future__ import annotations

from PIL import ImageDraw

from bot.ui.fonts import Font, drawable, fit, font
from bot.ui.maps import HP_BACK, HP_FILL, NPC, PC
from bot.ui.naval_scene import CrewPicture, SeaPicture, ShipPicture, Text, Unnamed

CELL_W, LANE_H, MARGIN, TOP = 140, 108, 24, 84
SEA = (234, 242, 248)
LANE = (224, 235, 244)
GRID = (196, 210, 224)
INK, FAINT = (30, 30, 40), (110, 118, 130)
HULL = {True: (214, 220, 252), False: (252, 214, 214)}
SUNK = (190, 190, 190)
DOWN = (150, 150, 150)
WATERMARK = (176, 186, 206)
GOLD, WOOD, ROCK, SPEED = (236, 178, 20), (120, 80, 30), (140, 100, 60), (240, 130, 20)
BOW = 20  # how far the pointed bow reaches into its area
ROW, ROWS = 18, 3  # crew rows in an area


def say(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: Text,
    f: Font,
    fill: tuple[int, int, int] = INK,
    anchor: str = "la",
    width: int = 10_000,
) -> float:
    """Draw ``text`` (its ASCII form where the font lacks letters), cut to ``width``;
    returns the width drawn."""  # fmt: skip
    shown = text[0] if drawable(f, text[0]) else text[1]
    shown = fit(f, shown, width)
    if shown:
        draw.text(xy, shown, fill=fill, font=f, anchor=anchor)
    return f.getlength(shown)


def whole(f: Font, text: str, width: int) -> bool:
    """Whether ``say`` draws ``text`` itself, in full, within ``width`` pixels."""
    return bool(text) and drawable(f, text) and fit(f, text, max(0, width)) == text


def arrow(draw: ImageDraw.ImageDraw, x: float, y: float, length: int, right: bool,
          colour: tuple[int, int, int]) -> None:  # fmt: skip
    tip, tail = (x + length, x) if right else (x, x + length)
    draw.line([(tail, y), (tip, y)], colour, width=4)
    head = -10 if right else 10
    draw.polygon([(tip, y), (tip + head, y - 7), (tip + head, y + 7)], fill=colour)


def header(draw: ImageDraw.ImageDraw, width: int, sea: SeaPicture) -> None:
    """Forward for each side, the wind, the event and morale, over the position numbers."""
    f, y = font(16), 20
    arrow(draw, MARGIN, y, 40, True, PC)
    x = MARGIN + 48
    x += say(draw, (x, y), sea.pc_forward, f, PC, "lm") + 24
    arrow(draw, x, y, 40, False, NPC)
    x += 48
    x += say(draw, (x, y), sea.npc_forward, f, NPC, "lm")
    if sea.wind:  # the wind blows against the PCs' forward (headwind) or with it (tailwind)
        x += 32
        blows_right = sea.wind == "tailwind"
        for dy in (-8, 0, 8):
            draw.arc((x, y + dy - 6, x + 36, y + dy + 6), 200, 340, fill=FAINT, width=2)
        arrow(draw, x, y + 14, 36, blows_right, FAINT)
        x += 44
    if sea.event[0]:
        x += 24
        x += say(draw, (x, y), sea.event, f, INK, "lm", width - MARGIN - int(x) - 260) + 12
    say(draw, (width - MARGIN, y), sea.morale, f, INK, "rm")


def grid(draw: ImageDraw.ImageDraw, shown: range, lanes: int) -> None:
    """The position numbers along the top and a line between positions; lanes striped."""
    f = font(14)
    bottom = TOP + lanes * LANE_H
    for lane in range(0, lanes, 2):
        draw.rectangle((MARGIN, TOP + lane * LANE_H, MARGIN + len(shown) * CELL_W,
                        TOP + (lane + 1) * LANE_H), fill=LANE)  # fmt: skip
    for column in range(len(shown) + 1):
        x = MARGIN + column * CELL_W
        draw.line([(x, TOP - 6), (x, bottom)], GRID)
    for column, position in enumerate(shown):
        draw.text((MARGIN + column * CELL_W + CELL_W // 2, TOP - 16), str(position),
                  fill=FAINT, font=f, anchor="mm")  # fmt: skip


def _hull(ship: ShipPicture, left: int, top: int) -> tuple[list[tuple[int, int]], int, int]:
    x0, x1, y0, y1 = left + 4, left + ship.areas * CELL_W - 4, top + 14, top + LANE_H - 4
    middle = (y0 + y1) // 2
    if ship.pc:  # the bow points right, toward the enemy
        points = [(x0, y0), (x1 - BOW, y0), (x1, middle), (x1 - BOW, y1), (x0, y1)]
    else:
        points = [(x0 + BOW, y0), (x1, y0), (x1, y1), (x0 + BOW, y1), (x0, middle)]
    return points, y0, y1


def ship(draw: ImageDraw.ImageDraw, ship: ShipPicture, left: int, top: int, sea: SeaPicture,
         unnamed: Unnamed) -> None:  # fmt: skip
    """The ship and its crew; what it cannot name is added to ``unnamed``."""
    points, y0, y1 = _hull(ship, left, top)
    x0, x1 = left + 4, left + ship.areas * CELL_W - 4
    side = PC if ship.pc else NPC
    draw.polygon(points, fill=SUNK if ship.sunk else HULL[ship.pc], outline=side, width=3)
    inner0, inner1 = (x0 + 6, x1 - BOW) if ship.pc else (x0 + BOW, x1 - 6)
    if ship.flagship:  # a pennant on a mast amidships, flying aft
        mast = (x0 + x1) // 2
        draw.line([(mast, top), (mast, y0)], WOOD, width=3)
        aft = -1 if ship.pc else 1
        draw.polygon([(mast, top), (mast + aft * 40, top + 6), (mast, top + 13)],
                     fill=GOLD, outline=WOOD)  # fmt: skip
    badge = inner0 + 11
    draw.ellipse((badge - 11, y0 + 3, badge + 11, y0 + 25), fill=side)
    draw.text((badge, y0 + 14), ship.letter, fill="white", font=font(14, bold=True), anchor="mm")
    hp = f"{ship.hp}/{ship.max_hp}"
    hp_width = say(draw, (inner1 - 2, y0 + 14), (hp, hp), font(14), INK, "rm")
    room = int(inner1 - hp_width - 10 - (badge + 16))
    say(draw, (badge + 16, y0 + 14), (ship.name, ""), font(15), INK, "lm", room)
    if not whole(font(15), ship.name, room):
        unnamed.ships.append(ship.letter)
    share = max(0.0, min(1.0, ship.hp / ship.max_hp)) if ship.max_hp else 0.0
    bar = (inner0, y0 + 28, inner1, y0 + 33)
    draw.rectangle(bar, fill=HP_BACK)
    draw.rectangle((bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * share, bar[3]), fill=HP_FILL)
    for area in range(1, ship.areas):  # borders between areas
        x = left + area * CELL_W
        for y in range(y0 + 38, y1 - 2, 8):
            draw.line([(x, y), (x, y + 4)], FAINT)
    for area in range(ship.areas):
        cell = left + _column(ship, area) * CELL_W
        middle, low = cell + CELL_W // 2, (y0 + 38 + y1) // 2
        # Behind the crew: the area's number (1 = the bow) and, in its area, the helm.
        draw.text((middle - 14, low), str(area + 1), fill=WATERMARK, font=font(40, bold=True),
                  anchor="mm")  # fmt: skip
        if area == ship.helm:
            _wheel(draw, middle + 20, low)
        _crew(draw, [c for c in ship.crew if c.area == area], cell, y0 + 38, ship, area,
              unnamed)  # fmt: skip
    middle = (y0 + y1) // 2
    if ship.speed_up:  # twice the distance per move: chevrons ahead of the bow
        tip = x1 + 8 if ship.pc else x0 - 8
        way = 1 if ship.pc else -1
        for step in (0, 12):
            x = tip + way * step
            draw.line([(x, middle - 10), (x + way * 10, middle), (x, middle + 10)], SPEED,
                      width=4)  # fmt: skip
        say(draw, (tip, middle + 24), sea.speed_up, font(13, bold=True), SPEED,
            "lm" if ship.pc else "rm")  # fmt: skip
    if ship.aground:  # rocks under the keel, and the word astern
        for x in range(x0 + 8, x1 - 8, 18):
            draw.polygon([(x, y1 + 3), (x + 7, y1 - 6), (x + 14, y1 + 3)], fill=ROCK)
        stern = x0 - 8 if ship.pc else x1 + 8
        say(draw, (stern, middle), sea.aground, font(14, bold=True), ROCK,
            "rm" if ship.pc else "lm")  # fmt: skip
    if ship.sunk:
        draw.line([(x0, y0), (x1, y1)], (80, 80, 80), width=3)
        draw.line([(x0, y1), (x1, y0)], (80, 80, 80), width=3)


def _column(ship: ShipPicture, area: int) -> int:
    """The picture's column of an area within the ship (area 0, the bow, is toward the enemy)."""
    return ship.areas - 1 - area if ship.pc else area


def _wheel(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """The helm: a ship's wheel with its spokes."""
    draw.ellipse((x - 12, y - 12, x + 12, y + 12), outline=WOOD, width=3)
    for a, b in (((-16, 0), (16, 0)), ((0, -16), (0, 16)), ((-11, -11), (11, 11)),
                 ((-11, 11), (11, -11))):  # fmt: skip
        draw.line([(x + a[0], y + a[1]), (x + b[0], y + b[1])], WOOD, width=2)


def _crew(draw: ImageDraw.ImageDraw, crew: list[CrewPicture], cell: int, y: int,
          ship: ShipPicture, area: int, unnamed: Unnamed) -> None:  # fmt: skip
    """Up to ``ROWS`` rows: token, name, HP; more than fit: "+N" on the last row."""
    left = cell + (BOW + 2 if area == 0 and not ship.pc else 8)
    right = cell + CELL_W - (BOW + 2 if area == 0 and ship.pc else 8)
    shown = crew if len(crew) <= ROWS else crew[: ROWS - 1]
    name_font, hp_font = font(14), font(13)
    for row, c in enumerate(shown):
        top = y + row * ROW
        colour = DOWN if c.down else (PC if c.pc else NPC)
        draw.ellipse((left, top, left + 16, top + 16), fill=colour, outline=INK)
        draw.text((left + 8, top + 8), str(c.number), fill="white", font=font(11, bold=True),
                  anchor="mm")  # fmt: skip
        hp = "" if c.hp is None else str(c.hp)
        used = say(draw, (right, top + 8), (hp, hp), hp_font, FAINT, "rm") if hp else 0
        ink = DOWN if c.down else INK
        room = int(right - used - 4 - (left + 20))
        width = say(draw, (left + 20, top + 8), (c.name, ""), name_font, ink, "lm", room)
        if not whole(name_font, c.name, room):
            unnamed.crew.append(c.number)
        if c.down:  # out of battle: crossed through
            draw.line([(left + 2, top + 2), (left + 14, top + 14)], INK, width=2)
            draw.line([(left + 20, top + 9), (left + 20 + max(width, 10), top + 9)], ink, width=1)
    if len(crew) > ROWS:
        unnamed.crew += [c.number for c in crew[len(shown) :]]
        draw.text((left, y + (ROWS - 1) * ROW + 8), f"+{len(crew) - ROWS + 1}", fill=INK,
                  font=font(14, bold=True), anchor="lm")  # fmt: skip
