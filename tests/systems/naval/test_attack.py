"""Naval digest, "Melee and range", "Ships" (attacked, covered, area attacks, sinking),
"Morale and ship skills", "Victory", and the seed's NPC — each rule by name, fixed dice.

The battle: オールマイト・キャプテン号 (PC flagship) at positions 0–2 with Hero in its middle area
(position 1); 柾良式巡視船 (NPC flagship) at position 3 with the guard aboard. Hero's turn.
"""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import (
    AttackResolved,
    CombatantDown,
    CoverTaken,
    Damaged,
    MoraleChanged,
    Rolled,
    SideDefeated,
)
from bot.combat.model import Action, Side
from bot.systems.naval.attack import CREW_PRESETS, adjusted, rough_seas_penalty, wind_dice
from bot.systems.naval.battlefield import ship_data
from bot.systems.naval.ship_skills import cleanup, move_steps
from tests.conftest import FixedDice
from tests.systems.naval.helpers import battle, run

PISTOL = "hit=2D6+12 damage=2D6+70 style=ranged reach=1"


def test_the_seeds_patrol_guard_preset_has_its_numbers_and_pistol() -> None:
    enc, _, _ = battle()
    run(enc, "crew", None, "preset=柾良海軍巡視兵 ship=柾良式巡視船 area=1 count=2")
    guard = enc.find("柾良海軍巡視兵 2")
    assert guard is not None and guard.aboard == enc.find("柾良式巡視船").id  # type: ignore[union-attr]
    assert (guard.stats.action_value, guard.stats.hp, guard.extra["level"]) == (9, 90, 8)
    assert guard.extra["weapon"] == {"name": "短銃", "hit": "2D6+12", "damage": "2D6+70",
                                     "style": "ranged", "reach": 1, "near": 0}  # fmt: skip
    assert CREW_PRESETS["柾良海軍巡視兵"].weapon.reach == 1  # range 0–1


def test_melee_cannot_target_a_combatant_on_another_ship() -> None:
    enc, hero, _ = battle()
    with pytest.raises(CombatError) as error:
        run(enc, "attack", hero, "target=柾良海軍巡視兵 hit=2D6 damage=2D6 style=melee")
    assert error.value.code == "naval.melee_other_ship"
    assert Action.MAJOR not in enc.combatant(hero).used  # type: ignore[union-attr]  # nothing spent


def test_melee_hits_only_the_ship_the_attacker_is_on() -> None:
    enc, hero, _ = battle()
    with pytest.raises(CombatError) as error:
        run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6 damage=2D6 style=melee")
    assert error.value.code == "naval.melee_other_ship"
    own = "target=オールマイト・キャプテン号 hit=2D6 damage=5 style=melee"
    events = run(enc, "attack", hero, own, FixedDice([1, 1]))
    assert Damaged(enc.find("オールマイト・キャプテン号").id, 5, 2295) in events  # type: ignore[union-attr]


def test_every_attack_gains_range_0() -> None:
    enc, hero, _ = battle()
    run(
        enc,
        "crew",
        None,
        "preset=柾良海軍巡視兵 ship=オールマイト・キャプテン号 area=2 name=Boarder",
    )
    boarder = enc.find("Boarder").id  # type: ignore[union-attr]  # same position as Hero
    events = run(enc, "attack", hero, "target=Boarder hit=2D6 damage=10 reach=2-3",
                 FixedDice([3, 3]))  # fmt: skip  # a range-2–3 weapon still reaches range 0
    assert Damaged(boarder, 10, 80) in events


def test_a_target_beyond_the_weapons_reach_is_refused() -> None:
    enc, hero, _ = battle()
    with pytest.raises(CombatError) as error:
        run(enc, "attack", hero, f"target=柾良海軍巡視兵 {PISTOL}")  # 2 positions away, reach 1
    assert error.value.code == "naval.out_of_range"


def test_attacking_an_enemy_ship_raises_the_attackers_morale_by_one() -> None:
    enc, hero, _ = battle()
    events = run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6+5 damage=2D6+40",
                 FixedDice([3, 4, 5, 5]))  # fmt: skip
    patrol = enc.find("柾良式巡視船").id  # type: ignore[union-attr]
    assert MoraleChanged("pc", 1) in events and Damaged(patrol, 50, 250) in events
    assert enc.combatant(hero).used == [Action.MAJOR]  # type: ignore[union-attr]


def test_ships_do_not_dodge_and_a_tie_goes_to_the_dodger() -> None:
    enc, hero, guard = battle()
    run(enc, "naval_set", guard, "dodge=2D6+5")
    events = run(enc, "attack", hero, "target=柾良海軍巡視兵 hit=2D6+5 damage=30",
                 FixedDice([3, 4, 2, 5]))  # fmt: skip  # 12 against 12
    assert AttackResolved(hero, guard, 12, 12, False) in events
    assert not any(isinstance(e, Damaged) for e in events)


def test_a_ship_can_be_covered_by_someone_at_its_position() -> None:
    enc, hero, guard = battle()
    run(enc, "naval_set", guard, "hp=90")
    run(enc, "cover", guard, "target=柾良式巡視船")  # the guard's own free action
    events = run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6 damage=40", FixedDice([3, 4]))
    patrol = enc.find("柾良式巡視船")
    assert Damaged(guard, 40, 50) in events and patrol.stats.hp == 300  # type: ignore[union-attr]
    assert CoverTaken(guard, patrol.id) in events  # type: ignore[union-attr]
    enc.combatant(hero).used.clear()  # type: ignore[union-attr]  # a second attack, for the rule
    events = run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6 damage=40", FixedDice([3, 4]))
    assert patrol.stats.hp == 260  # type: ignore[union-attr]  # the cover was spent on one hit


def test_cover_is_declared_by_the_one_who_covers_not_the_attacker() -> None:
    enc, hero, _ = battle()
    with pytest.raises(CombatError) as error:  # the attacker cannot make the guard take it
        run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6 damage=40 cover=柾良海軍巡視兵")
    assert error.value.code == "naval.cover_is_the_coverers"
    assert Action.MAJOR not in enc.combatant(hero).used  # type: ignore[union-attr]
    with pytest.raises(CombatError) as error:  # an enemy ship is not one's own side
        run(enc, "cover", hero, "target=柾良式巡視船")
    assert error.value.code == "naval.cover_own_side"
    assert run(enc, "cover", hero, "target=オールマイト・キャプテン号") != []  # Hero stands on it
    run(enc, "crew", None, "preset=柾良海軍巡視兵 ship=オールマイト・キャプテン号 area=1 side=pc "
                           "name=Ally")  # fmt: skip  # at the bow, position 2: Hero is at 1
    with pytest.raises(CombatError) as error:
        run(enc, "cover", hero, "target=Ally")
    assert error.value.code == "naval.cannot_cover"


def test_cover_lapses_at_the_end_of_its_round() -> None:
    enc, hero, guard = battle()
    run(enc, "cover", guard, "target=柾良式巡視船")
    enc.round += 1
    events = run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6 damage=40", FixedDice([3, 4]))
    assert not any(isinstance(e, CoverTaken) for e in events)
    assert enc.find("柾良式巡視船").stats.hp == 260  # type: ignore[union-attr]


def test_an_area_attack_may_include_the_ships_at_that_position() -> None:
    enc, hero, guard = battle()
    patrol = enc.find("柾良式巡視船").id  # type: ignore[union-attr]
    events = run(enc, "attack", hero, "target=柾良海軍巡視兵 hit=2D6 damage=20 area=yes",
                 FixedDice([3, 4]))  # fmt: skip
    assert [e.combatant_id for e in events if isinstance(e, Damaged)] == [guard]
    enc, hero, guard = battle()
    events = run(enc, "attack", hero, "target=柾良海軍巡視兵 hit=2D6 damage=20 area=yes ships=yes",
                 FixedDice([3, 4]))  # fmt: skip
    assert {e.combatant_id for e in events if isinstance(e, Damaged)} == {guard, patrol}


def test_a_combatant_at_0_hp_is_out_and_a_side_wiped_out_loses() -> None:
    enc, hero, guard = battle()
    run(enc, "naval_set", guard, "hp=20")
    events = run(enc, "attack", hero, "target=柾良海軍巡視兵 hit=2D6 damage=25", FixedDice([3, 4]))
    assert CombatantDown(guard, "hp_zero") in events
    assert SideDefeated("npc", "wiped_out") in events
    assert enc.data["defeated"] == ["npc"]  # said once: a later loss does not repeat it


def test_the_seed_guards_pistol_is_used_when_no_numbers_are_given() -> None:
    enc, _, _ = battle()
    run(enc, "crew", None, "preset=柾良海軍巡視兵 ship=オールマイト・キャプテン号 area=1 side=pc "
                           "name=Ally")  # fmt: skip  # the bow: position 2, one from the guard
    ally = enc.find("Ally").id  # type: ignore[union-attr]
    enc.actor = ally  # the ally's turn, for this rule alone
    events = run(enc, "attack", ally, "target=柾良海軍巡視兵", FixedDice([1, 1, 6, 6]))
    rolls = [e for e in events if isinstance(e, Rolled)]
    assert [r.purpose for r in rolls] == ["hit", "damage"] and rolls[1].total == 82


def test_speed_up_lasts_until_two_cleanups_have_passed() -> None:
    enc, hero, _ = battle()
    enc.data["morale"] = {"pc": 3}
    run(enc, "ship_skill", hero, "ship=オールマイト・キャプテン号 skill=速力上昇")
    captain = enc.find("オールマイト・キャプテン号")
    assert move_steps(captain) == 2  # type: ignore[arg-type]
    cleanup(enc)
    assert move_steps(captain) == 2  # type: ignore[arg-type]  # one Cleanup has passed
    cleanup(enc)
    assert move_steps(captain) == 1 and ship_data(captain)["speed_up"] == 0  # type: ignore[arg-type]


def test_bombardment_spends_all_morale_and_falls_on_everyone_at_the_position() -> None:
    enc, hero, guard = battle()
    enc.data["morale"] = {"pc": 1}
    patrol = enc.find("柾良式巡視船").id  # type: ignore[union-attr]
    events = run(enc, "ship_skill", hero, "ship=オールマイト・キャプテン号 skill=砲撃 "
                 "at=柾良式巡視船 ships=yes", FixedDice([6] * 5))  # fmt: skip
    assert {e.combatant_id for e in events if isinstance(e, Damaged)} == {guard, patrol}
    assert enc.data["morale"]["pc"] == 1  # spent 1, then +1 for hitting an enemy ship


def test_wind_changes_ranged_and_magic_checks_by_one_die() -> None:
    enc, _, _ = battle()
    enc.data["event"] = {"round": enc.round, "state": "rolled", "kind": "headwind"}
    assert wind_dice(enc, Side.PC, "ranged") == -1 and wind_dice(enc, Side.NPC, "magic") == 1
    assert wind_dice(enc, Side.PC, "melee") == 0
    assert adjusted("2D6+12", -1, 0) == "1D6+12" and adjusted("1D6", -1, -2) == "1D6-2"
    enc.data["event"]["kind"] = "tailwind"
    assert wind_dice(enc, Side.PC, "ranged") == 1 and wind_dice(enc, Side.NPC, "ranged") == -1


def test_rough_seas_take_2_from_non_flyers_only_when_someone_flies() -> None:
    enc, hero, guard = battle()
    enc.data["event"] = {"round": enc.round, "state": "rolled", "kind": "rough_seas"}
    assert rough_seas_penalty(enc, enc.combatant(hero)) == 0  # type: ignore[arg-type]
    run(enc, "naval_set", guard, "flying=yes")
    assert rough_seas_penalty(enc, enc.combatant(hero)) == -2  # type: ignore[arg-type]
    assert rough_seas_penalty(enc, enc.combatant(guard)) == 0  # type: ignore[arg-type]
    events = run(
        enc, "attack", hero, "target=柾良式巡視船 hit=2D6+5 damage=1", FixedDice([3, 4, 1])
    )
    assert next(e for e in events if isinstance(e, Rolled)).total == 10  # 7 + 5 − 2


def test_melee_on_the_same_ship_still_needs_range_0() -> None:
    enc, hero, _ = battle()
    run(
        enc,
        "crew",
        None,
        "preset=柾良海軍巡視兵 ship=オールマイト・キャプテン号 area=3 name=Boarder",
    )
    with pytest.raises(CombatError) as error:  # one area (one position) away on the same deck
        run(enc, "attack", hero, "target=Boarder hit=2D6 damage=5 style=melee")
    assert error.value.code == "naval.out_of_range"
    run(enc, "aboard", enc.find("Boarder").id, "ship=オールマイト・キャプテン号 area=2")  # type: ignore[union-attr]
    events = run(
        enc, "attack", hero, "target=Boarder hit=2D6 damage=5 style=melee", FixedDice([1, 1])
    )
    assert Damaged(enc.find("Boarder").id, 5, 85) in events  # type: ignore[union-attr]


def test_nobody_out_of_battle_can_be_targeted() -> None:
    enc, hero, guard = battle()
    run(enc, "naval_set", guard, "hp=20")
    run(enc, "crew", None, "preset=柾良海軍巡視兵 ship=柾良式巡視船 area=1 name=Second")
    run(enc, "attack", hero, "target=柾良海軍巡視兵 hit=2D6 damage=25", FixedDice([3, 4]))
    enc.combatant(hero).used.clear()  # type: ignore[union-attr]  # a second attack, for this rule
    with pytest.raises(CombatError) as error:
        run(enc, "attack", hero, "target=柾良海軍巡視兵 hit=2D6 damage=25")
    assert error.value.code == "naval.target_out"


def test_a_ship_can_be_protected_like_a_combatant() -> None:
    enc, hero, _ = battle()
    events = run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6 damage=40 protect=15",
                 FixedDice([3, 4]))  # fmt: skip
    assert Damaged(enc.find("柾良式巡視船").id, 25, 275) in events  # type: ignore[union-attr]
