"""Issue 16's targets, played: the table of ``benchmarks/table.py`` (three players, a GM, four
NPCs; whoever is asked answers, whoever's turn it is acts and ends it, the GM presses Next only
when nobody else can go on) fights two rounds of each rule set on the real bot."""

from __future__ import annotations

import asyncio

import pytest

from benchmarks.table import play


@pytest.mark.parametrize("system", ["GranCrest", "Esperancer", "GURPS", "naval"])
def test_one_post_per_turn_two_per_round_boundary_and_no_order_lists(system: str) -> None:
    count = asyncio.run(play(system, rounds=2))
    assert count.rounds == 2 and count.turns >= 8  # the fight really was played
    assert count.turn_posts <= count.turns  # at most one announcement per turn
    assert count.announcements - count.turn_posts <= 2 * count.boundaries  # Setup, Cleanup
    assert count.gm_next <= 2 * count.boundaries  # at most two Nexts per round
    assert count.order_posts == 0  # the whole order is the pinned tracker's alone
