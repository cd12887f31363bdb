"""/gurps through SimCord, the rest of the regulation: reaction stress, breakdown, Will, fatigue
ST, relief rolls, the README's rulings, the CP tables and editing a character."""

from __future__ import annotations

import pytest
import simcord

from tests.cogs.conftest import Dice, World


async def aoi(world: World, stats: str = "st=10 dx=12 iq=12 ht=11 will=2") -> None:
    await world.gm.slash(world.channel, "system set", system="GURPS")
    await world.alice.slash(world.channel, "char create", name="Aoi", stats=stats)


async def stress(world: World, cause: str) -> str:
    done = await world.alice.slash(world.channel, "gurps stress", character="Aoi", cause=cause)
    return done.response.content


async def test_a_bad_reaction_costs_2_under_the_word_react_prints(world: World, dice: Dice) -> None:
    await aoi(world)
    dice.load(2, 2, 2)
    await world.alice.send(world.channel, "REACT-2")
    assert world.channel.last_message.content.endswith("反応表(4) ＞ 悪い")
    assert "Aoi：反応：悪い -2 → ストレス 12/14。" in await stress(world, "reaction_bad")
    assert "Aoi：反応：良くない -1 → ストレス 11/14。" in await stress(world, "reaction_poor")
    dice.load(1)
    assert "反応：最悪 -4（(1D6+3) ＞ 1[1]+3 ＞ 4）" in await stress(world, "reaction_disastrous")


async def test_a_breakdown_is_shown_kept_across_a_restart_and_ended_by_the_gm(
    world: World, dice: Dice, make_bot
) -> None:
    await aoi(world)
    await world.alice.slash(world.channel, "gurps traits", character="Aoi", traits="あきらめない")
    dice.load(6, 6, 6, 6, 6)  # −(1D+3) = −9 twice: 14 → 5 → 0, then 3D = 12 days
    await stress(world, "reaction_disastrous")
    dice.load(6, 4, 4, 4)
    broke = await stress(world, "reaction_disastrous")
    assert "Aoiは神経衰弱：12日間まるで使い物にならない（GMが終えるまで）。" in broke
    old = world.env.bot
    await world.env.restart_bot(make_bot())
    await old.database.dispose()
    shown = await world.alice.slash(world.channel, "gurps stress", character="Aoi")
    assert "Aoi: stress 0/14 (depressed: −5) (breakdown: 12 days)." in shown.response.content
    await world.gm.slash(world.channel, "gurps new_session")  # a new session does not end it
    refused = await world.alice.slash(world.channel, "gurps never_give_up", character="Aoi")
    assert refused.ephemeral and "breakdown (12 days)" in refused.response.content
    dice.load(3, 3, 3)
    checked = await world.alice.slash(world.channel, "gurps check", character="Aoi", skill="iq")
    assert "Aoiは神経衰弱中（12日）" in checked.response.content
    not_gm = await world.alice.slash(world.channel, "gurps breakdown_over", character="Aoi")
    assert not_gm.ephemeral and "GM" in not_gm.response.content
    over = await world.gm.slash(world.channel, "gurps breakdown_over", character="Aoi")
    assert over.response.content == "Aoiの神経衰弱が終わった：ストレス 0/14（落ち込み：−5）。"
    again = await world.gm.slash(world.channel, "gurps breakdown_over", character="Aoi")
    assert again.ephemeral and "Not in a breakdown" in again.response.content
    shown = await world.alice.slash(world.channel, "gurps stress", character="Aoi")
    assert "breakdown" not in shown.response.content.splitlines()[0]
    assert "·breakdown over (GM) +0 → 0" in shown.response.content
    assert len(world.env.errors) == 3


async def test_a_fright_check_by_will_costs_1_or_1d_plus_1(world: World, dice: Dice) -> None:
    await aoi(world)  # Will 14
    dice.load(4, 4, 4)
    passed = await world.alice.slash(
        world.channel, "gurps check", character="Aoi", skill="意志", fright=True
    )
    assert "Aoi〈意志〉14：(3D6<=14) ＞ 12[4,4,4] ＞ 12 ＞ 成功" in passed.response.content
    assert "Aoi：恐怖判定に成功 -1 → ストレス 13/14。" in passed.response.content
    dice.load(5, 5, 5, 3)
    failed = await world.alice.slash(
        world.channel, "gurps check", character="Aoi", skill="will", fright=True
    )
    assert "Aoi：恐怖判定に失敗 -4（(1D6+1) ＞ 3[3]+1 ＞ 4） → ストレス 9/14。" in (
        failed.response.content
    )


async def test_st_rolls_are_made_against_fatigue_st(world: World, dice: Dice) -> None:
    await aoi(world, "st=25 fatigue_st=15 dx=10 iq=10 ht=12")
    dice.load(3, 3, 3)
    done = await world.alice.slash(world.channel, "gurps check", character="Aoi", skill="st")
    assert "Aoi〈st〉15：(3D6<=15) ＞ 9[3,3,3] ＞ 9 ＞ 成功" in done.response.content


async def test_a_relief_roll_takes_no_minus_5_and_recovers_2d(world: World, dice: Dice) -> None:
    await aoi(world)
    for _ in range(4):  # 14 → 2: depressed
        await stress(world, "reaction_very_bad")
    dice.load(4, 4, 4, 3, 4)
    relief = await world.alice.slash(
        world.channel, "gurps check", character="Aoi", skill="iq", relief=True
    )
    text = relief.response.content
    assert "Aoi〈iq〉12：(3D6<=12) ＞ 12[4,4,4] ＞ 12 ＞ 成功" in text  # no 落ち込み-5
    assert "Aoi：ストレス解消 +7（(2D6) ＞ 7[3,4] ＞ 7） → ストレス 9/14。" in text
    assert "Aoiの落ち込みが解けた。" in text
    dice.load(6, 6, 5)
    failed = await world.alice.slash(
        world.channel, "gurps check", character="Aoi", skill="iq", relief=True
    )
    assert "ストレス" not in failed.response.content  # a failed relief roll changes nothing


async def test_a_critical_under_pressure_gives_1d_plus_2_only(world: World, dice: Dice) -> None:
    """README ruling: not that and the +1D every critical gives as well."""
    await aoi(world)
    await stress(world, "reaction_disastrous")  # dice 3s: −6 → 8
    dice.load(1, 1, 1, 2)
    done = await world.alice.slash(
        world.channel, "gurps check", character="Aoi", skill="iq", pressure=True
    )
    lines = [line for line in done.response.content.splitlines() if "ストレス" in line]
    assert lines == ["Aoi：緊張下のクリティカル +4（(1D6+2) ＞ 2[2]+2 ＞ 4） → ストレス 12/14。"]


async def test_calm_traits_do_not_soften_a_fumble(world: World, dice: Dice) -> None:
    """README ruling: the fumble's −(1D+2) is listed on its own."""
    await aoi(world)
    await world.alice.slash(world.channel, "gurps traits", character="Aoi", traits="冷静沈着")
    dice.load(6, 6, 6, 4)
    done = await world.alice.slash(
        world.channel, "gurps check", character="Aoi", skill="iq", pressure=True
    )
    assert "Aoi：緊張下のファンブル -6（(1D6+2) ＞ 4[4]+2 ＞ 6） → ストレス 8/14。" in (
        done.response.content
    )


async def test_a_pressure_check_without_iq_says_why_stress_did_not_change(
    world: World, dice: Dice
) -> None:
    await aoi(world, "st=10 dx=12")
    dice.load(3, 3, 3)
    done = await world.alice.slash(
        world.channel, "gurps check", character="Aoi", skill="dx", pressure=True
    )
    assert "AoiにIQがないためストレスは変わっていません" in done.response.content


async def test_traits_without_a_list_are_shown_not_erased(world: World) -> None:
    await aoi(world)
    await world.alice.slash(world.channel, "gurps traits", character="Aoi", traits="正直 誠実")
    shown = await world.alice.slash(world.channel, "gurps traits", character="Aoi")
    assert shown.ephemeral and "Aoi’s traits: Honesty, Truthfulness." in shown.response.content
    again = await world.bob.slash(world.channel, "gurps traits", character="Aoi")
    # anyone may look; only the owner or the GM change them
    assert "Honesty, Truthfulness" in again.response.content
    cleared = await world.alice.slash(world.channel, "gurps traits", character="Aoi", traits="-")
    assert "Aoi’s traits: —." in cleared.response.content


async def test_skills_are_added_and_changed_not_replaced(world: World) -> None:
    await aoi(world)
    await world.alice.slash(world.channel, "gurps skills", character="Aoi", skills="剣=14 銃=12")
    more = await world.alice.slash(
        world.channel, "gurps skills", character="Aoi", skills="鍵開け=12 剣=15"
    )
    assert "Aoi’s skills: Broadsword 15, 銃 12, Lockpicking 12." in more.response.content
    fewer = await world.alice.slash(world.channel, "gurps skills", character="Aoi", skills="銃=-")
    assert "Aoi’s skills: Broadsword 15, Lockpicking 12." in fewer.response.content
    zero = await world.alice.slash(world.channel, "gurps skills", character="Aoi", skills="剣=0")
    assert zero.ephemeral
    assert "剣 0: a skill's level is 1 to 30 (to remove it, write 剣=-)." in zero.response.content
    assert len(world.env.errors) == 1


async def test_cp_shows_both_skill_tables_labelled(world: World) -> None:
    tables = await world.alice.slash(world.channel, "gurps cp")
    text = tables.ephemeral and tables.response.content
    assert "**Physical skills (the regulation's table)**" in text
    assert "**Mental skills (GURPS 3rd edition, unchanged)**" in text
    assert "attribute | Easy | Average | Hard" in text
    assert "attribute | Easy | Average | Hard | Very Hard" in text
    assert "+2 | 4 | 8 | 12" in text and "+2 | 4 | 6 | 8 | 16" in text
    one = await world.alice.slash(world.channel, "gurps cp", kind="familiar_direct")
    assert "**familiar 妖術 (direct attack)**" in one.response.content
    mental = await world.alice.slash(
        world.channel, "gurps cp", kind="mental_hard", level=15, attribute=12
    )
    assert "mental skill (Hard) at level 15 (attribute +3): 10 CP." in mental.response.content
    physical = await world.alice.slash(
        world.channel, "gurps cp", kind="hard", level=15, attribute=12
    )
    assert "physical skill (Hard) at level 15 (attribute +3): 16 CP." in physical.response.content
    half = await world.alice.slash(world.channel, "gurps cp", kind="hard", level=15)
    assert half.ephemeral and "attribute" in half.response.content
    assert len(world.env.errors) == 1


async def test_validate_exempts_leveled_yoryoku_and_notes_costs(world: World) -> None:
    done = await world.alice.slash(
        world.channel, "gurps validate",
        sheet="cp=620 unused=5 trait:巨大化=8 trait:追加体力=10 美醜=普通 limit:変身=+40 "
        "limit:変身=-100 cost:変身=25",
    )  # fmt: skip
    text = done.response.content
    assert text.startswith("The sheet is within the regulation.")
    assert "※変身 -60%: counts as −50% (the most limitations cut)." in text
    assert "※変身: 25 CP -60% → 12 CP (fractions dropped)." in text  # 12.5 → 12


async def test_combat_add_refuses_negative_numbers(world: World) -> None:
    """The options carry their bounds, so Discord's client refuses these before sending."""
    await world.gm.slash(world.channel, "system set", system="GURPS")
    await world.gm.slash(world.channel, "combat start")
    for option in ({"speed": -5}, {"hp": -5}, {"dx": -3}):
        with pytest.raises(simcord.OptionError, match="must be ≥ 0"):
            await world.gm.slash(world.channel, "combat add", name="Kappa", **option)
    added = await world.gm.slash(world.channel, "combat add", name="Kappa", hp=0, speed=5)
    assert not added.ephemeral


async def test_every_character_option_autocompletes_gurps_characters(world: World) -> None:
    await aoi(world)
    for command in ("gurps check", "gurps traits", "gurps stress", "gurps breakdown_over",
                    "gurps fatigue", "gurps unused_cp"):  # fmt: skip
        choices = await world.alice.autocomplete(world.channel, command, "character", "A")
        assert [c["name"] for c in choices] == ["Aoi"], command
