"""The largest legal encounter of every rule set plays a whole round within Discord's limits
(issue 13): 100 combatants (MAX_COMBATANTS), names of 64 characters (MAX_NAME) written to hurt
— mentions of @everyone, a role and a bystander, markdown, characters outside the BMP — PCs of
several players, hidden NPCs. Every payload passes our validator, and nothing pings but the
player whose turn or offer it is."""

from __future__ import annotations

import pytest
import simcord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.combat.engine import MAX_COMBATANTS, MAX_NAME
from tests.cogs.conftest import assert_fits_discord
from tests.largest import RULE_SETS, Band, Table, build, fill, play_round

PIECES = ["@everyone", "@here", "<@&{role}>", "<@{bystander}>", "**太字**", "`x`", "||秘||",
          "🐉", "𠮷", "名前", "Goblin", "#1", "> ", "\\"]  # fmt: skip
PAD = "𠮷長"  # one character outside the BMP (two UTF-16 units), one inside


@st.composite
def bands(draw: st.DrawFn) -> list[Band]:
    """Bands of copies whose names are as long as numbering allows (61 characters)."""
    out = []
    for _ in range(draw(st.integers(1, 6))):
        name = "".join(draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8)))
        name = (name + PAD * MAX_NAME)[: MAX_NAME - 3]
        out.append(Band(name, draw(st.integers(1, 30)), draw(st.booleans()), draw(st.booleans())))
    return out


def pinged(env: simcord.Env, table: Table) -> list[tuple[bool, list[int], list[int]]]:
    bot_id = env.bot.user.id
    return [
        (m.mention_everyone, list(m.ping_user_ids), list(m.ping_role_ids))
        for m in env.backend.messages.get(table.channel.id, {}).values()
        if m.author_id == bot_id
    ]


@pytest.mark.parametrize("ruleset", RULE_SETS)
@settings(
    max_examples=1, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(drawn=bands())
async def test_the_largest_encounter_plays_a_round_within_discords_limits(
    simcord_env: simcord.Env, ruleset: str, drawn: list[Band]
) -> None:
    table = Table(simcord_env)
    role = table.guild.create_role("Players", mentionable=True)
    for band in drawn:
        band.name = band.name.replace("{role}", str(role.id)).replace(
            "{bystander}", str(table.bystander.id)
        )[: MAX_NAME - 3]
    await build(table, ruleset, fill(drawn, MAX_COMBATANTS))
    enc = await simcord_env.bot.encounters.status(table.channel.id)
    assert enc is not None and len(enc.combatants) == MAX_COMBATANTS
    await play_round(table)
    assert_fits_discord(simcord_env)
    owners = {p.id for p in table.players}
    for everyone, users, roles in pinged(simcord_env, table):
        assert not everyone and not roles and set(users) <= owners
    assert not simcord_env.errors
