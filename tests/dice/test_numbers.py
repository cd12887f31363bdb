"""The one number reader: ASCII and full-width digits in, bounded whole numbers out; every other
text refused with the field and its bounds, never handed to ``int()``."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.dice.numbers import Bound, NumberError, is_whole, read_int, read_number
from bot.i18n import t
from bot.systems.fields import FIELDS, read

HP = FIELDS["hp"]


@pytest.mark.parametrize(
    ("text", "value"),
    [("40", 40), ("４０", 40), (" -5 ", -5), ("－５", -5), ("+7", 7), ("0007", 7), ("−3", -3)],
)
def test_ascii_and_full_width_digits_are_read(text: str, value: int) -> None:
    assert read_int(text, "hp", HP) == value


@pytest.mark.parametrize(
    "text", ["²", "٣", "١٢", "৩", "10^30", "1e3", "", " ", "3.5", "--3", "1 000", "Ⅻ", "三"]
)
def test_other_text_is_not_a_number(text: str) -> None:
    with pytest.raises(NumberError) as error:
        read_int(text, "hp", HP)
    assert error.value.code == "number.not_a_number"
    assert not is_whole(text)


@pytest.mark.parametrize("text", ["1" + "0" * 30, "9" * 400, "9" * 5000, "-" + "9" * 4400])
def test_huge_numbers_are_out_of_range_without_being_read(text: str) -> None:
    with pytest.raises(NumberError) as error:
        read_int(text, "hp", HP)
    assert error.value.code == "number.out_of_range"
    assert len(error.value.params["text"]) <= 20


def test_the_message_names_the_field_and_the_bounds_in_every_language() -> None:
    with pytest.raises(NumberError) as error:
        read("31", "count")
    assert error.value.localized("en") == "count must be between 1 and 30 (not 31)."
    assert error.value.localized("ja") == "countは1〜30にしてください（31は範囲外です）。"
    assert "count" in error.value.localized("zh-TW") and "30" in error.value.localized("zh-TW")
    with pytest.raises(NumberError) as bad:
        read("²", "position")
    assert bad.value.localized("en") == "position: “²” is not a number — write digits, -99 to 99."
    assert t("number.not_a_number", locale="ja", field="hp", text="x", low=1, high=2)


def test_decimals_only_where_the_field_allows_them() -> None:
    assert read_number("5.25", "speed", FIELDS["speed"]) == 5.25
    assert read_number("５", "speed", FIELDS["speed"]) == 5
    with pytest.raises(NumberError):
        read_number("5.25", "hp", HP)


@given(st.text(max_size=60))
def test_any_text_is_a_bounded_number_or_a_number_error(text: str) -> None:
    bound = Bound(-50, 50)
    try:
        value = read_int(text, "x", bound)
    except NumberError as error:
        assert error.code in ("number.not_a_number", "number.out_of_range")
    else:
        assert isinstance(value, int) and -50 <= value <= 50


@given(st.integers(-(10**40), 10**40))
def test_every_integer_round_trips_or_is_out_of_range(value: int) -> None:
    try:
        read_value = read_int(str(value), "hp", HP)
    except NumberError as error:
        assert error.code == "number.out_of_range" and not HP.low <= value <= HP.high
    else:
        assert read_value == value


def test_every_bound_fits_a_32_bit_column() -> None:
    for name, bound in FIELDS.items():
        assert -(2**31) <= bound.low <= bound.high <= 2**31 - 1, name
