"""The bot's rulings where the Grancrest combat chapter is silent, each an option of the fight:
melee reach, whether a dying enemy and a hidden NPC make leaving their square cost 3."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError
from bot.combat.events import OptionSet
from bot.combat.model import Side
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, walk
from tests.conftest import FixedDice

SPECIALS = ruleset("GranCrest").specials()


def board():
    enc = encounter("GranCrest")
    hero = enc.combatant(add(enc, "Hero", Side.PC, action_value=9))
    orc = enc.combatant(add(enc, "Orc", action_value=1))
    SPECIALS["map"].run(enc, None, "6x4", None)
    SPECIALS["gc_set"].run(enc, hero, "move=3", None)
    SPECIALS["gc_set"].run(enc, orc, "hp=10 strength=4", None)
    SPECIALS["place"].run(enc, hero, "1,0", None)
    SPECIALS["place"].run(enc, orc, "1,0", None)
    walk(enc, 2)
    assert enc.actor == hero.id
    return enc, hero, orc


def test_melee_reaches_the_same_square_by_default_and_the_next_one_as_an_option() -> None:
    enc, hero, orc = board()
    SPECIALS["place"].run(enc, orc, "2,0", None)
    with pytest.raises(CombatError) as reach:
        SPECIALS["attack"].run(enc, hero, "target=Orc hit=2D6", FixedDice([1, 1]))
    assert reach.value.code == "gc.out_of_reach" and reach.value.params["reach"] == 0
    assert SPECIALS["gc_options"].run(enc, None, "melee_reach=adjacent", None) == [
        OptionSet("melee_reach", "adjacent")
    ]
    assert SPECIALS["attack"].run(enc, hero, "target=Orc hit=2D6", FixedDice([1, 1]))


def test_a_dying_enemy_costs_1_to_leave_by_default_and_3_with_dying_block() -> None:
    enc, hero, orc = board()
    SPECIALS["damage"].run(enc, orc, "12", None)  # HP −2: dying level 1
    assert SPECIALS["move"].run(enc, hero, "2,0", None)[0].cost == 1
    SPECIALS["place"].run(enc, hero, "1,0", None)
    hero.used.clear()
    SPECIALS["gc_options"].run(enc, None, "dying_block=yes", None)
    assert SPECIALS["move"].run(enc, hero, "2,0", None)[0].cost == 3


def test_a_hidden_npc_costs_a_player_1_to_leave_by_default_and_3_with_hidden_block() -> None:
    enc, hero, orc = board()
    orc.hidden = True
    assert SPECIALS["move"].run(enc, hero, "2,0", None)[0].cost == 1
    SPECIALS["place"].run(enc, hero, "1,0", None)
    hero.used.clear()
    SPECIALS["gc_options"].run(enc, None, "hidden_block=on", None)
    assert SPECIALS["move"].run(enc, hero, "2,0", None)[0].cost == 3


def test_an_unknown_option_or_value_is_refused_with_the_known_ones() -> None:
    enc, _, _ = board()
    for detail in ("", "reach=2", "melee_reach=far", "dying_block=maybe"):
        with pytest.raises(CombatError) as refused:
            SPECIALS["gc_options"].run(enc, None, detail, None)
        assert refused.value.code == "gc.bad_option"
        assert "melee_reach=same_square|adjacent" in refused.value.params["known"]
    assert "gc_options" not in enc.data
    assert SPECIALS["gc_options"].gm_only
