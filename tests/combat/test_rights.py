"""Combat integrity, "who may change what": one table of edit rights checked in the service,
every change posted and logged, GM rights to start, and hidden NPCs kept from players."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.combat.errors import CombatError
from bot.combat.events import CombatantDown, CombatantRemoved, Edited, ReactionRequested, Recovered
from bot.combat.model import Side
from bot.i18n import use_locale
from bot.store.db import Database
from bot.store.models import EncounterLog
from bot.ui.render import announce
from tests.combat.table import ALICE, BOB, CHANNEL, GM, GUILD, Table, of


async def fight(database: Database) -> tuple[Table, int, int]:
    table = Table(database)
    await table.start("GranCrest")
    lord = await table.add("Sword Lord", ALICE, side=Side.PC, action_value=6)
    await table.act(ALICE, "gc_set", lord, "hp=30 strength=5 weapon=4")  # preparing: hers to set
    goblin = await table.add("Goblin", action_value=4)
    await table.next()  # round 1: the fight is on
    return table, lord, goblin


async def test_a_player_cannot_revive_their_dying_or_dead_pc_by_setting_hp(
    database: Database,
) -> None:
    table, lord, _ = await fight(database)
    assert CombatantDown(lord, "dying_1") in await table.act(GM, "damage", lord, "37")  # −3
    assert (await table.refused(ALICE, "gc_set", lord, "hp=30")).code == "combat.only_losses"
    assert CombatantDown(lord, "dead") in await table.act(GM, "damage", lord, "99")  # −98
    assert (await table.refused(ALICE, "gc_set", lord, "hp=30")).code == "combat.only_losses"
    revived = await table.act(GM, "gc_set", lord, "hp=30")  # the GM alone resurrects
    assert Edited(lord, "hp", -98, 30, by_gm=True) in revived and of(revived, Recovered)


async def test_once_the_fight_is_on_a_player_only_records_losses(database: Database) -> None:
    table, lord, goblin = await fight(database)
    lower = await table.act(ALICE, "gc_set", lord, "hp=25")
    assert Edited(lord, "hp", 30, 25, by_gm=False) in lower
    assert await table.act(ALICE, "damage", lord, "5")  # damage taken, recorded by its player
    for detail in ("hp=40", "weapon=9", "max_hp=99"):
        assert (await table.refused(ALICE, "gc_set", lord, detail)).code == "combat.only_losses"
    assert (await table.refused(ALICE, "heal", lord, "5")).code == "combat.not_gm"
    assert (await table.refused(BOB, "damage", lord, "5")).code == "combat.not_owner"
    assert (await table.refused(ALICE, "gc_set", goblin, "hp=1")).code == "combat.not_owner"


async def test_flags_are_the_gms_even_while_preparing(database: Database) -> None:
    table = Table(database)
    await table.start("Esperancer")
    hero = await table.add("Hero", ALICE, side=Side.PC, hp=30)
    assert (await table.refused(ALICE, "esp_set", hero, "boss=yes")).code == "combat.gm_field"
    assert await table.act(ALICE, "esp_set", hero, "hp=35 dodge=2")  # numbers are hers, now
    boss = await table.act(GM, "esp_set", hero, "boss=yes hp=999")  # the GM's, and posted
    assert [e.field for e in of(boss, Edited)] == ["boss", "hp"]


async def test_every_change_of_a_number_is_posted_in_one_line_and_logged_with_who(
    database: Database,
) -> None:
    table, lord, _ = await fight(database)
    events = await table.act(ALICE, "gc_set", lord, "hp=20")
    enc = await table.state()
    with use_locale("ja"):
        text = announce(enc, events).embeds[-1].description or ""
    assert "Sword Lord：HP 30→20（プレイヤーが記録）" in text
    async with database.read() as conn:
        rows = (await conn.execute(select(EncounterLog.__table__))).mappings().all()
    last = rows[-1]
    assert last["user_id"] == ALICE.user_id and last["events"][0]["event"] == "edited"


async def test_starting_an_encounter_needs_gm_rights_unless_the_server_opens_it(
    database: Database,
) -> None:
    table = Table(database)
    with pytest.raises(CombatError) as error:
        await table.service.start(CHANNEL, GUILD, BOB, "GranCrest")
    assert error.value.code == "combat.start_needs_gm"
    opened = await table.service.start(CHANNEL, GUILD, BOB, "GranCrest", anyone_may_start=True)
    assert opened.encounter.gm_id == BOB.user_id  # who starts it runs it


async def test_a_hidden_npc_is_never_named_to_a_player(database: Database) -> None:
    table, lord, _ = await fight(database)
    ambush = await table.service.add(CHANNEL, GM, "Assassin", count=2, hidden=True)
    hidden = [e.name for e in ambush.events]  # type: ignore[attr-defined]
    assert hidden == ["Assassin 1", "Assassin 2"]
    await table.next()  # the initiative leads straight into the Sword Lord's Main
    for action, who, detail, typed in (
        ("attack", lord, "target=Assassin 1", "Assassin 1"),
        ("gc_set", "Assassin 1", "hp=1", "Assassin 1"),
        ("react", "Assassin 2", "", "Assassin 2"),
    ):  # fmt: skip
        refused = await table.refused(ALICE, action, who, detail)
        # Just as if nobody had that name: the same refusal, naming only what they typed.
        assert (refused.code, refused.params) == ("combat.unknown_combatant", {"name": typed})
    with pytest.raises(CombatError) as error:
        await table.service.remove(CHANNEL, ALICE, "Assassin 1")
    assert error.value.code == "combat.unknown_combatant"
    # Visible copies are numbered among the visible: nothing shows that two are hidden.
    visible = await table.service.add(CHANNEL, GM, "Assassin", count=2)
    assert [e.name for e in visible.events] == ["Assassin 1", "Assassin 2"]  # type: ignore[attr-defined]
    renamed = sorted(c.name for c in (await table.state()).combatants if c.hidden)
    assert renamed == ["Assassin 3", "Assassin 4"]
    gone = (await table.service.remove(CHANNEL, GM, "Assassin 3")).events
    with use_locale("ja"):
        text = announce(await table.state(), gone).embeds[-1].description or ""
    assert of(gone, CombatantRemoved) and "Assassin" not in text


async def test_a_hidden_npc_on_its_turn_is_not_named_when_a_player_presses_end_turn(
    database: Database,
) -> None:
    table = Table(database)
    await table.start("GranCrest")
    await table.add("Sword Lord", ALICE, side=Side.PC, action_value=1)
    assassin = await table.add("Assassin", hidden=True, action_value=5)
    await table.next(2)  # Setup, then the initiative leads into the hidden Assassin's Main
    assert (await table.state()).actor == assassin
    refused = await table.refused(ALICE, "end_turn")
    assert refused.code == "combat.not_owner"
    with use_locale("en"):
        assert "Assassin" not in refused.message and "???" in refused.message


async def test_buttons_carry_ids_so_a_combatant_named_2_cannot_capture_combatant_2(
    database: Database,
) -> None:
    table, lord, goblin = await fight(database)
    decoy = await table.add("2", BOB, side=Side.PC)  # a player names theirs "2"
    await table.next()  # the initiative leads straight into the Sword Lord's Main
    events = await table.act(ALICE, "attack", lord, "target=Goblin hit=2D6")
    assert of(events, ReactionRequested)
    assert goblin == 2 and decoy != 2
    # The reaction button of combatant #2 carries its id: it reaches the Goblin, not "2".
    refused = await table.refused(BOB, "react", goblin)
    assert refused.code == "combat.not_owner"
    assert (await table.refused(BOB, "react", "2")).code == "gc.no_attack_pending"


async def test_a_player_adds_no_gm_flag_with_a_new_combatant(database: Database) -> None:
    table = Table(database)
    await table.start("Esperancer")
    with pytest.raises(CombatError) as error:
        await table.add("Hero", ALICE, side=Side.PC, extra={"esp": {"boss": True}})
    assert error.value.code == "combat.gm_field"
    assert await table.add("Hero", ALICE, side=Side.PC, extra={"esp": {"dodge": 2}})
