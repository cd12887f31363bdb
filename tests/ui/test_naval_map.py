"""The battlefield picture: a real PNG whose width follows the positions in use, one lane per
ship, sunk ships greyed."""

from __future__ import annotations

import io

from PIL import Image

from bot.systems.naval.battlefield import FIELD
from bot.ui.naval_map import (
    CELL_W,
    LANE_H,
    MAX_HEIGHT,
    MAX_WIDTH,
    SUNK,
    ShipPicture,
    battlefield_window,
    render_battlefield,
)


def picture(*ships: ShipPicture, focus: list[int] = ()) -> Image.Image:  # type: ignore[assignment]
    return Image.open(io.BytesIO(render_battlefield(list(ships), focus))).convert("RGB")


def test_the_picture_spans_the_positions_in_use_plus_one_each_side() -> None:
    near = picture(ShipPicture("A", 0, 3, 1, True, 2300, 2300, True))
    wide = picture(ShipPicture("A", 0, 3, 1, True, 2300, 2300), ShipPicture("B", 6, 1, 0, False,
                                                                           300, 300))  # fmt: skip
    assert wide.width - near.width == 4 * CELL_W  # positions 3–6 added (−1 … 7)
    assert wide.height - near.height == LANE_H  # a second lane


def test_a_sunk_ship_is_grey() -> None:
    image = picture(ShipPicture("A", 0, 1, 0, False, 0, 300, sunk=True))
    colours = {colour for _, colour in image.getcolors(maxcolors=100_000)}  # type: ignore[union-attr]
    assert SUNK in colours


def test_the_legal_extremes_make_a_picture_of_bounded_size_around_the_action() -> None:
    """Ships at both ends of the field and 100 in all (the most an encounter holds): the
    picture stays within its maximum, showing the moved ship and who is near it."""
    ends = [ShipPicture("A", FIELD[0], 3, 1, True, 10, 10), ShipPicture("B", FIELD[-1], 1, 0,
                                                                       False, 5, 5)]  # fmt: skip
    crowd = [ShipPicture(f"C{n}", n % 40 - 20, 1 + n % 3, 0, n % 2 == 0, 1, 1) for n in range(98)]
    ships = ends + crowd
    image = picture(*ships, focus=[FIELD[-1]])
    assert image.width <= MAX_WIDTH and image.height <= MAX_HEIGHT
    shown, drawn = battlefield_window(ships, [FIELD[-1]])
    assert FIELD[-1] in shown and ends[1] in drawn  # the action is in the picture
    assert all(any(p in shown for p in range(s.position, s.position + s.areas)) for s in drawn)


def test_without_a_focus_the_window_holds_the_most_ships() -> None:
    ships = [ShipPicture(f"S{n}", 50 + n, 1, 0, True, 1, 1) for n in range(10)]
    ships.append(ShipPicture("X", -90, 1, 0, False, 1, 1))
    shown, drawn = battlefield_window(ships)
    assert len(drawn) == 10 and all(s.letter.startswith("S") for s in drawn)
    assert len(shown) * CELL_W <= MAX_WIDTH
