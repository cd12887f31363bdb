"""Naval digest, "Events": each result of the 2D6 table, rolled at the start of Setup with fixed
dice, and what it does to that round."""

from __future__ import annotations

import pytest

from bot.combat import prompts
from bot.combat.errors import CombatError
from bot.combat.events import Rolled
from bot.combat.model import Phase, Side
from bot.systems.naval.battlefield import morale, ship_data
from tests.conftest import FixedDice
from tests.systems.naval.helpers import battle, run

NEW_SHIP = "hp=100 areas=1 position=5 name="


def refused(code: str, *args: object) -> None:
    with pytest.raises(CombatError) as error:
        run(*args)  # type: ignore[arg-type]
    assert error.value.code == code


def test_without_a_reinforcement_event_no_new_ship_joins_mid_fight() -> None:
    enc, _, _ = battle()
    refused("naval.no_new_ships", enc, "place_ship", None, f"{NEW_SHIP}X side=npc")


def test_event_2_many_enemy_reinforcements_up_to_two_new_enemy_ships() -> None:
    enc, _, _ = battle(event=[1, 1])
    assert enc.data["event"]["kind"] == "enemy_reinforcements"
    refused("naval.no_new_ships", enc, "place_ship", None, f"{NEW_SHIP}P side=pc")
    run(enc, "place_ship", None, f"{NEW_SHIP}E1 side=npc")
    run(enc, "place_ship", None, f"{NEW_SHIP}E2 side=npc")
    refused("naval.no_new_ships", enc, "place_ship", None, f"{NEW_SHIP}E3 side=npc")


def test_event_3_enemy_reinforcements_up_to_one_new_enemy_ship() -> None:
    enc, _, _ = battle(event=[1, 2])
    run(enc, "place_ship", None, f"{NEW_SHIP}E1 side=npc")
    refused("naval.no_new_ships", enc, "place_ship", None, f"{NEW_SHIP}E2 side=npc")


def test_event_4_strong_headwind_pcs_lose_a_die_and_cannot_go_forward() -> None:
    enc, hero, _ = battle(event=[1, 3])
    refused("naval.wind_forbids", enc, "steer", hero, "forward")
    events = run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6+5 damage=1", FixedDice([4]))
    assert next(e for e in events if isinstance(e, Rolled)).text.startswith("(1D6+5)")


def test_event_5_rough_seas_ships_drift_and_non_flyers_take_2() -> None:
    enc, hero, guard = battle(event=[2, 3, 1, 2])  # the PC ship drifts forward, the patrol back
    ships = [enc.find(n) for n in ("オールマイト・キャプテン号", "柾良式巡視船")]
    assert [ship_data(s)["position"] for s in ships] == [1, 2]  # type: ignore[arg-type]
    run(enc, "naval_set", guard, "flying=yes")
    events = run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6 damage=1", FixedDice([3, 3]))
    assert next(e for e in events if isinstance(e, Rolled)).total == 4


def test_event_6_flooding_stops_ship_skills_at_half_hp_or_less() -> None:
    enc, hero, _ = battle(event=[3, 3])
    enc.data["morale"] = {"pc": 6}
    captain = enc.find("オールマイト・キャプテン号")
    captain.stats.hp = 1151  # type: ignore[union-attr]
    run(
        enc, "ship_skill", hero, "ship=オールマイト・キャプテン号 skill=修繕"
    )  # above half: allowed
    captain.stats.hp = 1150  # type: ignore[union-attr]
    refused("naval.flooded", enc, "ship_skill", hero, "ship=オールマイト・キャプテン号 skill=修繕")


def test_event_7_calm_sea_changes_nothing() -> None:
    enc, hero, _ = battle(event=[3, 4])
    assert enc.data["event"]["kind"] == "calm" and enc.data.get("morale") is None
    run(enc, "steer", hero, "forward")  # any direction is open


def test_event_8_fierce_battle_doubles_both_sides_morale() -> None:
    enc, _, _ = battle()
    enc.data["morale"] = {"pc": 2, "npc": 3}
    enc.phase, enc.data["event"] = Phase.SETUP, {"round": enc.round, "state": "pending"}
    prompts.open_prompt(enc, "naval_event", None, "phase")
    run(enc, "roll_event", None, "", FixedDice([4, 4]))  # the event once morale stands
    assert (morale(enc, Side.PC), morale(enc, Side.NPC)) == (4, 6)


def test_event_9_running_aground_sticks_a_random_ship_and_costs_a_quarter_of_its_hp() -> None:
    enc, _, guard = battle(event=[4, 5, 2])  # the second ship afloat: the patrol boat
    patrol = enc.find("柾良式巡視船")
    assert patrol.stats.hp == 225  # type: ignore[union-attr]
    enc.actor = guard
    run(enc, "licence", guard, "ship")
    refused("naval.aground", enc, "steer", guard, "forward")


def test_event_10_strong_tailwind_pcs_gain_a_die_and_cannot_go_back() -> None:
    enc, hero, _ = battle(event=[5, 5])
    refused("naval.wind_forbids", enc, "steer", hero, "back")
    events = run(enc, "attack", hero, "target=柾良式巡視船 hit=2D6 damage=1", FixedDice([1, 1, 1]))
    assert next(e for e in events if isinstance(e, Rolled)).text.startswith("(3D6)")


def test_event_11_allied_reinforcements_up_to_one_new_allied_ship() -> None:
    enc, _, _ = battle(event=[5, 6])
    refused("naval.no_new_ships", enc, "place_ship", None, f"{NEW_SHIP}E side=npc")
    run(enc, "place_ship", None, f"{NEW_SHIP}A1 side=pc")
    refused("naval.no_new_ships", enc, "place_ship", None, f"{NEW_SHIP}A2 side=pc")


def test_event_12_many_allied_reinforcements_up_to_two_new_allied_ships() -> None:
    enc, _, _ = battle(event=[6, 6])
    run(enc, "place_ship", None, f"{NEW_SHIP}A1 side=pc")
    run(enc, "place_ship", None, f"{NEW_SHIP}A2 side=pc")
    refused("naval.no_new_ships", enc, "place_ship", None, f"{NEW_SHIP}A3 side=pc")


def test_events_last_for_their_round_only() -> None:
    enc, hero, _ = battle(event=[1, 3])  # headwind in round 1
    enc.round += 1  # a later round whose event was skipped keeps nothing of it
    enc.data["event"] = {"round": enc.round, "state": "skipped"}
    run(enc, "steer", hero, "forward")
