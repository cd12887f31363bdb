"""The pinned tracker: the fight's state at a glance. Pure: no sending, no database.

One line per combatant, in turn order — whose turn (▶), who has acted (✓), the number the order
goes by (行動値, or GURPS's 移動力), HP, what it is under (statuses with the rounds left, down,
engage, square, ship position, GURPS acceleration and stress) — then a short block: what the
fight waits for, the naval morale and event, the GURPS scene's lighting.

The pinned tracker is public: players never see a hidden combatant, and see an NPC's HP as a
wound level and a bar (``bot.ui.wounds``) unless the GM shows the numbers (``bot.combat.display``);
the GM's own view (``for_gm``: ``/combat status``) has every number. Paged by ``bot.ui.pages``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import discord

from bot.combat import display
from bot.combat.model import Combatant, Encounter, Kind, Side
from bot.i18n import t
from bot.systems import ruleset
from bot.systems.gurps.regulation import darkness, parse_light
from bot.systems.gurps.stress import Stress
from bot.systems.naval.battlefield import event_kind, morale
from bot.ui.render import (
    LOG_COLOUR,
    PHASE_COLOURS,
    display_name,
    phase_name,
    status_name,
    system_name,
)
from bot.ui.wounds import wound

# The rule sets whose order goes by the action value, even when it is 0 (not entered yet).
BY_ACTION_VALUE = ("GranCrest", "naval")


@dataclass(frozen=True)
class Scene:
    """What the tracker shows from outside the encounter's state, read by the cog: the GURPS
    scene's lighting (a channel setting) and the stress of characters joined from saved ones
    (kept with the character, across sessions), by combatant id."""

    light: str | None = None
    stress: dict[int, Stress] = field(default_factory=dict)


def tracker(enc: Encounter, *, for_gm: bool = False, scene: Scene | None = None) -> discord.Embed:
    """The tracker as the players see it, or (``for_gm``) as the GM does."""
    scene = scene or Scene()
    if enc.round == 0 or enc.phase is None:
        title = t("ui.tracker_preparing", system=system_name(enc.system))
        colour = LOG_COLOUR
    else:
        title = t("ui.round_phase", round=enc.round, phase=phase_name(enc.phase, enc.system))
        colour = PHASE_COLOURS[enc.phase]
    embed = discord.Embed(title=title, colour=colour)
    rows = combatant_rows(enc, for_gm=for_gm, scene=scene)
    block = [*waiting_lines(enc, for_gm=for_gm), *scene_lines(enc, scene)]
    if block and rows:
        rows.append("")  # the footer block stands apart from the order
    embed.description = "\n".join(rows + block) or t("ui.nobody")  # paged by bot.ui.pages
    footer = t("ui.tracker_footer", system=system_name(enc.system), version=enc.version)
    if for_gm:
        footer += t("ui.tracker_gm_view")
    embed.set_footer(text=footer)
    return embed


def combatant_rows(enc: Encounter, *, for_gm: bool, scene: Scene) -> list[str]:
    """One line each: those in this round's order first, numbered among those shown (a gap in
    the numbers would tell players someone hidden stands there), then anyone not in it."""
    listed = ruleset(enc.system).tracker_order(enc) if enc.round else []
    order = [i for i in listed if enc.combatant(i) is not None]
    rest = [c.id for c in sorted(enc.combatants, key=lambda c: c.seq) if c.id not in order]
    rows, position = [], 0
    for combatant_id in order + rest:
        c = enc.combatant(combatant_id)
        if c is None or (c.hidden and not for_gm):
            continue
        numbered = combatant_id in order
        position += numbered
        rows.append(row(enc, c, position if numbered else None, for_gm=for_gm, scene=scene))
    return rows


def row(enc: Encounter, c: Combatant, position: int | None, *, for_gm: bool, scene: Scene) -> str:
    marker = "▶" if c.id == enc.actor else ("✓" if c.acted else t("ui.order_mark"))
    number = f"{position}. " if position is not None else ""
    ship = "⚓ " if c.kind is Kind.SHIP else ""
    side = t(f"side_mark.{c.side.value}")
    head = f"{marker} {number}{ship}{display_name(c, for_gm=for_gm)} ({side})"
    exact = for_gm or c.side is Side.PC or display.npc_hp_exact(enc)
    parts = [head, order_value(enc, c), hp_text(c, exact=exact), *marks(enc, c, scene)]
    if c.hidden:
        parts.append("👁")  # only the GM's view has hidden ones: it says which they are
    if c.out:
        parts.append("✖")
    return " ".join(part for part in parts if part)


def order_value(enc: Encounter, c: Combatant) -> str:
    """The number this rule set's order goes by: 行動値 (Grancrest, naval; Esperancer's is
    rolled each round), GURPS's 移動力; the generic order uses an action value when given. A
    ship never acts: it has none."""
    if c.kind is Kind.SHIP:
        return ""
    if enc.system == "Esperancer":
        value = c.initiative
    elif enc.system == "GURPS":
        return t("ui.order_move", value=f"{c.stats.speed:g}")
    elif enc.system in BY_ACTION_VALUE or c.stats.action_value:
        value = c.stats.action_value
    else:
        value = c.initiative
    return "" if value is None else t("ui.order_action_value", value=value)


def hp_text(c: Combatant, *, exact: bool) -> str:
    """``HP 12/20`` — or, for an NPC the players may not count, its wound level and bar; one out
    of the fight says so in its own mark."""
    hp, most = c.stats.hp, c.stats.max_hp
    if hp is None:
        return ""
    if exact:
        return f"HP {hp}/{most}" if most else f"HP {hp}"
    if not most or (c.kind is Kind.CHARACTER and not c.fighting):
        return ""  # without a maximum there is nothing to measure a wound by
    bar, level = wound(hp, most)
    return f"{bar} {t(f'wound.{level}')}"


def marks(enc: Encounter, c: Combatant, scene: Scene) -> list[str]:
    out = []
    if not c.fighting and c.kind is Kind.CHARACTER:
        out.append(f"[{down_name(c.down_reason or c.condition.value)}]")
    engage = c.extra.get("esp", {}).get("engage")
    if engage is not None:
        out.append(t("ui.engage_mark", engage=engage))
    square = c.extra.get("gc", {}).get("square")
    if square:  # Grancrest: those on one square are in reach of each other's melee
        out.append(f"@{square[0]},{square[1]}")
    ship = c.extra.get("ship") if c.kind is Kind.SHIP else None
    if ship is not None:  # naval: where the ship lies, and which one leads each side
        first, last = int(ship["position"]), int(ship["position"]) + int(ship["areas"]) - 1
        where = f"{first}–{last}" if last > first else str(first)
        out.append(f"{'⚑ ' if ship.get('flagship') else ''}@{where}")
    out += [status_mark(s.kind, s.remaining) for s in c.statuses]  # brackets: no commas
    if c.extra.get("acceleration"):
        out.append(f"[{t('ui.accelerated')}]")
    stress = scene.stress.get(c.id)
    if stress is not None:
        mark = t("gurps.stress_depressed_mark") if stress.depressed else ""
        out.append(t("ui.stress_mark", value=stress.value, maximum=stress.maximum) + mark)
    return out


def status_mark(kind: str, remaining: int | None) -> str:
    """``[毒]``, or with the rounds it has left ``[放心 2R]``."""
    name = status_name(kind)
    if remaining is None:
        return f"[{name}]"
    return f"[{t('ui.status_rounds', status=name, rounds=remaining)}]"


def down_name(reason: str) -> str:
    """A combatant's state out of the fight, in a word or two (瀕死2, 戦闘不能 …)."""
    label = t(f"down.{reason}")
    return reason if label == f"down.{reason}" else label


def waiting_lines(enc: Encounter, *, for_gm: bool) -> list[str]:
    """What the fight waits for, and from whom. A hidden combatant's prompt is the GM's to
    know: the players' line would tell them someone hidden is there."""
    rows = []
    for prompt in enc.prompts:
        owner = enc.combatant(prompt.owner) if prompt.owner is not None else None
        if owner is not None and owner.hidden and not for_gm:
            continue
        who = display_name(owner, for_gm=for_gm) if owner else t("ui.anyone_or_gm")
        rows.append(t("ui.waiting", name=who, prompt=t(f"prompt.{prompt.kind}")))
    return rows


def scene_lines(enc: Encounter, scene: Scene) -> list[str]:
    """The naval morale and event; the GURPS scene's lighting once the GM has set it."""
    if enc.system == "naval":
        return [naval_summary(enc)]
    if enc.system == "GURPS" and scene.light:
        light, torch = parse_light(scene.light)
        name = t(f"light.{light.value}") + (t("gurps.with_torch") if torch else "")
        return [t("ui.tracker_light", scene=name, penalty=f"{darkness(light, torch):+d}")]
    return []


def morale_line(enc: Encounter) -> str:
    """Both sides' morale (the tracker, the battlefield legend)."""
    both = " / ".join(f"{t(f'side.{s.value}')} {morale(enc, s)}" for s in (Side.PC, Side.NPC))
    return t("naval.legend_morale", morale=both)


def naval_summary(enc: Encounter) -> str:
    """Both sides' morale and this round's event, under the tracker's list."""
    line = morale_line(enc)
    if event_kind(enc) is not None:
        value = int(enc.data["event"]["value"])
        line += " · " + t("ui.naval_rolled", value=value, title=t(f"naval_title.{value}"))
    return line
