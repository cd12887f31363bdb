"""Esperancer digest, "Turn flow" (minor / major) and "Engagement": each rule by name."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import AttackResolved, Damaged, EngageChanged, MovedDistance, Rolled
from bot.combat.model import Condition, Encounter, Side
from bot.dice.numbers import NumberError
from bot.systems import ruleset
from bot.systems.esperancer.actions import options
from tests.combat.helpers import add, encounter, step
from tests.conftest import FixedDice
from tests.systems.esperancer.test_statuses import to_turn_of

RULES = ruleset("Esperancer")


def run(enc: Encounter, name: str, who: int, detail: str, dice: FixedDice | None = None) -> list:
    return RULES.specials()[name].run(enc, enc.combatant(who), detail, dice)


def hero_first() -> tuple[Encounter, int, int, int]:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC)
    drone = add(enc, "Drone")
    guard = add(enc, "Guard")
    for who in (hero, drone, guard):
        run(enc, "esp_set", who, "hp=30 speed=5")
    return enc, hero, drone, guard


def code(error: pytest.ExceptionInfo[CombatError]) -> str:
    return error.value.code


def test_options_run_until_the_next_key_and_accept_full_width() -> None:
    assert options("target=Night Owl hit=+3") == {"target": "Night Owl", "hit": "+3"}
    assert options("ｔａｒｇｅｔ＝Ｄｒｏｎｅ") == {"target": "Drone"}


def test_bad_numbers_are_named() -> None:
    enc, hero, _, _ = hero_first()
    with pytest.raises(NumberError) as error:
        run(enc, "esp_set", hero, "hp=lots")
    assert error.value.code == "number.not_a_number"
    assert error.value.params["field"] == "hp" and error.value.params["text"] == "lots"
    with pytest.raises(CombatError) as refused:
        run(enc, "esp_set", hero, "mana=3")
    assert code(refused) == "esp.bad_numbers" and "mana=3" in str(refused.value.params)


def test_engaged_weapons_reach_only_enemies_in_the_same_engage() -> None:
    enc, hero, drone, _ = hero_first()
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    with pytest.raises(CombatError) as error:
        run(enc, "attack", hero, "target=Drone damage=5")
    assert code(error) == "esp.not_engaged"
    assert run(enc, "engage", hero, "Drone") == [EngageChanged(hero, 1)]
    events = run(enc, "attack", hero, "target=Drone damage=5", FixedDice([8, 8, 2, 2]))
    assert AttackResolved(hero, drone, 16, 4, True) in events
    assert Damaged(drone, 5, 25) in events


def test_ranged_weapons_need_no_engage() -> None:
    enc, hero, drone, _ = hero_first()
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    events = run(enc, "attack", hero, "target=Drone range=ranged damage=5", FixedDice([8, 8, 2, 2]))
    assert Damaged(drone, 5, 25) in events


def test_a_tie_goes_to_the_dodge() -> None:
    enc, hero, drone, _ = hero_first()
    run(enc, "engage", hero, "Drone")
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    events = run(enc, "attack", hero, "target=Drone damage=5", FixedDice([3, 4, 5, 2]))
    assert AttackResolved(hero, drone, 7, 7, False) in events
    assert not any(isinstance(e, Damaged) for e in events)


def test_the_hit_is_a_check_whose_10s_explode_but_the_damage_roll_does_not() -> None:
    enc, hero, drone, _ = hero_first()
    run(enc, "engage", hero, "Drone")
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    # hit [10][4] → the 10 re-rolled → 6: 20 (the seed's example); dodge 1+1; damage 1D10 = 10
    events = run(enc, "attack", hero, "target=Drone damage=1D10", FixedDice([10, 4, 6, 1, 1, 10]))
    assert AttackResolved(hero, drone, 20, 2, True) in events
    damage = next(e for e in events if isinstance(e, Rolled) and e.purpose == "damage")
    assert damage.dice == [(10, 10)] and damage.total == 10


def test_the_target_dodge_modifier_adds_to_its_check() -> None:
    enc, hero, drone, _ = hero_first()
    run(enc, "esp_set", drone, "dodge=3")
    run(enc, "engage", hero, "Drone")
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    events = run(enc, "attack", hero, "target=Drone damage=5", FixedDice([5, 5, 4, 4]))
    assert AttackResolved(hero, drone, 10, 11, False) in events


def test_one_attack_a_turn_because_it_is_the_major_action() -> None:
    enc, hero, _, _ = hero_first()
    run(enc, "engage", hero, "Drone")
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    run(enc, "attack", hero, "target=Drone damage=5", FixedDice([1, 1, 9, 9]))
    with pytest.raises(CombatError) as error:
        run(enc, "attack", hero, "target=Drone damage=5", FixedDice([1, 1, 9, 9]))
    assert code(error) == "combat.action_used"


def test_only_on_your_own_turn() -> None:
    enc, _hero, drone, _ = hero_first()
    run(enc, "engage", drone, "Hero")
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    with pytest.raises(CombatError) as error:
        run(enc, "attack", drone, "target=Hero damage=5")
    assert code(error) == "combat.not_your_turn"


def test_minor_is_one_skill_with_no_combining() -> None:
    enc, hero, _, _ = hero_first()
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    run(enc, "skill", hero, "timing=minor name=Focus")
    with pytest.raises(CombatError) as error:
        run(enc, "skill", hero, "timing=minor name=Aim")
    assert code(error) == "combat.action_used"


def test_at_most_one_major_skill_plus_any_number_of_combinable_ones() -> None:
    enc, hero, drone, _ = hero_first()
    run(enc, "engage", hero, "Drone")
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    for name in ("Edge", "Rush", "Flare"):
        run(enc, "skill", hero, f"timing=combinable name={name}")
    run(enc, "skill", hero, "timing=major name=Blade Storm")
    with pytest.raises(CombatError) as error:
        run(enc, "skill", hero, "timing=major name=Second Storm")
    assert code(error) == "esp.one_major_skill"
    # the skill is the major action's: the attack it goes with still follows
    events = run(enc, "attack", hero, "target=Drone damage=5", FixedDice([8, 8, 2, 2]))
    assert Damaged(drone, 5, 25) in events
    with pytest.raises(CombatError) as error:
        run(enc, "skill", hero, "timing=combinable name=Late")
    assert code(error) == "esp.major_over"


def test_the_major_skill_count_starts_again_each_turn() -> None:
    enc, hero, _, _ = hero_first()
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    run(enc, "skill", hero, "timing=major name=Blade Storm")
    for _ in range(4):  # Hero's turn ends, then the two NPCs', Cleanup, Setup
        step(enc)
    step(enc, FixedDice([1, 1, 1, 1]))  # Initiative: the NPCs
    step(enc, FixedDice([9, 9]))  # Hero first again
    assert run(enc, "skill", hero, "timing=major name=Blade Storm")


def test_setup_and_cleanup_skills_only_in_their_phase_and_several_may_be_used() -> None:
    enc, hero, _, _ = hero_first()
    step(enc)  # Setup
    run(enc, "skill", hero, "timing=setup name=Ready")
    run(enc, "skill", hero, "timing=setup name=Steady")
    with pytest.raises(CombatError):
        run(enc, "skill", hero, "timing=cleanup name=Mend")


def test_minor_move_up_to_speed_full_move_up_to_speed_times_three() -> None:
    enc, hero, _, _ = hero_first()
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    with pytest.raises(CombatError) as error:
        run(enc, "move", hero, "6")
    assert code(error) == "esp.too_far"
    assert run(enc, "move", hero, "5") == [MovedDistance(hero, 5, False)]
    with pytest.raises(CombatError):
        run(enc, "move", hero, "16 full")
    assert run(enc, "move", hero, "15 full") == [MovedDistance(hero, 15, True)]


def test_blockade_an_engaged_character_cannot_move_past_its_enemy_until_it_is_defeated() -> None:
    enc, hero, drone, _ = hero_first()
    run(enc, "engage", hero, "Drone")
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    with pytest.raises(CombatError) as error:
        run(enc, "move", hero, "5 past=Drone")
    assert code(error) == "esp.blockaded"
    enc.combatant(drone).condition = Condition.OUT  # type: ignore[union-attr]  # defeated
    moved = run(enc, "move", hero, "5 past=Drone")
    assert moved == [MovedDistance(hero, 5, False), EngageChanged(hero, None)]


def test_leaving_an_engage_frees_the_weapon_range_check_again() -> None:
    enc, hero, _, _ = hero_first()
    run(enc, "engage", hero, "Drone")
    to_turn_of(enc, "Hero", [1, 1, 1, 1], [9, 9])
    assert run(enc, "leave", hero, "") == [EngageChanged(hero, None)]
    with pytest.raises(CombatError):
        run(enc, "attack", hero, "target=Drone damage=5")


def test_leaving_an_engage_is_a_move_of_ones_own_turn_no_free_way_out_of_a_blockade() -> None:
    enc, hero, _, _ = hero_first()
    run(enc, "engage", hero, "Drone")  # preparing: the starting positions are set freely
    step(enc)  # round 1's Setup: the fight is on
    with pytest.raises(CombatError) as error:
        run(enc, "leave", hero, "")  # not its turn: it cannot walk away between turns
    assert code(error) == "combat.not_your_turn"
    step(enc, FixedDice([1, 1, 1, 1]))  # Initiative: the NPCs roll
    step(enc, FixedDice([9, 9]))  # Hero rolls as it ends, and acts first
    assert run(enc, "leave", hero, "") == [EngageChanged(hero, None)]  # the minor is the move …
    with pytest.raises(CombatError) as error:
        run(enc, "engage", hero, "Drone")  # … so stepping back in would be a second one
    assert code(error) == "combat.action_used"
    assert run(enc, "engage", hero, "Drone full") == [EngageChanged(hero, 1)]  # the major
