"""Combat integrity, "out of the fight": one engine state that every rule set feeds, through the
real encounter service (SQLite and PostgreSQL)."""

from __future__ import annotations

from bot.combat.events import (
    AttackResolved,
    CombatantDown,
    EngageChanged,
    ReactionRequested,
    Recovered,
    Rolled,
    SideDefeated,
    TurnSkipped,
    TurnStarted,
)
from bot.combat.model import Condition, Phase, Side, Stats
from bot.store.db import Database
from tests.combat.table import ALICE, CHANNEL, GM, Table, of


async def grancrest(database: Database) -> tuple[Table, int, int]:
    table = Table(database)
    await table.start("GranCrest")
    lord = await table.add("Sword Lord", ALICE, side=Side.PC, action_value=6)
    await table.act(ALICE, "gc_set", lord, "hp=40 strength=6")
    goblin = await table.add("Goblin", action_value=4)
    await table.act(GM, "gc_set", goblin, "hp=40 strength=10")
    return table, lord, goblin


async def test_an_attack_on_a_dying_target_gets_no_reaction_and_hits_with_the_critical_bonus(
    database: Database,
) -> None:
    table, lord, goblin = await grancrest(database)
    downed = await table.act(GM, "damage", goblin, "45")  # HP −5 of Strength 10: dying 1
    assert CombatantDown(goblin, "dying_1") in downed
    await table.next(2)  # Setup, then the initiative leads into the Sword Lord's Main
    table.dice.load(6, 6, 1, 1)  # a critical hit check; the damage dice
    events = await table.act(ALICE, "attack", lord, "target=Goblin hit=2D6+2 power=5")
    assert not of(events, ReactionRequested)  # the dying make no check
    assert AttackResolved(lord, goblin, 24, None, True) in events  # 12 + 2 + 10
    damage = next(e for e in of(events, Rolled) if e.purpose == "damage")
    assert damage.total == 17  # 5 + 2 + the critical's 10
    assert CombatantDown(goblin, "dying_3") in events  # −22: below −2×STR
    assert (await table.state()).prompts == []


async def test_a_dying_combatant_cannot_react_and_its_pending_reaction_is_a_hit(
    database: Database,
) -> None:
    table, lord, goblin = await grancrest(database)
    await table.next(2)  # the Sword Lord's Main
    table.dice.load(4, 4)
    await table.act(ALICE, "attack", lord, "target=Goblin hit=2D6+2 power=5")  # 10
    table.dice.load(2, 2)  # the damage dice, rolled when the GM's damage downs the goblin
    events = await table.act(GM, "damage", goblin, "45")
    assert CombatantDown(goblin, "dying_1") in events
    assert AttackResolved(lord, goblin, 10, None, True) in events  # settled without it
    refused = await table.refused(GM, "react", goblin)
    assert refused.code == "gc.no_attack_pending"


async def test_an_npc_without_strength_is_out_at_zero_hp_not_dying_at_minus_490(
    database: Database,
) -> None:
    table = Table(database)
    await table.start("GranCrest")
    slime = await table.add("Slime", hp=10)
    events = await table.act(GM, "damage", slime, "500")
    assert CombatantDown(slime, "hp_zero") in events
    slime_state = (await table.state()).combatant(slime)
    assert slime_state is not None and slime_state.condition is Condition.OUT


async def test_a_combatant_added_at_zero_hp_or_below_starts_out_of_the_fight(
    database: Database,
) -> None:
    table = Table(database)
    await table.start("Esperancer")
    out = await table.service.add(CHANNEL, GM, "Wreck", stats=Stats(hp=-3))
    assert CombatantDown(out.events[0].combatant_id, "hp_zero") in out.events  # type: ignore[attr-defined]


async def test_esperancer_zero_hp_is_out_of_the_fight_leaves_its_engage_and_a_gm_heal_returns_it(
    database: Database,
) -> None:
    table = Table(database)
    await table.start("Esperancer")
    hero = await table.add("Hero", ALICE, side=Side.PC, hp=30, speed=5)
    drone = await table.add("Drone", hp=5)
    await table.act(ALICE, "engage", hero, "Drone")
    await table.next(2)  # Setup, Initiative (the GM's drone is rolled)
    table.dice.load(9, 9)  # Hero's initiative, rolled for her as the phase ends: 18
    await table.next()
    table.dice.load(8, 8, 1, 1)  # hit 16 against dodge 2
    events = await table.act(ALICE, "attack", hero, "target=Drone damage=9")
    assert CombatantDown(drone, "hp_zero") in events  # HP −4 is 戦闘不能
    assert EngageChanged(drone, None) in events  # out of the engage: it blocks nobody now
    following = await table.act(ALICE, "end_turn")
    assert not any(e.combatant_id == drone for e in of(following, TurnStarted))
    assert (await table.refused(GM, "attack", drone, "target=Hero damage=5")).code in (
        "combat.not_your_turn", "combat.cannot_act",
    )  # fmt: skip
    healed = await table.act(GM, "esp_set", drone, "hp=10")
    assert Recovered(drone, 10) in healed


async def test_a_side_with_nobody_standing_is_announced_and_the_gm_decides_the_end(
    database: Database,
) -> None:
    table, _, goblin = await grancrest(database)
    events = await table.act(GM, "damage", goblin, "45")
    assert SideDefeated("npc", "wiped_out", ends=False) in events
    assert (await table.state()).active  # Grancrest: combat ends when the GM says so


async def test_gurps_at_zero_hp_rolls_ht_at_its_turn_and_falls_unconscious_on_a_failure(
    database: Database,
) -> None:
    table = Table(database)
    await table.start("GURPS")
    kappa = await table.add("Kappa", hp=10, max_hp=10, speed=6, extra={"gurps": {"ht": 10}})
    await table.add("Tengu", hp=10, speed=5)
    await table.act(GM, "damage", kappa, "12")  # HP −2: not yet −HT, no death check
    await table.next(2)  # round 1: Kappa (rolls HT 9 with the 3s, and stays up), Tengu
    table.dice.load(6, 6, 6)  # round 2, Kappa's turn: HT 18 against 10 fails
    events = await table.next()  # round 2: Kappa's turn comes
    assert any(e.purpose == "consciousness" for e in of(events, Rolled))
    assert CombatantDown(kappa, "unconscious") in events
    assert TurnSkipped(kappa) in events  # its turn passes to the next at once
    state = await table.state()
    assert state.phase is Phase.MAIN and state.actor != kappa


async def test_gurps_death_checks_at_each_multiple_of_minus_ht_and_death_at_minus_five(
    database: Database,
) -> None:
    table = Table(database)
    await table.start("GURPS")
    kappa = await table.add("Kappa", hp=10, max_hp=10, extra={"gurps": {"ht": 10}})
    table.dice.load(1, 1, 1, 1, 1, 1)  # two HT rolls passed (−10 and −20 crossed)
    events = await table.act(GM, "damage", kappa, "31")  # HP −21
    assert [e.purpose for e in of(events, Rolled)] == ["death_check", "death_check"]
    assert not of(events, CombatantDown)
    table.dice.load(6, 6, 5)  # 17 fails the roll at −30
    events = await table.act(GM, "damage", kappa, "10")  # HP −31
    assert CombatantDown(kappa, "dead") in events
    tengu = await table.add("Tengu", hp=10, max_hp=10, extra={"gurps": {"ht": 10}})
    assert CombatantDown(tengu, "dead") in await table.act(GM, "damage", tengu, "60")  # −5×HT


async def test_gurps_mooks_are_simply_out_at_zero_hp(database: Database) -> None:
    table = Table(database)
    await table.start("GURPS")
    mook = await table.add("Oni", hp=8, extra={"gurps": {"mook": True}})
    events = await table.act(GM, "damage", mook, "8")
    assert CombatantDown(mook, "hp_zero") in events and not of(events, Rolled)


# -- the flow carries on when a change leaves nobody to wait for (issue 16) ----------------------
async def test_the_actor_falling_in_its_own_turn_passes_the_turn_in_the_same_command(
    database: Database,
) -> None:
    table, lord, goblin = await grancrest(database)
    await table.next(2)  # the Sword Lord's Main
    events = await table.act(GM, "damage", lord, "45")  # HP −5 of Strength 6: dying 1
    assert CombatantDown(lord, "dying_1") in events
    fell = events.index(CombatantDown(lord, "dying_1"))
    skipped = events.index(TurnSkipped(lord))
    started = events.index(TurnStarted(goblin, ["minor", "major"]))
    assert fell < skipped < started  # the fall, its turn passed, the next turn: one post
    state = await table.state()
    assert (state.phase, state.actor) == (Phase.MAIN, goblin)
    # The last one standing to act falls too: nobody's turn is left, the Cleanup is the GM's.
    events = await table.act(GM, "damage", goblin, "45")
    assert TurnSkipped(goblin) in events
    state = await table.state()
    assert (state.phase, state.actor) == (Phase.CLEANUP, None)


async def test_removing_the_actor_starts_the_next_turn_in_the_same_command(
    database: Database,
) -> None:
    table, lord, goblin = await grancrest(database)
    await table.next(2)  # the Sword Lord's Main
    removed = (await table.service.remove(CHANNEL, GM, "Sword Lord")).events
    assert TurnStarted(goblin, ["minor", "major"]) in removed
    assert not of(removed, TurnSkipped)  # it left the fight: no turn of its to pass
    state = await table.state()
    assert (state.phase, state.actor) == (Phase.MAIN, goblin)
    assert state.combatant(lord) is None


async def test_an_esperancer_actor_put_to_sleep_gives_way_to_the_next_at_once(
    database: Database,
) -> None:
    table = Table(database)
    await table.start("Esperancer")
    hero = await table.add("Hero", ALICE, side=Side.PC, hp=30)
    drone = await table.add("Drone", hp=20)
    table.dice.load(1, 1)  # the Drone's initiative as Initiative starts: 2
    await table.next(2)  # Setup, Initiative (waiting for Hero's roll)
    table.dice.load(9, 9)
    await table.act(ALICE, "roll_initiative", hero)  # 18: Hero's turn starts
    assert (await table.state()).actor == hero
    events = await table.act(GM, "status", hero, "add sleep")
    assert TurnSkipped(hero) in events and of(events, TurnStarted)[-1].combatant_id == drone
