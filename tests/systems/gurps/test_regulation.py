"""GURPS 百鬼夜翔 digest, "Character regulation", "Damage dice", "Other rules": each rule by name,
every cell of both CP tables."""

from __future__ import annotations

import pytest

from bot.systems.gurps.regulation import (
    Light,
    RegulationError,
    convert_adds,
    darkness,
    dexterity,
    fatigue,
    gm_experience,
    limited_cost,
    skill_cost,
    spend_unused_cp,
    yojutsu_cost,
)
from bot.systems.gurps.sheet import Sheet, validate

# The digest's tables, written out cell by cell (None: "–", not on the table).
SKILL_TABLE = {
    -3: (None, None, 0.5), -2: (None, 0.5, 1), -1: (0.5, 1, 2), 0: (1, 2, 4), 1: (2, 4, 8),
    2: (4, 8, 12), 3: (8, 12, 16), 4: (12, 16, 20), 5: (16, 20, 24),
}  # fmt: skip
YOJUTSU_TABLE = {
    -5: (None, None, None, None, 0.5), -4: (None, None, 0.5, 0.5, 1),
    -3: (None, 0.5, 1, 1, 2), -2: (0.5, 1, 2, 2, 4), -1: (1, 2, 4, 4, 8),
    0: (2, 4, 8, 8, 16), 1: (4, 8, 12, 16, 24), 2: (8, 12, 16, 24, 32),
}  # fmt: skip
MENTAL_TABLE = {
    -4: (None, None, None, 0.5), -3: (None, None, 0.5, 1), -2: (None, 0.5, 1, 2),
    -1: (0.5, 1, 2, 4), 0: (1, 2, 4, 8), 1: (2, 4, 6, 12), 2: (4, 6, 8, 16), 3: (6, 8, 10, 20),
    4: (8, 10, 12, 24),
}  # fmt: skip
YOJUTSU_KINDS = ("mental", "physical", "direct", "familiar", "familiar_direct")


@pytest.mark.parametrize("offset", sorted(SKILL_TABLE))
def test_skill_cp_cost_table_every_cell(offset: int) -> None:
    for difficulty, expected in zip(("easy", "average", "hard"), SKILL_TABLE[offset], strict=True):
        if expected is None:
            with pytest.raises(RegulationError):
                skill_cost(difficulty, offset)
        else:
            assert skill_cost(difficulty, offset) == expected, (difficulty, offset)


def test_skill_cost_each_level_past_the_table_adds_4() -> None:
    assert [skill_cost("easy", o) for o in (6, 7, 10)] == [20, 24, 36]
    assert [skill_cost("average", o) for o in (6, 7)] == [24, 28]
    assert [skill_cost("hard", o) for o in (6, 12)] == [28, 52]


@pytest.mark.parametrize("offset", sorted(YOJUTSU_TABLE))
def test_yojutsu_cp_cost_table_every_cell(offset: int) -> None:
    for kind, expected in zip(YOJUTSU_KINDS, YOJUTSU_TABLE[offset], strict=True):
        if expected is None:
            with pytest.raises(RegulationError):
                yojutsu_cost(kind, offset)
        else:
            assert yojutsu_cost(kind, offset) == expected, (kind, offset)


def test_yojutsu_past_the_table_adds_4_or_8_for_familiars() -> None:
    assert [yojutsu_cost(k, 3) for k in YOJUTSU_KINDS] == [12, 16, 20, 32, 40]
    assert yojutsu_cost("familiar_direct", 5) == 56


def test_unknown_difficulty_names_the_known_ones() -> None:
    with pytest.raises(RegulationError) as error:
        skill_cost("very hard", 0)
    assert "easy, average, hard" in str(error.value.params)


@pytest.mark.parametrize(
    ("dice", "adds", "expected"),
    [(2, 4, (3, 0)), (1, 7, (3, 0)), (2, 5, (3, 1)), (1, 3, (1, 3)), (2, 11, (5, 0)),
     (3, 14, (7, 0)), (1, 0, (1, 0)), (1, -1, (1, -1))],
)  # fmt: skip
def test_damage_adds_convert_plus4_to_1d_and_plus7_to_2d(
    dice: int, adds: int, expected: tuple[int, int]
) -> None:
    assert convert_adds(dice, adds) == expected


def test_fatigue_is_half_st_plus_ht_rounded_up() -> None:
    assert fatigue(10, 11) == 11
    assert fatigue(12, 12) == 12
    assert fatigue(15, 10) == 13  # with extra ST: the ST that sets fatigue, then halved


def test_gm_experience_is_a_third_of_the_pcs_total_rounded_down() -> None:
    assert [gm_experience(x) for x in (0, 2, 3, 14, 30)] == [0, 0, 1, 4, 10]


@pytest.mark.parametrize(
    ("light", "torch", "penalty"),
    [(Light.DARK, False, -10), (Light.DARK, True, -3), (Light.TORCH, False, -3),
     (Light.CONTINUAL, False, -1), (Light.STREET, False, -3), (Light.STREET, True, -1),
     (Light.NO_STREET, False, -5), (Light.NO_STREET, True, -3), (Light.LIT, False, 0)],
)  # fmt: skip
def test_darkness_every_case(light: Light, torch: bool, penalty: int) -> None:
    assert darkness(light, torch) == penalty
    assert darkness(light, torch, frozenset({"闇視"})) == 0  # 闇視 ignores darkness


def test_night_vision_ignores_only_penalties_of_minus_9_or_worse() -> None:
    assert darkness(Light.DARK, traits=frozenset({"暗視"})) == 0
    assert darkness(Light.NO_STREET, traits=frozenset({"暗視"})) == -5
    assert darkness(Light.STREET, True, frozenset({"暗視"})) == -1


def test_dexterity_rule_for_craft_skills() -> None:
    assert [dexterity(dx) for dx in (7, 9, 10, 11, 12, 13, 16)] == [-3, -1, 0, 0, 1, 2, 2]


def test_limitations_cut_at_most_half_and_fractions_round_down() -> None:
    assert limited_cost(25, -30) == 17  # 17.5 → 17
    assert limited_cost(30, -80) == 15  # capped at −50%
    assert limited_cost(10, 25) == 12  # 12.5 → 12


def test_a_sheet_within_the_regulation_has_no_breaches() -> None:
    sheet = Sheet(
        cp_spent=620, cp_unused=5, attributes={"st": 20, "dx": 14, "iq": 12, "ht": 11},
        skills={"剣": 30}, traits={"意志の強さ": 5, "妖術抵抗": 5, "妖力": 12},
        direct_powers={"火炎": 10}, limitations={"変身": -50}, looks="普通",
    )  # fmt: skip
    assert validate(sheet) == []


def test_every_breach_of_the_regulation_is_listed() -> None:
    sheet = Sheet(
        cp_spent=630, cp_unused=0, attributes={"st": 21, "dx": 14},
        skills={"剣": 31, "銃": 30}, traits={"音楽能力": 6, "妖術抵抗": 6},
        direct_powers={"火炎": 11}, limitations={"変身": -60},
    )  # fmt: skip
    codes = [b.code for b in validate(sheet)]
    assert codes == [
        "gurps.breach_cp", "gurps.breach_attribute", "gurps.breach_skill",
        "gurps.breach_trait", "gurps.breach_trait", "gurps.breach_power",
        "gurps.breach_no_looks",
    ]  # fmt: skip


def test_unused_cp_uses_at_most_three_of_each_per_scenario() -> None:
    used: dict[str, int] = {}
    for _ in range(3):
        used = spend_unused_cp(used, "adjust_die")
    with pytest.raises(RegulationError) as error:
        spend_unused_cp(used, "adjust_die")
    assert error.value.code == "gurps.unused_cp_spent"
    assert spend_unused_cp(used, "ignore_damage") == {"adjust_die": 3, "ignore_damage": 1}


def test_a_sheet_is_read_from_text_with_full_width_input() -> None:
    from bot.systems.gurps.sheet import parse_sheet

    sheet = parse_sheet("ｃｐ＝620 unused=5 ST=12、skill:剣=14 trait:意志の強さ=3 limit:変身=-30")
    assert (sheet.cp_spent, sheet.cp_unused, sheet.attributes) == (620, 5, {"st": 12})
    assert sheet.skills == {"剣": 14} and sheet.limitations == {"変身": -30}
    with pytest.raises(RegulationError) as error:
        parse_sheet("st=12 mana=3")
    assert error.value.code == "gurps.bad_sheet"


def test_quick_contest_the_larger_margin_wins() -> None:
    from bot.systems.gurps.standing import quick_contest

    assert [quick_contest(3, 1), quick_contest(-2, -1), quick_contest(0, 0)] == [1, -1, 0]


def test_handy_and_clumsy_traits_apply_to_craft_skills_like_dx() -> None:
    from bot.systems.gurps.standing import handiness, standing

    assert [handiness(t) for t in (["器用"], ["器用2"], ["不器用"], ["不器用=6"], ["正直"])] == [
        1, 2, -3, -6, 0,
    ]  # fmt: skip
    state = {"skills": {"鍵開け": 12, "剣": 14}, "traits": ["器用2"]}
    assert standing("Aoi", {"dx": 13}, state, "鍵開け") == (12, [("dexterity", 4)])
    assert standing("Aoi", {"dx": 13}, state, "剣") == (14, [])  # not a craft skill
    assert standing("Aoi", {"dx": 9}, {**state, "traits": ["不器用"]}, "〈鍵開け〉") == (
        12, [("dexterity", -4)],
    )  # fmt: skip


@pytest.mark.parametrize("offset", sorted(MENTAL_TABLE))
def test_mental_skill_cp_cost_table_every_cell(offset: int) -> None:
    """Mental skills keep GURPS 3rd edition's table: +2 a level past it (Very Hard +4)."""
    from bot.systems.gurps.regulation import mental_cost

    kinds = ("mental_easy", "mental_average", "mental_hard", "mental_very_hard")
    for kind, expected in zip(kinds, MENTAL_TABLE[offset], strict=True):
        if expected is None:
            with pytest.raises(RegulationError):
                mental_cost(kind, offset)
        else:
            assert mental_cost(kind, offset) == expected, (kind, offset)
