"""Naval digest, "Moving a ship" and "Battlefield" through the flow's actions, by name."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import ShipMoved
from bot.combat.model import Action, Side
from bot.systems.naval.battlefield import position_of, ship_data
from tests.conftest import FixedDice
from tests.systems.naval.helpers import RULES, battle, run


def test_without_a_licence_steering_spends_the_whole_main_process() -> None:
    enc, hero, _ = battle()
    captain = enc.find("オールマイト・キャプテン号").id  # type: ignore[union-attr]
    assert run(enc, "steer", hero, "forward") == [ShipMoved(captain, 1)]
    assert set(enc.combatant(hero).used) == {Action.MOVE, Action.MINOR, Action.MAJOR}  # type: ignore[union-attr]
    assert position_of(enc, enc.combatant(hero)) == 2  # type: ignore[arg-type]  # aboard, it moved too


def test_a_driving_licence_spends_move_and_minor() -> None:
    enc, hero, _ = battle("driving")
    run(enc, "steer", hero, "forward")
    assert enc.combatant(hero).used == [Action.MOVE, Action.MINOR]  # type: ignore[union-attr]


def test_a_ship_licence_spends_move_and_minor_buys_one_more() -> None:
    enc, hero, _ = battle("ship")
    captain = enc.find("オールマイト・キャプテン号")
    run(enc, "steer", hero, "forward 2")
    assert ship_data(captain)["position"] == 2  # type: ignore[arg-type]
    assert enc.combatant(hero).used == [Action.MOVE, Action.MINOR]  # type: ignore[union-attr]
    with pytest.raises(CombatError) as error:
        run(enc, "steer", hero, "back")
    assert error.value.code == "naval.actions_spent"


def test_without_a_ship_licence_one_position_only() -> None:
    enc, hero, _ = battle("driving")
    with pytest.raises(CombatError) as error:
        run(enc, "steer", hero, "forward 2")
    assert error.value.code == "naval.one_position"


def test_boarding_is_a_free_action_before_the_move() -> None:
    enc, hero, _ = battle("ship")
    run(enc, "steer", hero, "forward 2")  # the helm area is now at position 3, by the patrol boat
    with pytest.raises(CombatError) as error:
        run(enc, "board", hero, "ship=柾良式巡視船 area=1")
    assert error.value.code == "naval.board_after_move"


def test_headwind_forbids_the_pcs_forward_and_the_enemys_back() -> None:
    enc, hero, _ = battle("ship")
    enc.data["event"] = {"round": enc.round, "state": "rolled", "kind": "headwind"}
    with pytest.raises(CombatError) as error:
        run(enc, "steer", hero, "forward")
    assert error.value.code == "naval.wind_forbids"
    captain = enc.find("オールマイト・キャプテン号").id  # type: ignore[union-attr]
    assert run(enc, "steer", hero, "back") == [ShipMoved(captain, -1)]


def test_forward_is_toward_the_enemy_for_either_side() -> None:
    enc, _hero, guard = battle("ship")
    run(enc, "licence", guard, "ship")
    enc.actor = guard  # the enemy's turn, for this rule alone
    patrol = enc.find("柾良式巡視船")
    run(enc, "steer", guard, "forward")
    assert ship_data(patrol)["position"] == 2  # type: ignore[arg-type]  # down, toward the PCs


def test_attacking_an_enemy_ship_raises_morale_and_sinking_the_flagship_ends_it() -> None:
    from bot.combat.events import MoraleChanged, ShipSunk, SideDefeated

    enc, _, guard = battle()
    patrol = enc.find("柾良式巡視船").id  # type: ignore[union-attr]
    events = run(enc, "ship_damage", None, "ship=柾良式巡視船 amount=120 by=pc")
    assert events[0] == MoraleChanged("pc", 1)
    events = run(enc, "ship_damage", None, "ship=柾良式巡視船 amount=500 by=pc")
    assert ShipSunk(patrol, (guard,)) in events and SideDefeated("npc", "flagship_sunk") in events


def test_ship_skills_through_the_flow_roll_the_bombardment() -> None:
    from bot.combat.events import Healed, Rolled

    enc, hero, _ = battle()
    enc.data["morale"] = {"pc": 5}
    captain = enc.find("オールマイト・キャプテン号")
    captain.stats.hp = 2250  # type: ignore[union-attr]
    events = run(enc, "ship_skill", hero, "ship=オールマイト・キャプテン号 skill=修繕")
    assert Healed(captain.id, 50, 2300) in events  # type: ignore[union-attr]  # up to the maximum
    events = RULES.specials()["ship_skill"].run(
        enc,
        enc.combatant(hero),
        "ship=オールマイト・キャプテン号 skill=砲撃 at=柾良海軍巡視兵",
        FixedDice([6] * 10),
    )
    bombard = next(e for e in events if isinstance(e, Rolled))
    assert bombard.text.startswith("(10D6)") and bombard.total == 60  # 2 morale left × 5
    assert enc.data["morale"]["pc"] == 0


def test_event_8_fierce_battle_doubles_both_sides_morale() -> None:
    from bot.systems.naval.battlefield import apply_event, morale

    enc, _, _ = battle()
    enc.data["morale"] = {"pc": 3, "npc": 0}
    apply_event(enc, "fierce_battle", None)
    assert (morale(enc, Side.PC), morale(enc, Side.NPC)) == (6, 0)


def test_event_5_rough_seas_moves_every_ship_one_position_at_random() -> None:
    from bot.systems.naval.battlefield import apply_event

    enc, _, _ = battle()
    apply_event(enc, "rough_seas", FixedDice([(2, 1), (2, 2)]))
    positions = [
        ship_data(enc.find(n))["position"] for n in ("オールマイト・キャプテン号", "柾良式巡視船")
    ]  # type: ignore[arg-type]
    assert positions == [1, 2]


def test_event_9_run_aground_one_random_ship_stuck_and_a_quarter_of_its_hp() -> None:
    from bot.systems.naval.battlefield import apply_event

    enc, hero, _ = battle()
    apply_event(enc, "run_aground", FixedDice([(2, 1)]))  # the first ship afloat
    captain = enc.find("オールマイト・キャプテン号")
    assert captain.stats.hp == 2300 - 575  # type: ignore[union-attr]
    with pytest.raises(CombatError) as error:
        run(enc, "steer", hero, "forward")
    assert error.value.code == "naval.aground"
