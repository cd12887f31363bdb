"""GURPS digest, "Success roll", "Stress points", "Character regulation": what a check rolls
against — Will by name, ST with extra ST, and no −5 on a relief roll."""

from __future__ import annotations

import pytest

from bot.systems.gurps.regulation import RegulationError
from bot.systems.gurps.standing import standing

AOI = {"st": 10, "dx": 12, "iq": 12, "ht": 11, "will": 2}
DEPRESSED = {"stress": {"value": 2, "maximum": 14, "depressed": True}}


@pytest.mark.parametrize("name", ["will", "Will", "意志", "〈意志〉", "ｗｉｌｌ"])
def test_will_by_name_is_iq_plus_will_levels(name: str) -> None:
    assert standing("Aoi", AOI, {}, name) == (14, [])


def test_will_with_weak_will_and_without_iq() -> None:
    assert standing("Aoi", {**AOI, "will": -3}, {}, "意志") == (9, [])
    with pytest.raises(RegulationError) as error:
        standing("Ghost", {"st": 10}, {}, "will")
    assert error.value.code == "gurps.needs_iq"


def test_st_rolls_are_made_against_fatigue_st_with_extra_st() -> None:
    oni = {"st": 25, "fatigue_st": 15, "ht": 12}
    assert standing("Oni", oni, {}, "st") == (15, [])
    assert standing("Oni", {"st": 25}, {}, "ST") == (25, [])  # no extra ST: ST itself


def test_relief_rolls_take_no_depression_penalty() -> None:
    assert standing("Aoi", AOI, DEPRESSED, "iq") == (12, [("depressed", -5)])
    assert standing("Aoi", AOI, DEPRESSED, "iq", relief=True) == (12, [])
