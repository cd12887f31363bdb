"""/esp through SimCord: initiative and Sonic Drive with buttons, engagement, attacks, statuses
and their announcements — and the refusals, ephemeral and clear."""

from __future__ import annotations

from collections.abc import Callable

from tests.cogs.conftest import Dice, World


def lines(result) -> str:
    return "\n".join(f"{e.title or ''}\n{e.description or ''}" for e in result.response.embeds)


def labels(result) -> list[str]:
    return [c["label"] for row in result.response.components for c in row["components"]]


def tracker_rows(world: World) -> list[str]:
    (pinned,) = world.channel.pinned_messages()
    return (pinned.embeds[0].description or "").splitlines()


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
    # The last PC's roll carries the fight on by itself: Hero (22) has the first turn, the
    # offer stays open until the end of it (and the turn's own button comes with it).
    assert lines(rolled).startswith("第1ラウンド・Heroのメイン")
    assert labels(rolled) == ["Hero：ソニックドライブ！", "Hero：使わない", "手番終了"]
    again = await world.alice.click(initiative.response, label="行動値を振る")
    assert again.ephemeral and "rolled in the setup or initiative phase" in again.response.content
    stolen = await world.bob.click(rolled.response, label="Hero：ソニックドライブ！")
    assert stolen.ephemeral and "is not yours" in stolen.response.content
    chosen = await world.alice.click(rolled.response, label="Hero：ソニックドライブ！")
    assert "Hero" in lines(chosen) and "ソニックドライブ" in lines(chosen)
    assert tracker_rows(world)[0].startswith("▶ 1. Hero (PC)")  # first in the order, acting


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
    await world.alice.slash(world.channel, "esp engage", other="Drone")  # the move (minor)
    blocked = await world.alice.slash(world.channel, "esp move", metres=5, past="Drone", full=True)
    assert blocked.ephemeral and "blockaded" in blocked.response.content
    dice.load(8, 8, 2, 2, 10)  # hit 16 vs dodge 4; damage 1D10 = 10, not re-rolled
    hit = await world.alice.slash(world.channel, "esp attack", target="Drone", damage="1D10+3")
    text = lines(hit)
    assert "Droneに13点のダメージ（HP 12）。" in text
    late = await world.alice.slash(world.channel, "esp move", metres=5)
    assert late.ephemeral and "already used the minor" in late.response.content  # engaging was
    await world.alice.slash(world.channel, "combat act", action="end_turn")
    dice.load(7)
    cleanup = await world.gm.slash(world.channel, "combat next")
    while "クリンナップ" not in lines(cleanup):
        cleanup = await world.gm.slash(world.channel, "combat next")
    assert "Drone（毒）：(1D10) ＞ 7" in lines(cleanup)
    assert "Droneに7点のダメージ（HP 5）。" in lines(cleanup)
    assert len(world.env.errors) == 3  # the three refusals, answered ephemerally


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
    declined = await world.alice.click(rolled.response, label="Hero：使わない")
    assert "Hero" in lines(declined)
    assert lines(rolled).startswith("第1ラウンド・Heroのメイン")  # 17 against the Drone's 10
    assert tracker_rows(world)[0].startswith("▶ 1. Hero (PC)")


async def test_skills_moves_and_leaving_an_engage(world: World, dice: Dice) -> None:
    await table(world)
    await world.gm.slash(world.channel, "combat next")
    setup = await world.alice.slash(world.channel, "esp skill", name="Ready", timing="setup")
    assert "Heroは《Ready》" in lines(setup) or "HeroはReadyを使用（セットアップ）。" in lines(
        setup
    )
    dice.load(1, 1)
    await world.gm.slash(world.channel, "combat next")
    dice.load(9, 9)
    await world.gm.slash(world.channel, "combat next")
    engaged = await world.alice.slash(world.channel, "esp engage", other="Drone")  # a move in
    assert "Heroはエンゲージ1に入った。" in lines(engaged)
    left = await world.alice.slash(world.channel, "esp leave")
    assert left.ephemeral and "already used the minor" in left.response.content  # a second move
    combined = await world.alice.slash(world.channel, "esp skill", name="Edge", timing="combinable")
    assert "HeroはEdgeを使用（メジャー（組み合わせ可））。" in lines(combined)
    await world.alice.slash(world.channel, "esp skill", name="Storm", timing="major")
    second = await world.alice.slash(world.channel, "esp skill", name="Storm 2", timing="major")
    assert second.ephemeral and "at most one plain major skill" in second.response.content
    dice.load(8, 8, 2, 2)
    struck = await world.alice.slash(world.channel, "esp attack", target="Drone", damage="6")
    assert "Droneに6点のダメージ（HP 19）。" in lines(struck)  # the attack Storm goes with
    full = await world.alice.slash(world.channel, "esp move", metres=15, full=True)
    assert full.ephemeral  # the attack spent the major action
    assert len(world.env.errors) == 3


async def test_saved_characters_and_combat_add_carry_esperancer_numbers(
    world: World, dice: Dice
) -> None:
    await world.gm.slash(world.channel, "system set", system="Esperancer")
    await world.alice.slash(
        world.channel, "char create", name="Aoi",
        stats="hp=28 initiative_mod=3 sonic_drive=18 speed=6 dodge=2",
    )  # fmt: skip
    await world.gm.slash(world.channel, "combat start")
    choices = await world.alice.autocomplete(world.channel, "combat join", "character", "Ao")
    await world.alice.slash(world.channel, "combat join", character=choices[0]["value"])
    await world.gm.slash(world.channel, "combat add", name="Warden", hp=50, numbers="boss=1")
    refused = await world.gm.slash(
        world.channel, "esp status", change="add", effect="faint", target="Warden"
    )
    assert refused.ephemeral and "boss" in refused.response.content
    await world.gm.slash(world.channel, "combat next")
    dice.load(9, 9)
    await world.gm.slash(world.channel, "combat next")  # Warden 18
    dice.load(5, 5)
    await world.gm.slash(world.channel, "combat next")  # Aoi 10+3 = 13; Warden acts
    await world.gm.slash(world.channel, "esp engage", combatant="Warden", other="Aoi")
    dice.load(5, 5, 4, 4)  # hit 10 against Aoi's dodge 4+4+2 = 10: a tie goes to the dodge
    attacked = await world.gm.slash(world.channel, "esp attack", target="Aoi", damage="9")
    assert "AoiはWardenの攻撃を回避：10 対 10" in lines(attacked)
    status = await world.alice.slash(world.channel, "combat status")
    assert "Aoi (PC) AV 13 HP 28/28" in lines(status)
    assert len(world.env.errors) == 1


async def test_esp_commands_in_another_rule_sets_encounter_are_refused_clearly(
    world: World,
) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    await world.gm.slash(world.channel, "combat start")
    await world.gm.slash(world.channel, "combat add", name="Goblin")
    refused = await world.gm.slash(world.channel, "esp attack", target="Goblin", damage="5")
    assert refused.ephemeral
    assert "Esperancer" in refused.response.content and "GranCrest" in refused.response.content
    assert len(world.env.errors) == 1


async def test_init_and_sonic_as_slash_commands(world: World, dice: Dice) -> None:
    await table(world)
    early = await world.alice.slash(world.channel, "esp init")
    assert early.ephemeral  # not the Initiative phase yet
    await world.gm.slash(world.channel, "combat next")
    dice.load(5, 5)
    await world.gm.slash(world.channel, "combat next")
    dice.load(10, 10, 1, 2)  # a chain: both dice 10, re-rolled 1 and 2
    rolled = await world.alice.slash(world.channel, "esp init")
    assert "(2ES+2) ＞ 11[10,1],12[10,2]+2 ＞ 25 ＞ クリティカル" in lines(rolled)
    declined = await world.alice.slash(world.channel, "esp sonic", answer=False)
    assert not declined.ephemeral
    twice = await world.alice.slash(world.channel, "esp sonic", answer=True)
    assert twice.ephemeral and "already" in twice.response.content
    assert len(world.env.errors) == 2


async def test_the_gm_heals_orders_ties_and_lets_players_roll_their_dodge(
    world: World, dice: Dice
) -> None:
    await table(world)
    await world.gm.slash(world.channel, "combat add", name="Wasp", numbers="boss=yes dodge=1")
    healed = await world.gm.slash(world.channel, "esp heal", target="Drone", amount="99")
    assert "DroneのHPが0回復（HP 25）。" in lines(healed)  # the maximum holds
    refused = await world.alice.slash(world.channel, "esp heal", target="Hero", amount="5")
    assert refused.ephemeral and "Only the GM" in refused.response.content
    options = await world.gm.slash(world.channel, "esp options", dodge_rolls="players")
    assert "GMが回避判定を振る人を設定：攻撃されたキャラクターのプレイヤー。" in lines(options)
    await world.gm.slash(world.channel, "combat next")
    dice.load(5, 5, 5, 5)  # Drone and Wasp tie at 10
    await world.gm.slash(world.channel, "combat next")
    ordered = await world.gm.slash(world.channel, "esp order", names="Wasp, Drone")
    assert "順番が変わりました。" in lines(ordered)
    dice.load(1, 1)  # Hero 4: the NPCs go first, the Wasp before the Drone now
    main = await world.gm.slash(world.channel, "combat next")
    assert lines(main).startswith("第1ラウンド・Waspのメイン")
    assert "Hero（行動値）：(2ES+2) ＞ 1,1+2 ＞ 4" in lines(main)
    passed = await world.gm.slash(world.channel, "combat act", action="end_turn")  # Wasp passes
    assert lines(passed).startswith("第1ラウンド・Droneのメイン")  # the Drone next, Hero last
    dice.load(6, 6)
    attacked = await world.gm.slash(world.channel, "esp attack", attacker="Drone", target="Hero",
                                    damage="5", ranged=True)  # fmt: skip
    assert "Heroは回避を振ってください（ボタンか /esp 回避）。" in lines(attacked)
    assert labels(attacked) == ["回避を振る"]
    dice.load(9, 9)
    dodged = await world.alice.click(attacked.response, label="回避を振る")
    assert "Hero（回避）：(2ES+1) ＞ 9,9+1 ＞ 19" in lines(dodged)
    assert "HeroはDroneの攻撃を回避：12 対 19" in lines(dodged)
    assert len(world.env.errors) == 1
