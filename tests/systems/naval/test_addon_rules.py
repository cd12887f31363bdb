"""The naval add-on's rules that the first version lacked — each by name, with fixed dice.

The battle of ``helpers.battle``: オールマイト・キャプテン号 (PC flagship, 3 areas) covers
positions 0–2 with its bow (area 1) at 2; 柾良式巡視船 (NPC flagship, 1 area) at 3; Hero at the
helm in the middle (position 1), the guard on the patrol boat. Hero's turn.
"""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import (
    CombatEnded,
    CrewMoved,
    Damaged,
    NoFlagship,
    ShipMoved,
    SideDefeated,
)
from bot.combat.model import Action, Encounter, Phase, Side
from bot.i18n import LocalizedError
from bot.systems.naval.battlefield import (
    ShipSpec,
    area_position,
    morale,
    place_ship,
    position_of,
    ship_data,
)
from tests.combat.helpers import add, encounter, step
from tests.conftest import FixedDice
from tests.systems.naval.helpers import battle, run

CAPTAIN, PATROL = "オールマイト・キャプテン号", "柾良式巡視船"


def ship(enc: Encounter, name: str, side: Side, position: int, areas: int = 1) -> None:
    """Another ship on the sea (as a reinforcement event would let the GM place it)."""
    place_ship(enc, name, side, ShipSpec(100, areas, 0), position)


def test_area_1_is_the_bow_toward_the_enemy_for_both_sides() -> None:
    enc, hero, _ = battle()
    captain, patrol = enc.find(CAPTAIN), enc.find(PATROL)
    assert [area_position(captain, a) for a in range(3)] == [2, 1, 0]  # type: ignore[arg-type]
    ship(enc, "Raider", Side.NPC, 5, areas=2)
    raider = enc.find("Raider")
    assert [area_position(raider, a) for a in range(2)] == [5, 6]  # type: ignore[arg-type]
    assert area_position(patrol, 0) == 3  # type: ignore[arg-type]
    run(enc, "aboard", hero, f"ship={CAPTAIN} area=1")
    assert position_of(enc, enc.combatant(hero)) == 2  # type: ignore[arg-type]  # the bow


def test_a_sunk_ship_cannot_be_boarded() -> None:
    enc, hero, _ = battle()
    ship(enc, "Wreck", Side.NPC, 2)
    run(enc, "ship_damage", None, "ship=Wreck amount=100")
    run(enc, "aboard", hero, f"ship={CAPTAIN} area=1")  # position 2, where the wreck lies
    for action, who, detail in (("board", hero, "ship=Wreck area=1"),
                                ("aboard", hero, "ship=Wreck area=1"),
                                ("crew", None, "preset=柾良海軍巡視兵 ship=Wreck")):  # fmt: skip
        with pytest.raises(CombatError) as error:
            run(enc, action, who, detail)
        assert error.value.code == "naval.wreck"


def test_a_ship_cannot_be_crew_of_another_ship() -> None:
    enc, _, _ = battle()
    with pytest.raises(CombatError) as error:
        run(enc, "aboard", enc.find(PATROL).id, f"ship={CAPTAIN} area=1")  # type: ignore[union-attr]
    assert error.value.code == "naval.ship_as_crew"


def test_ships_and_combatants_cannot_be_placed_or_set_at_hp_0_or_less() -> None:
    enc, hero, _ = battle()
    for detail in ("hp=0", "hp=-5"):
        with pytest.raises(LocalizedError):  # -5 is out of the field's range already
            run(enc, "ship_edit", None, f"{detail} ship={PATROL}")
        with pytest.raises(CombatError) as error:
            run(enc, "naval_set", hero, detail)
        assert error.value.code == "naval.bad_hp"
    with pytest.raises(CombatError) as error:
        run(enc, "ship_edit", None, f"hp=0 ship={PATROL}")
    assert error.value.code == "naval.bad_hp"
    with pytest.raises(CombatError) as error:
        place_ship(enc, "Ghost", Side.NPC, ShipSpec(0, 1, 0), 5)
    assert error.value.code == "naval.bad_hp"
    with pytest.raises(LocalizedError):  # the command's own reader: 1 or more
        encounter_ship = encounter("naval")
        run(encounter_ship, "place_ship", None, "name=Ghost hp=0 side=npc position=5")
    assert enc.find(PATROL).stats.hp == 300 and not enc.find(PATROL).out  # type: ignore[union-attr]


def test_one_action_sinking_both_flagships_ends_the_fight_once_as_a_draw() -> None:
    enc, hero, _ = battle()
    enc.data["morale"] = {"pc": 1}
    enc.find(CAPTAIN).stats.hp = 5  # type: ignore[union-attr]
    enc.find(PATROL).stats.hp = 5  # type: ignore[union-attr]
    ship(enc, "Raider", Side.NPC, 3)  # not a flagship: it stays afloat and decides nothing
    ship_data(enc.find(CAPTAIN))["position"] = 1  # type: ignore[arg-type]  # the bow at 3 too
    events = run(enc, "ship_skill", hero, f"ship={CAPTAIN} skill=砲撃 at={PATROL} ships=yes",
                 FixedDice([6] * 5))  # fmt: skip
    defeats = [e for e in events if isinstance(e, SideDefeated)]
    assert defeats == [SideDefeated("pc", "draw"), SideDefeated("npc", "draw")]
    assert sum(isinstance(e, CombatEnded) for e in events) == 1 and not enc.active
    from bot.i18n import use_locale
    from bot.ui.render import announce

    with use_locale("en"):
        text = announce(enc, events).embeds[-1].description or ""
    assert text.count("draw") == 1 and "lose: their flagship" not in text


def test_a_side_without_a_flagship_is_warned_when_the_fight_starts() -> None:
    enc = encounter("naval")
    run(enc, "place_ship", None, f"preset={CAPTAIN} side=pc position=0 flagship=yes")
    run(enc, "place_ship", None, f"preset={PATROL} side=npc position=3")
    add(enc, "Hero", Side.PC, action_value=9)
    events = step(enc)
    assert NoFlagship("npc") in events and NoFlagship("pc") not in events
    run(enc, "skip_event", None, "")
    step(enc, FixedDice([]))  # through the Initiative into the Hero's Main process
    step(enc)  # Cleanup
    events = step(enc)  # the next round's Setup warns no more
    assert (enc.round, enc.phase) == (2, Phase.SETUP)
    assert not any(isinstance(e, NoFlagship) for e in events)


def test_a_ship_licence_moves_once_then_spends_the_minor_later_for_the_second_position() -> None:
    enc, hero, _ = battle("ship")
    assert run(enc, "steer", hero, "forward") == [ShipMoved(enc.find(CAPTAIN).id, 1)]  # type: ignore[union-attr]
    c = enc.combatant(hero)
    assert c.used == [Action.MOVE]  # type: ignore[union-attr]
    run(enc, "steer", hero, "back")  # later in the same Main process: the Minor pays
    assert c.used == [Action.MOVE, Action.MINOR]  # type: ignore[union-attr]
    assert ship_data(enc.find(CAPTAIN))["position"] == 0  # type: ignore[arg-type]
    with pytest.raises(CombatError) as error:
        run(enc, "steer", hero, "forward")
    assert error.value.code == "naval.actions_spent"


def test_a_driving_licence_gets_no_second_position() -> None:
    enc, hero, _ = battle("driving")
    run(enc, "steer", hero, "forward")
    with pytest.raises(CombatError) as error:
        run(enc, "steer", hero, "forward")
    assert error.value.code == "naval.actions_spent"


def test_speed_up_doubles_the_distance_actually_moved() -> None:
    for steps, spent, moved in (("forward", [Action.MOVE], 2), ("forward 2", [Action.MOVE,
                                Action.MINOR], 4)):  # fmt: skip
        enc, hero, _ = battle("ship")
        ship_data(enc.find(CAPTAIN))["position"] = -10  # type: ignore[arg-type]  # open sea
        enc.data["morale"] = {"pc": 3}
        run(enc, "ship_skill", hero, f"ship={CAPTAIN} skill=速力上昇")
        run(enc, "steer", hero, steps)
        assert ship_data(enc.find(CAPTAIN))["position"] == -10 + moved  # type: ignore[arg-type]
        assert enc.combatant(hero).used == spent  # type: ignore[union-attr]
    enc, hero, _ = battle("ship")  # one, then the Minor's one later: 2 + 2
    ship_data(enc.find(CAPTAIN))["position"] = -10  # type: ignore[arg-type]
    enc.data["morale"] = {"pc": 3}
    run(enc, "ship_skill", hero, f"ship={CAPTAIN} skill=速力上昇")
    run(enc, "steer", hero, "forward")
    run(enc, "steer", hero, "forward")
    assert ship_data(enc.find(CAPTAIN))["position"] == -6  # type: ignore[arg-type]


def test_a_range_2_to_3_weapon_cannot_hit_at_distance_1() -> None:
    enc, hero, _ = battle()
    run(enc, "aboard", hero, f"ship={CAPTAIN} area=1")  # the bow at 2: the guard is 1 away
    with pytest.raises(CombatError) as error:
        run(enc, "attack", hero, "target=柾良海軍巡視兵 hit=2D6 damage=10 reach=2-3")
    assert error.value.code == "naval.too_close"
    run(enc, "naval_set", hero, "weapon=長弓 hit=2D6 damage=10 reach=2-3")
    with pytest.raises(CombatError):
        run(enc, "attack", hero, "target=柾良海軍巡視兵")  # the set weapon keeps its 2–3
    run(enc, "aboard", hero, f"ship={CAPTAIN} area=2")  # 2 away: in range
    events = run(enc, "attack", hero, "target=柾良海軍巡視兵", FixedDice([6, 6, 1, 1]))
    assert Damaged(enc.find("柾良海軍巡視兵").id, 10, None) in events  # type: ignore[union-attr]


def test_an_area_attack_with_ships_chooses_which_ships() -> None:
    enc, hero, guard = battle()
    ship(enc, "Friend", Side.PC, 3)
    patrol, friend = enc.find(PATROL).id, enc.find("Friend").id  # type: ignore[union-attr]
    hit = "target=柾良海軍巡視兵 hit=2D6 damage=20 area=yes"

    def struck(ships: str) -> set[int]:
        fresh, h, _ = battle()
        ship(fresh, "Friend", Side.PC, 3)
        found = run(fresh, "attack", h, f"{hit} ships={ships}", FixedDice([3, 4]))
        return {e.combatant_id for e in found if isinstance(e, Damaged)}

    assert struck("enemy") == {guard, patrol}  # not the friendly ship at the same position
    assert struck("own") == {guard, friend}
    assert struck("yes") == {guard, patrol, friend}
    assert struck("Friend") == {guard, friend}
    assert struck("no") == {guard}
    with pytest.raises(CombatError) as error:
        run(enc, "attack", hero, f"{hit} ships={CAPTAIN}")  # not at position 3
    assert error.value.code == "naval.ship_not_there"


def test_a_skill_that_needs_contact_at_range_1_stays_on_the_attackers_ship() -> None:
    enc, hero, _ = battle()
    run(enc, "aboard", hero, f"ship={CAPTAIN} area=1")  # 1 from the guard, on another ship
    with pytest.raises(CombatError) as error:
        run(enc, "attack", hero, "target=柾良海軍巡視兵 hit=2D6 damage=5 reach=1 contact=yes")
    assert error.value.code == "naval.melee_other_ship"
    run(enc, "aboard", hero, f"ship={CAPTAIN} area=2")
    run(enc, "crew", None, f"preset=柾良海軍巡視兵 ship={CAPTAIN} area=1 name=Boarder")
    events = run(enc, "attack", hero, "target=Boarder hit=2D6 damage=5 reach=3 contact=yes",
                 FixedDice([6, 6]))  # fmt: skip  # the same ship, 1 away
    assert Damaged(enc.find("Boarder").id, 5, 85) in events  # type: ignore[union-attr]
    run(enc, "aboard", hero, f"ship={CAPTAIN} area=3")
    enc.combatant(hero).used.clear()  # type: ignore[union-attr]
    with pytest.raises(CombatError) as error:  # 2 away on its own ship: contact reaches 1
        run(enc, "attack", hero, "target=Boarder hit=2D6 damage=5 reach=3 contact=yes")
    assert error.value.code == "naval.out_of_range"


def test_a_character_moves_between_areas_of_its_own_ship_with_its_move() -> None:
    enc, hero, _ = battle()
    assert run(enc, "walk", hero, "area=1") == [CrewMoved(hero, 0)]
    assert position_of(enc, enc.combatant(hero)) == 2  # type: ignore[arg-type]
    assert enc.combatant(hero).used == [Action.MOVE]  # type: ignore[union-attr]
    with pytest.raises(CombatError):
        run(enc, "walk", hero, "area=2")  # the move is spent
    enc, hero, _ = battle()
    with pytest.raises(LocalizedError):
        run(enc, "walk", hero, "area=4")
    run(enc, "aboard", hero, f"ship={CAPTAIN} area=1")
    with pytest.raises(CombatError) as error:
        run(enc, "walk", hero, "area=3")  # two areas: one move reaches the next only
    assert error.value.code == "naval.walk_one_area"


def test_bombard_without_a_target_is_refused_without_spending_morale() -> None:
    enc, hero, _ = battle()
    enc.data["morale"] = {"pc": 4}
    with pytest.raises(CombatError) as error:
        run(enc, "ship_skill", hero, f"ship={CAPTAIN} skill=砲撃")
    assert error.value.code == "naval.bombard_needs_target"
    assert morale(enc, Side.PC) == 4


def test_repair_at_full_hp_is_refused_without_spending_morale() -> None:
    enc, hero, _ = battle()
    enc.data["morale"] = {"pc": 4}
    with pytest.raises(CombatError) as error:
        run(enc, "ship_skill", hero, f"ship={CAPTAIN} skill=修繕")
    assert error.value.code == "naval.full_hp"
    assert morale(enc, Side.PC) == 4


def test_a_second_single_patrol_guard_gets_a_numbered_name() -> None:
    enc, _, _ = battle()
    run(enc, "crew", None, f"preset=柾良海軍巡視兵 ship={PATROL}")  # the battle has one already
    run(enc, "crew", None, f"preset=柾良海軍巡視兵 ship={PATROL}")
    assert [c.name for c in enc.combatants if c.name.startswith("柾良")] == [
        "柾良式巡視船", "柾良海軍巡視兵", "柾良海軍巡視兵 2", "柾良海軍巡視兵 3"
    ]  # fmt: skip
    run(enc, "crew", None, f"preset=柾良海軍巡視兵 ship={PATROL} name=Lookout")
    assert enc.find("Lookout").aboard == enc.find(PATROL).id  # type: ignore[union-attr]


def test_the_sea_remembers_every_position_ships_have_covered_for_the_picture() -> None:
    enc, hero, _ = battle("ship")
    assert enc.data["sailed"] == [0, 3]
    run(enc, "steer", hero, "back")
    run(enc, "ship_edit", None, f"position=6 ship={PATROL}")
    assert enc.data["sailed"] == [-1, 6]
