"""``/naval …``: the naval add-on in Discord — ships, crews, steering, boarding, attacks, ship
skills, the event roll and the battlefield picture. Thin: each command is one encounter
action of the naval rule set; the turn's picture follows every command (``turn_picture``), the
whole map with its full legend is ``/naval map``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import on_encounter_button, option, post_locale, rule_set_action, send
from bot.cogs.encounter import matches
from bot.cogs.naval_picture import battlefield_file, focus_of
from bot.cogs.naval_post import NAVAL
from bot.cogs.turn_picture import FollowsWithPicture
from bot.combat.errors import CombatError
from bot.combat.events import ShipMoved
from bot.combat.service import Outcome
from bot.i18n import use_locale
from bot.i18n.translator import options, text
from bot.systems.naval.actions import LICENCES
from bot.systems.naval.attack import CREW_PRESETS, STYLES
from bot.systems.naval.battlefield import PRESETS, ship_data, ships

if TYPE_CHECKING:
    from bot.client import TabletopBot


class NavalCog(FollowsWithPicture, commands.Cog, name="Naval"):
    naval = app_commands.Group(
        name=text("naval", "cmd.naval"),
        description=text("Naval battles: ships, boarding, morale, events", "cmd.naval.desc"),
        guild_only=True,
    )
    ship = app_commands.Group(
        name=text("ship", "cmd.naval.ship"),
        description=text("Ships on the battlefield (GM)", "cmd.naval.ship.desc"),
        parent=naval,
    )

    picture = NAVAL

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    def moved(self, outcome: Outcome) -> list[int]:
        return [e.ship_id for e in outcome.events if isinstance(e, ShipMoved)]

    async def _act(
        self, interaction: discord.Interaction, action: str, combatant: str | None, detail: str
    ) -> None:
        await rule_set_action(self.bot, interaction, "naval", action, combatant, detail)

    async def on_button(
        self, interaction: discord.Interaction, encounter_id: int, action: str
    ) -> None:
        await on_encounter_button(
            self.bot, interaction, encounter_id, lambda: self._act(interaction, action, None, "")
        )

    # -- autocomplete ------------------------------------------------------------------------
    async def _combatants(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.bot.get_cog("Encounters")._combatant_autocomplete(interaction, current)

    async def _ships(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        enc = await self.bot.encounters.status(interaction.channel_id or 0)
        if enc is None:
            return []
        return [
            app_commands.Choice(name=s.name, value=s.name)
            for s in ships(enc)
            if matches(current, s.name)
        ][:25]

    async def _ship_presets(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=p, value=p) for p in PRESETS if matches(current, p)]

    async def _crew_presets(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=p, value=p) for p in CREW_PRESETS if matches(current, p)]

    async def _skills(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        enc = await self.bot.encounters.status(interaction.channel_id or 0)
        chosen = getattr(interaction.namespace, "ship", None)
        found = set()
        for s in ships(enc) if enc else []:
            if chosen in (None, s.name) and "ship" in s.extra:
                found.update(ship_data(s)["skills"])
        return [app_commands.Choice(name=k, value=k) for k in sorted(found) if matches(current, k)]

    # -- ships -------------------------------------------------------------------------------
    @ship.command(
        name=text("add", "cmd.naval.ship.add"),
        description=text("Put a ship on the battlefield (GM)", "cmd.naval.ship.add.desc"),
    )
    @app_commands.describe(
        name=text("Ship name (default: the preset's)", "cmd.naval.ship_name"),
        preset=text("A ship from the rules: its HP, areas, helm and skills", "cmd.naval.preset"),
        side=text("PC or NPC", "cmd.combat.add.side"),
        position=text("Position of its front area", "cmd.naval.position"),
        flagship=text("This side's flagship", "cmd.naval.flagship"),
        hp=text("HP (without a preset)", "cmd.naval.hp"),
        areas=text("Areas, 1 to 3 (without a preset)", "cmd.naval.areas"),
        helm=text("The helm's area, 1 = front (without a preset)", "cmd.naval.helm"),
    )
    @app_commands.choices(side=[app_commands.Choice(name=text(s, f"side.{s}"), value=s)
                                for s in ("pc", "npc")])  # fmt: skip
    @options("name", "preset", "side", "position", "flagship", "hp", "areas", "helm")
    async def ship_add(
        self,
        interaction: discord.Interaction,
        side: str,
        position: option("position"),
        name: str | None = None,
        preset: str | None = None,
        flagship: bool = False,
        hp: option("ship_hp") | None = None,
        areas: option("areas") = 1,
        helm: option("helm") = 1,
    ) -> None:
        if preset is None and hp is None:
            raise CombatError("naval.preset_or_hp")
        parts = [f"side={side}", f"position={position}", f"flagship={'yes' if flagship else 'no'}"]
        parts += [f"preset={preset}"] if preset else [f"hp={hp}", f"areas={areas}", f"helm={helm}"]
        await self._act(interaction, "place_ship", None, " ".join(parts) + f" name={name or ''}")

    @ship.command(
        name=text("edit", "cmd.naval.ship.edit"),
        description=text(
            "Change a ship's HP, position or flagship (GM)", "cmd.naval.ship.edit.desc"
        ),
    )
    @app_commands.describe(
        ship=text("Which ship", "cmd.naval.ship_choice"),
        hp=text("HP now", "cmd.naval.hp_now"),
        position=text("Position of its front area", "cmd.naval.position"),
        flagship=text("This side's flagship", "cmd.naval.flagship"),
    )
    @options("ship", "hp", "position", "flagship")
    async def ship_edit(
        self,
        interaction: discord.Interaction,
        ship: str,
        hp: option("amount") | None = None,
        position: option("position") | None = None,
        flagship: bool | None = None,
    ) -> None:
        flag = None if flagship is None else ("yes" if flagship else "no")
        given = {"hp": hp, "position": position, "flagship": flag}
        detail = " ".join(f"{k}={v}" for k, v in given.items() if v is not None)
        await self._act(interaction, "ship_edit", None, f"{detail} ship={ship}")

    @ship.command(
        name=text("remove", "cmd.naval.ship.remove"),
        description=text("Take a ship off the battlefield (GM)", "cmd.naval.ship.remove.desc"),
    )
    @app_commands.describe(ship=text("Which ship", "cmd.naval.ship_choice"))
    @options("ship")
    async def ship_remove(self, interaction: discord.Interaction, ship: str) -> None:
        await self._act(interaction, "ship_remove", None, f"ship={ship}")

    @ship.command(
        name=text("damage", "cmd.naval.ship.damage"),
        description=text("Damage a ship (GM)", "cmd.naval.ship.damage.desc"),
    )
    @app_commands.describe(
        ship=text("Which ship", "cmd.naval.ship_choice"),
        amount=text("Damage", "cmd.naval.amount"),
        by=text("The attacking side (an enemy's attack raises its morale)", "cmd.naval.by"),
    )
    @app_commands.choices(by=[app_commands.Choice(name=text(s, f"side.{s}"), value=s)
                              for s in ("pc", "npc")])  # fmt: skip
    @options("ship", "amount", "by")
    async def ship_damage(
        self,
        interaction: discord.Interaction,
        ship: str,
        amount: option("amount"),
        by: str | None = None,
    ) -> None:
        detail = f"amount={amount} by={by or ''} ship={ship}"
        await self._act(interaction, "ship_damage", None, detail)

    # -- crews and numbers -------------------------------------------------------------------
    @naval.command(
        name=text("crew", "cmd.naval.crew"),
        description=text(
            "Put a combatant aboard, or add the rules' NPC by name (GM)", "cmd.naval.crew.desc"
        ),
    )
    @app_commands.describe(
        ship=text("Which ship", "cmd.naval.ship_choice"),
        area=text("Area, 1 = front", "cmd.naval.area"),
        combatant=text("A combatant already in the encounter", "cmd.naval.crew_combatant"),
        preset=text("Or an NPC from the rules, e.g. 柾良海軍巡視兵", "cmd.naval.crew_preset"),
        count=text("How many copies of the NPC", "cmd.combat.add.count"),
        name=text("Name of the added NPC (default: the preset's)", "cmd.naval.crew_name"),
    )
    @options("ship", "area", "combatant", "preset", "count", "name")
    async def crew(
        self,
        interaction: discord.Interaction,
        ship: str,
        area: option("area") = 1,
        combatant: str | None = None,
        preset: str | None = None,
        count: option("crew") = 1,
        name: str | None = None,
    ) -> None:
        if combatant:
            await self._act(interaction, "aboard", combatant, f"area={area} ship={ship}")
        elif preset:
            named = f" name={name}" if name and name.strip() else ""
            # ``ship`` last: a ship's name may hold spaces and runs to the end of the detail
            detail = f"preset={preset} count={count} area={area}{named} ship={ship}"
            await self._act(interaction, "crew", None, detail)
        else:
            raise CombatError("naval.combatant_or_preset")

    @naval.command(
        name=text("set", "cmd.naval.set"),
        description=text(
            "Set naval numbers: hp, action, dodge, flying, weapon", "cmd.naval.set.desc"
        ),
    )
    @app_commands.describe(
        stats=text(
            "e.g. hp=60 action=9 dodge=2D6+4 flying=yes weapon=弓 hit=2D6+8 damage=2D6+20 "
            "style=ranged reach=2",
            "cmd.naval.stats",
        ),
        combatant=text("Whose numbers", "cmd.gc.combatant"),
    )
    @options("stats", "combatant")
    async def set_(
        self, interaction: discord.Interaction, stats: str, combatant: str | None = None
    ) -> None:
        await self._act(interaction, "naval_set", combatant, stats)

    @naval.command(
        name=text("licence", "cmd.naval.licence"),
        description=text("Which licence a combatant steers with", "cmd.naval.licence.desc"),
    )
    @app_commands.describe(
        kind=text("ship (【船舶】), driving (【運転免許】) or none", "cmd.naval.licence_kind"),
        combatant=text("Which combatant", "cmd.gc.combatant"),
    )
    @app_commands.choices(kind=[app_commands.Choice(name=text(k, f"licence.{k}"), value=k)
                                for k in LICENCES])  # fmt: skip
    @options("kind", "combatant")
    async def licence(
        self, interaction: discord.Interaction, kind: str, combatant: str | None = None
    ) -> None:
        await self._act(interaction, "licence", combatant, kind)

    # -- a turn at sea -----------------------------------------------------------------------
    @naval.command(
        name=text("move", "cmd.naval.move"),
        description=text("Steer your ship from its helm", "cmd.naval.move.desc"),
    )
    @app_commands.describe(
        direction=text("Forward (toward the enemy) or back", "cmd.naval.direction"),
        twice=text("Move twice (ship licence: Move + Minor)", "cmd.naval.twice"),
        combatant=text("Who steers (default: yours)", "cmd.gc.combatant"),
    )
    @app_commands.choices(direction=[app_commands.Choice(name=text(d, f"direction.{d}"), value=d)
                                     for d in ("forward", "back")])  # fmt: skip
    @options("direction", "twice", "combatant")
    async def move(
        self,
        interaction: discord.Interaction,
        direction: str,
        twice: bool = False,
        combatant: str | None = None,
    ) -> None:
        await self._act(interaction, "steer", combatant, f"{direction}{' 2' if twice else ''}")

    @naval.command(
        name=text("board", "cmd.naval.board"),
        description=text(
            "Board a ship at your position (free, before moving)", "cmd.naval.board.desc"
        ),
    )
    @app_commands.describe(
        ship=text("Which ship", "cmd.naval.ship_choice"),
        area=text("Area, 1 = front", "cmd.naval.area"),
        combatant=text("Who boards (default: yours)", "cmd.gc.combatant"),
    )
    @options("ship", "area", "combatant")
    async def board(
        self,
        interaction: discord.Interaction,
        ship: str,
        area: option("area") = 1,
        combatant: str | None = None,
    ) -> None:
        await self._act(interaction, "board", combatant, f"area={area} ship={ship}")

    @naval.command(
        name=text("walk", "cmd.naval.walk"),
        description=text(
            "Move to the next area of your own ship (move action)", "cmd.naval.walk.desc"
        ),
    )
    @app_commands.describe(
        area=text("The area to go to (1 = bow)", "cmd.naval.walk_area"),
        combatant=text("Who moves (default: yours)", "cmd.gc.combatant"),
    )
    @options("area", "combatant")
    async def walk(
        self, interaction: discord.Interaction, area: option("area"), combatant: str | None = None
    ) -> None:
        await self._act(interaction, "walk", combatant, f"area={area}")

    @naval.command(
        name=text("cover", "cmd.naval.cover_command"),
        description=text(
            "Cover someone of your side at your position (free action)",
            "cmd.naval.cover_command.desc",
        ),
    )
    @app_commands.describe(
        target=text("Whom to cover: someone else of your side at your position", "cmd.naval.cover"),
        combatant=text("Who covers (default: yours)", "cmd.gc.combatant"),
    )
    @options("target", "combatant")
    async def cover(
        self, interaction: discord.Interaction, target: str, combatant: str | None = None
    ) -> None:
        await self._act(interaction, "cover", combatant, f"target={target}")

    @naval.command(
        name=text("attack", "cmd.naval.attack"),
        description=text("Attack a combatant or a ship (major action)", "cmd.naval.attack.desc"),
    )
    @app_commands.describe(
        target=text("A combatant or a ship", "cmd.naval.target"),
        hit=text("Hit check, e.g. 2D6+12 (default: the weapon's)", "cmd.naval.hit"),
        damage=text("Damage, e.g. 2D6+70 (default: the weapon's)", "cmd.naval.damage"),
        style=text("melee, ranged or magic", "cmd.naval.style"),
        reach=text(
            "Range in positions: 3, or 2-3 for a nearest range (range 0 always counts)",
            "cmd.naval.reach",
        ),
        contact=text(
            "The skill needs contact: the target must be on your ship, range 1 at most",
            "cmd.naval.contact",
        ),
        area=text("Area attack: everyone at the target's position", "cmd.naval.area_attack"),
        ships=text(
            "Which ships there it also hits: yes (all), enemy, own, or names with commas",
            "cmd.naval.ships",
        ),
        protect=text("Damage taken off by a protection skill", "cmd.naval.protect"),
        attacker=text("Who attacks (default: whose turn it is)", "cmd.gc.attacker"),
    )
    @app_commands.choices(style=[app_commands.Choice(name=text(s, f"style.{s}"), value=s)
                                 for s in STYLES])  # fmt: skip
    @options("target", "hit", "damage", "style", "reach", "contact", "area", "ships", "protect",
             "attacker")  # fmt: skip
    async def attack(
        self,
        interaction: discord.Interaction,
        target: str,
        hit: str | None = None,
        damage: str | None = None,
        style: str | None = None,
        reach: str | None = None,
        contact: bool = False,
        area: bool = False,
        ships: str | None = None,
        protect: option("protect") | None = None,
        attacker: str | None = None,
    ) -> None:
        given = {"hit": hit, "damage": damage, "style": style,
                 "reach": "".join(reach.split()) if reach else None,
                 "contact": "yes" if contact else None, "area": "yes" if area else None,
                 "ships": ",".join(p.strip() for p in ships.split(",")) if ships else None,
                 "protect": protect}  # fmt: skip
        detail = " ".join(f"{k}={v}" for k, v in given.items() if v is not None)
        await self._act(interaction, "attack", attacker, f"{detail} target={target}")

    @naval.command(
        name=text("skill", "cmd.naval.skill"),
        description=text("Use a ship skill, paid in morale (free action)", "cmd.naval.skill.desc"),
    )
    @app_commands.describe(
        ship=text("Which ship", "cmd.naval.ship_choice"),
        skill=text("砲撃, 速力上昇 or 修繕", "cmd.naval.skill_name"),
        at=text("砲撃: where it lands (a combatant or a ship)", "cmd.naval.at"),
        ships=text(
            "Which ships there it also hits: yes (all), enemy, own, or names with commas",
            "cmd.naval.ships",
        ),
        combatant=text("Who uses it (default: yours)", "cmd.gc.combatant"),
    )
    @options("ship", "skill", "at", "ships", "combatant")
    async def skill(
        self,
        interaction: discord.Interaction,
        ship: str,
        skill: str,
        at: str | None = None,
        ships: str | None = None,
        combatant: str | None = None,
    ) -> None:
        chosen = ",".join(p.strip() for p in ships.split(",")) if ships else "no"
        detail = f"skill={skill}" + (f" at={at} ships={chosen}" if at else "")
        await self._act(interaction, "ship_skill", combatant, f"{detail} ship={ship}")

    @naval.command(
        name=text("event", "cmd.naval.event"),
        description=text("Roll this round's event, or skip it (GM)", "cmd.naval.event.desc"),
    )
    @app_commands.describe(choice=text("Roll or skip", "cmd.naval.event_choice"))
    @app_commands.choices(choice=[app_commands.Choice(name=text(c, f"event_choice.{c}"), value=c)
                                  for c in ("roll", "skip")])  # fmt: skip
    @options("choice")
    async def event(self, interaction: discord.Interaction, choice: str = "roll") -> None:
        await self._act(interaction, "roll_event" if choice == "roll" else "skip_event", None, "")

    @naval.command(
        name=text("map", "cmd.naval.map"),
        description=text("Show the battlefield", "cmd.naval.map.desc"),
    )
    async def map_(self, interaction: discord.Interaction) -> None:
        await self._post_map(interaction)

    async def _post_map(self, interaction: discord.Interaction) -> None:
        """The picture with its whole legend (every ship and crew), when someone asks."""
        enc = await self.bot.encounters.status(interaction.channel_id or 0)
        if enc is None:
            raise CombatError("combat.no_encounter")
        if enc.system != "naval":
            raise CombatError("combat.other_system", wanted="naval", system=enc.system)
        locale = await post_locale(self.bot, interaction)
        with use_locale(locale):
            picture, legend = battlefield_file(enc, focus=focus_of(enc, ()))
            await send(
                interaction, legend, file=picture, allowed_mentions=discord.AllowedMentions.none()
            )

    for command in (crew, set_, licence, move, board, skill, walk, cover):
        command.autocomplete("combatant")(_combatants)
    cover.autocomplete("target")(_combatants)
    for command in (ship_edit, ship_remove, ship_damage, crew, board, skill):
        command.autocomplete("ship")(_ships)
    attack.autocomplete("target")(_combatants)
    attack.autocomplete("attacker")(_combatants)
    skill.autocomplete("at")(_combatants)
    skill.autocomplete("skill")(_skills)
    ship_add.autocomplete("preset")(_ship_presets)
    crew.autocomplete("preset")(_crew_presets)
    del command
