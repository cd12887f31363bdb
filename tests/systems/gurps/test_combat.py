"""GURPS digest, "Damage dice" in a fight: damage converts adds to dice, HP is tracked."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import Damaged, Healed, Rolled
from bot.combat.model import Side
from bot.systems import ruleset
from tests.combat.helpers import add, encounter
from tests.conftest import FixedDice

RULES = ruleset("GURPS")


def test_damage_dice_convert_adds_before_rolling_and_hp_drops() -> None:
    enc = encounter("GURPS")
    kappa = add(enc, "Kappa", Side.NPC, hp=12, max_hp=12, speed=5.5)
    events = RULES.specials()["damage"].run(enc, enc.combatant(kappa), "2D+4", FixedDice([2, 3, 4]))
    rolled = next(e for e in events if isinstance(e, Rolled))
    assert rolled.text == "(3D6) ＞ 9[2,3,4] ＞ 9"
    assert Damaged(kappa, 9, 3) in events


def test_healing_stops_at_the_maximum() -> None:
    enc = encounter("GURPS")
    kappa = add(enc, "Kappa", Side.NPC, hp=5, max_hp=12)
    assert RULES.specials()["heal"].run(enc, enc.combatant(kappa), "10", None) == [
        Healed(kappa, 7, 12)
    ]


def test_a_check_is_not_damage() -> None:
    enc = encounter("GURPS")
    kappa = add(enc, "Kappa", Side.NPC, hp=5)
    with pytest.raises(CombatError) as error:
        RULES.specials()["damage"].run(enc, enc.combatant(kappa), "3D6<=12", FixedDice([1, 1, 1]))
    assert error.value.code == "gurps.bad_damage"
