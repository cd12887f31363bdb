"""Which part of a big map a picture shows: along one axis, ``size`` consecutive coordinates
that hold the focus (where the action is) and, among those, as many other points as possible.
Pure. Both renderers (the Grancrest grid, the naval line of positions) use it per axis, so a
picture has a fixed maximum size however large the field is.
"""

from __future__ import annotations

from collections.abc import Iterable


def window(low: int, high: int, size: int, focus: Iterable[int], points: Iterable[int]) -> range:
    """Coordinates ``low..high`` (inclusive) shown ``size`` at a time. The window holds every
    focus point when they fit in it (else it centres on their middle), and the most of
    ``points`` among those windows; ties go to the window centred nearest the focus."""
    if high - low + 1 <= size:
        return range(low, high + 1)
    focus, points = sorted(focus), list(points)
    if focus and focus[-1] - focus[0] + 1 > size:  # the focus alone is wider than a window
        middle = (focus[0] + focus[-1]) // 2
        start = min(max(low, middle - size // 2), high - size + 1)
        return range(start, start + size)
    first = max(low, (focus[-1] - size + 1) if focus else low)
    last = min(high - size + 1, focus[0] if focus else high - size + 1)
    centre = (focus[0] + focus[-1]) / 2 if focus else (low + high) / 2

    def score(start: int) -> tuple[int, float]:
        held = sum(1 for p in points if start <= p < start + size)
        return held, -abs(start + (size - 1) / 2 - centre)

    start = max(range(first, last + 1), key=score)
    return range(start, start + size)
