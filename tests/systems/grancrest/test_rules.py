"""Grancrest digest, "Attacks", "Dying" and "Map and movement": each rule by name."""

from __future__ import annotations

import pytest

from bot.dice import roll
from bot.systems.grancrest.rules import (
    DamageType,
    Defenses,
    Dying,
    Grid,
    HealRefused,
    can_target,
    cheapest_path,
    cleanup_loss,
    damage_roll,
    distance,
    dying_level,
    end_of_combat,
    heal,
    hp_damage,
    opposed,
    path_cost,
)
from tests.conftest import FixedDice

WEAPON, HEAT, IMPACT, INTERNAL = (
    DamageType.WEAPON,
    DamageType.HEAT,
    DamageType.IMPACT,
    DamageType.INTERNAL,
)


def check(command: str, *dice: int):
    result = roll(command, system="GranCrest", dice=FixedDice(dice))
    assert result is not None
    return result


def test_tie_goes_to_the_reaction() -> None:
    assert not opposed(check("2D6+4>=?", 3, 3), check("2D6+4>=?", 4, 2)).hits
    assert opposed(check("2D6+5>=?", 3, 3), check("2D6+4>=?", 4, 2)).hits


def test_achievement_values_are_compared_after_the_critical_bonus() -> None:
    exchange = opposed(check("2D6+4>=?", 6, 6), check("2D6+15>=?", 5, 5))  # 26 vs 25
    assert exchange.hits and exchange.critical and exchange.hit == 26


def test_ranged_attacks_cannot_target_0sq() -> None:
    assert not can_target(ranged=True, distance=0)
    assert can_target(ranged=True, distance=1)
    assert can_target(ranged=False, distance=0)


def test_damage_is_attack_power_plus_2d_and_critical_adds_10() -> None:
    assert damage_roll(9, False, FixedDice([3, 3])).total == 15
    critical = damage_roll(9, True, FixedDice([3, 3]))
    assert critical.total == 25 and critical.text == "(2D6+9+10) ＞ 6[3,3]+9+10 ＞ 25"


def test_the_lowest_applicable_defense_is_used_never_below_zero() -> None:
    armour = Defenses(weapon=10, heat=2, impact=6, internal=0)
    assert hp_damage(15, armour, {WEAPON}) == 5
    assert hp_damage(15, armour, {WEAPON, IMPACT}) == 9  # impact 6 is the lowest of the two
    assert hp_damage(15, armour, {WEAPON, HEAT, INTERNAL}) == 15  # internal 0
    assert hp_damage(3, armour, {WEAPON}) == 0  # never below 0
    with pytest.raises(ValueError):
        hp_damage(5, armour, set())


@pytest.mark.parametrize(
    ("hp", "level"),
    [
        (1, Dying.NONE), (0, Dying.LEVEL_1), (-6, Dying.LEVEL_1), (-7, Dying.LEVEL_2),
        (-12, Dying.LEVEL_2), (-13, Dying.LEVEL_3), (-18, Dying.LEVEL_3), (-19, Dying.DEAD),
    ],
)  # fmt: skip
def test_dying_levels_follow_hp_against_strength(hp: int, level: Dying) -> None:
    assert dying_level(hp, strength=6) is level


def test_level_3_loses_2d6_hp_at_each_cleanup() -> None:
    loss = cleanup_loss(Dying.LEVEL_3, FixedDice([4, 5]))
    assert loss is not None and loss.total == 9
    assert cleanup_loss(Dying.LEVEL_2, FixedDice([])) is None


def test_healing_needs_an_effect_usable_on_the_level_and_recovery_makes_the_combatant_acted() -> (
    None
):
    with pytest.raises(HealRefused) as refused:
        heal(-8, 10, strength=6, usable_on={Dying.LEVEL_1})
    assert refused.value.code == "gc.heal_not_usable"
    healed = heal(-8, 10, strength=6, usable_on={Dying.LEVEL_2})
    assert (healed.hp, healed.level, healed.becomes_acted) == (2, Dying.NONE, True)
    lower = heal(-15, 5, strength=6, usable_on={Dying.LEVEL_3})
    assert (lower.hp, lower.level, lower.becomes_acted) == (-10, Dying.LEVEL_2, False)
    assert not heal(5, 3, strength=6, usable_on=set()).becomes_acted


def test_the_dead_cannot_be_healed() -> None:
    with pytest.raises(HealRefused) as refused:
        heal(-30, 50, strength=6, usable_on=set(Dying))
    assert refused.value.code == "gc.heal_dead"


def test_at_combat_end_level_1_becomes_hp_1() -> None:
    outcome = end_of_combat(-3, strength=6, spirit=4, dice=FixedDice([]))
    assert (outcome.hp, outcome.dead, outcome.check) == (1, False, None)


def test_death_check_is_spirit_plus_2d_against_how_far_hp_is_below_zero() -> None:
    survived = end_of_combat(-15, strength=6, spirit=9, dice=FixedDice([3, 3]))  # 15 vs 15
    assert (
        survived.check is not None
        and survived.check.text == "(2D6+9>=15) ＞ 6[3,3]+9 ＞ 15 ＞ 成功"
    )
    assert (survived.hp, survived.dead) == (1, False)
    died = end_of_combat(-15, strength=6, spirit=9, dice=FixedDice([2, 3]))
    assert (died.hp, died.dead) == (-15, True)


def test_movement_is_orthogonal_and_distance_is_in_squares() -> None:
    assert distance((0, 0), (3, 4)) == 7 and distance((2, 2), (2, 2)) == 0
    assert path_cost([(0, 0), (1, 1)], set()) is None  # no diagonals
    assert path_cost([(0, 0), (1, 0), (1, 1)], set()) == 2


def test_leaving_a_square_with_a_hostile_costs_3_entering_costs_1() -> None:
    hostile = {(1, 0)}
    assert path_cost([(0, 0), (1, 0)], hostile) == 1  # entering the enemy's square: 1
    assert path_cost([(1, 0), (2, 0)], hostile) == 3  # leaving it: 3
    found = cheapest_path(Grid(5, 5), (1, 0), (3, 0), hostile)
    assert found == (4, [(1, 0), (2, 0), (3, 0)])


def test_cheapest_path_goes_around_and_refuses_off_grid() -> None:
    found = cheapest_path(Grid(4, 3), (0, 0), (3, 2), {(1, 0)})
    assert found is not None and found[0] == 5 and (1, 0) not in found[1][1:]
    assert cheapest_path(Grid(4, 3), (0, 0), (9, 9), set()) is None


def test_worked_example_numbers() -> None:
    """Sword Lord (attack 9) hits Dragonewt (weapon defense 10): 14 vs 10, 9 + 2D = 15 → 5 HP.
    Dragonewt's critical hit (achievement 32): 19 + 10 = 29 weapon damage, armour 10 → 19, the
    Sword Lord from 39 to 20 HP."""
    sword_lord = opposed(check("2D6+7>=?", 3, 4), check("2D6+5>=?", 2, 3))
    assert (sword_lord.hit, sword_lord.reaction, sword_lord.hits) == (14, 10, True)
    damage = damage_roll(9, sword_lord.critical, FixedDice([3, 3]))
    assert hp_damage(damage.total or 0, Defenses(weapon=10), {WEAPON}) == 5
    dragonewt = opposed(check("2D6+10>=?", 6, 6), check("2D6+4>=?", 3, 3))
    assert (dragonewt.hit, dragonewt.critical, dragonewt.hits) == (32, True, True)
    strike = damage_roll(12, dragonewt.critical, FixedDice([3, 4]))  # 12 + 7 = 19, +10
    assert strike.total == 29
    assert 39 - hp_damage(29, Defenses(weapon=10), {WEAPON}) == 20
