"""The Grancrest map picture: at the largest legal map (MAX_SIDE squares a side) with the most
combatants an encounter holds, a picture of bounded size around whose turn it is."""

from __future__ import annotations

import io

from PIL import Image

from bot.combat.engine import MAX_COMBATANTS
from bot.systems.grancrest.board import MAX_SIDE
from bot.ui.maps import CELL, MARGIN, MAX_HEIGHT, MAX_WIDTH, Token, map_window, render_map


def test_the_largest_map_makes_a_picture_of_bounded_size_around_the_action() -> None:
    tokens = [Token(n + 1, (n % MAX_SIDE, (n * 7) % MAX_SIDE), n % 2 == 0, 5, 10)
              for n in range(MAX_COMBATANTS)]  # fmt: skip
    corner = (MAX_SIDE - 1, MAX_SIDE - 1)
    image = Image.open(io.BytesIO(render_map(MAX_SIDE, MAX_SIDE, tokens, [corner])))
    assert image.width <= MAX_WIDTH and image.height <= MAX_HEIGHT
    columns, rows = map_window(MAX_SIDE, MAX_SIDE, tokens, [corner])
    assert corner[0] in columns and corner[1] in rows  # the action is in the picture
    assert image.size == (2 * MARGIN + len(columns) * CELL, 2 * MARGIN + len(rows) * CELL)


def test_a_small_map_is_drawn_whole() -> None:
    assert map_window(12, 8, [], [(3, 3)]) == (range(12), range(8))
