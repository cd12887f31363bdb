"""BCDice's whole test data through our worker, one test per game system (306 of them), with
our die source giving BCDice's recorded dice. Read from the installed package at test time.

``python benchmarks/bcdice.py --conformance`` prints the pass count of every system."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.bcdice.setup import default_home
from bot.bcdice.worker import NodeWorker
from tests.bcdice.conformance import load_cases, run_case
from tests.bcdice.conftest import bcdice_package, engine_problem

CASES = load_cases(bcdice_package()) if engine_problem() is None else {}
pytestmark = pytest.mark.skipif(
    engine_problem() is not None, reason=f"BCDice's engine unavailable: {engine_problem()}"
)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared_worker() -> AsyncIterator[NodeWorker]:
    node = shutil.which("node")
    assert node is not None
    # A busy CI machine: the limit is for a user's command, not for a loaded test run.
    w = NodeWorker(node, default_home(), timeout=10)
    yield w
    await w.close()


def test_the_package_ships_all_of_bcdice_test_data() -> None:
    assert len(CASES) == 306
    assert sum(len(tests) for tests in CASES.values()) > 18_000


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("system", sorted(CASES) or ["(none)"])
async def test_system_matches_bcdice_test_data(shared_worker: NodeWorker, system: str) -> None:
    problems = []
    checked = 0
    # Chat reads a line only when the system's COMMAND_PATTERN (as Python reads it) matches:
    # every input BCDice answers must match, as BCDice's own test asserts.
    matcher = (await shared_worker.info(CASES[system][0]["game_system"])).matcher()
    assert matcher is not None
    answered = [c["input"] for c in CASES[system] if c.get("output")]
    unmatched = [text for text in answered if not matcher.search(text)]
    assert not unmatched, unmatched[:5]
    for case in CASES[system]:
        if any(not 1 <= r["value"] <= r["sides"] for r in case["rands"]):
            continue  # a recorded die outside its sides (a 7 on a d6): no real source gives it
        checked += 1
        problem = await run_case(shared_worker, case)
        if problem is not None:
            problems.append(problem)
    assert checked > 0
    assert not problems, f"{len(problems)} of {checked} differ:\n" + "\n".join(problems[:20])
