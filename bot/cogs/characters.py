"""``/char create | show | list | edit | delete``: characters saved per server and system."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from bot.cogs.common import Refusal, caller_of, option, send
from bot.combat.model import Combatant, Side
from bot.i18n import t
from bot.i18n.translator import options, text
from bot.store.characters import find_character, names_matching
from bot.store.models import Character
from bot.systems.grancrest.attack import set_weapon
from bot.systems.stats import parse_stats

if TYPE_CHECKING:
    from bot.client import TabletopBot

CHARACTERS = Character.__table__
MAX_PER_PLAYER = 50


def describe(row: Any) -> str:
    stats = " ".join(f"{k}={v}" for k, v in row["stats"].items() if k != "weapons") or "—"
    for weapon, spec in row["stats"].get("weapons", {}).items():
        reach = " ranged" if spec["ranged"] else ""
        stats += (
            f"\n⚔ {weapon}: {spec['hit']} power {spec['power']} {','.join(spec['types'])}{reach}"
        )
    return f"**{row['name']}** ({row['system']}) — <@{row['owner_id']}>\n{stats}"


class CharactersCog(commands.Cog, name="Characters"):
    char = app_commands.Group(
        name=text("char", "cmd.char"),
        description=text("Saved characters", "cmd.char.desc"),
        guild_only=True,
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def _system(self, interaction: discord.Interaction) -> str:
        settings = await self.bot.settings_store.effective(
            interaction.guild_id, interaction.channel_id or 0
        )
        return settings.system

    async def _find(self, interaction: discord.Interaction, name: str) -> Any:
        system = await self._system(interaction)
        row = await find_character(self.bot.database, interaction.guild_id, system, name)
        if row is None:
            raise Refusal("char.unknown", name=name, system=system)
        return row

    async def _mine(self, interaction: discord.Interaction, row: Any) -> None:
        caller = await caller_of(self.bot, interaction)
        if row["owner_id"] != caller.user_id and not caller.manages_channel:
            raise Refusal("char.not_yours", name=row["name"])

    @char.command(
        name=text("create", "cmd.char.create"),
        description=text("Save a character in this channel's system", "cmd.char.create.desc"),
    )
    @app_commands.describe(
        name=text("Character name", "cmd.char.name"),
        stats=text("Stats, e.g. action_value=7 reflex=3 hp=40", "cmd.char.stats"),
    )
    @options("name", "stats")
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 64],
        stats: str = "",
    ) -> None:
        system = await self._system(interaction)
        values = parse_stats(stats, system)
        async with self.bot.database.read() as conn:
            owned = (
                await conn.execute(
                    select(CHARACTERS.c.id).where(
                        CHARACTERS.c.guild_id == interaction.guild_id,
                        CHARACTERS.c.owner_id == interaction.user.id,
                    )
                )
            ).all()
        if len(owned) >= MAX_PER_PLAYER:
            raise Refusal("char.too_many", limit=MAX_PER_PLAYER)
        try:
            async with self.bot.database.write() as conn:
                await conn.execute(
                    insert(CHARACTERS).values(
                        guild_id=interaction.guild_id,
                        owner_id=interaction.user.id,
                        system=system,
                        name=name.strip(),
                        stats=values,
                    )
                )
        except IntegrityError:
            raise Refusal("char.exists", name=name, system=system) from None
        await send(interaction, t("char.created", name=name, system=system), ephemeral=True)

    @char.command(
        name=text("show", "cmd.char.show"),
        description=text("Show a character", "cmd.char.show.desc"),
    )
    @app_commands.describe(name=text("Character name", "cmd.char.name"))
    @options("name")
    async def show(self, interaction: discord.Interaction, name: str) -> None:
        row = await self._find(interaction, name)
        await send(
            interaction,
            describe(row),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @char.command(
        name=text("list", "cmd.char.list"),
        description=text("Characters of this server and system", "cmd.char.list.desc"),
    )
    async def list_(self, interaction: discord.Interaction) -> None:
        system = await self._system(interaction)
        async with self.bot.database.read() as conn:
            rows = (
                (
                    await conn.execute(
                        select(CHARACTERS)
                        .where(
                            CHARACTERS.c.guild_id == interaction.guild_id,
                            CHARACTERS.c.system == system,
                        )
                        .order_by(CHARACTERS.c.name)
                        .limit(100)
                    )
                )
                .mappings()
                .all()
            )
        lines = [f"{row['name']} — <@{row['owner_id']}>" for row in rows]
        await send(
            interaction,
            "\n".join(lines) or t("char.none", system=system),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @char.command(
        name=text("edit", "cmd.char.edit"),
        description=text("Change a character's stats", "cmd.char.edit.desc"),
    )
    @app_commands.describe(
        name=text("Character name", "cmd.char.name"),
        stats=text("Stats to change, e.g. hp=35", "cmd.char.edit.stats"),
    )
    @options("name", "stats")
    async def edit(self, interaction: discord.Interaction, name: str, stats: str) -> None:
        row = await self._find(interaction, name)
        await self._mine(interaction, row)
        merged = {**row["stats"], **parse_stats(stats, row["system"])}
        async with self.bot.database.write() as conn:
            await conn.execute(
                update(CHARACTERS).where(CHARACTERS.c.id == row["id"]).values(stats=merged)
            )
        await send(
            interaction,
            describe({**row, "stats": merged}),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @char.command(
        name=text("delete", "cmd.char.delete"),
        description=text("Delete a character", "cmd.char.delete.desc"),
    )
    @app_commands.describe(name=text("Character name", "cmd.char.name"))
    @options("name")
    async def delete_(self, interaction: discord.Interaction, name: str) -> None:
        row = await self._find(interaction, name)
        await self._mine(interaction, row)
        async with self.bot.database.write() as conn:
            await conn.execute(delete(CHARACTERS).where(CHARACTERS.c.id == row["id"]))
        await send(interaction, t("char.deleted", name=name), ephemeral=True)

    @char.command(
        name=text("weapon", "cmd.char.weapon"),
        description=text("Save a weapon on a Grancrest character", "cmd.char.weapon.desc"),
    )
    @app_commands.describe(
        name=text("Character name", "cmd.char.name"),
        weapon=text("Weapon name", "cmd.gc.weapon_name"),
        hit=text("Hit check as dice, e.g. 2D6+7", "cmd.gc.hit"),
        power=text("Attack power", "cmd.gc.power"),
        types=text("Damage types: weapon, heat, impact, internal", "cmd.gc.types"),
        ranged=text("A ranged attack (cannot target 0Sq)", "cmd.gc.ranged"),
    )
    @options("name", "weapon", "hit", "power", "types", "ranged")
    async def weapon(
        self,
        interaction: discord.Interaction,
        name: str,
        weapon: str,
        hit: str,
        power: option("power"),
        types: str = "weapon",
        ranged: bool = False,
    ) -> None:
        row = await self._find(interaction, name)
        await self._mine(interaction, row)
        holder = Combatant(0, row["name"], Side.PC)  # checks and shapes it like in combat
        reach = "yes" if ranged else "no"
        set_weapon(
            None,
            holder,
            f"name={weapon} hit={hit} power={power} types={types} ranged={reach}",
            None,
        )  # type: ignore[arg-type]
        stats = dict(row["stats"])
        stats["weapons"] = {**stats.get("weapons", {}), **holder.extra["gc"]["weapons"]}
        async with self.bot.database.write() as conn:
            await conn.execute(
                update(CHARACTERS).where(CHARACTERS.c.id == row["id"]).values(stats=stats)
            )
        await send(
            interaction, t("char.weapon_saved", name=row["name"], weapon=weapon), ephemeral=True
        )

    @show.autocomplete("name")
    @edit.autocomplete("name")
    @weapon.autocomplete("name")
    @delete_.autocomplete("name")
    async def _name_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        system = await self._system(interaction)
        names = await names_matching(self.bot.database, interaction.guild_id, system, current)
        return [app_commands.Choice(name=n, value=n) for n in names]
