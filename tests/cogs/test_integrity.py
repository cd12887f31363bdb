"""Combat integrity through SimCord: who may start a fight, revealing a hidden NPC, numbers
changed in the open, a dying target's attack without a reaction button, what the tracker
waits for — each as the table sees it."""

from __future__ import annotations

from tests.cogs.conftest import Dice, World


def lines(result) -> str:
    return "\n".join(e.description or "" for e in result.response.embeds)


def labels(result) -> list[str]:
    return [c["label"] for row in result.response.components for c in row["components"]]


async def test_a_plain_member_may_start_a_fight_only_once_the_server_allows_it(
    world: World,
) -> None:
    refused = await world.alice.slash(world.channel, "combat start", ruleset="GranCrest")
    assert refused.ephemeral and "GM role" in refused.response.content
    await world.gm.slash(world.channel, "config", anyone_starts=True)
    started = await world.alice.slash(world.channel, "combat start", ruleset="GranCrest")
    assert not started.ephemeral
    # Alice runs this one: the GM's commands are hers (the server's GMs keep theirs too).
    assert not (await world.alice.slash(world.channel, "combat next")).ephemeral
    assert (await world.bob.slash(world.channel, "combat next")).ephemeral
    assert len(world.env.errors) == 2  # the two refusals, told ephemerally


async def test_the_gm_reveals_a_hidden_npc_and_only_then_players_see_its_name(
    world: World,
) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    added = await world.gm.slash(world.channel, "combat add", name="Ninja", hidden=True)
    assert "Ninja" not in lines(added)
    guessed = await world.alice.slash(world.channel, "combat reveal", name="Ninja")
    assert guessed.ephemeral and "Only the GM" in guessed.response.content
    shown = await world.gm.slash(world.channel, "combat reveal", name="Ninja")
    assert "Ninjaが姿を現した。" in lines(shown)
    choices = await world.alice.autocomplete(world.channel, "combat remove", "name", "")
    assert "Ninja" in [c["value"] for c in choices]
    assert len(world.env.errors) == 1


async def test_numbers_changed_during_the_fight_are_posted_with_who_changed_them(
    world: World,
) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.alice.slash(world.channel, "combat add", name="Aster", side="pc", action_value=5)
    await world.alice.slash(world.channel, "gc set", stats="hp=30 strength=5")
    await world.gm.slash(world.channel, "combat next")  # the fight is on
    raised = await world.alice.slash(world.channel, "gc set", stats="hp=40")
    assert raised.ephemeral and "only records losses" in raised.response.content
    lowered = await world.alice.slash(world.channel, "gc set", stats="hp=22")
    assert "Aster：HP 30→22（プレイヤーが記録）" in lines(lowered)
    healed = await world.gm.slash(world.channel, "gc set", combatant="Aster", stats="hp=30")
    assert "Aster：HP 22→30（GMが変更）" in lines(healed)
    assert len(world.env.errors) == 1


async def test_a_dying_target_gets_no_reaction_button_and_the_tracker_shows_who_is_down(
    world: World, dice: Dice
) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.alice.slash(world.channel, "combat add", name="Aster", side="pc", action_value=5)
    await world.gm.slash(world.channel, "combat add", name="Orc", action_value=3)
    await world.gm.slash(world.channel, "gc set", combatant="Orc", stats="hp=10 strength=6")
    await world.gm.slash(world.channel, "gc damage", target="Orc", amount=12)  # HP −2: dying 1
    for _ in range(2):  # Setup, then the first main (initiative passed)
        await world.gm.slash(world.channel, "combat next")
    dice.load(3, 4, 2, 2)
    attacked = await world.alice.slash(world.channel, "gc attack", target="Orc", hit="2D6+1",
                                       power=4)  # fmt: skip
    assert "リアクション" not in " ".join(labels(attacked))  # nothing to roll for the dying
    assert "Asterの攻撃がOrcに命中（8）：瀕死のためリアクションなし。" in lines(attacked)
    status = await world.gm.slash(world.channel, "combat status")  # in the GM's own language
    assert "Orc (NPC) AV 3 HP -10/10 [dying 2]" in status.response.embeds[0].description


async def test_the_tracker_lists_a_reaction_still_to_roll(world: World, dice: Dice) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.alice.slash(world.channel, "combat add", name="Aster", side="pc", action_value=5)
    await world.gm.slash(world.channel, "combat add", name="Orc", action_value=3)
    for _ in range(2):  # Setup, then the first main (initiative passed)
        await world.gm.slash(world.channel, "combat next")
    await world.alice.slash(world.channel, "gc attack", target="Orc", hit="2D6+1", power=4)
    status = await world.alice.slash(world.channel, "combat status")
    assert "⏳ Orc: reaction" in status.response.embeds[0].description


async def test_gurps_combatants_take_ht_and_mook_on_combat_add(world: World) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GURPS")
    await world.gm.slash(world.channel, "combat add", name="Oni", hp=8, numbers="ht=11 mook=yes")
    downed = await world.gm.slash(world.channel, "combat act", action="damage", combatant="Oni",
                                  detail="9")  # fmt: skip
    assert "Oniは戦闘不能（HP 0以下）。" in lines(downed)
    refused = await world.alice.slash(
        world.channel, "combat add", name="Hero", side="pc", hp=12, numbers="mook=yes"
    )
    assert refused.ephemeral and "Only the GM can change mook" in refused.response.content
    assert len(world.env.errors) == 1
