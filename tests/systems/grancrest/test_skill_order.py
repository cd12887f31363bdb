"""Grancrest combat chapter, "Setup" and "Cleanup": their skills resolve in action-value order
(high first, the initiative tie-breaks); an action value changed mid-fight re-sorts the order
from the next initiative phase on."""

from __future__ import annotations

from bot.combat.events import PhaseStarted, SkillOrder
from bot.combat.model import Phase, Side
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, names, step, walk

SPECIALS = ruleset("GranCrest").specials()


def table():
    enc = encounter("GranCrest")
    slow = enc.combatant(add(enc, "Slow", Side.PC, action_value=3))
    fast = enc.combatant(add(enc, "Fast", Side.PC, action_value=8))
    orc = enc.combatant(add(enc, "Orc", action_value=8))
    return enc, slow, fast, orc


def skill(enc, who, timing: str, name: str) -> None:
    SPECIALS["skill"].run(enc, who, f"timing={timing} name={name}", None)


def orders(events) -> list[SkillOrder]:
    return [e for e in events if isinstance(e, SkillOrder)]


def test_setup_skills_resolve_in_action_value_order_not_as_declared() -> None:
    enc, slow, fast, orc = table()
    walk(enc, 1)
    assert enc.phase is Phase.SETUP
    skill(enc, slow, "setup", "《A》")
    skill(enc, orc, "setup", "《B》")
    skill(enc, fast, "setup", "《C》")
    skill(enc, slow, "setup", "《D》")
    left = step(enc)
    # Fast and the Orc tie on 8: the PC first; the Slow one's two skills in the order declared.
    assert orders(left) == [
        SkillOrder(
            "setup", [(fast.id, "《C》"), (orc.id, "《B》"), (slow.id, "《A》"), (slow.id, "《D》")]
        )
    ]


def test_cleanup_skills_resolve_in_action_value_order() -> None:
    enc, slow, _fast, orc = table()
    walk(enc, 1 + 3 + 1)  # Setup, three main processes (each through its initiative), Cleanup
    assert enc.phase is Phase.CLEANUP
    skill(enc, orc, "cleanup", "《E》")
    skill(enc, slow, "cleanup", "《F》")
    assert orders(step(enc)) == [SkillOrder("cleanup", [(orc.id, "《E》"), (slow.id, "《F》")])]


def test_a_phase_without_skills_announces_no_order() -> None:
    enc, *_ = table()
    assert orders(step(enc) + step(enc)) == []


def test_an_action_value_change_re_sorts_from_the_next_initiative_phase() -> None:
    enc, slow, fast, _orc = table()
    walk(enc, 2)  # Setup, then (through the initiative phase) Fast's main process
    assert enc.actor == fast.id
    SPECIALS["gc_set"].run(enc, slow, "action_value=9", None)  # an effect, mid-turn
    assert enc.actor == fast.id  # this main phase goes on
    # The turn ends; the next initiative phase orders the Slow one before the Orc now.
    initiative = next(
        e for e in step(enc) if isinstance(e, PhaseStarted) and e.phase == "initiative"
    )
    assert names(enc, initiative.order) == ["Slow", "Orc"]
    assert enc.phase is Phase.MAIN and enc.actor == slow.id


def test_setup_skill_order_uses_the_action_values_as_they_are_now() -> None:
    enc, slow, fast, _orc = table()
    walk(enc, 1)
    skill(enc, fast, "setup", "《C》")
    skill(enc, slow, "setup", "《A》")
    SPECIALS["gc_set"].run(enc, slow, "action_value=12", None)
    assert orders(step(enc)) == [SkillOrder("setup", [(slow.id, "《A》"), (fast.id, "《C》")])]
