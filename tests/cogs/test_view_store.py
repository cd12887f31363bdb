"""Buttons are found by their custom id alone (DynamicItems registered once at start-up), so
discord.py holds none of the views the bot sends: no view store entry, no timeout task. Left to
itself, discord.py gives every view on an ephemeral reply a 15-minute timeout task, one per
mistake answered with a Help button, kept for a quarter of an hour each."""

from __future__ import annotations

import asyncio

from tests.cogs.conftest import Incidents, World
from tests.cogs.test_turn_flow import QUESTION, at_alices_turn, labels


def held_views(world: World) -> tuple[int, int]:
    store = world.env.bot._connection._view_store
    return len(store._views), len(store._synced_message_views)


async def test_replies_with_buttons_leave_nothing_behind_and_work_an_hour_later(
    world: World, incidents: Incidents
) -> None:
    await at_alices_turn(world)
    await world.env.settle()
    tasks = len(asyncio.all_tasks())
    asked = await world.gm.slash(world.channel, "combat next")
    assert asked.ephemeral and asked.response.content == QUESTION
    for _ in range(20):  # mistakes, each answered privately with a Help button
        wrong = await world.alice.slash(world.channel, "combat act", action="nope")
        assert wrong.ephemeral and labels(wrong.response) == ["Help"]
    await world.env.settle()
    assert len(asyncio.all_tasks()) == tasks  # no timeout task per reply
    assert held_views(world) == (0, 0)
    await world.env.advance_time(60 * 60)  # nobody answers anything for an hour
    ended = await world.alice.slash(world.channel, "combat act", action="end_turn")
    assert labels(ended.response) == ["イニシアチブスキル宣言", "手番終了"]
    pressed = await world.gm.click(ended.response, label="手番終了")  # a public button
    assert pressed.response.embeds[0].title == "第1ラウンド・クリンナップ"
    helped = await world.alice.click(wrong.response, label="Help")  # a private one
    assert helped.ephemeral and helped.response.embeds
    skipped = await world.gm.click(asked.response, label="Skip the turn")  # the old question
    assert skipped.ephemeral and skipped.response.content.startswith("Someone acted first")
    assert len(world.env.errors) == 20  # the mistakes, answered by the tree's error handler
    assert incidents.seen == []  # and none of them an incident
