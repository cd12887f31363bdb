"""Esperancer digest, "Turn flow": each rule by name."""

from __future__ import annotations

import pytest

from bot.combat import engine
from bot.combat.errors import CombatError
from bot.combat.events import (
    Event,
    PhaseStarted,
    Rolled,
    SonicDriveChosen,
    SonicDriveOffered,
    TurnStarted,
)
from bot.combat.model import Action, Encounter, Phase, Side
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, names, perform, step, walk
from tests.conftest import FixedDice

RULES = ruleset("Esperancer")


def d10(*values: int) -> FixedDice:
    return FixedDice((10, v) for v in values)


def test_turn_is_setup_initiative_each_combatant_then_cleanup() -> None:
    enc = encounter("Esperancer")
    add(enc, "Hero", Side.PC)
    add(enc, "Drone")
    seen = walk(enc, 6, d10(9, 9, 1, 1))  # Drone rolls 18 at once; Hero 2 when moving on
    assert [(p, a) for _, p, a in seen] == [
        (Phase.SETUP, None), (Phase.INITIATIVE, None), (Phase.MAIN, "Drone"),
        (Phase.MAIN, "Hero"), (Phase.CLEANUP, None), (Phase.SETUP, None),
    ]  # fmt: skip
    assert seen[-1][0] == 2  # the next turn starts again from Setup


def test_initiative_rolls_2d10_checks_with_explosion_plus_modifier() -> None:
    enc = encounter("Esperancer")
    add(enc, "Drone", initiative_mod=3)
    step(enc)
    events = step(enc, d10(10, 4, 6))  # the seed's [10][4] → 6
    roll = next(e for e in events if isinstance(e, Rolled))
    assert roll.text == "(2ES+3) ＞ 16[10,6],4+3 ＞ 23 ＞ クリティカル"
    assert enc.combatants[0].initiative == 23


def test_gm_npcs_roll_at_once_players_may_roll_their_own_the_rest_are_rolled_on_leaving() -> None:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC)
    sidekick = add(enc, "Sidekick", Side.PC)
    add(enc, "Drone")
    step(enc)
    step(enc, d10(5, 5))  # only the NPC is rolled as Initiative starts
    assert [c.initiative for c in enc.combatants] == [None, None, 10]
    RULES.specials()["roll_initiative"].run(enc, enc.combatant(hero), "", d10(9, 9))
    with pytest.raises(CombatError) as error:
        RULES.specials()["roll_initiative"].run(enc, enc.combatant(hero), "", d10(1, 1))
    assert error.value.code == "combat.already_rolled"
    step(enc, d10(1, 2))  # moving on rolls for Sidekick
    assert enc.combatant(sidekick).initiative == 3  # type: ignore[union-attr]
    assert names(enc, enc.order) == ["Hero", "Drone", "Sidekick"]


def test_sonic_drive_is_offered_at_or_above_its_value_and_the_answer_recorded() -> None:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC, sonic_drive=15)
    step(enc)
    step(enc)
    events = RULES.specials()["roll_initiative"].run(enc, enc.combatant(hero), "", d10(8, 7))
    assert SonicDriveOffered(hero, 15, 15) in events
    chosen = RULES.specials()["sonic"].run(enc, enc.combatant(hero), "yes", None)
    assert chosen == [SonicDriveChosen(hero, True)]
    assert enc.combatant(hero).extra["sonic_drive"] is True  # type: ignore[union-attr]


def test_no_sonic_drive_offer_below_the_value() -> None:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC, sonic_drive=15)
    step(enc)
    step(enc)
    events = RULES.specials()["roll_initiative"].run(enc, enc.combatant(hero), "", d10(7, 7))
    assert not any(isinstance(e, SonicDriveOffered) for e in events)
    with pytest.raises(CombatError):
        RULES.specials()["sonic"].run(enc, enc.combatant(hero), "yes", None)


def test_order_is_descending_action_value_ties_pc_before_npc_then_gm_order() -> None:
    enc = encounter("Esperancer")
    add(enc, "Orc", Side.NPC)
    add(enc, "Imp", Side.NPC)
    add(enc, "Hero", Side.PC)
    add(enc, "Boss", Side.NPC)
    step(enc)
    step(enc, d10(3, 3, 3, 3, 9, 9))  # Orc 6, Imp 6, Boss 18 (NPCs first)
    step(enc, d10(3, 3))  # Hero 6
    assert names(enc, enc.order) == ["Boss", "Hero", "Orc", "Imp"]


def test_minor_comes_before_major() -> None:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC)
    walk(enc, 3, d10(5, 5))
    c = enc.combatant(hero)
    assert c is not None
    engine.use_action(enc, RULES, c, Action.MAJOR)
    with pytest.raises(CombatError) as error:
        engine.use_action(enc, RULES, c, Action.MINOR)
    assert error.value.code == "combat.minor_after_major"


def test_each_turn_rolls_initiative_anew() -> None:
    enc = encounter("Esperancer")
    add(enc, "Drone")
    walk(enc, 5, d10(1, 1, 9, 9))
    assert enc.round == 2 and enc.phase is Phase.SETUP and enc.combatants[0].initiative is None
    step(enc, d10(9, 9))
    assert enc.combatants[0].initiative == 18


def test_removing_the_current_actor_moves_on_to_the_next_in_order() -> None:
    enc = encounter("Esperancer")
    add(enc, "A", Side.PC)
    add(enc, "B", Side.PC)
    add(enc, "C", Side.PC)
    walk(enc, 3, d10(9, 9, 5, 5, 1, 1))  # A's turn (18), then B (10), C (2)
    step(enc)  # B's turn
    engine.remove(enc, enc.find("B"))  # type: ignore[arg-type]
    assert [(p, a) for _, p, a in walk(enc, 2)] == [(Phase.MAIN, "C"), (Phase.CLEANUP, None)]


# -- the players' rolls move the flow (issue 16) ------------------------------------------------
def roll(enc: Encounter, who: int, *values: int) -> list[Event]:
    return perform(enc, "roll_initiative", who, "", d10(*values))


def test_players_roll_their_initiative_in_setup_and_the_fight_waits_for_the_others() -> None:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC)
    sidekick = add(enc, "Sidekick", Side.PC)
    add(enc, "Drone")
    step(enc)  # round 1's Setup
    events = roll(enc, hero, 9, 9)
    assert [(e.combatant_id, e.total) for e in events if isinstance(e, Rolled)] == [(hero, 18)]
    assert enc.phase is Phase.SETUP  # Sidekick has not rolled: still the players' stop
    assert not any(isinstance(e, PhaseStarted) for e in events)
    assert [c.initiative for c in enc.combatants] == [18, None, None]
    with pytest.raises(CombatError) as error:
        roll(enc, hero, 1, 1)
    assert error.value.code == "combat.already_rolled"
    assert enc.combatant(sidekick).initiative is None  # type: ignore[union-attr]


def test_the_last_player_roll_starts_the_first_turn_and_the_npcs_roll_in_the_same_events() -> None:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC)
    sidekick = add(enc, "Sidekick", Side.PC)
    drone = add(enc, "Drone")
    step(enc)
    roll(enc, hero, 9, 9)  # 18
    events = roll(enc, sidekick, 1, 2, 5, 5)  # Sidekick 3; the Drone, as Initiative starts: 10
    rolled = [(e.combatant_id, e.total) for e in events if isinstance(e, Rolled)]
    assert rolled == [(sidekick, 3), (drone, 10)]  # Hero is not rolled again
    phases = [e.phase for e in events if isinstance(e, PhaseStarted)]
    assert phases == ["initiative", "main"]  # no Next in between
    assert TurnStarted(hero, ["minor", "major"]) in events
    assert (enc.phase, enc.actor) == (Phase.MAIN, hero)
    assert names(enc, enc.order) == ["Hero", "Drone", "Sidekick"]


def test_the_gms_next_goes_on_without_the_missing_rolls() -> None:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC)
    sidekick = add(enc, "Sidekick", Side.PC)
    drone = add(enc, "Drone")
    step(enc)
    roll(enc, hero, 9, 9)  # 18; Sidekick does not roll
    events = step(enc, d10(5, 5))  # the GM's Next: Initiative, the Drone rolled; Sidekick waited
    assert [e.combatant_id for e in events if isinstance(e, Rolled)] == [drone]
    assert enc.phase is Phase.INITIATIVE and enc.combatant(hero).initiative == 18  # type: ignore[union-attr]
    events = step(enc, d10(1, 2))  # the next Next rolls for Sidekick and starts the first turn
    assert [(e.combatant_id, e.total) for e in events if isinstance(e, Rolled)] == [(sidekick, 3)]
    assert (enc.phase, enc.actor) == (Phase.MAIN, hero)
    with pytest.raises(CombatError) as error:  # the rolls are over once the turns begin
        roll(enc, sidekick, 9, 9)
    assert error.value.code == "combat.initiative_closed"


def test_no_initiative_roll_outside_setup_and_initiative() -> None:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC)
    add(enc, "Drone")
    step(enc)
    roll(enc, hero, 9, 9, 1, 1)  # the only player's roll: the first turn, Hero's
    assert (enc.phase, enc.actor) == (Phase.MAIN, hero)
    late = add(enc, "Latecomer", Side.PC)  # joins during the turns, without an initiative
    with pytest.raises(CombatError) as error:
        roll(enc, late, 9, 9)
    assert error.value.code == "combat.initiative_closed"
