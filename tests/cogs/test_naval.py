"""/naval through SimCord: ships and crews, the event buttons, steering with the battlefield
picture, boarding, attacks on ships and morale, ship skills, sinking the flagship to end the
fight — and the refusals, ephemeral and clear."""

from __future__ import annotations

from tests.cogs.conftest import Dice, World


def lines(result) -> str:
    return "\n".join(f"{e.title or ''}\n{e.description or ''}" for e in result.response.embeds)


def labels(result) -> list[str]:
    return [c["label"] for row in result.response.components for c in row["components"]]


CAPTAIN, PATROL = "オールマイト・キャプテン号", "柾良式巡視船"


async def fleet(world: World) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="naval")
    await world.gm.slash(world.channel, "naval ship add", side="pc", position=0, preset=CAPTAIN,
                         flagship=True)  # fmt: skip
    await world.gm.slash(world.channel, "naval ship add", side="npc", position=3, preset=PATROL,
                         flagship=True)  # fmt: skip
    await world.alice.slash(world.channel, "combat add", name="Hero", side="pc", action_value=9)
    await world.gm.slash(world.channel, "naval crew", ship=CAPTAIN, area=2, combatant="Hero")
    await world.gm.slash(world.channel, "naval crew", ship=PATROL, preset="柾良海軍巡視兵")
    await world.alice.slash(world.channel, "naval licence", kind="ship")


async def to_heros_turn(world: World, dice: Dice) -> None:
    setup = await world.gm.slash(world.channel, "combat next")
    dice.load(3, 4)  # calm sea
    await world.alice.click(setup.response, label="イベントを振る（2D6）")
    dice.load(1, 1)  # the roll-off for the tie of action values 9 (PC first anyway)
    main = await world.gm.slash(world.channel, "combat next")  # the initiative passed on the way
    assert "第1ラウンド・イニシアチブ → Heroのメイン" in lines(main)


async def test_ships_and_crews_are_placed_with_presets_and_autocomplete(world: World) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="naval")
    added = await world.gm.slash(world.channel, "naval ship add", side="pc", position=0,
                                 preset=CAPTAIN, flagship=True)  # fmt: skip
    assert "オールマイト・キャプテン号" in lines(added)
    picture = world.channel.last_message
    assert picture.attachments[0].filename == "battlefield.png"
    assert picture.content.splitlines()[0] == "士気：PC側 0 / 敵側 0"  # the short legend
    shown = await world.alice.slash(world.channel, "naval map")  # the whole one, on request
    whole = shown.response.content
    assert "⚓ A オールマイト・キャプテン号（PC側） ⚑ HP 2300/2300・位置 0–2" in whole
    presets = await world.gm.autocomplete(world.channel, "naval ship add", "preset", "柾良")
    assert [c["value"] for c in presets] == [PATROL]
    await world.gm.slash(world.channel, "naval ship add", side="npc", position=3, preset=PATROL)
    ships = await world.gm.autocomplete(world.channel, "naval crew", "ship", "")
    assert [c["value"] for c in ships] == [CAPTAIN, PATROL]
    crew = await world.gm.slash(world.channel, "naval crew", ship=PATROL, preset="柾良海軍巡視兵",
                                count=2)  # fmt: skip
    assert "柾良海軍巡視兵 2" in lines(crew)
    skills = await world.gm.autocomplete(world.channel, "naval skill", "skill", "", ship=CAPTAIN)
    assert [c["value"] for c in skills] == ["修繕", "砲撃", "速力上昇"]
    not_gm = await world.alice.slash(world.channel, "naval ship add", side="pc", position=1, hp=50)
    assert not_gm.ephemeral and not_gm.response.content == "Only the GM can do that."
    unknown = await world.gm.slash(world.channel, "naval ship add", side="pc", position=1,
                                   preset="Nautilus")  # fmt: skip
    assert unknown.ephemeral and "No preset ship “Nautilus”" in unknown.response.content
    neither = await world.gm.slash(world.channel, "naval ship add", side="pc", position=1)
    assert neither.ephemeral and "preset ship, or the ship's HP" in neither.response.content
    assert len(world.env.errors) == 3


async def test_the_event_is_rolled_with_a_button_by_the_highest_action_value_pc(
    world: World, dice: Dice
) -> None:
    await fleet(world)
    setup = await world.gm.slash(world.channel, "combat next")
    assert "Heroが海戦イベントを振ります（2D6）。" in lines(setup)
    assert labels(setup) == ["イベントを振る（2D6）", "省く（GM）"]
    stolen = await world.bob.click(setup.response, label="イベントを振る（2D6）")
    assert stolen.ephemeral and "highest action value" in stolen.response.content
    skip = await world.alice.click(setup.response, label="省く（GM）")
    assert skip.ephemeral and skip.response.content == "Only the GM can do that."
    dice.load(1, 3)
    rolled = await world.alice.click(setup.response, label="イベントを振る（2D6）")
    assert "海戦イベント（4）：強烈な逆風 — 逆風" in lines(rolled)
    again = await world.gm.slash(world.channel, "naval event", choice="skip")
    assert again.ephemeral and "No event roll is waiting" in again.response.content
    assert len(world.env.errors) == 1  # button refusals are answered by the button itself


async def test_steering_moves_the_ship_and_redraws_the_battlefield(
    world: World, dice: Dice
) -> None:
    await fleet(world)
    await to_heros_turn(world, dice)
    stolen = await world.bob.slash(world.channel, "naval move", direction="forward",
                                   combatant="Hero")  # fmt: skip
    assert stolen.ephemeral and "is not yours" in stolen.response.content
    moved = await world.alice.slash(world.channel, "naval move", direction="forward", twice=True)
    assert "オールマイト・キャプテン号は位置2へ移動した。" in lines(moved)
    picture = world.channel.last_message
    assert picture.attachments[0].filename == "battlefield.png"
    assert picture.content.startswith("士気：PC側 0 / 敵側 0 · 海戦イベント（7）：平穏な海")
    shown = await world.alice.slash(world.channel, "naval map")
    assert "`1` Hero — オールマイト・キャプテン号 エリア2" in shown.response.content
    assert "位置 2–4" in shown.response.content
    spent = await world.alice.slash(world.channel, "naval move", direction="back")
    assert spent.ephemeral and "already spent the actions" in spent.response.content
    late = await world.alice.slash(world.channel, "naval board", ship=PATROL, area=1)
    assert late.ephemeral and "boarding comes before the move action" in late.response.content
    assert len(world.env.errors) == 3


async def test_attacks_raise_morale_and_sinking_the_flagship_ends_the_battle(
    world: World, dice: Dice
) -> None:
    await fleet(world)
    await to_heros_turn(world, dice)
    melee = await world.alice.slash(world.channel, "naval attack", target="柾良海軍巡視兵",
                                    hit="2D6", damage="10", style="melee")  # fmt: skip
    assert melee.ephemeral and "melee attacks stay on your own ship" in melee.response.content
    dice.load(3, 4, 6, 6)
    shot = await world.alice.slash(world.channel, "naval attack", target=PATROL, hit="2D6+5",
                                   damage="2D6+290")  # fmt: skip
    text = lines(shot)
    assert "PC側の士気：1。" in text
    assert "柾良式巡視船に302点のダメージ（HP 0）。" in text
    assert "柾良式巡視船は沈没：戦線離脱 — 柾良海軍巡視兵。" in text
    assert "敵側の敗北：旗艦が沈んだ。" in text and "戦闘終了（第1ラウンド）。" in text
    over = await world.gm.slash(world.channel, "combat status")
    assert over.ephemeral and "no encounter" in over.response.content
    assert len(world.env.errors) == 2


async def test_ship_skills_cost_morale_and_need_the_user_aboard(world: World, dice: Dice) -> None:
    await fleet(world)
    await world.bob.slash(world.channel, "combat add", name="Swimmer", side="pc", action_value=1)
    await to_heros_turn(world, dice)
    await world.gm.slash(world.channel, "naval ship edit", ship=CAPTAIN, hp=2000)
    short = await world.alice.slash(world.channel, "naval skill", ship=CAPTAIN, skill="修繕")
    assert short.ephemeral and "修繕 needs 3 morale; the side has 0." in short.response.content
    dice.load(3, 4)
    await world.alice.slash(world.channel, "naval attack", target=PATROL, hit="2D6", damage="1")
    dice.load(*[6] * 5)
    fired = await world.alice.slash(world.channel, "naval skill", ship=CAPTAIN, skill="砲撃",
                                    at=PATROL, ships="yes")  # fmt: skip
    assert "(5D6) ＞ 30[6,6,6,6,6] ＞ 30" in lines(fired)
    assert "柾良式巡視船に30点のダメージ（HP 269）。" in lines(fired)
    away = await world.bob.slash(world.channel, "naval skill", ship=CAPTAIN, skill="砲撃",
                                 at=PATROL, combatant="Swimmer")  # fmt: skip
    assert away.ephemeral and "not aboard" in away.response.content
    assert len(world.env.errors) == 2


async def test_the_map_needs_a_naval_encounter(world: World) -> None:
    none = await world.alice.slash(world.channel, "naval map")
    assert none.ephemeral and "no encounter" in none.response.content
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    other = await world.alice.slash(world.channel, "naval move", direction="forward")
    assert other.ephemeral and "naval" in other.response.content
    shown = await world.alice.slash(world.channel, "naval map")
    assert shown.ephemeral and "naval" in shown.response.content
    assert len(world.env.errors) == 3


async def test_rough_seas_drift_brings_a_fresh_picture(world: World, dice: Dice) -> None:
    await fleet(world)
    setup = await world.gm.slash(world.channel, "combat next")
    dice.load(2, 3, 1, 1)  # 5: rough seas; both ships drift forward (up the positions)
    rolled = await world.alice.click(setup.response, label="イベントを振る（2D6）")
    assert "海戦イベント（5）：荒波" in lines(rolled)
    picture = world.channel.last_message  # the ships drifted: a picture for the new round
    assert picture.attachments[0].filename == "battlefield.png"
    assert picture.content.startswith("士気：PC側 0 / 敵側 0 · 海戦イベント（5）：荒波")
    shown = await world.alice.slash(world.channel, "naval map")
    assert "柾良式巡視船（敵側） ⚑ HP 300/300・位置 4" in shown.response.content
    edited = await world.gm.slash(world.channel, "naval ship edit", ship=PATROL, position=6)
    assert "柾良式巡視船は位置6へ移動した。" in lines(edited)
    redrawn = world.channel.history()[[m.id for m in world.channel.history()].index(picture.id)]
    assert redrawn.attachments[0].id != picture.attachments[0].id  # the same Setup: redrawn
    shown = await world.alice.slash(world.channel, "naval map")
    assert "位置 6" in shown.response.content


async def test_numbers_boarding_ship_damage_and_removal(world: World, dice: Dice) -> None:
    await fleet(world)
    numbers = await world.alice.slash(world.channel, "naval set", stats="hp=40 dodge=2D6+2")
    assert "Hero：HP —→40、回避 —→2D6+2（プレイヤーが記録）" in lines(numbers)  # posted
    broken = await world.alice.slash(world.channel, "naval set", stats="dodge=2D6+")
    assert broken.ephemeral
    assert broken.response.content.startswith(
        "dodge=2D6+: The dice command ends too early (column 5)"
    )
    status = await world.gm.slash(world.channel, "combat status")
    assert "Hero (PC) AV 9 HP 40/40" in status.response.embeds[0].description
    await world.gm.slash(world.channel, "naval ship edit", ship=PATROL, position=1)
    await to_heros_turn(world, dice)
    boarded = await world.alice.slash(world.channel, "naval board", ship=PATROL)
    assert "Heroは柾良式巡視船のエリア1に乗り込んだ。" in lines(boarded)
    not_gm = await world.alice.slash(world.channel, "naval ship damage", ship=PATROL, amount=100)
    assert not_gm.ephemeral and not_gm.response.content == "Only the GM can do that."
    hit = await world.gm.slash(world.channel, "naval ship damage", ship=PATROL, amount=100, by="pc")
    assert "PC側の士気：1。" in lines(hit) and "柾良式巡視船に100点のダメージ（HP 200）。" in lines(
        hit
    )
    removed = await world.gm.slash(world.channel, "naval ship remove", ship=PATROL)
    assert "柾良式巡視船が外れました。" in lines(removed)
    stranded = await world.alice.slash(world.channel, "naval attack", target="柾良海軍巡視兵",
                                       hit="2D6", damage="5")  # fmt: skip
    assert stranded.ephemeral and "not aboard any ship" in stranded.response.content
    assert len(world.env.errors) == 3


async def test_a_crowded_battlefield_keeps_its_picture_and_its_whole_legend(world: World) -> None:
    await fleet(world)
    await world.gm.slash(world.channel, "naval crew", ship=CAPTAIN, area=1, preset="柾良海軍巡視兵",
                         count=20)  # fmt: skip
    for area in (2, 3):
        await world.gm.slash(world.channel, "naval crew", ship=CAPTAIN, area=area,
                             preset="柾良海軍巡視兵", count=20)  # fmt: skip
    shown = await world.alice.slash(world.channel, "naval map")
    parts = [shown.response, *shown.followups]
    assert [a.filename for a in parts[0].attachments] == ["battlefield.png"]
    assert len(parts) > 1 and all(len(p.content) <= 2000 for p in parts)
    assert parts[0].content.startswith("士気：PC側 0 / 敵側 0\n⚓ A オールマイト・キャプテン号")
    legend = "\n".join(p.content for p in parts)
    assert all(f"柾良海軍巡視兵 {n} —" in legend for n in range(1, 61))  # nobody cut off
    assert not shown.ephemeral


def test_every_ship_of_a_crowded_sea_is_pictured_and_in_the_legend() -> None:
    """More ships than letters: A … Z, then AA …, none left out of the legend."""
    from bot.cogs.naval_picture import battlefield_file
    from bot.combat.model import Side
    from bot.systems.naval.battlefield import PRESETS, place_ship
    from tests.combat.helpers import encounter

    enc = encounter("naval")
    for n in range(30):
        place_ship(enc, f"Ship {n}", Side.NPC, PRESETS["柾良式巡視船"], n * 6 - 90)
    _, legend = battlefield_file(enc, focus=[84])
    assert "⚓ Z Ship 25" in legend and "⚓ AD Ship 29" in legend
    assert legend.splitlines()[1].startswith("🖼")  # the picture is a window: it says which


async def test_a_gm_typo_that_sinks_the_flagship_is_undone_and_the_fight_goes_on(
    world: World, dice: Dice
) -> None:
    await fleet(world)
    await to_heros_turn(world, dice)
    typo = await world.gm.slash(world.channel, "naval ship damage", ship=PATROL, amount=3000)
    assert "戦闘終了" in lines(typo)
    undone = await world.gm.slash(world.channel, "combat undo")
    assert not undone.ephemeral and "取り消しました" in lines(undone)
    status = await world.gm.slash(world.channel, "combat status")
    assert "柾良式巡視船 (NPC) HP 300/300" in status.response.embeds[0].description
    hit = await world.gm.slash(world.channel, "naval ship damage", ship=PATROL, amount=30)
    assert "柾良式巡視船に30点のダメージ（HP 270）。" in lines(hit)


async def test_crew_takes_a_name_cover_and_walk_are_the_players_own(
    world: World, dice: Dice
) -> None:
    await fleet(world)
    named = await world.gm.slash(world.channel, "naval crew", ship=CAPTAIN, area=2,
                                 preset="柾良海軍巡視兵", name="Bosun Kai", count=1)  # fmt: skip
    assert "Bosun Kai" in lines(named)
    second = await world.gm.slash(world.channel, "naval crew", ship=PATROL, preset="柾良海軍巡視兵")
    assert "柾良海軍巡視兵 2" in lines(second)  # numbered, not refused
    await to_heros_turn(world, dice)
    covered = await world.alice.slash(world.channel, "naval cover", target=CAPTAIN)
    assert "Heroはオールマイト・キャプテン号をカバーする構え" in lines(covered)
    from bot.cogs.naval import NavalCog

    # The attacker cannot name a coverer: /naval attack has no such option.
    assert "cover" not in {p.name for p in NavalCog.attack.parameters}
    walked = await world.alice.slash(world.channel, "naval walk", area=1)
    assert "Heroはオールマイト・キャプテン号のエリア1へ移動した。" in lines(walked)
    steer = await world.alice.slash(world.channel, "naval move", direction="forward")
    assert steer.ephemeral and "not at a helm" in steer.response.content
    assert len(world.env.errors) == 1
