"""Issue 16's flow through SimCord: the GM's Next over a player's untouched turn asks first (an
ephemeral question with a "Skip the turn" button bound to the state it was asked about), and a
player's end of turn starts the next turn by itself, in one post titled with the phases passed."""

from __future__ import annotations

import re

from tests.cogs.conftest import World

QUESTION = "It is Alice's turn and they have not acted yet. Skip their turn?"
ORDER_LINE = re.compile(r"^\S+ \d+\. ", re.MULTILINE)  # "▶ 1. Alice": the old order lists


def labels(message) -> list[str]:
    return [c["label"] for row in message.components for c in row["components"]]


def tracker_text(world: World) -> str:
    (pinned,) = world.channel.pinned_messages()
    embed = pinned.embeds[0]
    return f"{embed.title}\n{embed.description}\n{embed.footer.text}"


async def at_alices_turn(world: World) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.gm.slash(world.channel, "combat add", name="Goblin", action_value=4)
    await world.alice.slash(
        world.channel, "combat add", name="Alice", side="pc", action_value=6, hp=30
    )
    await world.gm.slash(world.channel, "combat next")  # Setup
    turn = await world.gm.slash(world.channel, "combat next")  # through the initiative
    assert turn.response.embeds[0].title == "第1ラウンド・イニシアチブ → Aliceのメイン"


async def test_the_gms_next_on_a_players_untouched_turn_asks_and_the_button_skips_it(
    world: World,
) -> None:
    await at_alices_turn(world)
    before, posts = tracker_text(world), len(world.channel.history())
    asked = await world.gm.slash(world.channel, "combat next")
    assert asked.ephemeral and asked.response.content == QUESTION
    assert labels(asked.response) == ["Skip the turn"]
    await world.env.settle()
    assert tracker_text(world) == before  # nothing changed: not even the state's version
    assert len(world.channel.history()) == posts  # and nothing was posted for the channel
    skipped = await world.gm.click(asked.response, label="Skip the turn")
    assert not skipped.ephemeral
    titles = [e.title for e in skipped.response.embeds]
    assert titles == ["第1ラウンド・イニシアチブ → Goblinのメイン"]
    assert len(world.channel.history()) == posts + 1  # one public post
    await world.env.settle()
    assert "✓ 1. Alice (PC)" in tracker_text(world) and "▶ 2. Goblin (NPC)" in tracker_text(world)
    again = await world.gm.click(asked.response, label="Skip the turn")  # the same, pressed twice
    assert again.ephemeral and again.response.content.startswith("Someone acted first")
    assert "▶ 2. Goblin (NPC)" in tracker_text(world)  # the Goblin's turn is not skipped with it
    assert world.env.errors == []  # the question and the button's refusal: answers, not errors


async def test_a_skip_asked_before_the_player_acted_is_refused_as_someone_acted_first(
    world: World,
) -> None:
    await at_alices_turn(world)
    asked = await world.gm.slash(world.channel, "combat next")
    assert asked.ephemeral and asked.response.content == QUESTION
    await world.alice.slash(world.channel, "combat act", action="minor", detail="2マス移動")
    stale = await world.gm.click(asked.response, label="Skip the turn")
    assert stale.ephemeral and stale.response.content.startswith("Someone acted first")
    await world.env.settle()
    assert "▶ 1. Alice (PC)" in tracker_text(world)  # still her turn
    # She has acted now: the GM's Next ends her turn without asking.
    moved = await world.gm.slash(world.channel, "combat next")
    assert not moved.ephemeral
    assert moved.response.embeds[0].title == "第1ラウンド・イニシアチブ → Goblinのメイン"
    assert world.env.errors == []


async def test_a_players_end_of_turn_starts_the_next_turn_in_one_post_without_the_order(
    world: World,
) -> None:
    await at_alices_turn(world)
    posts = len(world.channel.history())
    ended = await world.alice.slash(world.channel, "combat act", action="end_turn")
    assert not ended.ephemeral and not ended.followups
    assert len(world.channel.history()) == posts + 1  # one post: the GM pressed nothing
    (embed,) = ended.response.embeds
    assert embed.title == "第1ラウンド・イニシアチブ → Goblinのメイン"
    assert "▶ Goblinの手番" in embed.description
    assert not ORDER_LINE.search(embed.description)  # the order is the tracker's alone
    assert labels(ended.response) == ["イニシアチブスキル宣言", "手番終了"]
    await world.env.settle()
    tracker = tracker_text(world)
    assert tracker.startswith("第1ラウンド・メイン") and "▶ 2. Goblin (NPC)" in tracker
    assert world.env.errors == []
