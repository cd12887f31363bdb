"""``/char create | show | list | edit | delete``: characters saved per server and system."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from sqlalchemy import select

from bot.cogs.common import Refusal, caller_of, option, send
from bot.combat.model import Combatant, Side
from bot.i18n import t
from bot.i18n.translator import options, text
from bot.store.characters import find_character, names_matching
from bot.store.models import Character
from bot.systems.grancrest.weapons import set_weapon
from bot.systems.stats import parse_stats

if TYPE_CHECKING:
    from bot.client import TabletopBot

CHARACTERS = Character.__table__


def describe(row: Any) -> str:
    stats = " ".join(f"{k}={v}" for k, v in row["stats"].items() if k != "weapons") or "—"
    for weapon, spec in row["stats"].get("weapons", {}).items():
        reach = " ranged" if spec["ranged"] else ""
        reach += f" range {spec['range']}" if spec.get("range") is not None else ""
        reach += f" {spec['dice']}D" if spec.get("dice") is not None else ""
        reach += "" if spec.get("equipped", True) else " (carried)"
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

    async def _change(
        self, interaction: discord.Interaction, row: Any, change: Callable[[dict], dict]
    ) -> dict:
        """The stats as ``change`` makes them of the saved ones (its player or a GM)."""
        caller = await caller_of(self.bot, interaction)
        return await self.bot.characters.change_stats(
            row["id"], caller.user_id, caller.manages_channel, change
        )

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
        name = name.strip()
        if not name:
            raise Refusal("char.bad_name")
        await self.bot.characters.create(
            interaction.guild_id or 0, interaction.user.id, system, name, values
        )
        await send(
            interaction,
            t("char.created", name=name, system=system),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

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
        values = parse_stats(stats, row["system"])
        saved = await self._change(interaction, row, lambda now: {**now, **values})
        await send(
            interaction,
            describe(saved),
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
        caller = await caller_of(self.bot, interaction)
        await self.bot.characters.delete(row["id"], caller.user_id, caller.manages_channel)
        await send(
            interaction,
            t("char.deleted", name=row["name"]),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

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
        range=text("Range in squares (ranged: the farthest; melee: its reach)", "cmd.gc.range"),
        dice=text("Damage dice: 3D, or +1D added to the 2D", "cmd.gc.dice"),
        equip=text("In hand now (default: when nothing is in hand)", "cmd.gc.equip"),
    )
    @options("name", "weapon", "hit", "power", "types", "ranged", "range", "dice", "equip")
    async def weapon(
        self,
        interaction: discord.Interaction,
        name: str,
        weapon: app_commands.Range[str, 1, 64],
        hit: str,
        power: option("power"),
        types: str = "weapon",
        ranged: bool = False,
        range: option("square") | None = None,
        dice: str | None = None,
        equip: bool | None = None,
    ) -> None:
        row = await self._find(interaction, name)
        reach = "yes" if ranged else "no"
        detail = f"name={weapon} hit={hit} power={power} types={types} ranged={reach}"
        detail += f" range={range}" if range is not None else ""
        detail += f" dice={dice}" if dice else ""
        detail += "" if equip is None else f" equip={'yes' if equip else 'no'}"

        def with_weapon(now: dict) -> dict:
            # Checked and shaped as in combat, next to the weapons saved already (the first
            # one goes into the hand, later ones are carried unless equip says).
            holder = Combatant(0, row["name"], Side.PC)
            holder.extra["gc"] = {"weapons": dict(now.get("weapons", {}))}
            set_weapon(None, holder, detail, None)
            return {**now, "weapons": holder.extra["gc"]["weapons"]}

        with_weapon(dict(row["stats"]))  # refuses a bad weapon before the transaction
        await self._change(interaction, row, with_weapon)
        await send(
            interaction,
            t("char.weapon_saved", name=row["name"], weapon=weapon),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
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
