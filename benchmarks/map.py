"""Picture sizes and render times (target: under 200 ms, at most 1,600 × 1,200 pixels):

- a 20 × 20 Grancrest map with 30 tokens (an ordinary fight);
- the bounds: the largest legal Grancrest map (MAX_SIDE squares a side) with 100 tokens, and
  the naval battlefield with ships at both ends of the field (−99 and 99) and 100 ships in
  all — the most an encounter holds.

.venv/bin/python benchmarks/map.py
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from bot.combat.engine import MAX_COMBATANTS
from bot.systems.grancrest.board import MAX_SIDE
from bot.systems.naval.battlefield import FIELD
from bot.ui.maps import Token, render_map
from bot.ui.naval_map import ShipPicture, render_battlefield


def timed(label: str, draw: Callable[[], bytes]) -> None:
    draw()  # warm the font
    times = []
    for _ in range(20):
        start = time.perf_counter()
        png = draw()
        times.append((time.perf_counter() - start) * 1000)
    width, height = Image.open(io.BytesIO(png)).size
    print(f"{label}: {width} × {height} px, {len(png):,} bytes PNG; "
          f"median {statistics.median(times):.1f} ms, slowest {max(times):.1f} ms")  # fmt: skip


def main() -> None:
    rng = random.Random(1)
    ordinary = [
        Token(n + 1, (rng.randrange(20), rng.randrange(20)), n % 2 == 0, rng.randrange(1, 40), 40)
        for n in range(30)
    ]
    timed("20×20 map, 30 tokens", lambda: render_map(20, 20, ordinary))
    crowd = [
        Token(n + 1, (rng.randrange(MAX_SIDE), rng.randrange(MAX_SIDE)), n % 2 == 0, 20, 40)
        for n in range(MAX_COMBATANTS)
    ]
    corner = [(MAX_SIDE - 1, MAX_SIDE - 1)]
    timed(f"{MAX_SIDE}×{MAX_SIDE} map (the largest), {MAX_COMBATANTS} tokens",
          lambda: render_map(MAX_SIDE, MAX_SIDE, crowd, corner))  # fmt: skip
    ships = [ShipPicture("A", FIELD[0], 3, 1, True, 2300, 2300, True),
             ShipPicture("B", FIELD[-1], 1, 0, False, 300, 300, True)]  # fmt: skip
    ships += [
        ShipPicture(f"S{n}", rng.randrange(FIELD[0], FIELD[-1] - 2), rng.randint(1, 3), 0,
                    n % 2 == 0, 100, 300, crew=[(m, 0, True) for m in range(5)])
        for n in range(MAX_COMBATANTS - 2)
    ]  # fmt: skip
    packed = [
        ShipPicture(f"P{n}", n % 15, 3, 1, n % 2 == 0, 100, 300) for n in range(MAX_COMBATANTS)
    ]
    timed(f"battlefield {FIELD[0]}…{FIELD[-1]}, {MAX_COMBATANTS} ships",
          lambda: render_battlefield(ships, [FIELD[-1]]))  # fmt: skip
    timed(f"battlefield, {MAX_COMBATANTS} ships within 15 positions",
          lambda: render_battlefield(packed))  # fmt: skip
    print("target: under 200 ms, at most 1600 × 1200 px")


if __name__ == "__main__":
    main()
