"""Grancrest digest, "Map and movement" inside an encounter: each rule by name."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import Moved
from bot.combat.model import Action, Side
from bot.systems import ruleset
from bot.ui.maps import Token, render_map
from tests.combat.helpers import add, encounter, walk

SPECIALS = ruleset("GranCrest").specials()


def board():
    enc = encounter("GranCrest")
    hero = enc.combatant(add(enc, "Hero", Side.PC, action_value=9))
    orc = enc.combatant(add(enc, "Orc", action_value=1))
    SPECIALS["map"].run(enc, None, "6x4", None)
    SPECIALS["gc_set"].run(enc, hero, "move=3", None)
    SPECIALS["place"].run(enc, hero, "0,0", None)
    SPECIALS["place"].run(enc, orc, "1,0", None)
    walk(enc, 2)
    assert enc.actor == hero.id
    return enc, hero, orc


def test_several_combatants_may_share_a_square_and_entering_an_enemys_costs_1() -> None:
    enc, hero, _orc = board()
    events = SPECIALS["move"].run(enc, hero, "1,0", None)
    assert events == [Moved(hero.id, [0, 0], [1, 0], 1, [[0, 0], [1, 0]])]
    assert Action.MINOR in hero.used


def test_leaving_a_square_with_a_hostile_costs_3() -> None:
    enc, hero, _orc = board()
    SPECIALS["place"].run(enc, hero, "1,0", None)  # in the orc's square
    events = SPECIALS["move"].run(enc, hero, "2,0", None)
    assert events[0].cost == 3  # leaving the orc's square: 3 (Move 3, all of it)


def test_a_full_move_is_the_major_action_with_twice_the_move() -> None:
    enc, hero, _orc = board()
    SPECIALS["place"].run(enc, hero, "0,3", None)
    events = SPECIALS["move"].run(enc, hero, "5,2 full", None)  # 6 squares, budget 6
    assert events[0].cost == 6 and Action.MAJOR in hero.used
    with pytest.raises(CombatError) as error:
        SPECIALS["move"].run(enc, hero, "0,0 full", None)
    assert error.value.code == "combat.action_used"


def test_an_unaffordable_move_is_refused_with_its_cost() -> None:
    enc, hero, _orc = board()
    SPECIALS["place"].run(enc, hero, "1,0", None)
    with pytest.raises(CombatError) as too_far:
        SPECIALS["move"].run(enc, hero, "3,0", None)  # 3 + 1 = 4 > Move 3
    assert too_far.value.code == "gc.too_far" and too_far.value.params["cost"] == 4
    assert hero.extra["gc"]["square"] == [1, 0] and hero.used == []  # nothing spent


def test_movement_needs_a_map_a_square_and_the_movers_turn() -> None:
    enc = encounter("GranCrest")
    hero = enc.combatant(add(enc, "Hero", Side.PC, action_value=9))
    with pytest.raises(CombatError) as no_map:
        SPECIALS["place"].run(enc, hero, "0,0", None)
    assert no_map.value.code == "gc.no_map"
    enc, hero, orc = board()
    with pytest.raises(CombatError) as turn:
        SPECIALS["move"].run(enc, orc, "2,2", None)
    assert turn.value.code == "combat.not_your_turn"
    with pytest.raises(CombatError) as off:
        SPECIALS["place"].run(enc, orc, "9,9", None)
    assert off.value.code == "gc.off_map"


def test_map_image_is_a_png_of_the_grid_with_tokens() -> None:
    png = render_map(
        6, 4, [Token(1, (0, 0), True, 10, 20), Token(2, (1, 0), False), Token(3, (1, 0), False)]
    )
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 1000
