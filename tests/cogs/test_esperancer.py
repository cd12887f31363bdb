"""/esp through SimCord: initiative and Sonic Drive with buttons, engagement, attacks, statuses
and their announcements — and the refusals, ephemeral and clear."""

from __future__ import annotations

from collections.abc import Callable

from tests.cogs.conftest import Dice, World


def lines(result) -> str:
    return "\n".join(f"{e.title or ''}\n{e.description or ''}" for e in result.response.embeds)


def labels(result) -> list[str]:
    return [c["label"] for row in result.response.components for c in row["components"]]


async def table(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="Esperancer")
    await world.gm.slash(world.channel, "combat start")
    await world.alice.slash(
        world.channel, "combat add", name="Hero", side="pc", initiative_mod=2, sonic_drive=15
    )
    await world.alice.slash(world.channel, "esp set", stats="hp=30 speed=5 dodge=1")
    await world.gm.slash(world.channel, "combat add", name="Drone")
    await world.gm.slash(world.channel, "esp set", combatant="Drone", stats="hp=25 speed=4")


async def test_players_roll_initiative_with_a_button_and_answer_sonic_drive(
    world: World, dice: Dice
) -> None:
    await table(world)
    await world.gm.slash(world.channel, "combat next")  # Setup
    dice.load(5, 5)  # the GM's NPC is rolled as Initiative starts
    initiative = await world.gm.slash(world.channel, "combat next")
    assert "Drone（行動値）：(2ES) ＞ 5,5 ＞ 10" in lines(initiative)
    assert labels(initiative) == ["行動値を振る"]
    dice.load(10, 4, 6)  # the seed's [10][4] → 6, plus the modifier
    rolled = await world.alice.click(initiative.response, label="行動値を振る")
    assert "(2ES+2) ＞ 16[10,6],4+2 ＞ 22 ＞ クリティカル" in lines(rolled)
    assert labels(rolled) == ["ソニックドライブ！", "使わない"]
    again = await world.alice.click(initiative.response, label="行動値を振る")
    assert again.ephemeral and "already" in again.response.content
    stolen = await world.bob.click(rolled.response, label="ソニックドライブ！")
    assert stolen.ephemeral and "is not yours" in stolen.response.content
    chosen = await world.alice.click(rolled.response, label="ソニックドライブ！")
    assert "Hero" in lines(chosen) and "ソニックドライブ" in lines(chosen)
    main = await world.gm.slash(world.channel, "combat next")
    assert "▶ 1. Hero (22)" in lines(main)


async def test_engaged_attack_statuses_and_poison_at_cleanup(world: World, dice: Dice) -> None:
    await table(world)
    await world.gm.slash(world.channel, "esp status", change="add", effect="poison", target="Drone")
    await world.gm.slash(world.channel, "combat next")
    dice.load(1, 1)
    await world.gm.slash(world.channel, "combat next")
    dice.load(9, 9)
    await world.gm.slash(world.channel, "combat next")  # Hero 20 acts first
    refused = await world.alice.slash(world.channel, "esp attack", target="Drone", damage="5")
    assert refused.ephemeral and "engage" in refused.response.content
    await world.alice.slash(world.channel, "esp engage", other="Drone")
    dice.load(8, 8, 2, 2, 10)  # hit 16 vs dodge 4; damage 1D10 = 10, not re-rolled
    hit = await world.alice.slash(world.channel, "esp attack", target="Drone", damage="1D10+3")
    text = lines(hit)
    assert "Droneに13点のダメージ（HP 12）。" in text
    blocked = await world.alice.slash(world.channel, "esp move", metres=5, past="Drone")
    assert blocked.ephemeral and "blockaded" in blocked.response.content
    await world.alice.slash(world.channel, "combat act", action="end_turn")
    dice.load(7)
    cleanup = await world.gm.slash(world.channel, "combat next")
    while "クリンナップ" not in lines(cleanup):
        cleanup = await world.gm.slash(world.channel, "combat next")
    assert "Drone（毒）：(1D10) ＞ 7" in lines(cleanup)
    assert "Droneに7点のダメージ（HP 5）。" in lines(cleanup)
    assert len(world.env.errors) == 2  # the two refusals, answered ephemerally


async def test_bosses_refuse_sleep_with_a_clear_ephemeral_message(world: World) -> None:
    await table(world)
    await world.gm.slash(world.channel, "esp set", combatant="Drone", stats="boss=yes")
    refused = await world.gm.slash(
        world.channel, "esp status", change="add", effect="sleep", target="Drone"
    )
    assert refused.ephemeral and "boss" in refused.response.content
    not_gm = await world.alice.slash(
        world.channel, "esp status", change="add", effect="prone", target="Drone"
    )
    assert not_gm.ephemeral and "GM" in not_gm.response.content
    assert len(world.env.errors) == 2


async def test_tracker_shows_statuses_and_engages(world: World) -> None:
    await table(world)
    added = await world.gm.slash(
        world.channel, "esp status", change="add", effect="prone", target="Drone"
    )
    assert "Droneは転倒状態になった。" in lines(added)  # the channel's language: ja
    await world.alice.slash(world.channel, "esp engage", other="Drone")
    status = await world.gm.slash(world.channel, "combat status")
    assert "Drone (NPC) HP 25/25 ⚔E1 [prone]" in lines(status)  # in the reader's language


async def test_the_initiative_and_sonic_buttons_work_after_a_restart(
    world: World, dice: Dice, make_bot: Callable
) -> None:
    await table(world)
    await world.gm.slash(world.channel, "combat next")
    dice.load(5, 5)
    initiative = await world.gm.slash(world.channel, "combat next")
    old = world.env.bot
    await world.env.restart_bot(make_bot())
    await old.database.dispose()
    dice.load(8, 7)
    rolled = await world.alice.click(initiative.response, label="行動値を振る")
    assert "(2ES+2) ＞ 8,7+2 ＞ 17" in lines(rolled)
    declined = await world.alice.click(rolled.response, label="使わない")
    assert "Hero" in lines(declined)
    main = await world.gm.slash(world.channel, "combat next")
    assert "▶ 1. Hero (17)" in lines(main)
