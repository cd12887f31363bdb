"""/gc through SimCord for the rest of the combat chapter: an area attack with a reaction
button for each target, weapons swapped and handed over, the fight's options, autocomplete of
targets, combatants and weapons, and saved characters that react with their own dodge."""

from __future__ import annotations

from tests.cogs.conftest import Dice, World


def lines(result) -> str:
    return "\n".join(e.description or "" for e in result.response.embeds)


def labels(result) -> list[str]:
    return [c["label"] for row in result.response.components for c in row["components"]]


async def skirmish(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    await world.gm.slash(world.channel, "combat start")
    await world.alice.slash(
        world.channel, "combat add", name="Sword Lord", side="pc", action_value=6
    )
    await world.alice.slash(world.channel, "gc set", stats="hp=39 strength=6 weapon=10")
    await world.alice.slash(world.channel, "gc weapon", name="Sword", hit="2D6+7", power=9)
    await world.alice.slash(
        world.channel, "gc weapon", name="Bow", hit="2D6+4", power=5, ranged=True, range=4
    )
    await world.gm.slash(
        world.channel, "combat add", name="Goblin", count=2, action_value=3, hp=20,
        numbers="strength=4 weapon=2 dodge=2D6",
    )  # fmt: skip
    await world.gm.slash(world.channel, "combat add", name="Lurker", hidden=True, action_value=1)
    for _ in range(2):  # Setup, then the first main process (the initiative passed on the way)
        await world.gm.slash(world.channel, "combat next")


async def test_an_area_attack_asks_each_target_and_rolls_the_damage_once(
    world: World, dice: Dice
) -> None:
    await skirmish(world)
    dice.load(4, 4)
    attacked = await world.alice.slash(
        world.channel, "gc attack", target="Goblin 1, Goblin 2", weapon="Sword"
    )
    assert "Sword Lord（命中判定）：(2D6+7>=?) ＞ 8[4,4]+7 ＞ 15" in lines(attacked)
    assert labels(attacked) == ["リアクションを振る：Goblin 1", "リアクションを振る：Goblin 2"]
    dice.load(1, 2, 3, 3)
    first = await world.gm.click(attacked.response, label="リアクションを振る：Goblin 1")
    assert "Sword Lord（ダメージ）：(2D6+9) ＞ 6[3,3]+9 ＞ 15" in lines(first)
    assert "Goblin 1：ダメージ15 − 武器防御2 = HPダメージ13。" in lines(first)
    dice.load(2, 2)
    second = await world.gm.click(attacked.response, label="リアクションを振る：Goblin 2")
    assert "（ダメージ）" not in lines(second)  # the same damage: no second roll
    assert "Goblin 2：ダメージ15 − 武器防御2 = HPダメージ13。" in lines(second)
    assert "Goblin 2に13点のダメージ（HP 7）。" in lines(second)


async def test_a_weapon_swap_is_the_minor_action_and_the_bow_then_attacks(
    world: World, dice: Dice
) -> None:
    await skirmish(world)
    carried = await world.alice.slash(world.channel, "gc attack", target="Goblin 1", weapon="Bow")
    assert carried.ephemeral and "carried, not in hand" in carried.response.content
    swapped = await world.alice.slash(world.channel, "gc swap", take="Bow")
    assert "Sword LordはSwordをしまい、Bowを装備した（マイナーアクション）。" in lines(swapped)
    again = await world.alice.slash(world.channel, "gc swap", take="Sword")
    assert again.ephemeral and "already used the minor action" in again.response.content
    dice.load(2, 2)
    attacked = await world.alice.slash(world.channel, "gc attack", target="Goblin 1")
    assert "(2D6+4>=?) ＞ 4[2,2]+4 ＞ 8" in lines(attacked)
    assert len(world.env.errors) == 2


async def test_items_change_hands_in_the_same_square_only(world: World) -> None:
    await skirmish(world)
    await world.gm.slash(world.channel, "gc map", size="4x4")
    await world.gm.slash(world.channel, "gc place", combatant="Sword Lord", x=0, y=0)
    await world.gm.slash(world.channel, "gc place", combatant="Goblin 1", x=1, y=0)
    apart = await world.alice.slash(world.channel, "gc give", item="Bow", to="Goblin 1")
    assert apart.ephemeral and "same square only" in apart.response.content
    await world.gm.slash(world.channel, "gc place", combatant="Goblin 1", x=0, y=0)
    given = await world.alice.slash(world.channel, "gc give", item="Bow", to="Goblin 1")
    assert "Sword LordはBowをGoblin 1に渡した（メジャーアクション）。" in lines(given)
    assert len(world.env.errors) == 1


async def test_the_fights_options_are_the_gms(world: World) -> None:
    await skirmish(world)
    refused = await world.alice.slash(world.channel, "gc options", melee_reach="adjacent")
    assert refused.ephemeral and "GM" in refused.response.content
    chosen = await world.gm.slash(
        world.channel, "gc options", melee_reach="adjacent", dying_block=True
    )
    text = lines(chosen)
    assert "白兵攻撃の届く距離" in text and "隣のマスまで（1Sq）" in text
    assert "瀕死の敵のマスから離脱するのに3かかる" in text
    assert len(world.env.errors) == 1


async def test_autocomplete_offers_targets_combatants_and_weapons(world: World) -> None:
    await skirmish(world)
    targets = await world.alice.autocomplete(world.channel, "gc attack", "target", "Goblin 1, gob")
    assert [c["value"] for c in targets] == ["Goblin 1, Goblin 2"]
    everyone = await world.alice.autocomplete(world.channel, "gc attack", "target", "")
    assert "Lurker" not in [c["value"] for c in everyone]  # hidden from players
    gm_view = await world.gm.autocomplete(world.channel, "gc attack", "target", "lur")
    assert [c["value"] for c in gm_view] == ["Lurker"]
    in_hand = await world.alice.autocomplete(world.channel, "gc attack", "weapon", "")
    assert [c["value"] for c in in_hand] == ["Sword"]
    carried = await world.alice.autocomplete(world.channel, "gc swap", "take", "")
    assert [c["value"] for c in carried] == ["Bow"]
    held = await world.alice.autocomplete(world.channel, "gc give", "item", "")
    assert [c["value"] for c in held] == ["Sword", "Bow"]
    reacting = await world.alice.autocomplete(world.channel, "gc react", "combatant", "sw")
    assert [c["value"] for c in reacting] == ["Sword Lord"]


async def test_a_saved_character_reacts_with_its_own_dodge_and_defenses(
    world: World, dice: Dice
) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    bad = await world.alice.slash(
        world.channel, "char create", name="Aster", stats="hp=30 dodge=lots"
    )
    assert bad.ephemeral and "Write the dodge as a check" in bad.response.content
    await world.alice.slash(
        world.channel, "char create", name="Aster",
        stats="action_value=2 hp=30 strength=5 weapon=4 heat=1 dodge=2D6+3",
    )  # fmt: skip
    shown = await world.alice.slash(world.channel, "char show", name="Aster")
    assert "dodge=2D6+3" in shown.response.content
    await world.gm.slash(world.channel, "combat start")
    await world.alice.slash(world.channel, "combat join", character="Aster")
    await world.gm.slash(world.channel, "combat add", name="Orc", action_value=5)
    for _ in range(2):  # Setup, then the first main process (the initiative passed on the way)
        await world.gm.slash(world.channel, "combat next")
    dice.load(5, 5)
    attacked = await world.gm.slash(
        world.channel, "gc attack", target="Aster", hit="2D6+2", power=6, attacker="Orc"
    )
    dice.load(3, 4, 2, 2)
    reacted = await world.alice.click(attacked.response, label="リアクションを振る")
    text = lines(reacted)
    assert "Aster（リアクション）：(2D6+3>=?) ＞ 7[3,4]+3 ＞ 10" in text
    assert "Orcの攻撃がAsterに命中：12 対 10" in text
    assert "Aster：ダメージ10 − 武器防御4 = HPダメージ6。" in text
    assert len(world.env.errors) == 1


async def test_setup_skills_are_posted_in_the_order_they_resolve(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    await world.gm.slash(world.channel, "combat start")
    await world.alice.slash(world.channel, "combat add", name="Slow", side="pc", action_value=2)
    await world.gm.slash(world.channel, "combat add", name="Orc", action_value=7)
    await world.gm.slash(world.channel, "combat next")  # round 1, Setup
    await world.alice.slash(world.channel, "gc skill", name="《A》", timing="setup")
    await world.gm.slash(world.channel, "gc skill", name="《B》", timing="setup", combatant="Orc")
    ended = await world.gm.slash(world.channel, "combat next")
    assert "セットアップのスキルは行動値順に処理：1. Orc《B》、2. Slow《A》" in lines(ended)
