"""The Node worker's life: rolls with our dice, the 1 s limit, a death under a roll, queued
rolls that survive it."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest

from bot.bcdice.worker import NodeWorker
from bot.dice.remote import EngineError
from tests.conftest import FixedDice

pytestmark = pytest.mark.asyncio


async def test_roll_with_our_dice_gives_bcdice_text_and_flags(worker: NodeWorker) -> None:
    result = await worker.roll("Cthulhu7th", "CC<=50", FixedDice([(10, 4), (10, 2)]))
    assert result is not None
    assert result.text == "(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 42 ＞ 42 ＞ レギュラー成功"
    assert result.success and not result.failure
    assert result.rands == [(10, 4), (10, 2)]


async def test_secret_prefix_is_kept(worker: NodeWorker) -> None:
    result = await worker.roll("Cthulhu7th", "SCC<=50", FixedDice([(10, 1), (10, 1)]))
    assert result is not None and result.secret and "ハード成功" in result.text


async def test_not_a_command_is_none(worker: NodeWorker) -> None:
    assert await worker.roll("Cthulhu7th", "good morning", FixedDice([])) is None


async def test_worker_rolls_its_own_dice_without_ours(worker: NodeWorker) -> None:
    result = await worker.roll("SwordWorld2.5", "2D6", None)
    assert result is not None and len(result.rands) == 2
    assert all(sides == 6 and 1 <= value <= 6 for sides, value in result.rands)


async def test_unknown_system_is_refused_by_name(worker: NodeWorker) -> None:
    with pytest.raises(EngineError) as caught:
        await worker.roll("NoSuchGame", "2D6", None)
    assert caught.value.code == "dice.bcdice_unknown_system"


async def test_info_gives_help_and_pattern(worker: NodeWorker) -> None:
    info = await worker.info("Cthulhu7th:ChineseTraditional")
    assert info.name == "克蘇魯神話第7版"
    assert "CC" in info.help
    matcher = info.matcher()
    assert matcher is not None and matcher.search("cc<=50") and not matcher.search("hello")


async def test_command_over_the_limit_is_refused_and_the_worker_restarted(
    worker: NodeWorker,
) -> None:
    worker.timeout = 0.2

    def slow(sides: int) -> int:
        time.sleep(0.3)  # the die source is the slow part: deterministic
        return 1

    await worker.start()
    first = worker.pid
    with pytest.raises(EngineError) as caught:
        await worker.roll("SwordWorld2.5", "2D6", slow)
    assert caught.value.code == "dice.bcdice_timeout"
    assert worker.pid is None and worker.counters.timeouts == 1
    after = await worker.roll("SwordWorld2.5", "2D6", FixedDice([3, 4]))
    assert after is not None and after.text.startswith("(2D6) ＞ 7[3,4]")
    assert worker.pid not in (None, first)


async def test_worker_killed_under_a_roll_retries_it_on_a_new_worker(worker: NodeWorker) -> None:
    await worker.start()
    kills = []

    def kill_first(sides: int) -> int:
        if not kills:
            kills.append(worker.pid)
            os.kill(worker.pid, signal.SIGKILL)  # type: ignore[arg-type]
        return 5

    result = await worker.roll("SwordWorld2.5", "2D6", kill_first)
    assert result is not None and result.rands == [(6, 5), (6, 5)]
    assert worker.counters.crashes == 1 and worker.counters.retries == 1
    assert worker.pid != kills[0]


async def test_rolls_queued_behind_a_dead_worker_are_all_answered(worker: NodeWorker) -> None:
    await worker.start()
    victim = worker.pid
    rolls = [worker.roll("SwordWorld2.5", f"2D6+{n}", None) for n in range(30)]
    tasks = [asyncio.ensure_future(r) for r in rolls]
    await asyncio.sleep(0)
    os.kill(victim, signal.SIGKILL)  # type: ignore[arg-type]
    results = await asyncio.gather(*tasks)
    assert all(r is not None and f"(2D6+{n})" in r.text for n, r in enumerate(results))
    assert worker.counters.starts == 2


async def test_worker_that_dies_again_on_the_retry_is_refused_clearly(worker: NodeWorker) -> None:
    def always_kill(sides: int) -> int:
        os.kill(worker.pid, signal.SIGKILL)  # type: ignore[arg-type]
        return 1

    with pytest.raises(EngineError) as caught:
        await worker.roll("SwordWorld2.5", "2D6", always_kill)
    assert caught.value.code == "dice.bcdice_crashed"
    assert (await worker.roll("SwordWorld2.5", "1D6", FixedDice([2]))) is not None


async def test_a_node_that_cannot_start_is_unavailable_with_the_reason(tmp_path) -> None:
    broken = NodeWorker("/bin/false", tmp_path, start_timeout=5)
    with pytest.raises(EngineError) as caught:
        await broken.roll("Cthulhu7th", "CC", None)
    assert caught.value.code == "dice.bcdice_unavailable"


async def test_a_slow_command_in_a_batch_is_refused_and_the_others_answered(
    worker: NodeWorker,
) -> None:
    # 10,000 dice (BCDice's most for one command) take it 0.2-0.3 s on a quiet machine, far
    # more under load; a 2D6 takes about a millisecond.
    worker.timeout = 0.1
    await worker.start()
    slow = asyncio.ensure_future(worker.roll("DiceBot", "x50 200D10000", None))
    fast = [asyncio.ensure_future(worker.roll("DiceBot", f"2D6+{n}", None)) for n in range(5)]
    with pytest.raises(EngineError) as caught:
        await slow
    assert caught.value.code == "dice.bcdice_timeout"
    answered = await asyncio.gather(*fast)
    assert all(r is not None and f"(2D6+{n})" in r.text for n, r in enumerate(answered))
    assert worker.counters.timeouts == 1 and worker.counters.starts == 2


async def test_many_rolls_at_once_go_in_batches(worker: NodeWorker) -> None:
    results = await asyncio.gather(*(worker.roll("DiceBot", "1D6", None) for _ in range(200)))
    assert all(r is not None and r.text.startswith("(1D6) ＞ ") for r in results)
    assert worker.counters.starts == 1
