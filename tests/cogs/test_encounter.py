"""/combat through SimCord: announcements, the pinned tracker and its buttons, permissions."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from bot.combat.service import Caller
from tests.cogs.conftest import Dice, World


def titles(result) -> list[str]:
    return [e.title for e in result.response.embeds if e.title]


def tracker(world: World):
    pinned = world.channel.pinned_messages()
    assert len(pinned) == 1, pinned
    return pinned[0]


async def setup_grancrest(world: World) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.gm.slash(
        world.channel, "combat add", name="Goblin", count=2, action_value=4, hidden=True
    )
    await world.alice.slash(
        world.channel, "combat add", name="Alice", side="pc", action_value=6, hp=30
    )


async def test_start_posts_an_announcement_and_pins_a_tracker(world: World) -> None:
    result = await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    assert not result.ephemeral
    assert (
        result.response.embeds[0].description
        == "戦闘開始（グランクレストRPG）。参加者を追加して「次へ」を押してください。"
    )
    pinned = tracker(world)
    assert pinned.embeds[0].title == "グランクレストRPG・準備中"
    assert [child.label for row in pinned.components for child in row.children] == ["次へ", "終了"]


async def test_phases_are_announced_and_the_owner_pinged(world: World) -> None:
    await setup_grancrest(world)
    assert titles(await world.gm.slash(world.channel, "combat next")) == [
        "第1ラウンド・セットアップ"
    ]
    # Nobody waits at Grancrest's initiative: one Next, one post naming both phases.
    main = await world.gm.slash(world.channel, "combat next")
    assert titles(main) == ["第1ラウンド・イニシアチブ → Aliceのメイン"]
    assert main.response.content == world.alice.mention  # Alice's turn: her player is pinged
    assert "▶ Aliceの手番" in main.response.embeds[0].description
    assert "1. " not in main.response.embeds[0].description  # the order is the tracker's
    assert "Goblin" not in main.response.embeds[0].description  # hidden NPCs stay hidden
    assert tracker(world).embeds[0].title == "第1ラウンド・メイン"


async def test_only_the_gm_advances_and_players_act_for_their_own(world: World) -> None:
    await setup_grancrest(world)
    refused = await world.alice.slash(world.channel, "combat next")
    assert refused.ephemeral and refused.response.content == "Only the GM can do that."
    for _ in range(2):  # Setup, then the first main (initiative passed)
        await world.gm.slash(world.channel, "combat next")
    not_yours = await world.bob.slash(world.channel, "combat act", action="minor")
    assert not_yours.ephemeral and "is not yours" in not_yours.response.content
    used = await world.alice.slash(world.channel, "combat act", action="minor", detail="2マス移動")
    assert "Alice：マイナーアクション — 2マス移動" in used.response.embeds[-1].description
    twice = await world.alice.slash(world.channel, "combat act", action="minor")
    assert twice.ephemeral and "already used" in twice.response.content
    assert len(world.env.errors) == 3


def custom_ids(message) -> list[str]:
    return [child.custom_id for row in message.components for child in row.children]


async def test_tracker_buttons_advance_and_carry_the_state_they_were_drawn_for(
    world: World,
) -> None:
    await setup_grancrest(world)
    before = custom_ids(tracker(world))
    clicked = await world.gm.click(tracker(world), label="次へ")
    assert clicked.acknowledged and titles(clicked) == ["第1ラウンド・セットアップ"]
    assert tracker(world).embeds[0].title == "第1ラウンド・セットアップ"
    after = custom_ids(tracker(world))
    # The version in the id moves on, so a click on an older drawing is refused as stale
    # (the service's expected_version check, tested on both databases in tests/combat).
    assert before[0].rsplit(":", 1)[0] == after[0].rsplit(":", 1)[0]
    assert int(after[0].rsplit(":", 1)[1]) == int(before[0].rsplit(":", 1)[1]) + 1
    player = await world.alice.click(tracker(world), label="次へ")
    assert player.ephemeral and player.response.content == "Only the GM can do that."


async def test_tracker_buttons_work_after_a_restart(world: World, make_bot: Callable) -> None:
    await setup_grancrest(world)
    old = world.env.bot
    await world.env.restart_bot(make_bot())
    await old.database.dispose()  # the old process is gone: so are its connections
    await world.gm.click(tracker(world), label="次へ")
    assert tracker(world).embeds[0].title == "第1ラウンド・セットアップ"


async def test_status_shows_hidden_npcs_to_the_gm_only(world: World) -> None:
    await setup_grancrest(world)
    gm_view = await world.gm.slash(world.channel, "combat status")
    player_view = await world.bob.slash(world.channel, "combat status")
    assert gm_view.ephemeral and "Goblin 1" in gm_view.response.embeds[0].description
    assert "Goblin" not in player_view.response.embeds[0].description
    assert "Alice (PC) AV 6 HP 30/30" in player_view.response.embeds[0].description


async def test_undo_and_end(world: World) -> None:
    await setup_grancrest(world)
    await world.gm.slash(world.channel, "combat next")
    undone = await world.gm.slash(world.channel, "combat undo")
    assert (
        "Undone: next" in undone.response.embeds[-1].description
        or "取り消しました：次へ" in undone.response.embeds[-1].description
    )
    assert tracker(world).embeds[0].title == "グランクレストRPG・準備中"
    ended = await world.gm.slash(world.channel, "combat end")
    assert "戦闘終了" in ended.response.embeds[-1].description
    assert world.channel.pinned_messages() == []
    missing = await world.gm.slash(world.channel, "combat next")
    assert missing.ephemeral and "no encounter" in missing.response.content
    assert len(world.env.errors) == 1


async def test_esperancer_initiative_and_sonic_drive(world: World, dice: Dice) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="Esperancer")
    await world.alice.slash(world.channel, "combat add", name="Alice", side="pc", sonic_drive=15)
    await world.gm.slash(world.channel, "combat next")
    await world.gm.slash(world.channel, "combat next")
    dice.load(9, 8)
    rolled = await world.alice.slash(world.channel, "combat act", action="roll_initiative")
    text = rolled.response.embeds[-1].description
    assert "Alice（行動値）：(2ES) ＞ 9,8 ＞ 17" in text and "ソニックドライブ" in text
    assert rolled.response.content == world.alice.mention
    chosen = await world.alice.slash(world.channel, "combat act", action="sonic", detail="yes")
    assert "Aliceはソニックドライブを発動！" in chosen.response.embeds[-1].description


async def test_autocomplete_offers_rule_sets_and_combatants(world: World) -> None:
    choices = await world.gm.autocomplete(world.channel, "combat start", "ruleset", "nav")
    assert [c["value"] for c in choices] == ["naval"]
    await setup_grancrest(world)
    names = await world.bob.autocomplete(world.channel, "combat remove", "name", "")
    assert [c["value"] for c in names] == ["Alice"]  # hidden goblins are not offered to players
    actions = await world.gm.autocomplete(world.channel, "combat act", "action", "inter")
    assert [c["value"] for c in actions] == ["interrupt"]


async def test_a_burst_of_changes_redraws_the_tracker_once_more_not_once_each(world: World) -> None:
    await setup_grancrest(world)
    cog = world.env.bot.get_cog("Encounters")
    gm = Caller(world.gm.id, manages_channel=True)
    # Setup, Alice's turn, then the GM's confirmed skip of it (Goblin 1's turn)
    states = [(await cog.service.next(world.channel.id, gm)).encounter for _ in range(2)]
    states.append((await cog.service.next(world.channel.id, gm, confirmed=True)).encounter)
    channel = world.env.bot.get_channel(world.channel.id)
    before = len([r for r in world.env.http_requests if r.method == "PATCH"])
    await asyncio.gather(*(cog.refresh_tracker(channel, state, "ja") for state in states))
    await cog.trackers_drawn()
    await world.env.settle()
    edits = len([r for r in world.env.http_requests if r.method == "PATCH"]) - before
    assert edits == 1  # the newest state of the burst only (the others never drawn)
    assert tracker(world).embeds[0].title == "第1ラウンド・メイン"


async def test_tracker_edits_keep_the_interval_apart(world: World) -> None:
    """Discord limits edits per channel: with tracker_interval, a command burst costs one edit
    at once and one with the newest state when the interval has passed."""
    await setup_grancrest(world)
    cog = world.env.bot.get_cog("Encounters")
    cog.bot.config = cog.bot.config.model_copy(update={"tracker_interval": 0.3})
    gm = Caller(world.gm.id, manages_channel=True)
    channel = world.env.bot.get_channel(world.channel.id)
    await cog.trackers_drawn()
    cog._tracker_last.pop(world.channel.id, None)  # the burst starts after a quiet spell
    before = len([r for r in world.env.http_requests if r.method == "PATCH"])
    started = time.monotonic()
    for skip in (False, False, True):  # one after another, each drawn as soon as allowed
        state = (await cog.service.next(world.channel.id, gm, confirmed=skip)).encounter
        await cog.refresh_tracker(channel, state, "ja")
    await world.env.settle()
    assert len([r for r in world.env.http_requests if r.method == "PATCH"]) - before == 1
    await cog.trackers_drawn()
    await world.env.settle()
    assert time.monotonic() - started >= 0.3
    assert len([r for r in world.env.http_requests if r.method == "PATCH"]) - before == 2
    assert tracker(world).embeds[0].title == "第1ラウンド・メイン"  # the newest state


async def test_the_turn_announcement_has_an_end_turn_button_for_that_turn_only(
    world: World,
) -> None:
    await setup_grancrest(world)
    await world.gm.slash(world.channel, "combat next")
    turn = await world.gm.slash(world.channel, "combat next")  # Alice's main phase
    labels = [c["label"] for row in turn.response.components for c in row["components"]]
    assert labels == ["イニシアチブスキル宣言", "手番終了"]  # the window is open until she acts
    refused = await world.bob.click(turn.response, label="手番終了")
    assert refused.ephemeral and "is not yours" in refused.response.content
    ended = await world.alice.click(turn.response, label="手番終了")
    # Her end of turn starts the next turn by itself (a hidden goblin's, named for nobody)
    assert titles(ended) == ["第1ラウンド・イニシアチブ → ？？？のメイン"]
    stale = await world.alice.click(turn.response, label="手番終了")  # that turn is over
    assert stale.ephemeral and stale.response.content == "It is not Alice's turn."


async def test_join_also_takes_a_typed_name(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GURPS")
    await world.alice.slash(world.channel, "char create", name="Aoi", stats="iq=12 hp=11")
    await world.gm.slash(world.channel, "combat start")
    joined = await world.alice.slash(world.channel, "combat join", character="Aoi")
    assert "Aoiが参加しました。" in joined.response.embeds[-1].description
    missing = await world.alice.slash(world.channel, "combat join", character="Nobody")
    assert missing.ephemeral and "Nobody" in missing.response.content
    assert len(world.env.errors) == 1


async def test_a_quick_end_and_restart_still_retires_the_old_tracker(world: World) -> None:
    await setup_grancrest(world)
    cog = world.env.bot.get_cog("Encounters")
    cog.bot.config = cog.bot.config.model_copy(update={"tracker_interval": 0.3})
    gm = Caller(world.gm.id, manages_channel=True)
    channel = world.env.bot.get_channel(world.channel.id)
    old = tracker(world)
    await cog.trackers_drawn()
    cog._tracker_last[world.channel.id] = time.monotonic()  # just drawn: the next ones wait
    ended = await cog.service.end(world.channel.id, gm)
    await cog.refresh_tracker(channel, ended.encounter, "ja", retire=old.id)
    started = await cog.service.start(world.channel.id, world.guild.id, gm, "GranCrest")
    await cog.refresh_tracker(channel, started.encounter, "ja")  # while the retirement waits
    await cog.trackers_drawn()
    await world.env.settle()
    new = tracker(world)  # exactly one pinned: the new encounter's
    assert new.id != old.id and new.embeds[0].title == "グランクレストRPG・準備中"


async def test_closing_the_bot_draws_the_trackers_still_waiting(world: World) -> None:
    await setup_grancrest(world)
    cog = world.env.bot.get_cog("Encounters")
    cog.bot.config = cog.bot.config.model_copy(update={"tracker_interval": 0.3})
    gm = Caller(world.gm.id, manages_channel=True)
    channel = world.env.bot.get_channel(world.channel.id)
    await cog.trackers_drawn()
    cog._tracker_last[world.channel.id] = time.monotonic()  # just drawn: the next one waits
    state = (await cog.service.next(world.channel.id, gm)).encounter
    await cog.refresh_tracker(channel, state, "ja")
    assert cog._tracker_tasks  # waiting its turn
    await world.env.bot.close()
    await world.env.settle()
    assert tracker(world).embeds[0].title == "第1ラウンド・セットアップ"
