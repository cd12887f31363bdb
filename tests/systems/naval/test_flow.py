"""Naval digest: the 2D6 system's flow with the event roll, and ships that carry combatants."""

from __future__ import annotations

import pytest

from bot.combat import engine
from bot.combat.errors import CombatError
from bot.combat.events import (
    Event,
    InterruptDeclared,
    NavalEventRequested,
    NavalEventRolled,
    NavalEventSkipped,
    PhaseStarted,
)
from bot.combat.model import Kind, Phase, Side, Stats
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, step, walk
from tests.conftest import FixedDice
from tests.systems.naval.helpers import battle, run

RULES = ruleset("naval")


def fleet() -> tuple:
    enc = encounter("naval")
    engine.add(enc, "オールマイト・キャプテン号", Side.PC, kind=Kind.SHIP, stats=Stats(hp=2300))
    ship = enc.combatants[-1].id
    engine.add(enc, "Captain", Side.PC, owner_id=7, stats=Stats(action_value=8), aboard=ship)
    engine.add(enc, "Mate", Side.PC, owner_id=8, stats=Stats(action_value=5), aboard=ship)
    engine.add(enc, "柾良海軍巡視兵", Side.NPC, stats=Stats(action_value=9))
    return enc, ship


def test_setup_starts_with_the_event_roll_by_the_pc_with_the_highest_action_value() -> None:
    enc, _ = fleet()
    events = step(enc)
    captain = enc.find("Captain")
    assert captain is not None and NavalEventRequested(captain.id) in events
    rolled = RULES.specials()["roll_event"].run(enc, None, "", FixedDice([3, 4]))
    assert rolled == [NavalEventRolled(7, "calm", "平穏な海")]
    with pytest.raises(CombatError):  # once per round
        RULES.specials()["roll_event"].run(enc, None, "", FixedDice([1, 1]))


def test_the_gm_may_skip_the_event() -> None:
    enc, _ = fleet()
    step(enc)
    assert RULES.specials()["skip_event"].run(enc, None, "", None) == [NavalEventSkipped(1)]
    assert RULES.specials()["skip_event"].gm_only
    events = step(enc)  # leaving Setup rolls nothing more
    assert not any(isinstance(e, NavalEventRolled) for e in events)


def test_leaving_setup_with_the_event_pending_rolls_it() -> None:
    enc, _ = fleet()
    step(enc)
    events = step(enc, FixedDice([6, 6]))
    assert NavalEventRolled(12, "allied_reinforcements", "味方の援軍が多数出現") in events


def test_initiative_and_main_processes_follow_action_value_and_ships_never_act() -> None:
    enc, _ = fleet()
    seen = walk(enc, 5, FixedDice([3, 4]))  # each Next passes its initiative phase
    assert [a for _, p, a in seen if p is Phase.MAIN] == ["柾良海軍巡視兵", "Captain", "Mate"]
    assert [p for _, p, _ in seen] == [Phase.SETUP, *[Phase.MAIN] * 3, Phase.CLEANUP]


def test_ships_carry_combatants() -> None:
    enc, ship = fleet()
    assert [c.name for c in enc.combatants if c.aboard == ship] == ["Captain", "Mate"]
    with pytest.raises(CombatError) as error:
        engine.add(enc, "Stowaway", Side.NPC, aboard=enc.find("Captain").id)  # type: ignore[union-attr]
    assert error.value.code == "combat.not_a_ship"
    engine.remove(enc, enc.combatant(ship))  # type: ignore[arg-type]
    assert all(c.aboard is None for c in enc.combatants)


def test_event_roller_is_none_without_pcs() -> None:
    enc = encounter("naval")
    add(enc, "Pirate", action_value=3)
    assert NavalEventRequested(None) in step(enc)


def started(events: list[Event]) -> list[tuple[str, int | None]]:
    return [(e.phase, e.actor) for e in events if isinstance(e, PhaseStarted)]


def test_the_initiative_phase_passes_into_the_main_process_in_one_step() -> None:
    enc, _ = fleet()
    step(enc)
    run(enc, "skip_event", None, "")
    guard = enc.find("柾良海軍巡視兵").id  # type: ignore[union-attr]
    assert started(step(enc)) == [("initiative", None), ("main", guard)]
    assert enc.phase is Phase.MAIN and enc.actor == guard


def test_the_initiative_window_stays_open_until_the_actors_first_action() -> None:
    enc, hero, guard = battle()
    assert [p.kind for p in enc.prompts] == ["initiative_skills"]
    run(enc, "steer", hero, "forward")  # the first action closes it
    assert not enc.prompts
    with pytest.raises(CombatError) as error:
        run(enc, "interrupt", guard, "《カバーリング》")
    assert error.value.code == "combat.interrupts_closed"
    step(enc)  # the Hero's turn ends: the next initiative phase, into the guard's, opens it again
    assert enc.actor == guard and [p.kind for p in enc.prompts] == ["initiative_skills"]


def test_a_ship_skill_is_the_actors_first_action_too() -> None:
    enc, hero, guard = battle()
    enc.data["morale"] = {"pc": 5}
    enc.find("オールマイト・キャプテン号").stats.hp = 2250  # type: ignore[union-attr]
    run(enc, "ship_skill", hero, "ship=オールマイト・キャプテン号 skill=修繕")  # a free action
    assert not enc.prompts  # its main process is under way: the window closed with it
    with pytest.raises(CombatError) as error:
        run(enc, "interrupt", guard, "《カバーリング》")
    assert error.value.code == "combat.interrupts_closed"


def test_an_initiative_skill_before_the_first_action_goes_back_to_the_initiative_phase() -> None:
    enc, hero, guard = battle()
    events = run(enc, "interrupt", guard, "《カバーリング》")
    assert started(events) == [("initiative", None)]
    assert InterruptDeclared(guard, "《カバーリング》") in events
    assert enc.phase is Phase.INITIATIVE and enc.actor is None  # it waits for the GM
    assert not enc.combatant(hero).acted  # type: ignore[union-attr]
    assert started(step(enc)) == [("main", hero)]  # the GM's Next: the Hero's main process again
    run(enc, "steer", hero, "forward")
    assert not enc.prompts and enc.phase is Phase.MAIN and enc.actor == hero
