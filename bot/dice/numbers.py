"""One reader for every number a user types: an option, a ``key=value`` stat, a table row.

ASCII and full-width digits (``１２``, ``－３``) are read; anything else that Python's ``int()``
would take or choke on — ``²``, ``٣``, ``10^30``, 400 digits — is refused with a message naming
the field and its bounds, before ``int()`` ever sees it (Python refuses to read more than 4,300
digits, and a 30-digit number fits no database column).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.dice.parser import fold_width
from bot.i18n import LocalizedError

MAX_DIGITS = 15  # a bound of any field fits in far fewer; longer text is out of range unread
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")
SHOWN = 20  # how much of a bad value a message repeats


class NumberError(LocalizedError):
    """A value that is not a number, or not one this field allows."""


@dataclass(frozen=True)
class Bound:
    """The values a field allows, both ends included; ``decimals``: 5.25 is fine too."""

    low: int
    high: int
    decimals: bool = False


def _checked(text: str, field: str, bound: Bound) -> str:
    folded = fold_width(text).strip()
    pattern = _DECIMAL if bound.decimals else _WHOLE
    if not pattern.fullmatch(folded):
        raise NumberError(
            "number.not_a_number", field=field, text=text.strip()[:SHOWN] or "—",
            low=bound.low, high=bound.high,
        )  # fmt: skip
    whole = folded.lstrip("+-").split(".")[0].lstrip("0")
    if len(whole) > MAX_DIGITS:
        raise out_of_range(field, folded, bound)
    return folded


def out_of_range(field: str, value: object, bound: Bound) -> NumberError:
    return NumberError(
        "number.out_of_range", field=field, text=str(value)[:SHOWN], low=bound.low,
        high=bound.high,
    )  # fmt: skip


def read_int(text: str, field: str, bound: Bound) -> int:
    """``text`` as a whole number within ``bound``; ``NumberError`` naming ``field`` if not."""
    value = int(_checked(text, field, Bound(bound.low, bound.high)))
    check(value, field, bound)
    return value


def read_number(text: str, field: str, bound: Bound) -> int | float:
    """Like ``read_int``; a field with ``decimals`` also takes ``5.25``."""
    folded = _checked(text, field, bound)
    value: int | float = float(folded) if "." in folded else int(folded)
    return check(value, field, bound)


def check(value: int | float, field: str, bound: Bound) -> int | float:
    """A number already read (an option Discord sent) held to ``bound``."""
    if not bound.low <= value <= bound.high:
        raise out_of_range(field, value, bound)
    return value


def is_whole(text: str) -> bool:
    """Whether ``text`` reads as a whole number at all (ASCII or full-width digits)."""
    return bool(_WHOLE.fullmatch(fold_width(text).strip()))
