"""/gc through SimCord: attacks with the reaction button, damage and healing, the map and
moves, skills — and their refusals, ephemeral and clear."""

from __future__ import annotations

from tests.cogs.conftest import Dice, World


async def duel(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    await world.gm.slash(world.channel, "combat start")
    await world.alice.slash(
        world.channel, "combat add", name="Sword Lord", side="pc", action_value=6
    )
    await world.alice.slash(
        world.channel, "gc set", stats="hp=39 strength=6 spirit=5 weapon=10 move=3 dodge=2D6+4"
    )
    await world.gm.slash(world.channel, "combat add", name="Dragonewt", action_value=5)
    await world.gm.slash(
        world.channel,
        "gc set",
        combatant="Dragonewt",
        stats="hp=40 strength=5 weapon=10 dodge=2D6+5",
    )
    for _ in range(2):  # Setup, then the Sword Lord's main (the initiative passed on the way)
        await world.gm.slash(world.channel, "combat next")


def lines(result) -> str:
    return "\n".join(e.description or "" for e in result.response.embeds)


async def test_attack_then_the_target_reacts_with_a_button(world: World, dice: Dice) -> None:
    await duel(world)
    dice.load(3, 4)
    attacked = await world.alice.slash(
        world.channel, "gc attack", target="Dragonewt", hit="2D6+7", power=9
    )
    assert "Sword Lord（命中判定）：(2D6+7>=?) ＞ 7[3,4]+7 ＞ 14" in lines(attacked)
    labels = [c["label"] for row in attacked.response.components for c in row["components"]]
    assert labels == ["リアクションを振る"]
    refused = await world.bob.click(attacked.response, label="リアクションを振る")
    assert refused.ephemeral and "is not yours" in refused.response.content
    dice.load(2, 3, 3, 3)
    reacted = await world.gm.click(attacked.response, label="リアクションを振る")
    text = lines(reacted)
    assert "Sword Lordの攻撃がDragonewtに命中：14 対 10" in text
    assert "Dragonewtに5点のダメージ（HP 35）。" in text


async def test_refusals_are_ephemeral_and_clear(world: World, dice: Dice) -> None:
    await duel(world)
    not_yours = await world.bob.slash(world.channel, "gc move", x=1, y=1, combatant="Sword Lord")
    assert not_yours.ephemeral and "is not yours" in not_yours.response.content
    wrong_phase = await world.alice.slash(
        world.channel, "gc skill", name="《ファストアクション》", timing="cleanup"
    )
    assert wrong_phase.ephemeral and "not now" in wrong_phase.response.content
    await world.alice.slash(world.channel, "gc skill", name="《バッシュ》", timing="major")
    dice.load(1, 1)
    used = await world.alice.slash(world.channel, "gc attack", target="Dragonewt", hit="2D6")
    assert used.ephemeral and "already used the major action" in used.response.content
    no_map = await world.alice.slash(world.channel, "gc move", x=1, y=0)
    assert no_map.ephemeral and "no map" in no_map.response.content
    assert len(world.env.errors) == 4


async def test_map_moves_and_the_image(world: World) -> None:
    await duel(world)
    sized = await world.gm.slash(world.channel, "gc map", size="6x4")
    assert "マップは6×4マスです。" in lines(sized)
    await world.gm.slash(world.channel, "gc place", combatant="Sword Lord", x=0, y=0)
    await world.gm.slash(world.channel, "gc place", combatant="Dragonewt", x=1, y=0)
    far = await world.alice.slash(world.channel, "gc move", x=5, y=3)
    assert far.ephemeral and "costs 8 move points, 3 available" in far.response.content
    moved = await world.alice.slash(world.channel, "gc move", x=1, y=0)
    assert "Sword Lordは1,0へ移動（移動力1）。" in lines(moved)
    await world.env.settle()
    (picture,) = maps(world)  # the placings and the move, all in her turn: one picture
    assert picture.content == "`1` Sword Lord (1,0)　`2` Dragonewt (1,0)"  # HP: the tracker's
    whole = await world.bob.slash(world.channel, "gc map")
    assert whole.response.content == "`1` Sword Lord (1,0)\n`2` Dragonewt (1,0)"
    assert len(world.env.errors) == 1


def maps(world: World) -> list:
    return [m for m in world.channel.history()
            if [a.filename for a in m.attachments] == ["map.png"]]  # fmt: skip


async def test_the_turns_map_is_one_message_edited_within_the_turn(world: World) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.alice.slash(
        world.channel, "combat add", name="Sword Lord", side="pc", action_value=6, hp=39
    )
    await world.gm.slash(world.channel, "combat add", name="Dragonewt", action_value=5, hp=40)
    await world.alice.slash(world.channel, "gc set", stats="move=3")
    await world.gm.slash(world.channel, "gc map", size="6x4")
    assert maps(world) == []  # nobody on the map yet: no picture
    await world.gm.slash(world.channel, "gc place", combatant="Sword Lord", x=0, y=0)
    await world.gm.slash(world.channel, "gc place", combatant="Dragonewt", x=4, y=3)
    await world.env.settle()
    (placed,) = maps(world)  # the GM's two placings before the fight: one picture, edited
    assert placed.content == "`1` Sword Lord (0,0)　`2` Dragonewt (4,3)"
    for _ in range(2):  # Setup, then the Sword Lord's main
        await world.gm.slash(world.channel, "combat next")
    await world.alice.slash(world.channel, "gc move", x=1, y=0)
    await world.gm.slash(world.channel, "gc damage", target="Sword Lord", amount=5)
    await world.env.settle()
    placed_again, turn = maps(world)  # her turn: a new picture; the damage moved nobody
    assert placed_again.id == placed.id and turn.content.startswith("`1` Sword Lord (1,0)")
    await world.alice.slash(world.channel, "combat act", action="end_turn")
    await world.gm.slash(world.channel, "gc damage", target="Dragonewt", amount=20)
    await world.env.settle()
    assert len(maps(world)) == 2  # a new turn and a number changed: no new picture
    await world.gm.slash(world.channel, "gc set", combatant="Dragonewt", stats="move=4")
    await world.gm.slash(world.channel, "gc move", x=3, y=3, combatant="Dragonewt")
    ran = await world.gm.slash(world.channel, "gc move", x=1, y=3, combatant="Dragonewt", full=True)
    assert not ran.ephemeral, ran.response.content
    await world.env.settle()
    *_, npcs = maps(world)  # the Dragonewt's turn: one more picture, where it ended
    assert len(maps(world)) == 3 and npcs.content.endswith("`2` Dragonewt (1,3)")
    assert "HP" not in "".join(m.content for m in maps(world))


async def test_damage_dying_and_healing_by_the_gm(world: World) -> None:
    await duel(world)
    refused = await world.alice.slash(world.channel, "gc damage", target="Dragonewt", amount=50)
    assert refused.ephemeral and "Dragonewt is not yours" in refused.response.content
    down = await world.gm.slash(
        world.channel, "gc damage", target="Sword Lord", amount=50, types="weapon"
    )
    assert "Sword Lordに40点のダメージ（HP -1）。" in lines(down)
    assert "Sword Lordは瀕死（段階1）。" in lines(down)
    status = await world.bob.slash(world.channel, "combat status")
    assert "Sword Lord (PC) AV 6 HP -1/39 [dying 1]" in status.response.embeds[0].description
    healed = await world.gm.slash(
        world.channel, "gc heal", target="Sword Lord", amount=5, levels="1"
    )
    assert "Sword Lordは戦闘に復帰した。" in lines(healed)
    assert len(world.env.errors) == 1


async def test_a_saved_weapon_comes_into_combat_and_attacks(world: World, dice: Dice) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    await world.alice.slash(
        world.channel, "char create", name="Aster", stats="action_value=9 hp=30 strength=5"
    )
    saved = await world.alice.slash(
        world.channel, "char weapon", name="Aster", weapon="Great Sword", hit="2D6+6", power=8
    )
    assert saved.response.content == "Great Sword saved on Aster."
    shown = await world.alice.slash(world.channel, "char show", name="Aster")
    assert "⚔ Great Sword: 2D6+6 power 8 weapon" in shown.response.content
    await world.gm.slash(world.channel, "combat start")
    choices = await world.alice.autocomplete(world.channel, "combat join", "character", "")
    await world.alice.slash(world.channel, "combat join", character=choices[0]["value"])
    await world.gm.slash(world.channel, "combat add", name="Orc", action_value=1)
    await world.gm.slash(world.channel, "gc set", combatant="Orc", stats="hp=20 strength=4")
    for _ in range(2):  # Setup, then the first main (initiative passed)
        await world.gm.slash(world.channel, "combat next")
    dice.load(5, 5)
    attacked = await world.alice.slash(
        world.channel, "gc attack", target="Orc", weapon="Great Sword"
    )
    assert "(2D6+6>=?) ＞ 10[5,5]+6 ＞ 16" in lines(attacked)


async def test_initiative_skills_are_declared_from_the_announcement_until_main(
    world: World,
) -> None:
    await duel(world)  # in the Sword Lord's main; her end of turn passes an initiative phase
    ended = await world.alice.slash(world.channel, "combat act", action="end_turn")
    assert ended.response.embeds[0].title == "第1ラウンド・イニシアチブ → Dragonewtのメイン"
    button_message = world.channel.history()[-1]
    assert button_message.embeds[0].title == ended.response.embeds[0].title
    shown = await world.alice.click(button_message, label="イニシアチブスキル宣言")
    assert shown.modal is not None
    declared = await world.alice.submit_modal(shown, {"skill": "《カバーリング》"})
    assert "Sword Lordが《カバーリング》を宣言" in lines(declared)
    # Declared before the Dragonewt's first action: back to the initiative, the GM's to resolve
    assert declared.response.embeds[0].title == "第1ラウンド・イニシアチブ"
    again = await world.gm.slash(world.channel, "combat next")
    assert again.response.embeds[0].title == "第1ラウンド・Dragonewtのメイン"
    await world.gm.slash(world.channel, "combat act", action="minor", combatant="Dragonewt")
    late = await world.alice.click(button_message, label="イニシアチブスキル宣言")  # it acted
    too_late = await world.alice.submit_modal(late, {"skill": "《カバーリング》"})
    assert too_late.ephemeral and "first action" in too_late.response.content


async def test_named_actions_spend_their_minor_or_major_once(world: World) -> None:
    await duel(world)
    picked = await world.alice.slash(world.channel, "gc action", kind="pick_up", detail="槍")
    assert "Sword Lord：マイナーアクション — アイテムを拾う（マイナー）: 槍" in lines(picked)
    again = await world.alice.slash(world.channel, "gc action", kind="other_minor")
    assert again.ephemeral and "already used the minor action" in again.response.content
    other = await world.alice.slash(world.channel, "gc action", kind="other_major")
    assert "メジャーアクション" in lines(other)
    assert len(world.env.errors) == 1


async def test_numbers_given_on_combat_add_and_the_react_command(world: World, dice: Dice) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    await world.gm.slash(world.channel, "combat start")
    await world.alice.slash(
        world.channel,
        "combat add",
        name="Hero",
        side="pc",
        action_value=9,
        hp=30,
        numbers="strength=5 weapon=2",
    )
    await world.gm.slash(
        world.channel,
        "combat add",
        name="Orc",
        count=2,
        action_value=3,
        hp=20,
        numbers="strength=4 weapon=3 dodge=2D6",
    )
    for _ in range(2):  # Setup, then the first main (initiative passed)
        await world.gm.slash(world.channel, "combat next")
    dice.load(4, 4)
    await world.alice.slash(world.channel, "gc attack", target="Orc 1", hit="2D6+2", power=5)
    dice.load(1, 2, 3, 3)
    reacted = await world.gm.slash(world.channel, "gc react", combatant="Orc 1", check="2D6")
    assert "Heroの攻撃がOrc 1に命中：10 対 3" in lines(reacted)
    assert "Orc 1に8点のダメージ（HP 12）。" in lines(reacted)  # 5 + 6 − weapon 3
