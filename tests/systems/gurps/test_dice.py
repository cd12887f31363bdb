"""GURPS digest, "Success roll (3D6 roll-under)": each rule by name, with fixed dice."""

from __future__ import annotations

import pytest

from bot.dice import RollResult, roll
from bot.systems.gurps.dice import Outcome, outcome, reaction
from tests.conftest import FixedDice


def check(command: str, *dice: int) -> RollResult:
    result = roll(command, system="GURPS", dice=FixedDice(dice))
    assert result is not None
    return result


def test_success_if_roll_is_at_most_effective_level() -> None:
    assert outcome(11, 11, 11) is Outcome.SUCCESS
    assert outcome(12, 12, 11) is Outcome.FAILURE


@pytest.mark.parametrize(
    ("natural", "skill", "expected"),
    [
        (3, 3, Outcome.CRITICAL),  # 3 or 4 always
        (4, 1, Outcome.CRITICAL),
        (5, 15, Outcome.CRITICAL),  # 5 at effective level 15+
        (5, 14, Outcome.SUCCESS),
        (6, 16, Outcome.CRITICAL),  # 6 at 16+
        (6, 15, Outcome.SUCCESS),
    ],
)
def test_critical_success_thresholds(natural: int, skill: int, expected: Outcome) -> None:
    assert outcome(natural, natural, skill) is expected


@pytest.mark.parametrize(
    ("natural", "skill", "expected"),
    [
        (18, 25, Outcome.FUMBLE),  # 18 always
        (17, 15, Outcome.FUMBLE),  # 17 at 15 or less
        (17, 16, Outcome.AUTOMATIC_FAILURE),  # at 16+ a 17 is a plain (automatic) failure
        (15, 5, Outcome.FUMBLE),  # 10 or more over the level
        (14, 5, Outcome.FAILURE),
    ],
)
def test_critical_failure_thresholds(natural: int, skill: int, expected: Outcome) -> None:
    assert outcome(natural, natural, skill) is expected


def test_17_and_18_always_fail_3_and_4_always_succeed() -> None:
    for skill in range(1, 31):
        assert outcome(17, 17, skill) in (Outcome.FUMBLE, Outcome.AUTOMATIC_FAILURE)
        assert outcome(18, 18, skill) is Outcome.FUMBLE
        assert outcome(3, 3, skill) is Outcome.CRITICAL
        assert outcome(4, 4, skill) is Outcome.CRITICAL


def test_margin_of_success_and_failure_is_shown() -> None:
    assert check("3D6<=11", 2, 1, 1).text == "(3D6<=11) ＞ 4[2,1,1] ＞ 4 ＞ クリティカル(成功度：7)"
    assert check("3D6<=11", 3, 3, 6).text == "(3D6<=11) ＞ 12[3,3,6] ＞ 12 ＞ 失敗(失敗度：-1)"
    fumble = check("3D6<=5", 6, 6, 3)
    assert fumble.text.endswith("ファンブル(失敗度：-10)")
    assert (fumble.failure, fumble.fumble) == (True, True)


def test_dice_modifiers_move_the_total_not_the_critical_test() -> None:
    result = check("3D6-1<=12", 6, 6, 5)  # natural 17 at skill 12: fumble despite total 16
    assert result.fumble
    assert result.text == "(3D6-1<=12) ＞ 17[6,6,5]-1 ＞ 16 ＞ ファンブル(失敗度：-4)"


def test_skill_first_shorthand_reads_as_roll_under() -> None:
    assert check("16-3d6", 4, 1, 1).text == "(3D6<=16) ＞ 6[4,1,1] ＞ 6 ＞ クリティカル(成功度：10)"
    assert check("12+2-3D6-1", 3, 3, 3).text == "(3D6-1<=14) ＞ 9[3,3,3]-1 ＞ 8 ＞ 成功(成功度：6)"
    plain = roll("16-3D6", system="DiceBot", dice=FixedDice([1, 1, 1]))
    assert plain is not None and plain.text == "(16-3D6) ＞ 16-3[1,1,1] ＞ 13"


def test_hit_location_and_reaction_tables_give_short_labels() -> None:
    assert check("HIT", 1, 1, 1).text == "命中部位表(3) ＞ 脳"
    assert check("HIT", 6, 6, 6).text == "命中部位表(18) ＞ 武器"
    assert check("REACT+1", 6, 6, 6).text == "反応表(19) ＞ 最高"
    assert check("REACT-2", 1, 1, 1).text == "反応表(1) ＞ とても悪い"
    assert [reaction(v) for v in (0, 3, 6, 9, 12, 15, 18, 19)] == [
        "最悪", "とても悪い", "悪い", "良くない", "中立", "良い", "とても良い", "最高",
    ]  # fmt: skip
    assert roll("HIT", system="DiceBot") is None


def test_damage_adds_convert_to_dice_in_gurps_rolls() -> None:
    """Digest "Damage dice": +4 → +1D and +7 → +2D on a roll with no target."""
    from bot.dice import roll
    from tests.conftest import FixedDice

    def shown(command: str) -> str:
        result = roll(command, system="GURPS", dice=FixedDice([3] * 6), strict=True)
        assert result is not None
        return result.text.split(" ＞ ")[0]

    assert [shown(c) for c in ("2D+4", "1D+7", "2D+5", "2D+3", "2D+4>=9")] == [
        "(3D6)", "(3D6)", "(3D6+1)", "(2D6+3)", "(2D6+4>=9)",
    ]  # fmt: skip


def _expected(natural: int, skill: int) -> Outcome:
    """The digest's table, spelled out for the boundary skills."""
    if natural <= 4 or (natural == 5 and skill >= 15) or (natural == 6 and skill >= 16):
        return Outcome.CRITICAL
    if natural == 18 or (natural == 17 and skill <= 15) or natural >= skill + 10:
        return Outcome.FUMBLE
    if natural == 17:
        return Outcome.AUTOMATIC_FAILURE
    return Outcome.SUCCESS if natural <= skill else Outcome.FAILURE


@pytest.mark.parametrize("skill", [14, 15, 16])
def test_critical_and_fumble_boundaries_at_skill_14_15_16(skill: int) -> None:
    seen = {natural: outcome(natural, natural, skill) for natural in range(3, 19)}
    assert seen == {natural: _expected(natural, skill) for natural in range(3, 19)}
    criticals = [n for n, o in seen.items() if o is Outcome.CRITICAL]
    assert criticals == {14: [3, 4], 15: [3, 4, 5], 16: [3, 4, 5, 6]}[skill]
    assert seen[17] is (Outcome.AUTOMATIC_FAILURE if skill == 16 else Outcome.FUMBLE)


@pytest.mark.parametrize("skill", [3, 5, 6, 7])
def test_a_roll_at_skill_plus_10_is_a_fumble_and_one_less_is_not(skill: int) -> None:
    assert outcome(skill + 10, skill + 10, skill) is Outcome.FUMBLE
    below = outcome(skill + 9, skill + 9, skill)
    assert below is (Outcome.FUMBLE if skill + 9 >= 17 else Outcome.FAILURE)


@pytest.mark.parametrize(
    ("command", "dice", "label", "cause"),
    [("REACT-2", (3, 3, 3), "良くない", "reaction_poor"),
     ("REACT-2", (2, 2, 2), "悪い", "reaction_bad"),
     ("REACT-2", (1, 1, 2), "とても悪い", "reaction_very_bad"),
     ("REACT-3", (1, 1, 1), "最悪", "reaction_disastrous")],
)  # fmt: skip
def test_reaction_stress_labels_match_the_words_react_prints(
    command: str, dice: tuple[int, int, int], label: str, cause: str
) -> None:
    """REACT-2 prints the regulation's words; the stress cause of that word has it as its label
    (良くない 1, 悪い 2, とても悪い 3, 最悪 1D+3)."""
    from bot.i18n.ja import MESSAGES
    from bot.systems.gurps.stress import CAUSES

    assert check(command, *dice).text.endswith(f"＞ {label}")
    assert MESSAGES[f"stress_cause.{cause}"] == f"反応：{label}"
    assert CAUSES[cause] == {"良くない": "-1", "悪い": "-2", "とても悪い": "-3",
                             "最悪": "-(1D6+3)"}[label]  # fmt: skip
