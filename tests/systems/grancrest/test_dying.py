"""Grancrest digest, "Dying (瀕死) and death": inside an encounter, each rule by name."""

from __future__ import annotations

import pytest

from bot.combat import engine
from bot.combat.errors import CombatError
from bot.combat.events import CombatantDown, Damaged, DefenseApplied, Healed, Recovered, Rolled
from bot.combat.model import Condition, Phase, Side
from bot.systems import ruleset
from bot.systems.grancrest.rules import HealRefused
from tests.combat.helpers import add, encounter, step, walk
from tests.conftest import FixedDice

RULES = ruleset("GranCrest")
SPECIALS = RULES.specials()


def fighter(
    enc,
    name: str,
    side: Side = Side.NPC,
    numbers: str = "hp=30 strength=6 spirit=5 weapon=10",
    **stats,
):
    c = enc.combatant(add(enc, name, side, **stats))
    SPECIALS["gc_set"].run(enc, c, numbers, None)
    return c


def hit(enc, c, detail: str) -> list:
    return SPECIALS["damage"].run(enc, c, detail, None)


def test_damage_subtracts_the_lowest_applicable_defense() -> None:
    enc = encounter("GranCrest")
    c = fighter(enc, "Dragonewt", numbers="hp=40 strength=6 weapon=10 impact=4")
    assert hit(enc, c, "15") == [  # weapon by default
        DefenseApplied(c.id, 15, "weapon", 10, 0, 5),
        Damaged(c.id, 5, 35),
    ]
    assert hit(enc, c, "15 weapon,impact") == [
        DefenseApplied(c.id, 15, "impact", 4, 0, 11),
        Damaged(c.id, 11, 24),
    ]
    with pytest.raises(CombatError) as error:
        hit(enc, c, "15 lightning")
    assert error.value.code == "gc.bad_type"


def test_dying_levels_make_a_combatant_unable_to_act() -> None:
    enc = encounter("GranCrest")
    c = fighter(enc, "Goblin", numbers="hp=10 strength=6")
    assert hit(enc, c, "10")[-1] == CombatantDown(c.id, "dying_1")
    assert c.condition is Condition.DYING and not c.can_act
    assert hit(enc, c, "7")[-1] == CombatantDown(c.id, "dying_2")
    assert hit(enc, c, "6")[-1] == CombatantDown(c.id, "dying_3")
    assert hit(enc, c, "6")[-1] == CombatantDown(c.id, "dead")
    assert c.out
    with pytest.raises(CombatError):
        hit(enc, c, "1")


def test_dying_combatants_take_no_turns() -> None:
    enc = encounter("GranCrest")
    down = fighter(enc, "Down", Side.PC, action_value=9)
    add(enc, "Up", action_value=1)
    hit(enc, down, "45")  # 45 − weapon 10 → HP −5: dying
    assert [a for _, p, a in walk(enc, 3) if p is Phase.MAIN] == ["Up"]


def test_level_3_loses_2d6_at_each_cleanup_announced() -> None:
    enc = encounter("GranCrest")
    c = fighter(enc, "Bleeder", numbers="hp=0 strength=6")
    hit(enc, c, "14")  # HP −14: level 3
    step(enc)  # Setup
    events = step(enc, FixedDice([1, 2]))  # nobody can act → Cleanup: 2D6 = 3
    assert enc.phase is Phase.CLEANUP
    assert any(isinstance(e, Rolled) and e.purpose == "dying" and e.total == 3 for e in events)
    assert Damaged(c.id, 3, -17) in events


def test_healing_needs_an_effect_for_the_level_and_recovery_makes_the_combatant_acted() -> None:
    enc = encounter("GranCrest")
    c = fighter(enc, "Hero", Side.PC, numbers="hp=10 strength=6")
    hit(enc, c, "18")  # HP −8: level 2
    with pytest.raises(HealRefused):
        SPECIALS["heal"].run(enc, c, "10 levels=1", None)
    events = SPECIALS["heal"].run(enc, c, "12 levels=2", None)
    assert events == [Healed(c.id, 12, 4), Recovered(c.id, 4)]
    capped = SPECIALS["heal"].run(enc, c, "20", None)
    assert capped == [Healed(c.id, 6, 10)]  # never above max HP
    assert c.acted and c.can_act


def test_at_combat_end_level_1_gets_hp_1_and_levels_2_3_roll_the_death_check() -> None:
    enc = encounter("GranCrest")
    one = fighter(enc, "One", numbers="hp=5 strength=6 spirit=1")
    two = fighter(enc, "Two", numbers="hp=5 strength=6 spirit=9")
    three = fighter(enc, "Three", numbers="hp=5 strength=6 spirit=0")
    hit(enc, one, "7")  # −2: level 1
    hit(enc, two, "15")  # −10: level 2
    hit(enc, three, "20")  # −15: level 3
    events = engine.end(enc, RULES, FixedDice([1, 1, 1, 1]))  # Two: 9+2=11 ≥ 10; Three: 2 < 15
    assert one.stats.hp == 1 and Recovered(one.id, 1) in events
    assert two.stats.hp == 1 and not two.out
    assert three.out and CombatantDown(three.id, "dead") in events
    checks = [e.text for e in events if isinstance(e, Rolled) and e.purpose == "death_check"]
    assert checks == ["(2D6+9>=10) ＞ 2[1,1]+9 ＞ 11 ＞ 成功", "(2D6>=15) ＞ 2[1,1] ＞ 2 ＞ 失敗"]
