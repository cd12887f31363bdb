"""Grancrest attacks on several targets and the damage dice (combat chapter "Attacks"): one hit
check against each target's own reaction, the damage rolled once, each target's own defense;
+1D, damage reduction after the defense, and the posts' terms."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.combat.errors import CombatError
from bot.combat.events import (
    AttackResolved,
    Damaged,
    DefenseApplied,
    ReactionRequested,
    Rolled,
)
from bot.combat.model import Phase, Side
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, perform, step, walk
from tests.conftest import FixedDice

SPECIALS = ruleset("GranCrest").specials()


def battle():
    enc = encounter("GranCrest")
    lord = enc.combatant(add(enc, "Sword Lord", Side.PC, action_value=6))
    SPECIALS["gc_set"].run(enc, lord, "hp=39 strength=6 weapon=10 dodge=2D6+4", None)
    goblins = []
    for n, numbers in enumerate(("weapon=2 heat=8", "weapon=6 heat=1", "weapon=0"), 1):
        goblin = enc.combatant(add(enc, f"Goblin {n}", action_value=3))
        SPECIALS["gc_set"].run(enc, goblin, f"hp=30 strength=4 {numbers} dodge=2D6+1", None)
        goblins.append(goblin)
    walk(enc, 2)  # Setup, then the Sword Lord's main process (initiative passed)
    assert enc.phase is Phase.MAIN and enc.actor == lord.id
    return enc, lord, goblins


def damage_rolls(events) -> list[Rolled]:
    return [e for e in events if isinstance(e, Rolled) and e.purpose == "damage"]


def test_an_area_attack_rolls_one_hit_check_against_each_targets_own_reaction() -> None:
    enc, lord, (g1, g2, g3) = battle()
    declared = SPECIALS["attack"].run(
        enc, lord, "target=Goblin 1, Goblin 2、Goblin 3 hit=2D6+5 power=6", FixedDice([4, 4])
    )
    hit_checks = [e for e in declared if isinstance(e, Rolled) and e.purpose == "hit"]
    assert len(hit_checks) == 1 and hit_checks[0].total == 13
    assert [e for e in declared if isinstance(e, ReactionRequested)] == [
        ReactionRequested(g.id, None) for g in (g1, g2, g3)
    ]
    first = SPECIALS["react"].run(enc, g1, "", FixedDice([5, 6, 1, 2]))  # 12 < 13; damage 3
    second = SPECIALS["react"].run(enc, g2, "", FixedDice([6, 6]))  # a critical reaction: 23
    third = SPECIALS["react"].run(enc, g3, "", FixedDice([6, 6, 6]))  # 2D6+1 = 13: a tie
    assert AttackResolved(lord.id, g1.id, 13, 12, True) in first
    assert AttackResolved(lord.id, g2.id, 13, 23, False) in second
    assert AttackResolved(lord.id, g3.id, 13, 23, False) in third


def test_an_area_attacks_damage_is_rolled_once_and_each_target_takes_its_own_defense() -> None:
    enc, lord, (g1, g2, g3) = battle()
    SPECIALS["attack"].run(
        enc, lord, "target=Goblin 1, Goblin 2, Goblin 3 hit=2D6+9 power=6 types=weapon,heat",
        FixedDice([4, 4]),
    )  # fmt: skip
    first = SPECIALS["react"].run(enc, g1, "", FixedDice([1, 1, 5, 5]))  # damage 6 + 10 = 16
    assert [r.text for r in damage_rolls(first)] == ["(2D6+6) ＞ 10[5,5]+6 ＞ 16"]
    second = SPECIALS["react"].run(enc, g2, "", FixedDice([1, 2]))  # no new damage roll
    third = SPECIALS["react"].run(enc, g3, "", FixedDice([2, 2]))
    assert damage_rolls(second) == damage_rolls(third) == []
    # weapon,heat: each target's lowest of the two — 2, 1 and 0.
    assert DefenseApplied(g1.id, 16, "weapon", 2, 0, 14) in first
    assert DefenseApplied(g2.id, 16, "heat", 1, 0, 15) in second
    assert DefenseApplied(g3.id, 16, "weapon", 0, 0, 16) in third
    assert [g.stats.hp for g in (g1, g2, g3)] == [16, 15, 14]
    assert not enc.data["gc_damage"]  # forgotten once every reaction is in


def test_an_area_attack_unanswered_reactions_are_rolled_by_the_bot_with_the_same_damage() -> None:
    enc, lord, (g1, g2, _g3) = battle()
    SPECIALS["attack"].run(
        enc, lord, "target=Goblin 1, Goblin 2 hit=2D6+9 power=6", FixedDice([4, 4])
    )
    first = SPECIALS["react"].run(enc, g1, "", FixedDice([1, 1, 3, 3]))  # damage 12
    lapsed = step(enc, FixedDice([1, 2]))  # the turn ends: the bot rolls g2 a 4
    assert DefenseApplied(g1.id, 12, "weapon", 2, 0, 10) in first
    assert DefenseApplied(g2.id, 12, "weapon", 6, 0, 6) in lapsed
    assert damage_rolls(lapsed) == []


def test_an_area_attack_names_each_target_once_and_refuses_unknown_ones() -> None:
    enc, lord, _ = battle()
    for detail, code in (
        ("target=Goblin 1, goblin 1", "gc.same_target_twice"),
        ("target=Goblin 1, Orc", "combat.unknown_combatant"),
        ("target=Goblin 1, Sword Lord", "gc.attacks_itself"),
        ("target=" + ", ".join(f"G{n}" for n in range(31)), "gc.too_many_targets"),
    ):
        with pytest.raises(CombatError) as refused:
            SPECIALS["attack"].run(enc, lord, detail + " hit=2D6", FixedDice([1, 1]))
        assert refused.value.code == code
    assert not lord.used  # nothing spent on a refused attack


def test_a_second_attack_in_the_same_turn_is_refused_even_after_an_area_attack() -> None:
    enc, lord, _ = battle()
    SPECIALS["attack"].run(enc, lord, "target=Goblin 1, Goblin 2 hit=2D6", FixedDice([1, 1]))
    with pytest.raises(CombatError) as again:
        SPECIALS["attack"].run(enc, lord, "target=Goblin 3 hit=2D6", FixedDice([1, 1]))
    assert again.value.code == "combat.action_used"


def test_an_area_attack_hits_a_dying_target_without_a_check_and_rolls_damage_once() -> None:
    enc, lord, (g1, g2, _) = battle()
    SPECIALS["damage"].run(enc, g1, "35", None)  # 30 − (35 − 2) = −3: dying level 1
    events = SPECIALS["attack"].run(
        enc, lord, "target=Goblin 1, Goblin 2 hit=2D6+9 power=6", FixedDice([4, 4, 2, 2])
    )
    assert AttackResolved(lord.id, g1.id, 17, None, True) in events
    assert [r.text for r in damage_rolls(events)] == ["(2D6+6) ＞ 4[2,2]+6 ＞ 10"]
    later = SPECIALS["react"].run(enc, g2, "", FixedDice([1, 1]))
    assert damage_rolls(later) == [] and DefenseApplied(g2.id, 10, "weapon", 6, 0, 4) in later


def test_plus_1d_rolls_three_damage_dice() -> None:
    enc, lord, (g1, _, _) = battle()
    SPECIALS["attack"].run(
        enc, lord, "target=Goblin 1 hit=2D6+9 power=6 dice=+1D", FixedDice([4, 4])
    )
    events = SPECIALS["react"].run(enc, g1, "", FixedDice([1, 1, 2, 3, 4]))
    assert [r.text for r in damage_rolls(events)] == ["(3D6+6) ＞ 9[2,3,4]+6 ＞ 15"]


def test_damage_dice_are_written_as_3d_or_plus_1d_and_bounded() -> None:
    enc, lord, _ = battle()
    for bad in ("0D", "+19D", "21D", "D", "2D8", "lots"):
        with pytest.raises(CombatError) as refused:
            SPECIALS["attack"].run(enc, lord, f"target=Goblin 1 dice={bad}", FixedDice([1, 1]))
        assert refused.value.code == "gc.bad_dice"
    perform(enc, "attack", lord.id, "target=Goblin 1 hit=2D6 dice=４Ｄ６", FixedDice([1, 1]))
    assert enc.prompts[0].data["dice"] == 4  # the first action closed the initiative window


def test_the_critical_damage_bonus_is_its_own_term() -> None:
    enc, lord, (g1, _, _) = battle()
    SPECIALS["attack"].run(enc, lord, "target=Goblin 1 hit=2D6 power=6", FixedDice([6, 6]))
    events = SPECIALS["react"].run(enc, g1, "", FixedDice([1, 1, 3, 4]))
    assert [r.text for r in damage_rolls(events)] == ["(2D6+6+10) ＞ 7[3,4]+6+10 ＞ 23"]


def test_damage_reduction_comes_off_after_the_defense() -> None:
    enc, lord, (g1, g2, _) = battle()
    SPECIALS["gc_set"].run(enc, g1, "reduction=3", None)
    SPECIALS["attack"].run(
        enc, lord, "target=Goblin 1, Goblin 2 hit=2D6+9 power=6", FixedDice([4, 4])
    )
    first = SPECIALS["react"].run(enc, g1, "", FixedDice([1, 1, 3, 3]))  # 12 − 2 − 3
    second = SPECIALS["react"].run(enc, g2, "2D6 reduction=5", FixedDice([1, 1]))  # 12 − 6 − 5
    assert DefenseApplied(g1.id, 12, "weapon", 2, 3, 7) in first and Damaged(g1.id, 7, 23) in first
    assert DefenseApplied(g2.id, 12, "weapon", 6, 5, 1) in second
    manual = SPECIALS["damage"].run(enc, g2, "10 heat reduction=20", None)
    assert DefenseApplied(g2.id, 10, "heat", 1, 20, 0) in manual  # never below 0


@settings(max_examples=60, deadline=None)
@given(
    targets=st.lists(
        st.tuples(st.integers(0, 30), st.integers(1, 6), st.integers(1, 6)),
        min_size=1, max_size=6,
    ),
    damage_dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
)  # fmt: skip
def test_an_area_attack_rolls_damage_at_most_once_whatever_the_reactions(
    targets: list[tuple[int, int, int]], damage_dice: tuple[int, int]
) -> None:
    """Each target: its weapon defense and its two reaction dice; the hit check is 2D6+6 on 3,3
    (12). Every target hit loses damage − its own defense (never below 0); one damage roll."""
    enc = encounter("GranCrest")
    lord = enc.combatant(add(enc, "Lord", Side.PC, action_value=6))
    foes = []
    for n, (defense, *_) in enumerate(targets):
        foe = enc.combatant(add(enc, f"Foe {n}", action_value=1))
        SPECIALS["gc_set"].run(enc, foe, f"hp=100 weapon={defense}", None)
        foes.append(foe)
    walk(enc, 2)
    names = ", ".join(f.name for f in foes)
    perform(enc, "attack", lord.id, f"target={names} hit=2D6+6 power=4", FixedDice([3, 3]))
    rolls, damage = [], None
    for foe, (defense, a, b) in zip(foes, targets, strict=True):
        events = SPECIALS["react"].run(enc, foe, "2D6", FixedDice([a, b, *damage_dice]))
        rolls += damage_rolls(events)
        if damage is None and rolls:
            damage = rolls[0].total
        hit = a + b + (10 if a == b == 6 else 0) < 12
        assert foe.stats.hp == (100 - max(0, damage - defense) if hit else 100)
    assert len(rolls) <= 1 and not enc.prompts and not enc.data["gc_damage"]
