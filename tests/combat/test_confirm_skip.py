"""Issue 16, "a Next that would skip a player who has not acted asks first": the GM's Next over a
player's untouched turn is refused with ``SkipUnconfirmed`` until confirmed; the GM's own turns
and a turn the player has begun never ask. Through the real service (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

from bot.combat.errors import CombatError, SkipUnconfirmed, StaleState
from bot.combat.events import TurnStarted
from bot.combat.model import Phase, Side
from bot.i18n import use_locale
from bot.store.db import Database
from tests.combat.table import ALICE, BOB, CHANNEL, GM, Table, of


async def round_one(database: Database) -> tuple[Table, dict[str, int]]:
    """Grancrest, in the order of action: Alice's Sword Lord, the Goblin (the GM's NPC), a
    knight the GM plays as a PC, Bob's Archer; the fight left at the Sword Lord's turn."""
    table = Table(database)
    await table.start("GranCrest")
    ids = {
        "lord": await table.add("Sword Lord", ALICE, side=Side.PC, action_value=8),
        "goblin": await table.add("Goblin", action_value=7),
        "knight": await table.add("Knight", GM, side=Side.PC, action_value=6),
        "archer": await table.add("Archer", BOB, side=Side.PC, action_value=5),
    }
    await table.next(2)  # Setup, then the initiative leads into the Sword Lord's Main
    assert (await table.state()).actor == ids["lord"]
    return table, ids


async def test_next_over_an_untouched_player_turn_asks_and_changes_nothing(
    database: Database,
) -> None:
    table, ids = await round_one(database)
    before = await table.state()
    with pytest.raises(SkipUnconfirmed) as asked:
        await table.service.next(CHANNEL, GM)
    assert asked.value.code == "combat.confirm_skip"
    assert asked.value.params["name"] == "Sword Lord" and asked.value.version == before.version
    with use_locale("en"):
        assert "Sword Lord" in asked.value.message
    assert (await table.state()).to_dict() == before.to_dict()  # nothing written
    assert (await table.state()).actor == ids["lord"]


async def test_a_confirmed_next_skips_the_turn_and_a_stale_confirmation_is_refused(
    database: Database,
) -> None:
    table, ids = await round_one(database)
    with pytest.raises(SkipUnconfirmed) as asked:
        await table.service.next(CHANNEL, GM)
    # The confirmation button carries the version it was asked for.
    out = await table.service.next(CHANNEL, GM, asked.value.version, confirmed=True)
    assert TurnStarted(ids["goblin"], ["minor", "major"]) in out.events
    assert (out.encounter.phase, out.encounter.actor) == (Phase.MAIN, ids["goblin"])
    lord = out.encounter.combatant(ids["lord"])
    assert lord is not None and lord.acted  # the skipped turn counts as taken
    with pytest.raises(StaleState):  # a second click on the same button
        await table.service.next(CHANNEL, GM, asked.value.version, confirmed=True)
    assert (await table.state()).actor == ids["goblin"]


async def test_a_confirmation_gives_a_player_no_gm_rights(database: Database) -> None:
    table, ids = await round_one(database)
    for player in (ALICE, BOB):
        with pytest.raises(CombatError) as refused:
            await table.service.next(CHANNEL, player, confirmed=True)
        assert refused.value.code == "combat.not_gm"
    assert (await table.state()).actor == ids["lord"]


async def test_the_gms_own_turns_never_ask(database: Database) -> None:
    table, ids = await round_one(database)
    await table.act(ALICE, "end_turn")  # → the Goblin's turn, untouched
    assert (await table.state()).actor == ids["goblin"]
    out = await table.service.next(CHANNEL, GM)  # the GM's NPC: no question
    assert out.encounter.actor == ids["knight"]
    out = await table.service.next(CHANNEL, GM)  # a PC the GM plays: no question either
    assert out.encounter.actor == ids["archer"]


async def test_a_turn_the_player_has_begun_never_asks(database: Database) -> None:
    table, ids = await round_one(database)
    await table.act(ALICE, "minor", ids["lord"], "draw a potion")
    out = await table.service.next(CHANNEL, GM)  # she has played: the GM may end her turn
    assert out.encounter.actor == ids["goblin"]
    await table.next(2)  # the Goblin's, the Knight's: the GM's own
    assert (await table.state()).actor == ids["archer"]
    await table.act(GM, "minor", ids["archer"])  # the GM acting for Bob's archer counts too
    last = await table.service.next(CHANNEL, GM)
    assert last.encounter.phase is Phase.CLEANUP and last.encounter.actor is None
    assert not of(last.events, TurnStarted)
