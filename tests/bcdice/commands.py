"""Random commands of the common dice language and of the GranCrest and GURPS checks, for the
differential test against BCDice (seeded: the same commands every run)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

SIDES = (2, 3, 4, 6, 8, 10, 12, 20, 100)
OPS = (">=", "<=", ">", "<", "=", "<>")
WORDS = ("攻撃", "回避", "test", "目星")


def _dice(r: random.Random) -> str:
    return f"{r.randint(1, 5)}D{r.choice(SIDES)}"


def _term(r: random.Random) -> str:
    return _dice(r) if r.random() < 0.6 else str(r.randint(1, 12))


def sum_roll(r: random.Random) -> str:
    text = _dice(r)
    for _ in range(r.randint(0, 3)):
        op = r.choice("++--*/")
        term = _term(r) if op != "/" else str(r.randint(1, 4))
        if op == "/" and r.random() < 0.2:
            term = _dice(r)  # a die term as divisor
        elif op == "/" and r.random() < 0.4:
            term += r.choice("UR")
        text += op + term
    if r.random() < 0.15:
        text = f"({text})*{r.randint(2, 3)}"
    if r.random() < 0.6:
        text += r.choice(OPS) + str(r.randint(1, 30))
    return text


def implicit_sides(r: random.Random) -> str:
    return f"{r.randint(1, 4)}D" + (f">={r.randint(2, 20)}" if r.random() < 0.5 else "")


def pools(r: random.Random) -> str:
    sides = r.choice((6, 10, 20))
    text = f"{r.randint(1, 8)}B{sides}"
    if r.random() < 0.3:
        text += f"+{r.randint(1, 4)}B{sides}"
    if r.random() < 0.7:
        text += r.choice(OPS) + str(r.randint(1, sides))
    return text


def reroll(r: random.Random) -> str:
    sides = r.choice((6, 10))
    count = r.randint(1, 6)
    if r.random() < 0.3:
        return f"{count}R{sides}[{r.randint(2, sides)}]>={r.randint(1, sides)}"
    if r.random() < 0.4:
        at = f"{r.choice(('>=', '>', '<=', '<'))}{r.randint(2, sides - 1)}"
        return f"{count}R{sides}[{at}]>={r.randint(1, sides)}"
    return f"{count}R{sides}>={r.randint(2, sides)}"


def upper(r: random.Random) -> str:
    sides = r.choice((6, 10))
    text = f"{r.randint(1, 5)}U{sides}[{r.randint(max(2, sides - 3), sides)}]"
    if r.random() < 0.4:
        text += f"+{r.randint(1, 5)}"
    if r.random() < 0.4:
        text += f">={r.randint(3, 15)}"
    return text


def d66(r: random.Random) -> str:
    plain = r.choice(("D66", "D66N", "D66A", "D66S", "1D66", "2D66"))
    if r.random() < 0.3:
        return "D66" + r.choice(("+4", "*2", ">=41", "-1"))
    return plain


def choice(r: random.Random) -> str:
    items = r.sample(("赤", "青", "緑", "黄", "a", "b", "c"), r.randint(2, 5))
    return r.choice(("choice[{}]", "choice({})", "CHOICE[{}]")).format(",".join(items))


def calc(r: random.Random) -> str:
    a, b, c = r.randint(1, 20), r.randint(1, 9), r.randint(1, 5)
    return r.choice(
        (f"C({a}+{b}*{c})", f"C({a}/{b})", f"C({a}-{b})", f"C(({a}+{b})/{c}R)", f"C({a}/{b}U)")
    )


def tally(r: random.Random) -> str:
    return f"{r.randint(1, 8)}T{r.choice('YZ')}{r.choice((6, 10))}"


def repeat(r: random.Random) -> str:
    word = r.choice(("x", "rep", "repeat"))
    return f"{word}{r.randint(1, 3)} {r.choice((sum_roll, pools))(r)}"


COMMON: tuple[Callable[[random.Random], str], ...] = (
    sum_roll, sum_roll, sum_roll, implicit_sides, pools, pools, reroll, upper, d66, choice,
    calc, tally, repeat,
)  # fmt: skip


def grancrest(r: random.Random) -> str:
    text = f"{r.randint(2, 5)}D6"
    if r.random() < 0.5:
        text += r.choice("+-") + str(r.randint(1, 8))
    return text + ">=" + (str(r.randint(5, 30)) if r.random() < 0.9 else "?")


def gurps(r: random.Random) -> str:
    skill = r.randint(3, 18)
    form = r.random()
    if form < 0.4:
        return f"3D6<={skill}"
    if form < 0.7:
        return f"{skill}-3D6"
    if form < 0.78:
        return f"3D6{r.choice('+-')}{r.randint(1, 3)}<={skill}"
    if form < 0.88:  # the shorthand with modifiers after it
        mods = "".join(f"{r.choice('+-')}{r.randint(0, 3)}" for _ in range(r.randint(1, 2)))
        return f"{skill}-3D6{mods}"
    return r.choice(("REACT", "REACT+1", "REACT-2", "HIT", "FEAR+2"))


def decorate(r: random.Random, command: str) -> str:
    """A secret S, a lower-case spelling, a comment after a space: as players type."""
    if r.random() < 0.1:
        command = "S" + command
    if r.random() < 0.2:
        command = command.lower()
    if r.random() < 0.2:
        command += " " + r.choice(WORDS)
    return command


def commands(seed: int, count: int) -> Iterator[tuple[str, str]]:
    """``count`` (system, command) pairs: about 70% common language, 15% each rule set."""
    r = random.Random(seed)
    for _ in range(count):
        pick = r.random()
        if pick < 0.7:
            yield "DiceBot", decorate(r, r.choice(COMMON)(r))
        elif pick < 0.85:
            yield "GranCrest", decorate(r, grancrest(r))
        else:
            yield "GURPS", decorate(r, gurps(r))
