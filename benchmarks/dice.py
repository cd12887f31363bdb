"""Dice throughput: this engine against d20 (Avrae's Lark-based dice library), same run.

    .venv/bin/python benchmarks/dice.py [--seconds 0.3] [--runs 7]

Measures parse + evaluate + render (rolls per second, median of several runs) on the same
expressions, with each library's parse cache warm ("cached and rendered"): ours is
``roll(expr).text``, d20's ``roller.roll(expr).result``. d20's wheel pins the old
``lark-parser``, which would overwrite ``lark`` here, so d20 runs in its own virtual
environment that this script creates (``benchmarks/.venv-d20``) and drives as a subprocess.

It also times the worst inputs we know of (the issue's bound is 50 ms each).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.dice import DiceError, DieSource, roll  # noqa: E402
from bot.dice.limits import MAX_INPUT  # noqa: E402
from bot.dice.parser import parse  # noqa: E402

D20_VENV = ROOT / "benchmarks" / ".venv-d20"
D20_PYTHON = D20_VENV / "bin" / "python"

# (label, our command, d20's command) — the same roll in each library's syntax.
EXPRESSIONS = [
    ("1d20+5", "1D20+5", "1d20+5"),
    ("3d6", "3D6", "3d6"),
    ("2d10", "2D10", "2d10"),
    ("4d6kh3", "4D6KH3", "4d6kh3"),
    ("10d6", "10D6", "10d6"),
    ("2d6+3", "2D6+3", "2d6+3"),
    ("(1d8+4)*2", "(1D8+4)*2", "(1d8+4)*2"),
    ("8d6 exploding on 6", "8U6[6]", "8d6e6"),
    ("100d100", "100D100", "100d100"),
]

# A worker times one expression per request ("expr<TAB>seconds" on stdin, rolls/s on stdout),
# so the two libraries can be measured turn about and share the machine's noise.
WORKER = """
import sys, time
{setup}
for line in sys.stdin:
    expr, seconds = line.rstrip("\\n").split("\\t")
    {call}
    n, start = 0, time.perf_counter()
    deadline = start + float(seconds)
    while True:
        for _ in range(50):
            {call}
        n += 50
        now = time.perf_counter()
        if now >= deadline:
            break
    print(n / (now - start), flush=True)
"""

D20_CODE = WORKER.format(setup="import d20\nroller = d20.Roller()", call="roller.roll(expr).result")
OUR_CODE = WORKER.format(
    setup=f"sys.path.insert(0, {str(ROOT)!r})\nfrom bot.dice import roll", call="roll(expr).text"
)


class Worker:
    def __init__(self, python: Path | str, code: str) -> None:
        self.process = subprocess.Popen(
            [str(python), "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def rate(self, expr: str, seconds: float) -> float:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{expr}\t{seconds}\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def ensure_d20() -> None:
    if D20_PYTHON.exists():
        return
    print("creating benchmarks/.venv-d20 with d20 …", file=sys.stderr, flush=True)
    venv.EnvBuilder(with_pip=True).create(D20_VENV)
    subprocess.run([D20_PYTHON, "-m", "pip", "install", "-q", "d20==1.1.2"], check=True)


def measure(seconds: float, runs: int) -> dict[str, tuple[float, float]]:
    """Median rolls/s per expression for (ours, d20), measured turn about."""
    ours, theirs = Worker(sys.executable, OUR_CODE), Worker(D20_PYTHON, D20_CODE)
    samples: dict[str, tuple[list[float], list[float]]] = {e[0]: ([], []) for e in EXPRESSIONS}
    try:
        for run in range(runs):
            for label, mine, d20 in EXPRESSIONS:
                pair = [(ours, mine, 0), (theirs, d20, 1)]
                for worker, expr, side in pair if run % 2 == 0 else pair[::-1]:
                    samples[label][side].append(worker.rate(expr, seconds))
    finally:
        ours.close()
        theirs.close()
    return {k: (statistics.median(a), statistics.median(b)) for k, (a, b) in samples.items()}


def highest(sides: int) -> int:
    """A die that always shows its highest face: every explosion and reroll keeps going."""
    return sides


def worst_cases() -> list[tuple[str, str, DieSource | None]]:
    """Inputs that make the engine work hardest, each at most 2,000 characters."""
    return [
        ("50 terms of 200D10000 (10,000 dice)", "+".join(["200D10000"] * 50), None),
        ("100 repeats of 100D100 (10,000 dice)", "x100 100D100", None),
        ("200R2[2] rerolling forever (stops at 10,000 dice)", "200R2[2]>=2", highest),
        ("200U2[2] exploding forever (stops at 10,000 dice)", "200U2[2]", highest),
        ("2,000 characters of 1D6+1+1+…", "1D6" + "+1" * ((MAX_INPUT - 3) // 2), None),
        ("2,000 characters of 1D6*1D6*…", "*".join(["1D6"] * 500), None),
        ("60 nested parentheses", "(" * 60 + "1D6" + ")" * 60, None),
        ("999 nested parentheses (refused)", "(" * 998 + "1D6" + ")" * 998, None),
        ("choice of 100 long items", "choice[" + ",".join(["x" * 18] * 100) + "]", None),
        ("2,000 characters of junk", "2D6" + "あ" * 1997, None),
        ("200ES, every d10 a 10 (100 re-rolls, then capped)", "200ES", highest),
    ]


def time_worst(label: str, text: str, dice: DieSource | None) -> tuple[str, float, str]:
    """The slowest of five cold runs (parse cache cleared each time)."""
    slowest = 0.0
    outcome = ""
    for _ in range(5):
        parse.cache_clear()
        start = time.perf_counter()
        try:
            system = "Esperancer" if "ES" in text else "DiceBot"
            result = roll(text, system=system, dice=dice, strict=True)
            outcome = "ok" if result else "none"
        except DiceError as error:
            outcome = error.code
        slowest = max(slowest, time.perf_counter() - start)
    return label, slowest * 1000, outcome


def table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
        for row in rows
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.3, help="length of one timed run")
    parser.add_argument("--runs", type=int, default=7, help="timed runs per expression (median)")
    args = parser.parse_args()
    ensure_d20()
    rates = measure(args.seconds, args.runs)
    rows = [["expression", "ours (rolls/s)", "d20 (rolls/s)", "ours ÷ d20"]]
    ratios = []
    for label, _, _ in EXPRESSIONS:
        mine, d20 = rates[label]
        ratios.append(mine / d20)
        rows.append([label, f"{mine:,.0f}", f"{d20:,.0f}", f"{mine / d20:.2f}×"])
    print(table(rows))
    print(f"\nlowest ratio: {min(ratios):.2f}× (target: at least 2×)\n")
    worst_rows = [["worst-case input", "ms (slowest of 5, cold cache)", "outcome"]]
    slowest = 0.0
    for case in worst_cases():
        label, ms, outcome = time_worst(*case)
        slowest = max(slowest, ms)
        worst_rows.append([label, f"{ms:.2f}", outcome])
    print(table(worst_rows))
    print(f"\nslowest worst case: {slowest:.2f} ms (target: under 50 ms)")


if __name__ == "__main__":
    main()
