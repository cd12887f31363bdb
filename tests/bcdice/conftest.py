"""The BCDice engine's tests need Node 18+ and the npm package in .bcdice/ (tasks.py installs
both ways); without them they skip, saying why."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.bcdice.setup import default_home, node_problem, package_problem
from bot.bcdice.worker import NodeWorker


def engine_problem() -> str | None:
    node = shutil.which("node")
    return node_problem(node) or package_problem(default_home())


def bcdice_package() -> Path:
    return default_home() / "node_modules" / "bcdice"


needs_node = pytest.mark.skipif(
    engine_problem() is not None, reason=f"BCDice's engine unavailable: {engine_problem()}"
)


@pytest.fixture
async def worker() -> AsyncIterator[NodeWorker]:
    if (problem := engine_problem()) is not None:
        pytest.skip(f"BCDice's engine unavailable: {problem}")
    node = shutil.which("node")
    assert node is not None
    w = NodeWorker(node, default_home())
    yield w
    await w.close()
