"""GURPS 百鬼夜翔 digest, "Character regulation": the sheet rules, each by name."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import LocalizedError
from bot.systems.gurps.regulation import RegulationError
from bot.systems.gurps.sheet import notes, parse_sheet, parse_skill_changes, validate

FINE = "cp=620 unused=5 st=12 美醜=普通 "


def codes(text: str) -> list[str]:
    return [b.code for b in validate(parse_sheet(text))]


def test_the_level_5_cap_does_not_apply_to_leveled_yoryoku() -> None:
    assert codes(FINE + "trait:巨大化=8 trait:追加体力=10 trait:追加HP=12") == []
    assert codes(FINE + "妖力:翼による飛行=7 yoryoku:竜の鱗=9") == []  # marked as 妖力
    assert codes(FINE + "trait:打撃部位/鉤爪=6 trait:布/紙の体=6") == []  # the kind after a slash


def test_yojutsu_resistance_stays_at_level_5_even_as_yoryoku() -> None:
    assert codes(FINE + "妖力:妖術抵抗=6") == ["gurps.breach_trait"]
    assert codes(FINE + "trait:妖術抵抗=5") == []


def test_other_leveled_traits_stay_at_level_5() -> None:
    breaches = validate(parse_sheet(FINE + "trait:音楽能力=6 trait:意志の強さ=5"))
    assert [(b.code, b.params["name"]) for b in breaches] == [("gurps.breach_trait", "音楽能力")]


def test_bishu_must_be_taken() -> None:
    assert codes("cp=620 unused=5 st=12") == ["gurps.breach_no_looks"]
    assert codes("cp=620 unused=5 trait:美醜=2") == []  # as a leveled 妖力
    assert codes("cp=620 unused=5 外見=珍妙") == []


@pytest.mark.parametrize(
    ("dependency", "fine"),
    [("稀/1日", True), ("ごく稀/1週間", True), ("普通/1時間", True), ("時々/常時", True),
     ("普通/1日", False), ("時々/1週間", False), ("稀/1ヶ月", False), ("ごく稀/1か月ごと", False),
     ("rare/daily", True), ("common/monthly", False)],
)  # fmt: skip
def test_no_true_form_needs_a_dependency_hourly_or_rare(dependency: str, fine: bool) -> None:
    found = codes(f"cp=620 unused=5 美醜=本当の姿がない 依存={dependency}")
    assert found == ([] if fine else ["gurps.breach_dependency"])


def test_no_true_form_without_a_dependency_is_a_breach() -> None:
    assert codes("cp=620 unused=5 美醜=本当の姿がない") == ["gurps.breach_no_dependency"]


def test_a_dependency_that_cannot_be_read_is_refused() -> None:
    with pytest.raises(RegulationError) as error:
        parse_sheet("依存=いつも")
    assert error.value.code == "gurps.bad_dependency"


def test_not_against_humans_is_banned_on_direct_attacks() -> None:
    sheet = FINE + "power:火炎=8 limit:火炎(人間には無効)=-20 limit:火炎(射程短)=-10"
    breaches = validate(parse_sheet(sheet))
    assert [(b.code, b.params) for b in breaches] == [
        ("gurps.breach_not_against_humans", {"name": "火炎"})
    ]
    attack = FINE + "trait:打撃部位/牙=1 limit:打撃部位/牙（人間には無効）=-20"
    assert codes(attack) == ["gurps.breach_not_against_humans"]
    assert codes(FINE + "limit:変身(人間には無効)=-20") == []  # not an attack: allowed


def test_no_damage_bonus_costs_40_cp() -> None:
    assert codes(FINE + "cost:ダメージボーナスなし=40") == []
    bad = validate(parse_sheet(FINE + "cost:ダメージボーナスなし=20"))
    assert [(b.code, b.params) for b in bad] == [("gurps.breach_no_damage_bonus", {"value": 20})]
    (note,) = notes(parse_sheet(FINE + "cost:ダメージボーナスなし=20"))
    assert note.params["cost"] == 40


def test_enhancements_can_be_entered() -> None:
    sheet = parse_sheet(FINE + "limit:変身=+40 limit:変身=-30 cost:変身=25")
    assert sheet.limitations == {"変身": 10}  # enhancements and limitations add up
    (note,) = notes(sheet)
    assert note.params == {"name": "変身", "base": 25, "percent": "+10", "cost": 27}  # 27.5


def test_fractions_round_down_as_stated() -> None:
    (note,) = notes(parse_sheet(FINE + "cost:変身=25 limit:変身=-30"))
    assert note.params["cost"] == 17  # 17.5 → 17
    (note,) = notes(parse_sheet(FINE + "cost:翼=15 limit:翼=+25"))
    assert note.params["cost"] == 18  # 18.75 → 18


def test_limitations_past_minus_50_count_as_minus_50_not_illegal() -> None:
    sheet = parse_sheet(FINE + "limit:変身=-60 cost:変身=30")
    assert validate(sheet) == []
    capped, cost = notes(sheet)
    assert (capped.code, capped.params) == (
        "gurps.note_limitation_capped",
        {"name": "変身", "value": -60},
    )
    assert cost.params["cost"] == 15  # 30 at −50%


def test_skill_changes_add_change_and_remove() -> None:
    assert parse_skill_changes("剣=14 〈鍵開け〉=12 銃=-") == {"剣": 14, "鍵開け": 12, "銃": None}


@pytest.mark.parametrize("bad", ["剣=0", "剣=31", "剣=-3"])
def test_a_skill_level_out_of_range_names_the_range(bad: str) -> None:
    with pytest.raises(RegulationError) as error:
        parse_skill_changes(bad)
    assert error.value.code == "gurps.skill_range" and error.value.params["limit"] == 30


def test_a_skill_without_a_level_is_refused() -> None:
    with pytest.raises(RegulationError) as error:
        parse_skill_changes("剣")
    assert error.value.code == "gurps.bad_skill_item"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["cp=620", "unused=5", "美醜=普通", "美醜=本当の姿がない",
                             "依存=稀/1日", "trait:巨大化=8", "limit:火炎(人間には無効)=-20",
                             "power:火炎=8", "cost:変身=25", "limit:変身=+40", "（", "=", ":",
                             "+", "依存=", "skill:剣=99999999", "limit:x()=1"]),
            st.text(max_size=12),
        ),
        max_size=8,
    )
)  # fmt: skip
def test_any_sheet_text_is_read_or_refused_clearly(parts: list[str]) -> None:
    """Hostile sheets: a Sheet and its breaches, or a localized refusal naming what is wrong
    (the sheet's wording, or a number out of its bounds)."""
    try:
        sheet = parse_sheet(" ".join(parts))
    except LocalizedError as error:
        assert str(error) and "Traceback" not in str(error)
        return
    assert isinstance(validate(sheet), list) and isinstance(notes(sheet), list)
