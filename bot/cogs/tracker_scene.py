"""What the pinned tracker shows from outside the encounter's state (``bot.ui.tracker.Scene``):
the GURPS scene's lighting, a channel setting, and the stress of the saved characters fighting,
kept with each character across sessions. Read afresh for each drawing; the GURPS commands
that change either redraw the tracker (``redraw``)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from sqlalchemy import select

from bot.cogs.common import channel_locale
from bot.cogs.gurps_text import stress_maximum
from bot.combat.model import Encounter
from bot.store.faults import DatabaseFault
from bot.store.models import Character
from bot.store.stress import stress_of
from bot.systems.gurps.regulation import RegulationError
from bot.systems.gurps.stress import Stress
from bot.ui.tracker import Scene

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger("bot.encounter")


async def scene_of(bot: TabletopBot, enc: Encounter) -> Scene:
    if enc.system != "GURPS":
        return Scene()
    settings = await bot.settings_store.effective(enc.guild_id, enc.channel_id)
    return Scene(light=settings.scene_light, stress=await _stress(bot, enc))


async def _stress(bot: TabletopBot, enc: Encounter) -> dict[int, Stress]:
    joined = {c.character_id: c.id for c in enc.combatants if c.character_id is not None}
    if not joined:
        return {}
    table = Character.__table__
    try:
        async with bot.database.read() as conn:
            found = await conn.execute(select(table).where(table.c.id.in_(list(joined))))
            rows = [dict(row) for row in found.mappings()]
    except DatabaseFault:  # the tracker is drawn all the same, only without stress
        log.warning("could not read stress for the tracker in %s", enc.channel_id, exc_info=True)
        return {}
    out = {}
    for row in rows:
        try:
            maximum = stress_maximum(row)
        except RegulationError:  # no IQ on the sheet: no stress to speak of
            continue
        out[joined[row["id"]]] = stress_of(row, maximum)
    return out


async def redraw(bot: TabletopBot, channel: object, channel_id: int) -> None:
    """Bring the channel's GURPS tracker up to date after its lighting or a stress changed."""
    cog = bot.get_cog("Encounters")
    enc = await bot.encounters.status(channel_id)
    if cog is None or enc is None or enc.system != "GURPS":
        return
    locale = await channel_locale(bot, enc.guild_id, channel_id)
    await cog.refresh_tracker(channel, enc, locale)  # type: ignore[attr-defined]
