"""bot.ui.window: the part of a big map a picture shows, along one axis."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.ui.window import window


@given(
    st.integers(-200, 200),
    st.integers(0, 400),
    st.integers(1, 50),
    st.lists(st.integers(-200, 600), max_size=4),
    st.lists(st.integers(-200, 600), max_size=60),
)
def test_a_window_is_within_the_map_and_holds_the_focus_when_it_can(
    low: int, span: int, size: int, focus: list[int], points: list[int]
) -> None:
    high = low + span
    focus = [f for f in focus if low <= f <= high]
    shown = window(low, high, size, focus, points)
    assert len(shown) == min(size, span + 1)
    assert shown.start >= low and shown.stop - 1 <= high
    if focus and max(focus) - min(focus) < size:
        assert all(f in shown for f in focus)


def test_the_window_holds_the_most_points_and_prefers_the_middle_of_the_focus() -> None:
    shown = window(0, 99, 10, [], [50, 51, 52, 90])
    assert all(p in shown for p in (50, 51, 52))
    assert window(0, 99, 10, [95], [50, 51, 52]) == range(90, 100)
    assert window(0, 5, 10, [3], []) == range(0, 6)  # a small map: all of it
