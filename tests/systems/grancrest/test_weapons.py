"""Grancrest weapons in hand and carried (combat chapter "Minor actions", "Major actions",
"Attacks"): swapping is the minor action, only a weapon in hand attacks and gives the attack
its numbers, items change hands within the same square only (a major action), and a ranged
weapon reaches its range in squares."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import ItemExchanged, Rolled, WeaponSwapped
from bot.combat.model import Action, Phase, Side
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, perform, walk
from tests.conftest import FixedDice

SPECIALS = ruleset("GranCrest").specials()


def armed():
    enc = encounter("GranCrest")
    lord = enc.combatant(add(enc, "Sword Lord", Side.PC, action_value=6))
    child = enc.combatant(add(enc, "Wind Child", Side.PC, action_value=4))
    newt = enc.combatant(add(enc, "Dragonewt", action_value=5))
    SPECIALS["gc_set"].run(enc, newt, "hp=40 strength=5 weapon=10 dodge=2D6+5", None)
    SPECIALS["gc_weapon"].run(enc, lord, "name=Sword hit=2D6+7 power=9", None)
    SPECIALS["gc_weapon"].run(enc, lord, "name=Bow hit=2D6+4 power=5 ranged=yes range=4", None)
    walk(enc, 2)
    assert enc.phase is Phase.MAIN and enc.actor == lord.id
    return enc, lord, child, newt


def attack(enc, who, detail: str, dice: list[int]):
    """An attack as the service runs it (with what follows: the first action closes the
    initiative window, so the prompts left are the attack's own)."""
    return perform(enc, "attack", who.id, detail, FixedDice(dice))


def test_the_first_weapon_goes_into_the_hand_and_later_ones_are_carried() -> None:
    enc, lord, _, _ = armed()
    weapons = lord.extra["gc"]["weapons"]
    assert weapons["Sword"]["equipped"] and not weapons["Bow"]["equipped"]
    SPECIALS["gc_weapon"].run(enc, lord, "name=Dagger hit=2D6+3 power=3 equip=yes", None)
    assert weapons["Dagger"]["equipped"]


def test_only_a_weapon_in_hand_attacks() -> None:
    enc, lord, _, _ = armed()
    with pytest.raises(CombatError) as carried:
        attack(enc, lord, "target=Dragonewt weapon=bow", [1, 1])
    assert carried.value.code == "gc.weapon_carried"
    assert not lord.used


def test_the_weapon_in_hand_gives_the_attack_its_numbers_when_none_are_given() -> None:
    enc, lord, _, _ = armed()
    events = attack(enc, lord, "target=Dragonewt", [3, 4])
    assert events[0].text == "(2D6+7>=?) ＞ 7[3,4]+7 ＞ 14"
    assert enc.prompts[0].data["power"] == 9


def test_numbers_given_with_the_attack_override_the_weapons() -> None:
    enc, lord, _, _ = armed()
    events = attack(enc, lord, "target=Dragonewt weapon=Sword power=12", [3, 4])
    assert events[0].text == "(2D6+7>=?) ＞ 7[3,4]+7 ＞ 14" and enc.prompts[0].data["power"] == 12


def test_swapping_a_weapon_is_the_minor_action_and_changes_whose_numbers_apply() -> None:
    enc, lord, _, _ = armed()
    assert SPECIALS["swap"].run(enc, lord, "in=bow", None) == [
        WeaponSwapped(lord.id, "Sword", "Bow")
    ]
    assert Action.MINOR in lord.used
    weapons = lord.extra["gc"]["weapons"]
    assert weapons["Bow"]["equipped"] and not weapons["Sword"]["equipped"]
    with pytest.raises(CombatError) as again:
        SPECIALS["swap"].run(enc, lord, "in=Sword", None)
    assert again.value.code == "combat.action_used"
    events = attack(enc, lord, "target=Dragonewt", [3, 4])
    assert events[0].text == "(2D6+4>=?) ＞ 7[3,4]+4 ＞ 11"
    assert enc.prompts[0].data["power"] == 5


def test_a_swap_names_a_carried_weapon_and_needs_the_own_turn() -> None:
    enc, lord, child, _ = armed()
    for detail, code in (
        ("in=Sword", "gc.already_equipped"),
        ("in=Axe", "gc.unknown_weapon"),
        ("in=Bow out=Bow", "gc.weapon_carried"),  # out: a weapon in hand
        ("", "gc.bad_swap"),
    ):
        with pytest.raises(CombatError) as refused:
            SPECIALS["swap"].run(enc, lord, detail, None)
        assert refused.value.code == code
    SPECIALS["gc_weapon"].run(enc, child, "name=Staff hit=2D6 power=2", None)
    SPECIALS["gc_weapon"].run(enc, child, "name=Wand hit=2D6 power=1", None)
    with pytest.raises(CombatError) as turn:
        SPECIALS["swap"].run(enc, child, "in=Wand", None)
    assert turn.value.code == "combat.not_your_turn"


def test_with_two_weapons_in_hand_the_swap_says_which_goes_away() -> None:
    enc, lord, _, _ = armed()
    SPECIALS["gc_weapon"].run(enc, lord, "name=Dagger hit=2D6+3 power=3 equip=yes", None)
    SPECIALS["gc_weapon"].run(enc, lord, "name=Spear hit=2D6+5 power=7", None)
    with pytest.raises(CombatError) as which:
        SPECIALS["swap"].run(enc, lord, "in=Spear", None)
    assert which.value.code == "gc.which_out"
    assert SPECIALS["swap"].run(enc, lord, "in=Spear out=Dagger", None) == [
        WeaponSwapped(lord.id, "Dagger", "Spear")
    ]


def test_exchanging_an_item_is_the_major_action_within_the_same_square() -> None:
    enc, lord, child, _ = armed()
    SPECIALS["map"].run(enc, None, "5x5", None)
    SPECIALS["place"].run(enc, lord, "0,0", None)
    SPECIALS["place"].run(enc, child, "1,0", None)
    SPECIALS["gc_weapon"].run(enc, child, "name=Staff hit=2D6 power=2", None)
    with pytest.raises(CombatError) as apart:
        SPECIALS["give"].run(enc, lord, "item=Bow to=Wind Child", None)
    assert apart.value.code == "gc.not_same_square" and not lord.used
    SPECIALS["place"].run(enc, child, "0,0", None)
    given = SPECIALS["give"].run(enc, lord, "item=bow to=wind child back=Staff", None)
    assert given == [ItemExchanged(lord.id, child.id, "Bow", "Staff")]
    assert Action.MAJOR in lord.used
    assert set(lord.extra["gc"]["weapons"]) == {"Sword", "Staff"}
    assert child.extra["gc"]["weapons"]["Bow"]["equipped"] is False  # arrives carried
    with pytest.raises(CombatError) as used:
        attack(enc, lord, "target=Dragonewt", [1, 1])
    assert used.value.code == "combat.action_used"


def test_an_exchange_refuses_a_weapon_name_the_taker_has_before_anything_moves() -> None:
    enc, lord, child, _ = armed()
    SPECIALS["gc_weapon"].run(enc, child, "name=sword hit=2D6 power=2", None)
    with pytest.raises(CombatError) as clash:
        SPECIALS["give"].run(enc, lord, "item=Sword to=Wind Child", None)
    assert clash.value.code == "gc.weapon_name_taken"
    assert "Sword" in lord.extra["gc"]["weapons"] and not lord.used
    for detail, code in (
        ("item=Sword to=Sword Lord", "gc.bad_exchange"),
        ("item=Sword to=Nobody", "combat.unknown_combatant"),
        ("item=Axe to=Wind Child", "gc.unknown_weapon"),
    ):
        with pytest.raises(CombatError) as refused:
            SPECIALS["give"].run(enc, lord, detail, None)
        assert refused.value.code == code


def test_a_ranged_weapon_reaches_its_range_in_squares() -> None:
    enc, lord, _, newt = armed()
    SPECIALS["map"].run(enc, None, "8x3", None)
    SPECIALS["place"].run(enc, lord, "0,0", None)
    SPECIALS["place"].run(enc, newt, "5,0", None)
    SPECIALS["swap"].run(enc, lord, "in=Bow", None)
    with pytest.raises(CombatError) as far:
        attack(enc, lord, "target=Dragonewt", [1, 1])
    assert far.value.code == "gc.out_of_range"
    assert far.value.params["distance"] == 5 and far.value.params["reach"] == 4
    SPECIALS["place"].run(enc, newt, "4,0", None)
    assert isinstance(attack(enc, lord, "target=Dragonewt", [1, 1])[0], Rolled)


def test_a_ranged_attack_without_a_range_has_no_maximum() -> None:
    enc, lord, _, newt = armed()
    SPECIALS["map"].run(enc, None, "40x40", None)
    SPECIALS["place"].run(enc, lord, "0,0", None)
    SPECIALS["place"].run(enc, newt, "39,39", None)
    assert attack(enc, lord, "target=Dragonewt hit=2D6 ranged=yes", [1, 1])


def test_a_melee_weapon_with_a_range_reaches_that_far() -> None:
    enc, lord, _, newt = armed()
    SPECIALS["gc_weapon"].run(enc, lord, "name=Sword hit=2D6+7 power=9 range=1", None)
    SPECIALS["map"].run(enc, None, "5x5", None)
    SPECIALS["place"].run(enc, lord, "0,0", None)
    SPECIALS["place"].run(enc, newt, "0,2", None)
    with pytest.raises(CombatError) as reach:
        attack(enc, lord, "target=Dragonewt", [1, 1])
    assert reach.value.code == "gc.out_of_reach" and reach.value.params["reach"] == 1
    SPECIALS["place"].run(enc, newt, "0,1", None)
    assert attack(enc, lord, "target=Dragonewt", [1, 1])


def test_an_area_attack_checks_the_reach_of_every_target() -> None:
    enc, lord, child, newt = armed()
    SPECIALS["map"].run(enc, None, "5x5", None)
    SPECIALS["place"].run(enc, lord, "0,0", None)
    SPECIALS["place"].run(enc, newt, "0,0", None)
    SPECIALS["place"].run(enc, child, "3,0", None)
    with pytest.raises(CombatError) as reach:
        attack(enc, lord, "target=Dragonewt, Wind Child", [1, 1])
    assert reach.value.code == "gc.out_of_reach" and reach.value.params["name"] == "Wind Child"
    # Nothing spent, nothing asked: only the initiative window is still open.
    assert [p.kind for p in enc.prompts] == ["initiative_skills"] and not lord.used


def test_with_two_weapons_in_hand_an_attack_without_numbers_names_one() -> None:
    enc, lord, _, _ = armed()
    SPECIALS["gc_weapon"].run(enc, lord, "name=Dagger hit=2D6+3 power=3 equip=yes", None)
    with pytest.raises(CombatError) as which:
        attack(enc, lord, "target=Dragonewt", [1, 1])
    assert which.value.code == "gc.which_weapon" and which.value.params["known"] == "Sword, Dagger"
    events = attack(enc, lord, "target=Dragonewt weapon=dagger", [1, 1])
    assert events[0].text == "(2D6+3>=?) ＞ 2[1,1]+3 ＞ 5"


def test_an_attack_by_a_skill_uses_no_weapons_numbers() -> None:
    enc, lord, _, _ = armed()
    events = attack(enc, lord, "target=Dragonewt weapon=none types=heat", [1, 1])
    assert events[0].text == "(2D6>=?) ＞ 2[1,1] ＞ 2"
    assert enc.prompts[0].data["power"] == 0 and enc.prompts[0].data["types"] == ["heat"]


def test_action_value_and_reflex_are_set_with_gc_set_not_on_combat_add() -> None:
    enc, lord, _, _ = armed()
    SPECIALS["gc_set"].run(enc, lord, "action_value=11 reflex=4", None)
    assert (lord.stats.action_value, lord.stats.reflex) == (11, 4)
    assert "action_value" not in lord.extra["gc"]
    from bot.systems.grancrest.combat import parse_numbers
    from bot.systems.stats import StatError

    with pytest.raises(StatError):
        parse_numbers("action_value=3")  # /combat add: its own action_value option
