"""BCDice's own test data (``lib/bcdice/test_data.json`` in the installed npm package, read at
test time, never copied here) rolled through our worker, with our die source giving BCDice's
recorded dice: text and the five flags must be BCDice's."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bot.bcdice.worker import NodeWorker
from bot.dice.remote import EngineError
from tests.conftest import FixedDice

FLAGS = ("secret", "success", "failure", "critical", "fumble")


@dataclass(slots=True)
class Tally:
    passed: Counter[str] = field(default_factory=Counter)
    total: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    # BCDice's mock randomizer returns any value; a few cases record a die outside its sides
    # (a 7 on a d6), which a real die source cannot give and ours refuses.
    impossible: Counter[str] = field(default_factory=Counter)


def load_cases(package: Path) -> dict[str, list[dict]]:
    data = json.loads((package / "lib" / "bcdice" / "test_data.json").read_text("utf-8"))
    return {name: entry["test"] for name, entry in data.items()}


async def run_case(worker: NodeWorker, case: dict) -> str | None:
    """None when BCDice's answer is reproduced; else what differs."""
    dice = FixedDice([(r["sides"], r["value"]) for r in case["rands"]])
    try:  # (BCDice's own test lets recorded dice go unused, and so do we; one more is wrong)
        result = await worker.roll(case["game_system"], case["input"], dice)
    except EngineError as error:
        return f"{case['input']!r}: refused {error.code} {error.params}"
    except AssertionError as error:  # FixedDice: a die more than BCDice drew, or other sides
        return f"{case['input']!r}: {error}"
    expected = case.get("output") or None
    if result is None:
        return None if expected is None else f"{case['input']!r}: nothing, want {expected!r}"
    if result.text != expected:
        return f"{case['input']!r}: {result.text!r} != {expected!r}"
    for flag in FLAGS:
        if getattr(result, flag) != bool(case.get(flag, False)):
            return f"{case['input']!r}: {flag} is {getattr(result, flag)}"
    return None


async def run_all(worker: NodeWorker, cases: dict[str, list[dict]]) -> Tally:
    tally = Tally()
    for name, tests in cases.items():
        for case in tests:
            if any(not 1 <= r["value"] <= r["sides"] for r in case["rands"]):
                tally.impossible[name] += 1
                continue
            tally.total[name] += 1
            problem = await run_case(worker, case)
            if problem is None:
                tally.passed[name] += 1
            else:
                tally.failures.append(f"{name}: {problem}")
    return tally
