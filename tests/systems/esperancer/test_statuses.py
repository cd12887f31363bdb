"""Esperancer digest, "Status effects": each status by name."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import (
    AttackResolved,
    CombatantDown,
    Damaged,
    Recovered,
    Rolled,
    StatusApplied,
    StatusExpired,
)
from bot.combat.model import Action, Encounter, Phase, Side
from bot.systems import ruleset
from bot.systems.esperancer.statuses import Effect, apply, effect_named, has
from tests.combat.helpers import add, encounter, perform, step
from tests.conftest import FixedDice

RULES = ruleset("Esperancer")


def run(enc: Encounter, name: str, who: int, detail: str, dice: FixedDice | None = None) -> list:
    return RULES.specials()[name].run(enc, enc.combatant(who), detail, dice)


def to_turn_of(enc: Encounter, first: str, npcs: list[int], pcs: list[int]) -> None:
    """Setup → Initiative (NPCs rolled as it starts, players on leaving) → the first turn."""
    step(enc)
    step(enc, FixedDice(npcs))
    step(enc, FixedDice(pcs))
    actor = enc.combatant(enc.actor)  # type: ignore[arg-type]
    assert enc.phase is Phase.MAIN and actor is not None and actor.name == first


def fight() -> tuple[Encounter, int, int]:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC)
    drone = add(enc, "Drone", Side.NPC)
    run(enc, "esp_set", hero, "hp=30 speed=5")
    run(enc, "esp_set", drone, "hp=30 speed=5")
    return enc, hero, drone


def test_status_names_accept_english_and_japanese() -> None:
    assert effect_named("Poison") is Effect.POISON
    assert effect_named("転倒") is Effect.PRONE
    assert effect_named("封印") is Effect.SEAL
    with pytest.raises(CombatError) as error:
        effect_named("burning")
    assert error.value.code == "esp.unknown_status"


def test_poison_deals_1d10_at_every_cleanup_and_is_not_a_check_so_a_10_does_not_explode() -> None:
    enc, _hero, drone = fight()
    assert run(enc, "status", drone, "add 毒") == [StatusApplied(drone, "poison")]
    to_turn_of(enc, "Hero", [5, 5], [9, 9])  # Drone 10, Hero 18
    step(enc)  # Drone's turn
    events = step(enc, FixedDice([10]))  # Cleanup: poison rolls one d10 — a 10, and no more
    assert [e for e in events if isinstance(e, Damaged)] == [Damaged(drone, 10, 20)]
    assert next(e for e in events if isinstance(e, Rolled)).dice == [(10, 10)]
    step(enc)  # the next turn: poison stays until an effect removes it
    assert has(enc.combatant(drone), Effect.POISON)  # type: ignore[arg-type]


def test_prone_costs_the_dodge_one_die_and_ends_as_its_own_action_starts() -> None:
    enc, hero, drone = fight()
    run(enc, "engage", hero, "Drone")
    run(enc, "status", drone, "add prone")
    to_turn_of(enc, "Hero", [5, 5], [9, 9])
    # hit 2D10 = 3+4; the prone dodge rolls one die (6), not two
    events = run(enc, "attack", hero, "target=Drone damage=5", FixedDice([3, 4, 6]))
    dodge = next(e for e in events if isinstance(e, Rolled) and e.purpose == "dodge")
    assert dodge.dice == [(10, 6)]
    assert enc.combatant(drone).stats.hp == 25  # type: ignore[union-attr]
    events = step(enc)  # Drone's own action starts: prone ends
    assert StatusExpired(drone, "prone") in events


def test_paralysis_forbids_the_minor_and_ends_once_that_minor_has_passed() -> None:
    enc, hero, _drone = fight()
    run(enc, "status", hero, "add 麻痺")
    to_turn_of(enc, "Hero", [5, 5], [9, 9])
    assert RULES.available(enc, enc.combatant(hero)) == [Action.MAJOR]  # type: ignore[arg-type]
    with pytest.raises(CombatError) as error:
        run(enc, "skill", hero, "timing=minor name=Focus")
    assert error.value.code == "esp.paralysed"
    with pytest.raises(CombatError):
        run(enc, "move", hero, "3")
    run(enc, "move", hero, "15 full")  # a full move is the major action: still allowed
    events = step(enc)
    assert StatusExpired(hero, "paralysis") in events


def test_sleep_takes_every_action_and_ends_when_attacked() -> None:
    enc, hero, drone = fight()
    run(enc, "engage", hero, "Drone")
    run(enc, "status", drone, "add 眠り")
    assert enc.combatant(drone).incapacitated  # type: ignore[union-attr]
    to_turn_of(enc, "Hero", [1, 1], [9, 9])  # the sleeper still rolls: sleep bars actions only
    events = run(enc, "attack", hero, "target=Drone damage=3", FixedDice([1, 1, 5, 5]))
    assert StatusExpired(drone, "sleep") in events  # a miss still wakes it
    assert not enc.combatant(drone).incapacitated  # type: ignore[union-attr]


def test_faint_is_out_of_the_fight_at_once_cannot_dodge_and_ends_when_attacked() -> None:
    enc, hero, drone = fight()
    run(enc, "engage", hero, "Drone")
    events = perform(enc, "status", drone, "add faint")
    assert CombatantDown(drone, "faint") in events  # 即座に戦闘不能
    assert not enc.combatant(drone).can_act  # type: ignore[union-attr]
    to_turn_of(enc, "Hero", [], [9, 9])  # out of the fight: no initiative, no turn
    events = perform(enc, "attack", hero, "target=Drone damage=3", FixedDice([2, 2]))
    assert AttackResolved(hero, drone, 4, None, True) in events  # no dodge from the fainted
    assert StatusExpired(drone, "faint") in events and Recovered(drone, 27) in events


def test_bosses_are_immune_to_sleep_and_faint_and_are_told_so() -> None:
    enc, _hero, drone = fight()
    run(enc, "esp_set", drone, "boss=yes")
    for effect in ("sleep", "faint"):
        with pytest.raises(CombatError) as error:
            run(enc, "status", drone, f"add {effect}")
        assert error.value.code == "esp.boss_immune"
    assert run(enc, "status", drone, "add poison") == [StatusApplied(drone, "poison")]


def test_seal_forbids_plain_major_skills_until_that_major_action_ends() -> None:
    enc, hero, _drone = fight()
    run(enc, "status", hero, "add seal")
    to_turn_of(enc, "Hero", [5, 5], [9, 9])
    with pytest.raises(CombatError) as error:
        run(enc, "skill", hero, "timing=major name=Blade Storm")
    assert error.value.code == "esp.sealed"
    run(enc, "skill", hero, "timing=combinable name=Edge")  # combinable ones are still allowed
    events = step(enc)
    assert StatusExpired(hero, "seal") in events


def test_applying_a_status_twice_changes_nothing() -> None:
    enc, hero, _ = fight()
    c = enc.combatant(hero)
    assert c is not None
    apply(c, Effect.POISON)
    assert apply(c, Effect.POISON) == []
    assert [s.kind for s in c.statuses] == ["poison"]


def test_sleep_also_forbids_setup_and_cleanup_skills() -> None:
    enc, hero, _drone = fight()
    run(enc, "status", hero, "add sleep")
    step(enc)  # Setup
    with pytest.raises(CombatError) as error:
        run(enc, "skill", hero, "timing=setup name=Ready")
    assert error.value.code == "combat.cannot_act"
