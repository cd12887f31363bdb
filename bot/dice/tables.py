"""User-defined tables in BCDice's text format.

    飲み物表          line 1: the table's name
    1D6              line 2: the dice (xDn summed, or D66 / D66A / D66S / D66D / D66N)
    1:水             then one row per value: ``value:text`` (``low-high:text`` covers a range)
    …

``\\n`` inside a row's text is a line break. ``parse_table`` checks that every value the dice
can give has exactly one row, and says which line is wrong when one is not.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from itertools import product

from bot.dice.errors import DiceError, NotACommand
from bot.dice.limits import MAX_DICE_PER_TERM, MAX_SIDES
from bot.dice.numbers import Bound, NumberError, read_int
from bot.dice.parser import fold_width, normalize, parse
from bot.dice.result import RollResult
from bot.dice.source import Roller

MAX_ROWS = 1000
_SUM = re.compile(r"([0-9]{0,6})D([0-9]{1,6})", re.IGNORECASE)  # longer: no valid table
_D66 = re.compile(r"D66([ASDN]?)", re.IGNORECASE)
_COLON = re.compile("[:：]")
_ROW_HEAD = re.compile(r"\s*(-?[0-9]+)(?:\s*[-~〜]\s*(-?[0-9]+))?\s*")


@dataclass(frozen=True, slots=True)
class DiceTable:
    name: str
    dice: str  # "2D6", "D66", "D66A" …
    rows: Mapping[int, str]

    def roll(self, roller: Roller) -> RollResult:
        value = roll_table_dice(self.dice, roller)
        return RollResult(f"{self.name}({value}) ＞ {self.rows[value]}", total=value)


def roll_table_dice(dice: str, roller: Roller) -> int:
    d66 = _D66.fullmatch(dice)
    if d66:
        tens, units = roller.roll(6), roller.roll(6)
        if d66.group(1) in ("A", "S"):
            tens, units = min(tens, units), max(tens, units)
        elif d66.group(1) == "D":
            tens, units = max(tens, units), min(tens, units)
        return tens * 10 + units
    match = _SUM.fullmatch(dice)
    assert match is not None, dice  # parse_table only builds tables with valid dice
    return sum(roller.roll_many(int(match.group(1) or 1), int(match.group(2))))


def possible_values(dice: str) -> set[int]:
    d66 = _D66.fullmatch(dice)
    if d66:
        order = d66.group(1)
        pairs = product(range(1, 7), repeat=2)
        if order in ("A", "S"):
            return {a * 10 + b for a, b in pairs if a <= b}
        if order == "D":
            return {a * 10 + b for a, b in pairs if a >= b}
        return {a * 10 + b for a, b in pairs}
    match = _SUM.fullmatch(dice)
    assert match is not None
    count, sides = int(match.group(1) or 1), int(match.group(2))
    return set(range(count, count * sides + 1))


def _dice_spec(text: str) -> str:
    spec = normalize(text).upper()
    d66 = _D66.fullmatch(spec)
    if d66:
        return spec
    match = _SUM.fullmatch(spec)
    if not match:
        raise DiceError("table.bad_dice", dice=text.strip()[:40])
    count, sides = int(match.group(1) or 1), int(match.group(2))
    if not (1 <= count <= MAX_DICE_PER_TERM and 1 <= sides <= MAX_SIDES):
        raise DiceError("table.bad_dice", dice=text.strip()[:40])
    if count * (sides - 1) + 1 > MAX_ROWS:
        raise DiceError("table.too_big", size=count * (sides - 1) + 1, limit=MAX_ROWS)
    return f"{count}D{sides}"


def _row_value(text: str, line: int, dice: str, allowed: set[int]) -> int:
    """A row's value: one the dice can give (and never a 4,000-digit one read whole)."""
    try:
        return read_int(text, "value", Bound(min(allowed), max(allowed)))
    except NumberError:
        raise DiceError("table.bad_value", line=line, value=text[:20], dice=dice) from None


def parse_table(text: str) -> DiceTable:
    """Read a table in BCDice's format; raise ``DiceError`` (``table.*``) naming the bad line."""
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) < 2 or not lines[0].strip() or not lines[1].strip():
        raise DiceError("table.empty")
    name, dice = lines[0].strip(), _dice_spec(lines[1])
    allowed = possible_values(dice)
    rows: dict[int, str] = {}
    for number, line in enumerate(lines[2:], 3):
        if not line.strip():
            continue
        colon = _COLON.search(line)
        match = _ROW_HEAD.fullmatch(fold_width(line[: colon.start()])) if colon else None
        if colon is None or match is None:
            raise DiceError("table.bad_row", line=number, text=line.strip()[:40])
        low = _row_value(match.group(1), number, dice, allowed)
        high = _row_value(match.group(2), number, dice, allowed) if match.group(2) else low
        row_text = line[colon.end() :].strip().replace("\\n", "\n")
        for value in range(low, high + 1):
            if value not in allowed:
                raise DiceError("table.bad_value", line=number, value=value, dice=dice)
            if value in rows:
                raise DiceError("table.duplicate", line=number, value=value)
            rows[value] = row_text
    missing = sorted(allowed - rows.keys())
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (" …" if len(missing) > 10 else "")
        raise DiceError("table.missing", values=shown)
    return DiceTable(name, dice, rows)


MAX_COMMAND = 32


def command_name(text: str, builtin: Collection[str]) -> str:
    """The name a user table is rolled by (``drink`` → ``DRINK``), checked: letters and digits,
    and never a name that would take over a dice expression or a built-in command of any game
    system (``D20``, ``HIT``, ``ES``, ``D66``, ``NEVT``, ``REACT`` …) — a table is tried first,
    so such a name would rig that roll for everyone."""
    command = normalize(text).upper()
    if not command.isalnum() or not command[:1].isalpha() or len(command) > MAX_COMMAND:
        raise DiceError("table.bad_command", command=command[:40] or "—")
    secret = command[1:] if command.startswith("S") else None  # S + a name rolls it in secret
    if command in builtin or secret in builtin:
        raise DiceError("table.builtin", command=command)
    try:
        parse(command)
    except NotACommand:
        return command  # not a command of the dice language: free to use
    except DiceError:
        pass  # a command that breaks a limit (D99999) is still a command
    raise DiceError("table.shadows", command=command)
