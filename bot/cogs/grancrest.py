"""``/gc …``: Grancrest's combat in Discord — attacks and reactions, damage, healing, numbers,
the map and movement, skills. Thin: each command is one encounter action."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import gc_complete
from bot.cogs.common import (
    channel_locale,
    on_encounter_button,
    option,
    post_locale,
    rule_set_action,
    send,
)
from bot.cogs.deadline import answered
from bot.cogs.turn_picture import FollowsWithPicture
from bot.combat.errors import CombatError
from bot.i18n import t, use_locale
from bot.i18n.translator import options, text
from bot.systems.grancrest.options import CHOICES
from bot.ui.gc_map import GRANCREST_MAP, map_file

if TYPE_CHECKING:
    from bot.client import TabletopBot

# The digest's named actions and the action kind each spends.
# Swapping a weapon and exchanging an item are /gc swap and /gc give (they change who holds what).
ACTIONS = {"pick_up": "minor", "other_minor": "minor", "other_major": "major"}


class GrancrestCog(FollowsWithPicture, commands.Cog, name="Grancrest"):
    gc = app_commands.Group(
        name=text("gc", "cmd.gc"),
        description=text("Grancrest combat", "cmd.gc.desc"),
        guild_only=True,
    )

    picture = GRANCREST_MAP

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def _act(
        self,
        interaction: discord.Interaction,
        action: str,
        combatant: str | int | None,
        detail: str,
    ) -> None:
        await rule_set_action(self.bot, interaction, "GranCrest", action, combatant, detail)

    @gc.command(
        name=text("attack", "cmd.gc.attack"),
        description=text(
            "Attack: roll the hit check; the target then reacts", "cmd.gc.attack.desc"
        ),
    )
    @app_commands.describe(
        target=text("Who is attacked; several for an area attack: A, B", "cmd.gc.targets"),
        hit=text("Hit check as dice, e.g. 2D6+7", "cmd.gc.hit"),
        power=text("Attack power", "cmd.gc.power"),
        types=text("Damage types: weapon, heat, impact, internal", "cmd.gc.types"),
        ranged=text("A ranged attack (cannot target 0Sq)", "cmd.gc.ranged"),
        attacker=text("Who attacks (default: whose turn it is)", "cmd.gc.attacker"),
        weapon=text("A weapon the attacker carries (/gc weapon)", "cmd.gc.weapon_choice"),
        dice=text("Damage dice: 3D, or +1D added to the 2D", "cmd.gc.dice"),
        range=text("Range in squares (ranged: the farthest; melee: its reach)", "cmd.gc.range"),
    )
    @options("target", "hit", "power", "types", "ranged", "attacker", "weapon", "dice", "range")
    async def attack(
        self,
        interaction: discord.Interaction,
        target: str,
        hit: str | None = None,
        power: option("power") | None = None,
        types: str | None = None,
        ranged: bool | None = None,
        attacker: str | None = None,
        weapon: str | None = None,
        dice: str | None = None,
        range: option("square") | None = None,
    ) -> None:
        reach = None if ranged is None else ("yes" if ranged else "no")
        given = {
            "weapon": weapon, "hit": hit, "power": power, "types": types, "ranged": reach,
            "dice": dice, "range": range,
        }  # fmt: skip
        detail = f"target={target} " + " ".join(
            f"{k}={v}" for k, v in given.items() if v is not None
        )
        await self._act(interaction, "attack", attacker, detail)

    @gc.command(
        name=text("weapon", "cmd.gc.weapon"),
        description=text("Give a combatant a weapon to attack with", "cmd.gc.weapon.desc"),
    )
    @app_commands.describe(
        name=text("Weapon name", "cmd.gc.weapon_name"),
        hit=text("Hit check as dice, e.g. 2D6+7", "cmd.gc.hit"),
        power=text("Attack power", "cmd.gc.power"),
        types=text("Damage types: weapon, heat, impact, internal", "cmd.gc.types"),
        ranged=text("A ranged attack (cannot target 0Sq)", "cmd.gc.ranged"),
        combatant=text("Which combatant", "cmd.gc.combatant"),
        range=text("Range in squares (ranged: the farthest; melee: its reach)", "cmd.gc.range"),
        dice=text("Damage dice: 3D, or +1D added to the 2D", "cmd.gc.dice"),
        equip=text("In hand now (default: when nothing is in hand)", "cmd.gc.equip"),
    )
    @options("name", "hit", "power", "types", "ranged", "combatant", "range", "dice", "equip")
    async def weapon(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 64],
        hit: str,
        power: option("power"),
        types: str = "weapon",
        ranged: bool = False,
        combatant: str | None = None,
        range: option("square") | None = None,
        dice: str | None = None,
        equip: bool | None = None,
    ) -> None:
        reach = "yes" if ranged else "no"
        detail = f"name={name} hit={hit} power={power} types={types} ranged={reach}"
        detail += f" range={range}" if range is not None else ""
        detail += f" dice={dice}" if dice else ""
        detail += "" if equip is None else f" equip={'yes' if equip else 'no'}"
        await self._act(interaction, "gc_weapon", combatant, detail)

    @gc.command(
        name=text("swap", "cmd.gc.swap"),
        description=text(
            "Swap a weapon in hand for a carried one (minor action)", "cmd.gc.swap.desc"
        ),
    )
    @app_commands.describe(
        take=text("The carried weapon to take in hand", "cmd.gc.take"),
        put_away=text("The weapon to put away (when several are in hand)", "cmd.gc.put_away"),
        combatant=text("Which combatant", "cmd.gc.combatant"),
    )
    @options("take", "put_away", "combatant")
    async def swap(
        self,
        interaction: discord.Interaction,
        take: str,
        put_away: str | None = None,
        combatant: str | None = None,
    ) -> None:
        detail = f"in={take}" + (f" out={put_away}" if put_away else "")
        await self._act(interaction, "swap", combatant, detail)

    @gc.command(
        name=text("give", "cmd.gc.give"),
        description=text(
            "Hand a weapon to someone in the same square (major action)", "cmd.gc.give.desc"
        ),
    )
    @app_commands.describe(
        item=text("The weapon handed over", "cmd.gc.item"),
        to=text("Who receives it", "cmd.gc.to"),
        back=text("A weapon of theirs given in return (optional)", "cmd.gc.back"),
        combatant=text("Which combatant", "cmd.gc.combatant"),
    )
    @options("item", "to", "back", "combatant")
    async def give(
        self,
        interaction: discord.Interaction,
        item: str,
        to: str,
        back: str | None = None,
        combatant: str | None = None,
    ) -> None:
        detail = f"item={item} to={to}" + (f" back={back}" if back else "")
        await self._act(interaction, "give", combatant, detail)

    @gc.command(
        name=text("options", "cmd.gc.options"),
        description=text(
            "This fight's rulings where the chapter is silent (GM)", "cmd.gc.options.desc"
        ),
    )
    @app_commands.describe(
        melee_reach=text("How far a melee attack reaches", "cmd.gc.melee_reach"),
        dying_block=text("A dying enemy makes leaving its square cost 3", "cmd.gc.dying_block"),
        hidden_block=text("A hidden NPC makes leaving its square cost 3", "cmd.gc.hidden_block"),
    )
    @app_commands.choices(
        melee_reach=[
            app_commands.Choice(name=text(v, f"option.melee_reach.{v}"), value=v)
            for v in CHOICES["melee_reach"]
        ]
    )
    @options("melee_reach", "dying_block", "hidden_block")
    async def options_(
        self,
        interaction: discord.Interaction,
        melee_reach: str | None = None,
        dying_block: bool | None = None,
        hidden_block: bool | None = None,
    ) -> None:
        given = {"melee_reach": melee_reach, "dying_block": dying_block,
                 "hidden_block": hidden_block}  # fmt: skip
        detail = " ".join(
            f"{k}={('yes' if v else 'no') if isinstance(v, bool) else v}"
            for k, v in given.items()
            if v is not None
        )
        await self._act(interaction, "gc_options", None, detail)

    @gc.command(
        name=text("react", "cmd.gc.react"),
        description=text("Roll the reaction to an attack", "cmd.gc.react.desc"),
    )
    @app_commands.describe(
        check=text("Reaction as dice (default: your dodge)", "cmd.gc.check"),
        combatant=text("Who reacts", "cmd.gc.combatant"),
        reduction=text("Damage reduction after the defense", "cmd.gc.reduction"),
    )
    @options("check", "combatant", "reduction")
    async def react(
        self,
        interaction: discord.Interaction,
        check: str = "",
        combatant: str | None = None,
        reduction: option("amount") | None = None,
    ) -> None:
        detail = check + (f" reduction={reduction}" if reduction else "")
        await self._act(interaction, "react", combatant, detail)

    @gc.command(
        name=text("damage", "cmd.gc.damage"),
        description=text("Apply damage with its types (GM)", "cmd.gc.damage.desc"),
    )
    @app_commands.describe(
        target=text("Who is attacked", "cmd.gc.target"),
        amount=text("Damage before defenses", "cmd.gc.amount"),
        types=text("Damage types: weapon, heat, impact, internal", "cmd.gc.types"),
        reduction=text("Damage reduction after the defense", "cmd.gc.reduction"),
    )
    @options("target", "amount", "types", "reduction")
    async def damage(
        self,
        interaction: discord.Interaction,
        target: str,
        amount: option("amount"),
        types: str = "weapon",
        reduction: option("amount") | None = None,
    ) -> None:
        cut = f" reduction={reduction}" if reduction else ""
        await self._act(interaction, "damage", target, f"{amount} {types}{cut}")

    @gc.command(
        name=text("heal", "cmd.gc.heal"), description=text("Restore HP (GM)", "cmd.gc.heal.desc")
    )
    @app_commands.describe(
        target=text("Who is attacked", "cmd.gc.target"),
        amount=text("HP restored", "cmd.gc.heal_amount"),
        levels=text("Dying levels the effect may heal, e.g. 1,2", "cmd.gc.levels"),
    )
    @options("target", "amount", "levels")
    async def heal(
        self,
        interaction: discord.Interaction,
        target: str,
        amount: option("amount"),
        levels: str = "",
    ) -> None:
        await self._act(
            interaction, "heal", target, f"{amount} levels={levels}" if levels else str(amount)
        )

    @gc.command(
        name=text("set", "cmd.gc.set"),
        description=text(
            "Set Grancrest numbers: hp, strength, spirit, defenses, move, dodge", "cmd.gc.set.desc"
        ),
    )
    @app_commands.describe(
        stats=text("e.g. hp=40 strength=6 spirit=5 weapon=10 move=5 dodge=2D6+4", "cmd.gc.stats"),
        combatant=text("Whose numbers", "cmd.gc.combatant"),
    )
    @options("stats", "combatant")
    async def set_(
        self, interaction: discord.Interaction, stats: str, combatant: str | None = None
    ) -> None:
        await self._act(interaction, "gc_set", combatant, stats)

    @gc.command(
        name=text("move", "cmd.gc.move"),
        description=text("Move on the map (normal: minor; full: major)", "cmd.gc.move.desc"),
    )
    @app_commands.describe(
        x=text("Column", "cmd.gc.x"),
        y=text("Row", "cmd.gc.y"),
        full=text("Full move (major action, twice the Move)", "cmd.gc.full"),
        combatant=text("Who moves", "cmd.gc.combatant"),
    )
    @options("x", "y", "full", "combatant")
    async def move(
        self,
        interaction: discord.Interaction,
        x: option("square"),
        y: option("square"),
        full: bool = False,
        combatant: str | None = None,
    ) -> None:
        await self._act(interaction, "move", combatant, f"{x},{y}{' full' if full else ''}")

    @gc.command(
        name=text("place", "cmd.gc.place"),
        description=text("Put a combatant on a square (GM)", "cmd.gc.place.desc"),
    )
    @app_commands.describe(
        combatant=text("Who", "cmd.gc.combatant"),
        x=text("Column", "cmd.gc.x"),
        y=text("Row", "cmd.gc.y"),
    )
    @options("combatant", "x", "y")
    async def place(
        self,
        interaction: discord.Interaction,
        combatant: str,
        x: option("square"),
        y: option("square"),
    ) -> None:
        await self._act(interaction, "place", combatant, f"{x},{y}")

    @gc.command(
        name=text("map", "cmd.gc.map"),
        description=text("Show the map, or size it (GM): 12x8", "cmd.gc.map.desc"),
    )
    @app_commands.describe(size=text("Width x height, e.g. 12x8 (GM)", "cmd.gc.size"))
    @options("size")
    async def map_(self, interaction: discord.Interaction, size: str | None = None) -> None:
        if size:  # the turn's picture follows the new size (``_after``), as after a move
            await self._act(interaction, "map", None, size)
        else:
            await self._post_map(interaction)

    async def _post_map(self, interaction: discord.Interaction) -> None:
        """The picture with its whole legend (a line per token), when someone asks."""
        enc = await self.bot.encounters.status(interaction.channel_id or 0)
        if enc is None:
            raise CombatError("combat.no_encounter")
        locale = await post_locale(self.bot, interaction)
        with use_locale(locale):
            picture, legend = map_file(enc)
            await send(
                interaction,
                legend or t("ui.nobody"),
                file=picture,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @gc.command(
        name=text("skill", "cmd.gc.skill"),
        description=text("Declare a skill with its timing", "cmd.gc.skill.desc"),
    )
    @app_commands.describe(
        name=text("Skill name", "cmd.gc.skill_name"),
        timing=text("Its timing", "cmd.gc.timing"),
        combatant=text("Who uses it", "cmd.gc.combatant"),
    )
    @app_commands.choices(
        timing=[
            app_commands.Choice(name=text(v, f"timing.{v}"), value=v)
            for v in ("setup", "initiative", "minor", "major", "cleanup")
        ]
    )
    @options("name", "timing", "combatant")
    async def skill(
        self, interaction: discord.Interaction, name: str, timing: str, combatant: str | None = None
    ) -> None:
        await self._act(interaction, "skill", combatant, f"timing={timing} name={name}")

    @gc.command(
        name=text("action", "cmd.gc.action"),
        description=text("Take a named minor or major action", "cmd.gc.action.desc"),
    )
    @app_commands.describe(
        kind=text("Which action", "cmd.gc.kind"),
        detail=text("What exactly (optional)", "cmd.combat.act.detail"),
        combatant=text("Which combatant", "cmd.gc.combatant"),
    )
    @app_commands.choices(
        kind=[app_commands.Choice(name=text(k, f"gc_action.{k}"), value=k) for k in ACTIONS]
    )
    @options("kind", "detail", "combatant")
    async def action(
        self,
        interaction: discord.Interaction,
        kind: str,
        detail: str = "",
        combatant: str | None = None,
    ) -> None:
        label = t(
            f"gc_action.{kind}",
            locale=await channel_locale(
                self.bot, interaction.guild_id, interaction.channel_id or 0
            ),
        )
        what = f"{label}: {detail}" if detail else label
        await self._act(interaction, ACTIONS[kind], combatant, what)

    async def ask_interrupt(
        self, interaction: discord.Interaction, modal: discord.ui.Modal
    ) -> None:
        """The initiative-skill button: its modal is the answer (no deferral is due)."""
        await interaction.response.send_modal(modal)
        answered(interaction)

    async def on_interrupt(
        self, interaction: discord.Interaction, encounter_id: int, skill: str, who: str | None
    ) -> None:
        await on_encounter_button(
            self.bot,
            interaction,
            encounter_id,
            lambda: self._act(interaction, "interrupt", who, skill),
        )

    async def on_react_button(
        self, interaction: discord.Interaction, encounter_id: int, target_id: int
    ) -> None:
        await on_encounter_button(
            self.bot,
            interaction,
            encounter_id,
            lambda: self._act(interaction, "react", target_id, ""),
        )

    # -- autocomplete --------------------------------------------------------------------------
    async def _combatants(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        # The encounter cog knows who may see which combatant (hidden NPCs: GM only).
        return await self.bot.get_cog("Encounters")._combatant_autocomplete(interaction, current)

    async def _targets(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await gc_complete.targets(self.bot, interaction, current)

    async def _weapons_in_hand(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        who = (
            "attacker"
            if interaction.command and interaction.command.name == "attack"
            else "combatant"
        )
        return await gc_complete.weapon_names(self.bot, interaction, current, key=who, hand=True)

    async def _weapons_carried(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await gc_complete.weapon_names(
            self.bot, interaction, current, key="combatant", hand=False
        )

    async def _weapons_held(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await gc_complete.weapon_names(
            self.bot, interaction, current, key="combatant", hand=None
        )

    async def _their_weapons(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await gc_complete.weapon_names(self.bot, interaction, current, key="to", hand=None)

    for command in (weapon, swap, give, react, set_, move, skill, action):
        command.autocomplete("combatant")(_combatants)
    for command in (damage, heal):
        command.autocomplete("target")(_combatants)
    place.autocomplete("combatant")(_combatants)
    attack.autocomplete("target")(_targets)
    attack.autocomplete("attacker")(_combatants)
    attack.autocomplete("weapon")(_weapons_in_hand)
    swap.autocomplete("take")(_weapons_carried)
    swap.autocomplete("put_away")(_weapons_in_hand)
    give.autocomplete("item")(_weapons_held)
    give.autocomplete("to")(_combatants)
    give.autocomplete("back")(_their_weapons)
    del command
