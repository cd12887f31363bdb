"""Our native engine against BCDice itself: 3,000 random commands of the common language and
the GranCrest and GURPS checks, each rolled by BCDice (its own dice) and then by us with
BCDice's dice replayed as our die source. Text and flags must be identical, except the one
documented, deliberate difference:

- GURPS ``FEAR`` (the fright-check table) is rulebook table prose, which we do not ship; it is
  not a command in our GURPS (BCDice answers it).

The first run (before the fixes) found six groups, all now as BCDice: a die term as divisor
(``2D6/1D4``), ``1D66``'s one-die form, the reroll echo ``3R8[>=5]>=7`` → ``(3R8[5]>=7)``,
``C(7/2U)`` echoed ``c(7/2C)``, GURPS ``15-3D6+1-2`` folded to ``(3D6-1<=15)``, ``D66+4`` /
``D66*2`` / ``D66>=41`` not commands; and ``HIT`` keeps BCDice's bracketed notes."""

from __future__ import annotations

import re
import shutil
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.bcdice.setup import default_home
from bot.bcdice.worker import NodeWorker
from tests.bcdice.commands import commands
from tests.bcdice.conftest import engine_problem
from tests.bcdice.differential import Difference, compare

COUNT = 3000
SEED = 22
DELIBERATE = {"GURPS": re.compile(r"^S?FEAR", re.IGNORECASE)}
# Each group the first run found must still be generated, or this test proves nothing on it.
GROUPS = {
    "die divisor": r"/\d+D\d+",
    "1D66": r"^S?1D66\b",
    "reroll echo": r"R\d+\[>=",
    "calc round up": r"^S?C\(\d+/\d+U\)",
    "GURPS folding": r"^S?\d+-3D6[+-]\d+[+-]",
    "D66 term": r"^S?D66[+*>]",
    "HIT": r"^S?HIT",
}

pytestmark = pytest.mark.skipif(
    engine_problem() is not None, reason=f"BCDice's engine unavailable: {engine_problem()}"
)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bcdice() -> AsyncIterator[NodeWorker]:
    node = shutil.which("node")
    assert node is not None
    w = NodeWorker(node, default_home(), timeout=10)
    yield w
    await w.close()


def test_the_commands_cover_every_group_found_before() -> None:
    typed = [command.upper() for _, command in commands(SEED, COUNT)]
    for group, pattern in GROUPS.items():
        assert any(re.search(pattern, c, re.IGNORECASE) for c in typed), group


@pytest.mark.asyncio(loop_scope="module")
async def test_native_engine_matches_bcdice(bcdice: NodeWorker) -> None:
    differences: list[Difference] = []
    deliberate = 0
    for system, command in commands(SEED, COUNT):
        found = await compare(bcdice, system, command)
        if found is None:
            continue
        if system in DELIBERATE and DELIBERATE[system].match(command):
            deliberate += 1
            continue
        differences.append(found)
    shown = "\n".join(
        f"{d.system} {d.command!r}\n  BCDice: {d.theirs}\n  ours:   {d.ours}"
        for d in differences[:30]
    )
    assert not differences, f"{len(differences)} of {COUNT} differ:\n{shown}"
    assert deliberate < COUNT * 0.02  # FEAR alone, a small share of the GURPS commands
