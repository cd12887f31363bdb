"""``/esp …``: Esperancer's combat in Discord — initiative and Sonic Drive, attacks, skills,
statuses, engagement and moves. Thin: each command is one encounter action."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import on_encounter_button, option, rule_set_action
from bot.i18n.translator import options, text
from bot.systems.esperancer.statuses import Effect

if TYPE_CHECKING:
    from bot.client import TabletopBot

TIMINGS = ("setup", "minor", "major", "combinable", "cleanup")


def choice(value: str, key: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=text(value, key), value=value)


class EsperancerCog(commands.Cog, name="Esperancer"):
    esp = app_commands.Group(
        name=text("esp", "cmd.esp"),
        description=text("Esperancer combat", "cmd.esp.desc"),
        guild_only=True,
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def _act(
        self,
        interaction: discord.Interaction,
        action: str,
        combatant: str | int | None,
        detail: str,
    ) -> None:
        await rule_set_action(self.bot, interaction, "Esperancer", action, combatant, detail)

    async def on_button(
        self,
        interaction: discord.Interaction,
        encounter_id: int,
        action: str,
        combatant: int | None,
        detail: str,
    ) -> None:
        await on_encounter_button(
            self.bot,
            interaction,
            encounter_id,
            lambda: self._act(interaction, action, combatant, detail),
        )

    async def _combatants(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        # The encounter cog knows who may see which combatant (hidden NPCs: GM only).
        return await self.bot.get_cog("Encounters")._combatant_autocomplete(interaction, current)

    @esp.command(
        name=text("init", "cmd.esp.init"),
        description=text("Roll your initiative (2D10, 10s explode)", "cmd.esp.init.desc"),
    )
    @app_commands.describe(combatant=text("Which combatant", "cmd.gc.combatant"))
    @options("combatant")
    async def init(self, interaction: discord.Interaction, combatant: str | None = None) -> None:
        await self._act(interaction, "roll_initiative", combatant, "")

    @esp.command(
        name=text("sonic", "cmd.esp.sonic"),
        description=text("Answer the Sonic Drive offer", "cmd.esp.sonic.desc"),
    )
    @app_commands.describe(
        answer=text("Trigger Sonic Drive?", "cmd.esp.answer"),
        combatant=text("Which combatant", "cmd.gc.combatant"),
    )
    @options("answer", "combatant")
    async def sonic(
        self, interaction: discord.Interaction, answer: bool, combatant: str | None = None
    ) -> None:
        await self._act(interaction, "sonic", combatant, "yes" if answer else "no")

    @esp.command(
        name=text("attack", "cmd.esp.attack"),
        description=text("Attack: hit check against the target's dodge", "cmd.esp.attack.desc"),
    )
    @app_commands.describe(
        target=text("Who is attacked", "cmd.gc.target"),
        damage=text("Damage: a number or dice, e.g. 2D10+5", "cmd.esp.damage"),
        hit=text("Hit check modifier, e.g. +3 or +1D10+2", "cmd.esp.hit"),
        ranged=text("A ranged weapon (no engage needed)", "cmd.esp.ranged"),
        attacker=text("Who attacks (default: whose turn it is)", "cmd.gc.attacker"),
        dodge=text("The target's dodge modifier this once, e.g. -1D10 or +2", "cmd.esp.dodge_mod"),
    )
    @options("target", "damage", "hit", "ranged", "attacker", "dodge")
    async def attack(
        self,
        interaction: discord.Interaction,
        target: str,
        damage: str,
        hit: str = "",
        ranged: bool = False,
        attacker: str | None = None,
        dodge: str = "",
    ) -> None:
        reach = "ranged" if ranged else "engaged"
        detail = f"target={target} damage={damage} range={reach}"
        detail += (f" hit={hit}" if hit else "") + (f" dodge={dodge}" if dodge else "")
        await self._act(interaction, "attack", attacker, detail)

    @esp.command(
        name=text("dodge", "cmd.esp.dodge"),
        description=text("Roll the dodge an attack on you waits for", "cmd.esp.dodge.desc"),
    )
    @app_commands.describe(combatant=text("Who dodges (default: yours)", "cmd.gc.combatant"))
    @options("combatant")
    async def dodge(self, interaction: discord.Interaction, combatant: str | None = None) -> None:
        await self._act(interaction, "dodge", combatant, "")

    @esp.command(
        name=text("heal", "cmd.esp.heal"),
        description=text("Restore HP, up to the maximum (GM)", "cmd.esp.heal.desc"),
    )
    @app_commands.describe(
        target=text("Who is healed", "cmd.esp.heal_target"),
        amount=text("HP restored: a number or dice, e.g. 2D10", "cmd.esp.heal_amount"),
    )
    @options("target", "amount")
    async def heal(self, interaction: discord.Interaction, target: str, amount: str) -> None:
        await self._act(interaction, "heal", target, amount)

    @esp.command(
        name=text("order", "cmd.esp.order"),
        description=text("The order of combatants tied on initiative (GM)", "cmd.esp.order.desc"),
    )
    @app_commands.describe(names=text("Names in order, e.g. Wasp, Hornet", "cmd.esp.names"))
    @options("names")
    async def order(self, interaction: discord.Interaction, names: str) -> None:
        await self._act(interaction, "set_order", None, names)

    @esp.command(
        name=text("options", "cmd.esp.options"),
        description=text("This fight's options (GM)", "cmd.esp.options.desc"),
    )
    @app_commands.describe(
        dodge_rolls=text("Who rolls an attacked PC's dodge", "cmd.esp.dodge_rolls")
    )
    @app_commands.choices(
        dodge_rolls=[choice(v, f"option.dodge_rolls.{v}") for v in ("bot", "players")]
    )
    @options("dodge_rolls")
    async def options_(self, interaction: discord.Interaction, dodge_rolls: str) -> None:
        await self._act(interaction, "esp_options", None, f"dodge_rolls={dodge_rolls}")

    @esp.command(
        name=text("skill", "cmd.esp.skill"),
        description=text("Declare a skill with its timing", "cmd.gc.skill.desc"),
    )
    @app_commands.describe(
        name=text("Skill name", "cmd.gc.skill_name"),
        timing=text("Its timing", "cmd.gc.timing"),
        combatant=text("Who uses it", "cmd.gc.combatant"),
    )
    @app_commands.choices(timing=[choice(v, f"timing.{v}") for v in TIMINGS])
    @options("name", "timing", "combatant")
    async def skill(
        self, interaction: discord.Interaction, name: str, timing: str, combatant: str | None = None
    ) -> None:
        await self._act(interaction, "skill", combatant, f"timing={timing} name={name}")

    @esp.command(
        name=text("status", "cmd.esp.status"),
        description=text("Add or remove a status effect (GM)", "cmd.esp.status.desc"),
    )
    @app_commands.describe(
        change=text("Add or remove", "cmd.esp.change"),
        effect=text("Which status", "cmd.esp.effect"),
        target=text("On whom", "cmd.esp.on_whom"),
    )
    @app_commands.choices(
        change=[choice(v, f"change.{v}") for v in ("add", "remove")],
        effect=[choice(e.value, f"status.{e.value}") for e in Effect],
    )
    @options("change", "effect", "target")
    async def status(
        self, interaction: discord.Interaction, change: str, effect: str, target: str
    ) -> None:
        await self._act(interaction, "status", target, f"{change} {effect}")

    @esp.command(
        name=text("engage", "cmd.esp.engage"),
        description=text("Join another combatant's engage", "cmd.esp.engage.desc"),
    )
    @app_commands.describe(
        other=text("Whose engage to join", "cmd.esp.other"),
        full=text("A full move (major action) there", "cmd.esp.engage_full"),
        combatant=text("Who joins (default: yours)", "cmd.gc.combatant"),
    )
    @options("other", "full", "combatant")
    async def engage(
        self,
        interaction: discord.Interaction,
        other: str,
        full: bool = False,
        combatant: str | None = None,
    ) -> None:
        await self._act(interaction, "engage", combatant, other + (" full" if full else ""))

    @esp.command(
        name=text("leave", "cmd.esp.leave"),
        description=text("Leave your engage", "cmd.esp.leave.desc"),
    )
    @app_commands.describe(combatant=text("Which combatant", "cmd.gc.combatant"))
    @options("combatant")
    async def leave(self, interaction: discord.Interaction, combatant: str | None = None) -> None:
        await self._act(interaction, "leave", combatant, "")

    @esp.command(
        name=text("move", "cmd.esp.move"),
        description=text(
            "Move in metres (minor: up to speed; full: major, speed × 3)", "cmd.esp.move.desc"
        ),
    )
    @app_commands.describe(
        metres=text("How far, in metres", "cmd.esp.metres"),
        full=text("Full move (major action, speed × 3)", "cmd.esp.full"),
        past=text("An enemy the move goes past", "cmd.esp.past"),
        combatant=text("Who moves", "cmd.gc.combatant"),
    )
    @options("metres", "full", "past", "combatant")
    async def move(
        self,
        interaction: discord.Interaction,
        metres: option("metres"),
        full: bool = False,
        past: str | None = None,
        combatant: str | None = None,
    ) -> None:
        detail = f"{metres}{' full' if full else ''}" + (f" past={past}" if past else "")
        await self._act(interaction, "move", combatant, detail)

    @esp.command(
        name=text("set", "cmd.esp.set"),
        description=text("Set Esperancer numbers: hp, dodge, speed, boss", "cmd.esp.set.desc"),
    )
    @app_commands.describe(
        stats=text("e.g. hp=30 dodge=2 speed=5 boss=yes", "cmd.esp.stats"),
        combatant=text("Whose numbers", "cmd.gc.combatant"),
    )
    @options("stats", "combatant")
    async def set_(
        self, interaction: discord.Interaction, stats: str, combatant: str | None = None
    ) -> None:
        await self._act(interaction, "esp_set", combatant, stats)

    for command in (init, sonic, skill, leave, move, set_, engage, dodge):
        command.autocomplete("combatant")(_combatants)
    heal.autocomplete("target")(_combatants)
    attack.autocomplete("target")(_combatants)
    attack.autocomplete("attacker")(_combatants)
    status.autocomplete("target")(_combatants)
    engage.autocomplete("other")(_combatants)
    move.autocomplete("past")(_combatants)
    del command
