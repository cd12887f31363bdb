"""Grancrest digest, "Attacks (opposed check)" inside an encounter, and the worked example."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import AttackResolved, Damaged, ReactionRequested, Rolled
from bot.combat.model import Phase, Side
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, walk
from tests.conftest import FixedDice

SPECIALS = ruleset("GranCrest").specials()


def battle():
    enc = encounter("GranCrest")
    lord = enc.combatant(add(enc, "Sword Lord", Side.PC, action_value=6))
    newt = enc.combatant(add(enc, "Dragonewt", action_value=5))
    SPECIALS["gc_set"].run(enc, lord, "hp=39 strength=6 spirit=5 weapon=10 dodge=2D6+4", None)
    SPECIALS["gc_set"].run(enc, newt, "hp=40 strength=5 weapon=10 dodge=2D6+5", None)
    walk(enc, 2)  # Setup, then (through the initiative phase) the Sword Lord's turn
    assert enc.phase is Phase.MAIN and enc.actor == lord.id
    return enc, lord, newt


def test_the_target_is_asked_to_react_and_a_tie_goes_to_the_reaction() -> None:
    enc, lord, newt = battle()
    events = SPECIALS["attack"].run(
        enc, lord, "target=Dragonewt hit=2D6+5 power=9", FixedDice([2, 3])
    )
    assert events[-1] == ReactionRequested(newt.id, None)
    resolved = SPECIALS["react"].run(enc, newt, "", FixedDice([3, 2]))  # 10 against 10
    assert AttackResolved(lord.id, newt.id, 10, 10, False) in resolved
    assert not any(isinstance(e, Damaged) for e in resolved)


def test_an_attack_spends_the_major_action_and_needs_the_attackers_turn() -> None:
    enc, lord, newt = battle()
    SPECIALS["attack"].run(enc, lord, "target=Dragonewt hit=2D6+7", FixedDice([3, 4]))
    with pytest.raises(CombatError) as pending:  # the major is spent (the reaction blocks nothing)
        SPECIALS["attack"].run(enc, lord, "target=Dragonewt", FixedDice([1, 1]))
    assert pending.value.code == "combat.action_used"
    SPECIALS["react"].run(enc, newt, "", FixedDice([1, 1, 1, 1]))  # reaction, then damage
    with pytest.raises(CombatError) as used:
        SPECIALS["attack"].run(enc, lord, "target=Dragonewt", FixedDice([1, 1]))
    assert used.value.code == "combat.action_used"
    with pytest.raises(CombatError) as turn:
        SPECIALS["attack"].run(enc, newt, "target=Sword Lord", FixedDice([1, 1]))
    assert turn.value.code in ("combat.not_your_turn", "combat.unknown_combatant")


def test_an_acted_combatant_may_still_react() -> None:
    enc, lord, newt = battle()
    walk(enc, 1)  # the Sword Lord's turn ends: through the initiative to the Dragonewt's
    assert lord.acted and enc.actor == newt.id
    SPECIALS["attack"].run(enc, newt, "target=Sword Lord hit=2D6+10", FixedDice([1, 1]))
    resolved = SPECIALS["react"].run(enc, lord, "", FixedDice([6, 5]))
    assert AttackResolved(newt.id, lord.id, 12, 15, False) in resolved


def test_worked_example_from_the_seed() -> None:
    """Hit 14 vs 10 → 9 + 2D = 15 → 5 HP; the Dragonewt's critical (32): 19 + 10 = 29 weapon
    damage, 19 through armour, the Sword Lord at 20 HP; then round 2 begins."""
    enc, lord, newt = battle()
    SPECIALS["attack"].run(
        enc, lord, "target=Dragonewt hit=2D6+7 power=9 types=weapon", FixedDice([3, 4])
    )
    first = SPECIALS["react"].run(
        enc, newt, "", FixedDice([2, 3, 3, 3])
    )  # reaction 10; damage 2D 6
    assert AttackResolved(lord.id, newt.id, 14, 10, True) in first
    assert Damaged(newt.id, 5, 35) in first
    walk(enc, 1)  # the turn ends: through the initiative to the Dragonewt's main process
    SPECIALS["attack"].run(
        enc, newt, "target=Sword Lord hit=2D6+10 power=12", FixedDice([6, 6])
    )  # 32
    second = SPECIALS["react"].run(
        enc, lord, "", FixedDice([3, 3, 3, 4])
    )  # reaction 10; damage 2D 7
    damage = next(e for e in second if isinstance(e, Rolled) and e.purpose == "damage")
    assert damage.text == "(2D6+12+10) ＞ 7[3,4]+12+10 ＞ 29"
    assert Damaged(lord.id, 19, 20) in second
    assert [(r, p) for r, p, _ in walk(enc, 2)] == [(1, Phase.CLEANUP), (2, Phase.SETUP)]


def test_on_the_map_melee_reaches_the_same_square_and_ranged_cannot_target_0sq() -> None:
    enc, lord, newt = battle()
    SPECIALS["map"].run(enc, None, "5x5", None)
    SPECIALS["place"].run(enc, lord, "0,0", None)
    SPECIALS["place"].run(enc, newt, "2,0", None)
    with pytest.raises(CombatError) as reach:
        SPECIALS["attack"].run(enc, lord, "target=Dragonewt hit=2D6", FixedDice([1, 1]))
    assert reach.value.code == "gc.out_of_reach"
    SPECIALS["place"].run(enc, newt, "0,0", None)
    with pytest.raises(CombatError) as point_blank:
        SPECIALS["attack"].run(enc, lord, "target=Dragonewt hit=2D6 ranged=yes", FixedDice([1, 1]))
    assert point_blank.value.code == "gc.ranged_0sq"
    assert SPECIALS["attack"].run(enc, lord, "target=Dragonewt hit=2D6", FixedDice([1, 1]))


def test_a_carried_weapon_gives_the_attack_its_skill_power_and_types() -> None:
    enc, lord, newt = battle()
    SPECIALS["gc_weapon"].run(
        enc, lord, "name=Great Sword hit=2D6+7 power=9 types=weapon,impact", None
    )
    assert lord.extra["gc"]["weapons"]["Great Sword"] == {
        "hit": "2D6+7", "power": 9, "types": ["impact", "weapon"], "ranged": False,
        "equipped": True,
    }  # fmt: skip
    events = SPECIALS["attack"].run(
        enc, lord, "target=Dragonewt weapon=great sword", FixedDice([3, 4])
    )
    assert events[0].text == "(2D6+7>=?) ＞ 7[3,4]+7 ＞ 14"
    resolved = SPECIALS["react"].run(enc, newt, "", FixedDice([1, 1, 3, 3]))
    # weapon,impact: the Dragonewt's impact defense (0) is the lowest: 15 damage.
    assert Damaged(newt.id, 15, 25) in resolved
    with pytest.raises(CombatError) as unknown:
        SPECIALS["attack"].run(enc, newt, "target=Sword Lord weapon=Claw", FixedDice([]))
    assert unknown.value.code in ("gc.unknown_weapon", "combat.not_your_turn")
