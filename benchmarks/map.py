"""Map rendering time: a 20 × 20 Grancrest map with 30 tokens (target: under 200 ms).

.venv/bin/python benchmarks/map.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ui.maps import Token, render_map


def main() -> None:
    rng = random.Random(1)
    tokens = [
        Token(n + 1, (rng.randrange(20), rng.randrange(20)), n % 2 == 0, rng.randrange(1, 40), 40)
        for n in range(30)
    ]
    render_map(20, 20, tokens)  # warm the font
    times = []
    for _ in range(20):
        start = time.perf_counter()
        png = render_map(20, 20, tokens)
        times.append((time.perf_counter() - start) * 1000)
    median, slowest = statistics.median(times), max(times)
    print(f"20×20 map, 30 tokens: median {median:.1f} ms, slowest {slowest:.1f} ms")
    print(f"PNG size: {len(png):,} bytes")
    print("target: under 200 ms")


if __name__ == "__main__":
    main()
