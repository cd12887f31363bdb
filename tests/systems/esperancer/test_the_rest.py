"""Esperancer, the rest of the combat rules: engages that follow movement, statuses at the right
moments, damage and healing, the GM's order for ties, numbers that can change, dodges, and a
precise answer for each mistake. Each rule by name, with fixed dice."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import (
    AttackResolved,
    Damaged,
    EngageChanged,
    Healed,
    MovedDistance,
    OrderChanged,
    ReactionRequested,
    Recovered,
    Rolled,
    StatusExpired,
    TurnSkipped,
)
from bot.combat.model import Encounter, Side
from bot.dice.numbers import NumberError
from tests.combat.helpers import add, encounter, perform, step
from tests.conftest import FixedDice
from tests.systems.esperancer.test_statuses import to_turn_of


def table() -> tuple[Encounter, int, int]:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC)
    drone = add(enc, "Drone", Side.NPC)
    perform(enc, "esp_set", hero, "hp=30 speed=5")
    perform(enc, "esp_set", drone, "hp=30 speed=5")
    return enc, hero, drone


def refused(enc: Encounter, action: str, who: int | None, detail: str = "") -> str:
    with pytest.raises((CombatError, NumberError)) as error:
        perform(enc, action, who, detail, FixedDice([1] * 20))
    return error.value.code


# -- engage follows movement -------------------------------------------------------------------
def test_a_move_takes_the_mover_out_of_its_engage_even_a_full_one() -> None:
    enc, hero, _ = table()
    perform(enc, "engage", hero, "Drone")
    to_turn_of(enc, "Hero", [1, 1], [9, 9])
    assert perform(enc, "move", hero, "15 full") == [
        MovedDistance(hero, 15, True), EngageChanged(hero, None)
    ]  # fmt: skip


def test_engaging_is_a_move_of_ones_own_turn_once_the_fight_is_on() -> None:
    enc, hero, _ = table()
    step(enc)  # round 1's Setup
    assert refused(enc, "engage", hero, "Drone") == "combat.not_your_turn"
    step(enc, FixedDice([1, 1]))
    step(enc, FixedDice([9, 9]))  # Hero's turn
    assert perform(enc, "engage", hero, "Drone") == [EngageChanged(hero, 1)]
    assert refused(enc, "move", hero, "3") == "combat.action_used"  # engaging was the move


def test_engaging_oneself_is_refused_with_the_reason() -> None:
    enc, hero, _ = table()
    assert refused(enc, "engage", hero, "Hero") == "esp.engage_self"


# -- statuses at the right moments ---------------------------------------------------------------
def test_sleep_put_on_the_acting_combatant_stops_the_rest_of_its_turn() -> None:
    enc, hero, drone = table()
    to_turn_of(enc, "Hero", [1, 1], [9, 9])
    events = perform(enc, "status", hero, "add sleep")
    assert TurnSkipped(hero) in events and enc.actor == drone  # the flow goes on by itself
    assert refused(enc, "move", hero, "3") == "combat.not_your_turn"
    assert refused(enc, "attack", hero, "target=Drone range=ranged") == "combat.not_your_turn"


def test_a_sleeper_rolls_initiative_its_turn_passes_announced_and_woken_in_time_it_acts() -> None:
    enc, hero, drone = table()
    perform(enc, "status", drone, "add sleep")
    step(enc)
    events = step(enc, FixedDice([5, 5]))  # the sleeping drone still rolls: 10
    assert any(isinstance(e, Rolled) and e.combatant_id == drone for e in events)
    events = step(enc, FixedDice([9, 9]))  # Hero 18 first
    perform(enc, "attack", hero, "target=Drone range=ranged damage=1", FixedDice([9, 9, 1, 1]))
    events = step(enc)  # woken before its turn came: it takes it
    assert enc.actor == drone and not any(isinstance(e, TurnSkipped) for e in events)
    enc2, _, drone2 = table()
    perform(enc2, "status", drone2, "add sleep")
    to_turn_of(enc2, "Hero", [5, 5], [9, 9])
    events = step(enc2)  # still asleep when its turn comes: it passes, and the post says so
    assert TurnSkipped(drone2) in events


def test_seal_and_paralysis_put_on_during_the_victims_own_turn_wait_for_its_next() -> None:
    enc, hero, _ = table()
    to_turn_of(enc, "Hero", [1, 1], [9, 9])
    perform(enc, "status", hero, "add paralysis")
    perform(enc, "status", hero, "add seal")
    assert perform(enc, "move", hero, "3")  # this turn's minor is still free
    perform(enc, "skill", hero, "timing=major name=Storm")  # and this turn's major skill
    events = step(enc)  # its turn ends (the drone's begins): the two wait for the next one
    assert not any(isinstance(e, StatusExpired) for e in events)
    step(enc)  # Cleanup
    step(enc)  # round 2's Setup
    step(enc, FixedDice([1, 1]))  # Initiative: the drone rolls 2
    step(enc, FixedDice([9, 9]))  # Hero rolls 18 as it ends: Hero's next turn
    assert enc.actor == hero
    assert refused(enc, "move", hero, "3") == "esp.paralysed"
    assert refused(enc, "skill", hero, "timing=major name=Storm") == "esp.sealed"


def test_boss_yes_ends_sleep_and_faint() -> None:
    enc, _, drone = table()
    perform(enc, "status", drone, "add faint")
    events = perform(enc, "esp_set", drone, "boss=yes")
    assert StatusExpired(drone, "faint") in events and Recovered(drone, 30) in events


# -- damage and healing --------------------------------------------------------------------------
def test_damage_never_heals() -> None:
    enc, hero, drone = table()
    perform(enc, "engage", hero, "Drone")
    to_turn_of(enc, "Hero", [1, 1], [9, 9])
    events = perform(enc, "attack", hero, "target=Drone damage=1D10-20", FixedDice([9, 9, 1, 1, 4]))
    assert Damaged(drone, 0, 30) in events


def test_the_gms_healing_stops_at_the_maximum_and_brings_the_fallen_back() -> None:
    enc, _, drone = table()
    perform(enc, "esp_set", drone, "hp=-2")
    events = perform(enc, "heal", drone, "50")
    assert Healed(drone, 32, 30) in events and Recovered(drone, 30) in events
    rolled = perform(enc, "heal", drone, "2D10", FixedDice([3, 4]))
    assert any(isinstance(e, Rolled) and e.purpose == "heal" for e in rolled)


def test_a_bad_damage_spec_is_refused_even_when_the_attack_would_miss() -> None:
    enc, hero, _ = table()
    to_turn_of(enc, "Hero", [1, 1], [9, 9])
    assert refused(enc, "attack", hero, "target=Drone range=ranged damage=lots") == "esp.bad_roll"
    assert enc.combatant(hero).used == []  # type: ignore[union-attr]  # the major stays


def test_hit_and_damage_numbers_are_bounded() -> None:
    enc, hero, _ = table()
    to_turn_of(enc, "Hero", [1, 1], [9, 9])
    assert refused(enc, "attack", hero, "target=Drone range=ranged hit=+99999") == "esp.bad_roll"
    assert refused(enc, "attack", hero, f"target=Drone range=ranged damage={'9' * 30}") == (
        "number.out_of_range"
    )


# -- the GM's order for ties ---------------------------------------------------------------------
def test_the_gm_orders_ties_in_initiative() -> None:
    enc = encounter("Esperancer")
    first, second = add(enc, "Wasp", Side.NPC), add(enc, "Hornet", Side.NPC)
    step(enc)
    step(enc, FixedDice([5, 5, 5, 5]))  # both 10
    step(enc, FixedDice([]))
    assert enc.order == [first, second]  # the order of addition
    events = perform(enc, "set_order", None, "Hornet, Wasp")
    assert OrderChanged([second, first]) in events and enc.order == [second, first]


# -- numbers that can change ---------------------------------------------------------------------
def test_esp_set_changes_initiative_mod_and_sonic_drive_and_reads_a_signed_dodge() -> None:
    enc, hero, _ = table()
    perform(enc, "esp_set", hero, "initiative_mod=3 sonic_drive=16 dodge=+2")
    c = enc.combatant(hero)
    assert c is not None and (c.stats.initiative_mod, c.stats.sonic_drive) == (3, 16)
    assert c.extra["esp"]["dodge"] == 2
    assert refused(enc, "esp_set", hero, "boss=maybe") == "combat.bad_flag"


# -- dodges --------------------------------------------------------------------------------------
def test_a_dodge_modifier_for_one_attack() -> None:
    enc, hero, drone = table()
    to_turn_of(enc, "Hero", [1, 1], [9, 9])
    events = perform(enc, "attack", hero, "target=Drone range=ranged dodge=-1D10",
                     FixedDice([5, 5, 9]))  # fmt: skip
    assert AttackResolved(hero, drone, 10, 9, True) in events  # one die fewer: 9, not 9 + x


def test_players_roll_their_own_dodge_when_the_encounter_says_so() -> None:
    enc, hero, drone = table()
    perform(enc, "esp_options", None, "dodge_rolls=players")
    to_turn_of(enc, "Drone", [9, 9], [1, 1])  # the drone acts first
    events = perform(enc, "attack", drone, "target=Hero range=ranged damage=5", FixedDice([5, 5]))
    assert ReactionRequested(hero, 1000) in events  # Hero's player rolls it (a button)
    answered = perform(enc, "dodge", hero, "", FixedDice([6, 6]))
    assert AttackResolved(drone, hero, 10, 12, False) in answered
    assert refused(enc, "dodge", hero) == "esp.no_dodge_pending"


# -- a precise answer for each mistake -----------------------------------------------------------
def test_each_mistake_gets_its_own_answer() -> None:
    enc, hero, _ = table()
    assert refused(enc, "status", hero, "remove poison") == "esp.status_absent"
    perform(enc, "status", hero, "add poison")
    assert refused(enc, "status", hero, "add poison") == "esp.status_already"
    to_turn_of(enc, "Hero", [1, 1], [9, 9])
    assert refused(enc, "leave", hero) == "esp.not_in_engage"
    assert refused(enc, "move", hero, "0") == "esp.zero_move"
    assert enc.combatant(hero).used == []  # type: ignore[union-attr]  # the minor stays
    assert refused(enc, "move", hero, "3 past=Nobody") == "esp.unknown_past"
    skill = perform(enc, "skill", hero, "timing=combinable name=Edge=Of=Night")
    assert skill[0].skill == "Edge=Of=Night"  # type: ignore[attr-defined]
