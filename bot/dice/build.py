"""Builds frozen commands from the grammar's rules, during the LALR parse.

Structure the grammar leaves open is decided here: which command a line of terms makes
(``2D6+1`` a sum, ``2B6+4B10`` barabara …), that dice counts and sides are plain numbers, and
the limits. Text that is not a command raises ``NotACommand``; a command that breaks a limit
raises ``DiceError``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lark import Token, Transformer

from bot.dice.commands import Calc, Choice, D66Roll, Notice, Repeat, SumRoll, SystemRoll
from bot.dice.errors import DiceError, NotACommand
from bot.dice.limits import MAX_CHOICE_ITEMS, MAX_DICE_PER_TERM, MAX_SIDES
from bot.dice.nodes import (
    Chain,
    D66Term,
    Dice,
    EspCheck,
    Node,
    Num,
    Paren,
    Pool,
    Signed,
    Threshold,
    const_value,
)
from bot.dice.pools import Barabara, Reroll, Tally, Upper

Command = (
    SumRoll
    | D66Roll
    | Calc
    | Choice
    | Notice
    | Repeat
    | SystemRoll
    | Barabara
    | Reroll
    | Upper
    | Tally
)

_CMP = {"=>": ">=", "=<": "<=", "==": "=", "!=": "<>"}
_POOL_NAMES = {
    "B": "バラバラ(B)",
    "R": "振り足し(R)",
    "U": "上方無限(U)",
    "T": "個数カウント(TY/TZ)",
}


def _not_command(code: str, column: int | None, **params: object) -> NotACommand:
    return NotACommand(DiceError(code, column, **params))


def _is(item: object, kind: str) -> bool:
    return isinstance(item, Token) and item.type == kind


def _int(node: Node, column: int) -> int:
    if node.has_dice:
        raise _not_command("dice.count_not_number", column)
    return const_value(node)


def _count(node: Node | None, column: int) -> int | None:
    if node is None:
        return None
    count = _int(node, column)
    if count < 0:
        raise _not_command("dice.negative_count", column, count=count)
    if count > MAX_DICE_PER_TERM:
        raise DiceError("dice.too_many_dice", column, count=count, limit=MAX_DICE_PER_TERM)
    return count


def _sides(node: Node, column: int) -> int:
    sides = _int(node, column)
    if sides < 1:
        raise _not_command("dice.too_many_sides", column, sides=sides, limit=MAX_SIDES)
    if sides > MAX_SIDES:
        raise DiceError("dice.too_many_sides", column, sides=sides, limit=MAX_SIDES)
    return sides


def _split(children: list, kind: str) -> tuple[Node | None, Token, list]:
    """``[count?, TOKEN, rest…]`` → (count node or None, the token, what follows it)."""
    index = next(i for i, child in enumerate(children) if _is(child, kind))
    return (children[0] if index else None), children[index], children[index + 1 :]


def _walk(node: Node) -> Iterator[Node]:
    yield node
    if isinstance(node, Chain):
        yield from _walk(node.first)
        for _, operand, _ in node.rest:
            yield from _walk(operand)
    elif isinstance(node, Signed | Paren):
        yield from _walk(node.body)


def _terms(expr: Node) -> list[tuple[str, Node]]:
    """The top-level ``+``/``-`` terms of an expression, each with its sign."""
    if isinstance(expr, Chain) and expr.rest and expr.rest[0][0] in "+-":
        return [("+", expr.first), *((op, node) for op, node, _ in expr.rest)]
    return [("+", expr)]


class Builder(Transformer):
    """Lark callbacks, one per rule of ``grammar/dice.lark``."""

    # -- expressions ------------------------------------------------------------------------
    def number(self, c: list) -> Num:
        return Num(int(c[0]))

    def paren(self, c: list) -> Paren:
        return Paren(c[0])

    def signed(self, c: list) -> Signed:
        return Signed(c[0].value, c[1])

    def sum(self, c: list) -> Chain:
        return self.product(c)

    def product(self, c: list) -> Chain:
        rest: list[tuple[str, Node, str]] = []
        index = 1
        while index < len(c):
            op, operand = c[index].value, c[index + 1]
            index += 2
            rounding = ""
            if index < len(c) and _is(c[index], "ROUND"):
                rounding = c[index].value.upper()
                index += 1
            rest.append((op, operand, rounding))
        has_dice = c[0].has_dice or any(operand.has_dice for _, operand, _ in rest)
        return Chain(c[0], tuple(rest), has_dice)

    # -- dice terms -------------------------------------------------------------------------
    def dice(self, c: list) -> Dice:
        count, token, rest = _split(c, "DICE")
        sides: int | None = None
        keep: tuple[str, int] | None = None
        for item in rest:
            if isinstance(item, tuple):
                keep = item
            else:
                sides = _sides(item, token.column)
        number = _count(count, token.column)
        return Dice(1 if number is None else number, sides, keep, token.column)

    def keep(self, c: list) -> tuple[str, int]:
        word = c[0].value.upper()
        if word in ("MAX", "MIN"):
            return ("KH" if word == "MAX" else "KL"), 1
        n = _int(c[1], c[0].column) if len(c) > 1 else 1
        if n < 0:
            raise _not_command("dice.negative_count", c[0].column, count=n)
        return word, n

    def d66(self, c: list) -> D66Term:
        count, token, _ = _split(c, "D66")
        return D66Term(_count(count, token.column), token.value[3:].upper(), token.column)

    def _pool(self, c: list, kind: str, token_type: str) -> Pool:
        count, token, rest = _split(c, token_type)
        number = _count(count, token.column)
        if not number:  # BCDice needs a count of at least one: 0B6 and B6 are not commands
            raise _not_command("dice.count_not_number", token.column)
        threshold = rest[1] if len(rest) > 1 else None
        sides = _int(rest[0], token.column)
        if sides < 1:
            raise _not_command("dice.too_many_sides", token.column, sides=sides, limit=MAX_SIDES)
        if sides > MAX_SIDES and kind != "T":
            raise DiceError("dice.too_many_sides", token.column, sides=sides, limit=MAX_SIDES)
        name = token.value.upper() if kind == "T" else kind
        return Pool(name, number, sides, threshold, token.column)

    def barabara(self, c: list) -> Pool:
        return self._pool(c, "B", "BARABARA")

    def reroll(self, c: list) -> Pool:
        return self._pool(c, "R", "REROLL")

    def upper(self, c: list) -> Pool:
        return self._pool(c, "U", "UPPER")

    def tally(self, c: list) -> Pool:
        return self._pool(c, "T", "TALLY")

    def esp_check(self, c: list) -> EspCheck:
        count, token, _ = _split(c, "ESP_CHECK")
        return EspCheck(_count(count, token.column), token.value.upper() == "ESN", token.column)

    def threshold(self, c: list) -> Threshold:
        op = _CMP.get(c[0].value, c[0].value) if _is(c[0], "CMP") else None
        return Threshold(op, _int(c[-1], 1))

    def target(self, c: list) -> int | str:
        if _is(c[0], "UNDECIDED"):
            return "?"
        if c[0].has_dice:
            raise _not_command("dice.target_not_number", None)
        return const_value(c[0])

    # -- commands ---------------------------------------------------------------------------
    def start(self, c: list) -> Command:
        command = c[-1]
        if len(c) == 2:
            command = command.__class__(**{**_fields(command), "secret": True})
        return command

    def expr_command(self, c: list) -> Command:
        expr, op, target, at = c[0], None, None, None
        index = 1
        if index < len(c) and _is(c[index], "CMP"):
            op, target = _CMP.get(c[index].value, c[index].value), c[index + 1]
            index += 2
        if index < len(c) and _is(c[index], "AT"):
            at_op = (
                _CMP.get(c[index + 1].value, c[index + 1].value)
                if _is(c[index + 1], "CMP")
                else None
            )
            at = Threshold(at_op, _int(c[-1], c[index].column))
        return _classify(expr, op, target, at)

    def calc(self, c: list) -> Calc:
        if c[1].has_dice:
            raise _not_command("dice.count_not_number", c[0].column)
        return Calc(c[1])

    def choice(self, c: list) -> Choice | Notice:
        count = int(c[1]) if len(c) > 1 and _is(c[1], "NUMBER") else None
        kinds = {"BRACKET_ITEM": "[", "PAREN_ITEM": "(", "WORD": " "}
        tokens = [item for item in c if isinstance(item, Token) and item.type in kinds]
        items = [stripped for item in tokens if (stripped := item.value.strip())]
        if not items:
            raise _not_command("dice.not_command", c[0].column, text="choice")
        if len(items) == 1:
            items = _expand_range(items[0], c[0].column)
        if len(items) > MAX_CHOICE_ITEMS:
            return Notice(f"項目数は{MAX_CHOICE_ITEMS}以下としてください")
        if count == 0 or (count or 1) > len(items):
            raise _not_command("dice.not_command", c[0].column, text="choice")
        return Choice(tuple(items), count, kinds[tokens[0].type])

    def repeat(self, c: list) -> Repeat:
        return Repeat(int(c[1]), c[3].value)

    def gurps_table(self, c: list) -> SystemRoll:
        name = c[0].value.upper()
        modifier = int(c[2]) * (-1 if c[1] == "-" else 1) if len(c) == 3 else 0
        return SystemRoll(name, (modifier,) if name == "REACT" else ())


def _fields(command: Command) -> dict[str, object]:
    return {name: getattr(command, name) for name in command.__dataclass_fields__}


_RANGES = (
    re.compile(r"([A-Z])-([A-Z])$"),
    re.compile(r"([a-z])-([a-z])$"),
    re.compile(r"([0-9]+)-([0-9]+)$"),
)


def _expand_range(item: str, column: int) -> list[str]:
    """``A-F`` → A…F, ``3-10`` → 3…10 (ascending only). A lone item that is not a range is not
    a choice (BCDice answers nothing)."""
    for pattern in _RANGES:
        match = pattern.fullmatch(item)
        if not match:
            continue
        first, last = match.groups()
        if first.isdigit():
            low, high = int(first), int(last)
            if low < high:
                if high - low + 1 > MAX_CHOICE_ITEMS:
                    high = low + MAX_CHOICE_ITEMS  # one too many is enough to be refused
                return [str(n) for n in range(low, high + 1)]
        elif first < last:
            return [chr(code) for code in range(ord(first), ord(last) + 1)]
    raise _not_command("dice.not_command", column, text=item)


def _classify(
    expr: Node, op: str | None, target: int | str | None, at: Threshold | None
) -> Command:
    special = [n for n in _walk(expr) if isinstance(n, Pool | EspCheck | D66Term)]
    pools = [n for n in special if isinstance(n, Pool)]
    checks = [n for n in special if isinstance(n, EspCheck)]
    if not pools and not checks:
        if isinstance(expr, D66Term) and expr.count is None and op is None and at is None:
            return D66Roll(expr.order)
        # D66 without a count is a command alone (D66, D66N …), never a term: BCDice answers
        # nothing to D66+4, D66*2 or D66>=41 (1D66+4 is a sum).
        ordered = next(
            (n for n in special if isinstance(n, D66Term) and (n.order or n.count is None)),
            None,
        )
        if ordered is not None or at is not None or not expr.has_dice:
            column = ordered.column if ordered is not None else None
            raise _not_command("dice.not_command", column, text="")
        return SumRoll(expr, op, target)
    if checks:
        return _esperancer(expr, checks, op, target, at)
    kinds = {pool.kind[0] for pool in pools}
    if len(kinds) > 1:
        raise _not_command("dice.mixed_terms", pools[1].column, kind=_POOL_NAMES[pools[1].kind[0]])
    kind = kinds.pop()
    terms = _terms(expr)
    groups = [node for sign, node in terms if isinstance(node, Pool) and sign == "+"]
    constants = [(sign, node) for sign, node in terms if not node.has_dice]
    if len(groups) != len(pools) or len(groups) + len(constants) != len(terms) or target == "?":
        raise _not_command("dice.mixed_terms", pools[0].column, kind=_POOL_NAMES[kind])
    if constants and kind != "U":
        raise _not_command("dice.mixed_terms", pools[0].column, kind=_POOL_NAMES[kind])
    pairs = tuple((pool.count or 1, pool.sides) for pool in groups)
    thresholds = [pool.threshold for pool in groups if pool.threshold is not None]
    if at is not None:
        thresholds.append(at)
    int_target = target if isinstance(target, int) else None
    if kind == "T":
        if len(groups) != 1 or op is not None or thresholds:
            raise _not_command("dice.mixed_terms", pools[0].column, kind=_POOL_NAMES[kind])
        return Tally(pairs[0][0], pairs[0][1], groups[0].kind == "TZ")
    if len(thresholds) > 1 or (kind == "B" and thresholds):
        raise _not_command("dice.mixed_terms", pools[0].column, kind=_POOL_NAMES[kind])
    threshold = thresholds[0] if thresholds else None
    if kind == "B":
        return Barabara(pairs, op, int_target)
    if kind == "R":
        reroll_op = threshold.op if threshold else None
        return Reroll(pairs, op, int_target, reroll_op, threshold.value if threshold else None)
    if threshold is not None and threshold.op is not None:
        raise _not_command("dice.mixed_terms", pools[0].column, kind=_POOL_NAMES[kind])
    modifier = sum(const_value(n) * (-1 if sign == "-" else 1) for sign, n in constants)
    return Upper(pairs, modifier, op, int_target, threshold.value if threshold else None)


def _esperancer(
    expr: Node, checks: list[EspCheck], op: str | None, target: int | str | None, at: object
) -> SystemRoll:
    """``[n]ES[±kD10][±flat][>=target]``: the check's dice, dice modifiers and flat modifiers."""
    check = checks[0]
    terms = _terms(expr)
    dice_modifier = flat = 0
    for sign, node in terms:
        factor = -1 if sign == "-" else 1
        if node is check and sign == "+":
            continue
        if isinstance(node, Dice) and node.sides in (None, 10) and node.keep is None:
            dice_modifier += factor * node.count
        elif not node.has_dice:
            flat += factor * const_value(node)
        else:
            raise _not_command("dice.mixed_terms", check.column, kind="ES")
    if len(checks) > 1 or at is not None or check not in [node for _, node in terms]:
        raise _not_command("dice.mixed_terms", check.column, kind="ES")
    base = 2 if check.count is None else check.count
    args = (base, dice_modifier, flat, check.no_reroll, op, target, check.column)
    return SystemRoll("ES", args)
