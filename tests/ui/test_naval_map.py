"""The battlefield picture: a real PNG whose width follows the positions in use, one lane per
ship, sunk ships greyed."""

from __future__ import annotations

import io

from PIL import Image

from bot.ui.naval_map import CELL_W, LANE_H, SUNK, ShipPicture, render_battlefield


def picture(*ships: ShipPicture) -> Image.Image:
    return Image.open(io.BytesIO(render_battlefield(list(ships)))).convert("RGB")


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
