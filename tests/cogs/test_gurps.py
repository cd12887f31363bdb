"""/gurps through SimCord: CP costs, sheet validation, the GM's experience — and refusals."""

from __future__ import annotations

from tests.cogs.conftest import Dice, World


async def test_cp_costs_from_both_tables(world: World) -> None:
    hard = await world.alice.slash(world.channel, "gurps cp", kind="hard", level=14, attribute=12)
    assert hard.ephemeral and "14" in hard.response.content and "12 CP" in hard.response.content
    past = await world.alice.slash(world.channel, "gurps cp", kind="easy", level=18, attribute=10)
    assert "28 CP" in past.response.content  # +8: 16 at +5, then +4 a level
    half = await world.alice.slash(world.channel, "gurps cp", kind="mental", level=10, attribute=12)
    assert "0.5 CP" in half.response.content
    familiar = await world.alice.slash(
        world.channel, "gurps cp", kind="familiar_direct", level=13, attribute=10
    )
    assert "40 CP" in familiar.response.content  # 32 at +2, then +8


async def test_cp_below_the_table_is_refused_clearly(world: World) -> None:
    low = await world.alice.slash(world.channel, "gurps cp", kind="easy", level=8, attribute=10)
    assert low.ephemeral and "-1" in low.response.content
    assert len(world.env.errors) == 1


async def test_validate_lists_every_breach(world: World) -> None:
    fine = await world.alice.slash(
        world.channel,
        "gurps validate",
        sheet="cp=620 unused=5 st=14 skill:剣=18 trait:意志の強さ=3 美醜=普通",
    )
    assert fine.ephemeral and "within the regulation" in fine.response.content
    bad = await world.alice.slash(
        world.channel, "gurps validate",
        sheet="cp=625 unused=0 st=21 skill:剣=31 trait:妖術抵抗=6 power:火炎=11 limit:変身=-60",
    )  # fmt: skip
    text = bad.response.content
    assert "6 breach(es)" in text
    for part in ("ST 21", "剣 31", "妖術抵抗 level 6", "火炎 power 11", "美醜 must", "625"):
        assert part in text, part
    assert "変身 -60%: counts as −50%" in text  # not a breach: it counts as −50%
    unreadable = await world.alice.slash(world.channel, "gurps validate", sheet="st=12 luck")
    assert unreadable.ephemeral and "luck" in unreadable.response.content
    assert len(world.env.errors) == 1


async def test_gm_experience_is_a_third_of_the_total(world: World) -> None:
    done = await world.gm.slash(world.channel, "gurps gmxp", earned="3 4 5 ５")
    assert not done.ephemeral and done.response.content == "PCの経験点は合計17：GMは5点を得ます。"
    bad = await world.gm.slash(world.channel, "gurps gmxp", earned="lots")
    assert bad.ephemeral and "lots" in bad.response.content
    assert len(world.env.errors) == 1


async def aoi(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GURPS")
    await world.alice.slash(
        world.channel, "char create", name="Aoi", stats="st=10 dx=12 iq=12 ht=11 will=2"
    )


async def test_stress_starts_at_iq_plus_will_and_each_change_is_posted_and_kept(
    world: World, dice: Dice
) -> None:
    await aoi(world)
    shown = await world.alice.slash(world.channel, "gurps stress", character="Aoi")
    assert shown.ephemeral and "14/14" in shown.response.content
    dice.load(4)
    hit = await world.alice.slash(
        world.channel, "gurps stress", character="Aoi", cause="reaction_disastrous"
    )
    assert not hit.ephemeral
    assert "Aoi：反応：最悪 -7（(1D6+3) ＞ 4[4]+3 ＞ 7） → ストレス 7/14。" in hit.response.content
    await world.alice.slash(world.channel, "gurps stress", character="Aoi", cause="reaction_bad")
    low = await world.alice.slash(
        world.channel, "gurps stress", character="Aoi", cause="reaction_very_bad"
    )
    assert "落ち込み状態" in low.response.content  # 2: depressed
    dice.load(1)
    slept = await world.alice.slash(world.channel, "gurps stress", character="Aoi", cause="sleep")
    assert "落ち込みが解けた" not in slept.response.content  # 3: still depressed
    dice.load(5)
    slept = await world.alice.slash(world.channel, "gurps stress", character="Aoi", cause="sleep")
    assert "Aoiの落ち込みが解けた。" in slept.response.content  # 8
    history = await world.alice.slash(world.channel, "gurps stress", character="Aoi")
    assert "Aoi: stress 8/14." in history.response.content
    assert history.response.content.count("\n·") == 5  # alice reads English: its own bullet


async def test_traits_change_what_a_cause_costs(world: World, dice: Dice) -> None:
    await aoi(world)
    await world.alice.slash(world.channel, "gurps traits", character="Aoi", traits="正直、誠実")
    lied = await world.alice.slash(world.channel, "gurps stress", character="Aoi", cause="lie")
    assert "-2 → ストレス 12/14" in lied.response.content
    await world.alice.slash(world.channel, "gurps traits", character="Aoi", traits="虚言癖")
    lied = await world.alice.slash(world.channel, "gurps stress", character="Aoi", cause="lie")
    assert "+1 → ストレス 13/14" in lied.response.content


async def test_stress_refusals_are_clear(world: World) -> None:
    await aoi(world)
    stolen = await world.bob.slash(world.channel, "gurps stress", character="Aoi", cause="tension")
    assert stolen.ephemeral and "not yours" in stolen.response.content
    missing = await world.bob.slash(world.channel, "gurps stress", character="Nobody")
    assert missing.ephemeral and "Nobody" in missing.response.content
    await world.bob.slash(world.channel, "char create", name="Ghost", stats="st=10")
    no_iq = await world.bob.slash(world.channel, "gurps stress", character="Ghost")
    assert no_iq.ephemeral and "IQ" in no_iq.response.content
    assert len(world.env.errors) == 3


async def test_stress_survives_a_restart(world: World, dice: Dice, make_bot) -> None:
    await aoi(world)
    dice.load(6)
    await world.alice.slash(world.channel, "gurps stress", character="Aoi", cause="sleepless")
    old = world.env.bot
    await world.env.restart_bot(make_bot())
    await old.database.dispose()
    shown = await world.alice.slash(world.channel, "gurps stress", character="Aoi")
    assert "Aoi: stress 8/14." in shown.response.content


async def test_check_lists_darkness_dexterity_and_depression_and_pressure_moves_stress(
    world: World, dice: Dice
) -> None:
    await aoi(world)  # DX 12: craft skills +1
    await world.alice.slash(
        world.channel, "gurps skills", character="Aoi", skills="鍵開け=12 剣=14"
    )
    refused = await world.alice.slash(world.channel, "gurps light", scene="no_street")
    assert refused.ephemeral and "GM" in refused.response.content
    lit = await world.gm.slash(world.channel, "gurps light", scene="no_street", torch=True)
    assert "屋外・街灯なし＋たいまつ（視覚-3）" in lit.response.content
    dice.load(3, 3, 4)  # 10 against 12 + 1 − 3 − 2 = 8: a failure by 2
    checked = await world.alice.slash(
        world.channel, "gurps check", character="Aoi", skill="鍵開け", mod=-2, pressure=True,
        vision=True,
    )  # fmt: skip
    text = checked.response.content
    assert "Aoi〈鍵開け〉12（状況-2 暗闇-3 器用さ+1）：(3D6<=8) ＞ 10[3,3,4] ＞ 10 ＞ 失敗" in text
    assert "Aoi：緊張下の失敗 -3 → ストレス 11/14。" in text
    for _ in range(3):  # 11 → 2: depressed
        await world.alice.slash(
            world.channel, "gurps stress", character="Aoi", cause="reaction_very_bad"
        )
    dice.load(1, 2, 3)  # 6 against 14 − 5 = 9: a success; not pushed, so no stress change
    sword = await world.alice.slash(world.channel, "gurps check", character="Aoi", skill="剣")
    assert "Aoi〈剣〉14（落ち込み-5）：(3D6<=9) ＞ 6[1,2,3] ＞ 6 ＞ 成功" in sword.response.content
    assert "ストレス" not in sword.response.content
    dice.load(1, 1, 2, 4)  # a critical: any critical recovers 1D
    crit = await world.alice.slash(world.channel, "gurps check", character="Aoi", skill="15")
    assert "(3D6<=10) ＞ 4[1,1,2] ＞ 4 ＞ クリティカル" in crit.response.content
    assert "Aoi：クリティカル +4（(1D6) ＞ 4） → ストレス 6/14。" in crit.response.content
    shown = await world.alice.slash(world.channel, "gurps stress", character="Aoi")
    assert "stress 6/14 (depressed: −5)" in shown.response.content  # only sleep or relief ends it
    assert len(world.env.errors) == 1


async def test_check_refuses_an_unknown_skill_clearly(world: World) -> None:
    await aoi(world)
    refused = await world.alice.slash(world.channel, "gurps check", character="Aoi", skill="料理")
    assert refused.ephemeral and "料理" in refused.response.content
    assert len(world.env.errors) == 1


async def test_fatigue_is_lost_to_bad_nights_and_restored_only_by_sleep(world: World) -> None:
    await aoi(world)  # ST 10, HT 11: fatigue 11
    shown = await world.alice.slash(world.channel, "gurps fatigue", character="Aoi")
    assert shown.ephemeral and "11/11" in shown.response.content
    awake = await world.alice.slash(
        world.channel, "gurps fatigue", character="Aoi", night="sleepless"
    )
    assert "疲労点 6/11" in awake.response.content
    half = await world.alice.slash(
        world.channel, "gurps fatigue", character="Aoi", night="half_sleep"
    )
    assert "疲労点 4/11" in half.response.content
    spent = await world.alice.slash(world.channel, "gurps fatigue", character="Aoi", spend=3)
    assert "疲労点 1/11" in spent.response.content
    rested = await world.alice.slash(world.channel, "gurps fatigue", character="Aoi", spend=-9)
    assert "疲労点 4/11" in rested.response.content  # rest gives back only what was spent
    slept = await world.alice.slash(world.channel, "gurps fatigue", character="Aoi", night="sleep")
    assert "疲労点 11/11" in slept.response.content


async def test_fatigue_with_extra_st_uses_the_st_that_sets_it(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GURPS")
    await world.alice.slash(
        world.channel, "char create", name="Oni", stats="st=20 ht=12 fatigue_st=14"
    )
    shown = await world.alice.slash(world.channel, "gurps fatigue", character="Oni")
    assert "13/13" in shown.response.content  # ⌈(14 + 12) / 2⌉, not ⌈(20 + 12) / 2⌉


async def test_never_give_up_once_a_session_with_a_will_roll(world: World, dice: Dice) -> None:
    await aoi(world)  # Will = IQ 12 + 2 = 14
    refused = await world.alice.slash(world.channel, "gurps never_give_up", character="Aoi")
    assert refused.ephemeral and "Never Give Up" in refused.response.content  # alice: English
    await world.alice.slash(world.channel, "gurps traits", character="Aoi", traits="あきらめない")
    for _ in range(4):
        await world.alice.slash(
            world.channel, "gurps stress", character="Aoi", cause="reaction_very_bad"
        )  # 14 → 2
    dice.load(4, 4, 4)
    back = await world.alice.slash(world.channel, "gurps never_give_up", character="Aoi")
    assert "(3D6<=14) ＞ 12[4,4,4] ＞ 12" in back.response.content
    assert "ストレスが4に戻った" in back.response.content
    shown = await world.alice.slash(world.channel, "gurps stress", character="Aoi")
    assert "Aoi: stress 4/14." in shown.response.content
    assert "·Never Give Up (Will roll) +2 → 4" in shown.response.content  # logged like any change
    again = await world.alice.slash(world.channel, "gurps never_give_up", character="Aoi")
    assert again.ephemeral and "gurps." not in again.response.content  # a message, not its key
    assert "Never Give Up has been used this session" in again.response.content
    not_gm = await world.alice.slash(world.channel, "gurps new_session")
    assert not_gm.ephemeral
    await world.gm.slash(world.channel, "gurps new_session")
    await world.alice.slash(
        world.channel, "gurps stress", character="Aoi", cause="reaction_very_bad"
    )  # 4 → 1
    dice.load(4, 4, 4)
    next_session = await world.alice.slash(world.channel, "gurps never_give_up", character="Aoi")
    assert "ストレスが4に戻った" in next_session.response.content
    assert len(world.env.errors) == 3


async def test_unused_cp_at_most_three_uses_each_per_scenario(world: World) -> None:
    await aoi(world)
    for _ in range(3):
        spent = await world.alice.slash(
            world.channel, "gurps unused_cp", character="Aoi", use="adjust_die"
        )
    assert "出目の調整 3/3" in spent.response.content
    fourth = await world.alice.slash(
        world.channel, "gurps unused_cp", character="Aoi", use="adjust_die"
    )
    assert fourth.ephemeral and "3" in fourth.response.content
    not_gm = await world.alice.slash(
        world.channel, "gurps unused_cp", character="Aoi", use="new_scenario"
    )
    assert not_gm.ephemeral and "GM" in not_gm.response.content
    reset = await world.gm.slash(
        world.channel, "gurps unused_cp", character="Aoi", use="new_scenario"
    )
    assert "出目の調整 0/3" in reset.response.content
    assert len(world.env.errors) == 2


async def test_quick_contest_compares_margins(world: World, dice: Dice) -> None:
    await aoi(world)
    dice.load(3, 3, 3, 4, 4, 4)  # Aoi IQ 12 − 9 = 3; the NPC 13 − 12 = 1
    done = await world.alice.slash(
        world.channel, "gurps contest", character="Aoi", skill="iq", opponent="Kappa",
        opponent_skill="13",
    )  # fmt: skip
    text = done.response.content
    assert (
        "Aoi：(3D6<=12) ＞ 9[3,3,3] ＞ 9" in text and "Kappa：(3D6<=13) ＞ 12[4,4,4] ＞ 12" in text
    )
    assert "Aoiの勝ち。" in text
    dice.load(3, 3, 3, 3, 3, 4)  # 3 against 3
    tied = await world.alice.slash(
        world.channel, "gurps contest", character="Aoi", skill="iq", opponent="Kappa",
        opponent_skill="13",
    )  # fmt: skip
    assert "引き分け" in tied.response.content
    unnamed = await world.alice.slash(
        world.channel, "gurps contest", character="Aoi", skill="iq", opponent="Kappa",
        opponent_skill="剣",
    )  # fmt: skip
    assert unnamed.ephemeral and "Kappa" in unnamed.response.content
    assert len(world.env.errors) == 1
