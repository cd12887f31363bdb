"""A naval battle to test the rules in: the seed's two ships, a PC at the helm, an enemy guard."""

from __future__ import annotations

from bot.combat.events import Event
from bot.combat.model import Encounter, Side
from bot.dice import DieSource
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, perform, step
from tests.conftest import FixedDice

RULES = ruleset("naval")


def run(enc: Encounter, name: str, who: int | None, detail: str, dice: DieSource | None = None
        ) -> list[Event]:  # fmt: skip
    return perform(enc, name, who, detail, dice)


def battle(licence: str = "none", event: list[int] | None = None) -> tuple[Encounter, int, int]:
    """``event``: the dice of round 1's event roll (2D6, then any the event rolls); None skips."""
    enc = encounter("naval")
    run(
        enc, "place_ship", None, "preset=オールマイト・キャプテン号 side=pc position=0 flagship=yes"
    )
    run(enc, "place_ship", None, "preset=柾良式巡視船 side=npc position=3 flagship=yes")
    hero = add(enc, "Hero", Side.PC, action_value=9)
    guard = add(enc, "柾良海軍巡視兵", Side.NPC, action_value=9)
    run(enc, "aboard", hero, "ship=オールマイト・キャプテン号 area=2")  # the helm (中衛)
    run(enc, "aboard", guard, "ship=柾良式巡視船 area=1")
    run(enc, "licence", hero, licence)
    step(enc)  # Setup: the event roll is pending
    if event is None:
        run(enc, "skip_event", None, "")
    else:
        run(enc, "roll_event", None, "", FixedDice(event))
    step(enc, FixedDice([]))  # through the Initiative into Hero's Main process (PC first on a tie)
    assert enc.actor == hero
    return enc, hero, guard
