"""A legend's one line: as many entries as fit, the rest counted."""

from __future__ import annotations

from bot.ui.listing import as_many_as_fit


def more(count: int) -> str:
    return f"+{count}"


def test_all_fit_then_the_rest_is_counted_then_only_the_count() -> None:
    names = ["ミラ", "Aster", "哥布林"]
    assert as_many_as_fit(names, "・", more, 100) == "ミラ・Aster・哥布林"
    assert as_many_as_fit(names, "・", more, 11) == "ミラ・Aster・+1"
    assert as_many_as_fit(names, "・", more, 2) == "+3"
    wrapped = as_many_as_fit(names, "、", more, 14, lambda shown: f"凡例：{shown}")
    assert wrapped == "凡例：ミラ、Aster、+1"
