"""Naval digest, "Battlefield", "Ships", "Morale and ship skills", "Victory": each rule by name."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import Boarded, MoraleChanged, ShipMoved, ShipSunk, SideDefeated
from bot.combat.lifecycle import defeated
from bot.combat.model import Action, Condition, Encounter, Phase, Side
from bot.i18n import LocalizedError
from bot.systems import ruleset
from bot.systems.naval.battlefield import (
    PRESETS,
    apply_event,
    at_helm,
    board,
    damage_ship,
    place_ship,
    position_of,
    put_aboard,
    set_morale,
    shift,
    ship_attacked,
    ship_data,
)
from bot.systems.naval.ship_skills import move_steps, use_ship_skill
from tests.combat.helpers import add, encounter
from tests.conftest import FixedDice
from tests.systems.naval.helpers import run

RULES = ruleset("naval")


def sea() -> tuple[Encounter, int, int, int, int]:
    enc = encounter("naval")
    place_ship(enc, "オールマイト・キャプテン号", Side.PC, PRESETS["オールマイト・キャプテン号"], 0,
               flagship=True)  # fmt: skip
    place_ship(enc, "柾良式巡視船", Side.NPC, PRESETS["柾良式巡視船"], 2, flagship=True)
    captain, patrol = (enc.find(n).id for n in ("オールマイト・キャプテン号", "柾良式巡視船"))  # type: ignore[union-attr]
    hero = add(enc, "Hero", Side.PC)
    guard = add(enc, "柾良海軍巡視兵", Side.NPC)
    put_aboard(enc, enc.combatant(hero), enc.combatant(captain), 1)  # type: ignore[arg-type]
    put_aboard(enc, enc.combatant(guard), enc.combatant(patrol), 0)  # type: ignore[arg-type]
    enc.phase, enc.actor = Phase.MAIN, hero  # Hero's Main process
    return enc, captain, patrol, hero, guard


def test_presets_from_the_seed() -> None:
    assert PRESETS["オールマイト・キャプテン号"].hp == 2300
    assert PRESETS["オールマイト・キャプテン号"].areas == 3
    assert PRESETS["オールマイト・キャプテン号"].helm == 1  # the middle area
    assert PRESETS["柾良式巡視船"].hp == 300 and PRESETS["柾良式巡視船"].areas == 1


def test_a_combatant_stands_at_its_ships_position_plus_its_area() -> None:
    enc, _, _, hero, guard = sea()
    assert position_of(enc, enc.combatant(hero)) == 1  # type: ignore[arg-type]
    assert position_of(enc, enc.combatant(guard)) == 2  # type: ignore[arg-type]


def test_each_side_names_one_flagship() -> None:
    enc, captain, _, _, _ = sea()
    place_ship(enc, "Tender", Side.PC, PRESETS["柾良式巡視船"], 5, flagship=True)
    assert not ship_data(enc.combatant(captain))["flagship"]  # type: ignore[arg-type]


def test_moving_a_ship_moves_everyone_aboard() -> None:
    enc, captain, _, hero, _ = sea()
    ship = at_helm(enc, enc.combatant(hero))  # type: ignore[arg-type]
    assert shift(enc, ship, 1) == [ShipMoved(captain, 1)]
    assert position_of(enc, enc.combatant(hero)) == 2  # type: ignore[arg-type]


def test_only_the_helms_area_steers() -> None:
    enc, captain, _, hero, _ = sea()
    put_aboard(enc, enc.combatant(hero), enc.combatant(captain), 2)  # type: ignore[arg-type]
    with pytest.raises(CombatError) as error:
        at_helm(enc, enc.combatant(hero))  # type: ignore[arg-type]
    assert error.value.code == "naval.not_at_helm"


def test_boarding_only_onto_a_ship_at_the_same_position_and_before_moving() -> None:
    enc, captain, patrol, hero, _ = sea()
    hero_c, patrol_c = enc.combatant(hero), enc.combatant(patrol)
    with pytest.raises(CombatError) as error:
        board(enc, hero_c, patrol_c, 0)  # type: ignore[arg-type]
    assert error.value.code == "naval.not_same_position"  # Hero at 1, the patrol boat at 2
    put_aboard(enc, hero_c, enc.combatant(captain), 0)  # type: ignore[arg-type]  # the bow: 2
    assert board(enc, hero_c, patrol_c, 0) == [Boarded(hero, patrol, 0)]  # type: ignore[arg-type]
    hero_c.used.append(Action.MOVE)  # type: ignore[union-attr]  # moved, however it did
    put_aboard(enc, hero_c, enc.combatant(captain), 0)  # type: ignore[arg-type]
    with pytest.raises(CombatError) as error:
        board(enc, hero_c, patrol_c, 0)  # type: ignore[arg-type]
    assert error.value.code == "naval.board_after_move"


def test_a_sunk_ship_takes_everyone_aboard_out_and_a_sunk_flagship_loses() -> None:
    enc, _, patrol, _, guard = sea()
    events = damage_ship(enc, enc.combatant(patrol), 300)  # type: ignore[arg-type]
    assert ShipSunk(patrol, (guard,)) in events
    assert enc.combatant(guard).out  # type: ignore[union-attr]
    assert SideDefeated("npc", "flagship_sunk") in defeated(enc, RULES)


def test_a_side_wiped_out_loses() -> None:
    enc, _, _, _, guard = sea()
    enc.combatant(guard).condition = Condition.OUT  # type: ignore[union-attr]
    assert defeated(enc, RULES) == [SideDefeated("npc", "wiped_out")]


def test_attacking_an_enemy_ship_raises_morale_by_one() -> None:
    enc, *_ = sea()
    assert ship_attacked(enc, Side.PC) == [MoraleChanged("pc", 1)]
    assert ship_attacked(enc, Side.PC) == [MoraleChanged("pc", 2)]


def test_ship_skills_cost_morale_and_need_the_user_aboard_on_its_own_turn() -> None:
    enc, captain, _, hero, guard = sea()
    ship = enc.combatant(captain)
    enc.actor = hero
    ship.stats.hp = 2100  # type: ignore[union-attr]
    with pytest.raises(CombatError) as error:
        use_ship_skill(enc, enc.combatant(hero), ship, "修繕")  # type: ignore[arg-type]
    assert error.value.code == "naval.low_morale"
    set_morale(enc, Side.PC, 7)
    enc.actor = guard
    with pytest.raises(CombatError):
        use_ship_skill(enc, enc.combatant(guard), ship, "修繕")  # type: ignore[arg-type]
    enc.actor = hero
    ship.stats.hp = 2000  # type: ignore[union-attr]
    use_ship_skill(enc, enc.combatant(hero), ship, "修繕")  # type: ignore[arg-type]
    assert ship.stats.hp == 2200  # type: ignore[union-attr]
    use_ship_skill(enc, enc.combatant(hero), ship, "速力上昇")  # type: ignore[arg-type]
    assert move_steps(ship) == 2  # type: ignore[arg-type]
    _, damage = use_ship_skill(enc, enc.combatant(hero), ship, "砲撃")  # type: ignore[arg-type]
    assert damage == "5D6"  # the one morale left × 5


def test_flooding_stops_ship_skills_at_half_hp_or_less() -> None:
    enc, captain, _, hero, _ = sea()
    ship = enc.combatant(captain)
    set_morale(enc, Side.PC, 5)
    enc.actor, enc.data["event"] = hero, {"round": enc.round, "state": "rolled", "kind": "flooding"}
    ship.stats.hp = 1150  # type: ignore[union-attr]
    with pytest.raises(CombatError) as error:
        use_ship_skill(enc, enc.combatant(hero), ship, "修繕")  # type: ignore[arg-type]
    assert error.value.code == "naval.flooded"


def test_ships_stay_on_the_battlefield_from_minus_99_to_99() -> None:
    """Decision (digest "Battlefield" has no end): the field runs −99…99, as the commands offer;
    the issue's position 100000 is refused where it enters, whoever sends it."""
    enc, _, patrol, _, _ = sea()
    for position in (100000, 100, -100, 98):  # a 3-area ship at 98 would reach 100
        with pytest.raises(CombatError, match="戦場は位置-99から99まで"):
            place_ship(enc, "Far", Side.PC, PRESETS["オールマイト・キャプテン号"], position)
    place_ship(enc, "Edge", Side.NPC, PRESETS["柾良式巡視船"], 99)
    edge = enc.find("Edge")
    assert edge is not None
    with pytest.raises(CombatError, match="戦場は位置-99から99まで"):
        shift(enc, edge, 1)
    assert shift(enc, edge, -1) == [ShipMoved(edge.id, 98)]
    with pytest.raises(LocalizedError, match="-99"):  # the number reader's bound, or ours
        run(enc, "ship_edit", None, "position=100000 ship=柾良式巡視船")
    with pytest.raises(CombatError, match="戦場は位置-99から99まで"):
        run(enc, "ship_edit", None, "position=98 ship=オールマイト・キャプテン号")  # 3 areas
    assert ship_data(enc.combatant(patrol))["position"] == 2  # type: ignore[arg-type]


def test_rough_seas_do_not_push_a_ship_off_the_field() -> None:
    enc, _, _, _, _ = sea()
    place_ship(enc, "Edge", Side.NPC, PRESETS["柾良式巡視船"], 99)
    edge = enc.find("Edge")
    assert edge is not None
    # 1D2 per afloat ship, in order: the captain's ship, the patrol, then the edge ship (1 = +1).
    events = apply_event(enc, "rough_seas", FixedDice([2, 2, 1]))
    assert ship_data(edge)["position"] == 99
    assert [e.ship_id for e in events if isinstance(e, ShipMoved)] == [
        c.id for c in enc.combatants if c.name in ("オールマイト・キャプテン号", "柾良式巡視船")
    ]
