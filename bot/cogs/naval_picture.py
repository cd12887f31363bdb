"""The naval battlefield picture for a post: the ships and crews of an encounter turned into
``bot.ui.naval_map``'s pictures, its header in the post's language, and the legend that
names every ship and crew (the picture's letters and numbers)."""

from __future__ import annotations

import io
import string
from collections.abc import Sequence

import discord

from bot.combat.model import Encounter, Kind, Side
from bot.i18n import t
from bot.systems.naval.battlefield import event_kind, morale, ships
from bot.systems.naval.events import EVENTS
from bot.ui.naval_map import (
    battlefield_window,
    extent,
    render_battlefield,
)
from bot.ui.naval_scene import CrewPicture, SeaPicture, ShipPicture
from bot.ui.tracker import morale_line


def battlefield_file(
    enc: Encounter, *, for_gm: bool = False, focus: Sequence[int] = ()
) -> tuple[discord.File, str]:
    """The battlefield picture (a window around the ``focus`` positions on a wide or crowded
    sea) and its legend of every ship and crew (hidden NPCs left off for players)."""
    pictures, legend = [], []
    numbers = {}
    people = [c for c in sorted(enc.combatants, key=lambda c: c.seq) if c.kind is Kind.CHARACTER]
    for c in people:
        if c.aboard is not None and (for_gm or not c.hidden):
            numbers[c.id] = len(numbers) + 1
    for index, ship in enumerate(ships(enc)):
        letter = ship_letter(index)
        data = ship.extra.get("ship")
        if data is None:
            continue
        aboard = [c for c in people if c.aboard == ship.id and c.id in numbers]
        crew = [CrewPicture(numbers[c.id], int(c.extra.get("area", 0)), c.side is Side.PC,
                            c.name, c.stats.hp, c.stats.max_hp, c.out) for c in aboard]  # fmt: skip
        hp, top = ship.stats.hp or 0, ship.stats.max_hp or ship.stats.hp or 0
        aground = data.get("aground_round") == enc.round and enc.round > 0
        pictures.append(ShipPicture(letter, int(data["position"]), int(data["areas"]),
                                    int(data["helm"]), ship.side is Side.PC, hp, top,
                                    bool(data.get("flagship")), ship.out, crew, ship.name,
                                    aground, data.get("speed_up", 0) > 0))  # fmt: skip
        first, last = int(data["position"]), int(data["position"]) + int(data["areas"]) - 1
        legend.append(t("naval.legend_ship", letter=letter, name=ship.name,
                        side=t(f"side.{ship.side.value}"), hp=hp, max_hp=top,
                        positions=f"{first}–{last}" if last > first else str(first),
                        helm=int(data["helm"]) + 1,
                        flag=" ⚑" if data.get("flagship") else "",
                        sunk=" ✖" if ship.out else ""))  # fmt: skip
    for c in people:
        if c.id in numbers:
            ship = enc.combatant(c.aboard) if c.aboard is not None else None
            hp = f" HP {c.stats.hp}" if c.stats.hp is not None else ""
            legend.append(t("naval.legend_crew", number=numbers[c.id], name=c.name,
                            ship=ship.name if ship else "—",
                            area=int(c.extra.get("area", 0)) + 1, hp=hp,
                            out=" ✖" if c.out else ""))  # fmt: skip
    sailed = enc.data.get("sailed")
    shown, drawn = battlefield_window(pictures, focus, sailed)
    missing = [p.letter for p in pictures if p not in drawn]
    if missing or len(shown) < len(extent(pictures)):
        note = t("naval.legend_window", low=shown[0], high=shown[-1],
                 letters=", ".join(missing) or "—")  # fmt: skip
        legend.insert(0, note)
    legend.insert(0, morale_line(enc))
    png = render_battlefield(pictures, focus, sea_picture(enc), sailed)
    # The whole legend, however long: the outgoing layer spreads it over messages.
    return discord.File(io.BytesIO(png), filename="battlefield.png"), "\n".join(legend)


def sea_picture(enc: Encounter) -> SeaPicture:
    """The picture's header in the post's language, each with an ASCII form for a host font
    without its letters."""
    pc, npc = morale(enc, Side.PC), morale(enc, Side.NPC)
    kind = event_kind(enc)
    event: tuple[str, str] = ("", "")
    if kind is not None:
        value = int(enc.data["event"]["value"])
        event = (t("ui.naval_rolled", value=value, title=EVENTS[value].title),
                 f"Event {value}: {kind.replace('_', ' ')}")  # fmt: skip
    return SeaPicture(
        pc_forward=(t("naval.map_forward", side=t("side.pc")), "PC forward"),
        npc_forward=(t("naval.map_forward", side=t("side.npc")), "NPC forward"),
        morale=(morale_line(enc), f"Morale: PC {pc} / NPC {npc}"),
        event=event,
        wind=kind if kind in ("headwind", "tailwind") else None,
        aground=(t("naval.map_aground"), "aground"),
        speed_up=(t("naval.map_speed_up"), "speed x2"),
    )


def ship_letter(index: int) -> str:
    """A, B … Z, then AA, AB …: every ship of a crowded sea gets its own letter."""
    letters = string.ascii_uppercase
    return (
        letters[index]
        if index < len(letters)
        else ship_letter(index // 26 - 1) + letters[index % 26]
    )


def focus_of(enc: Encounter, ship_ids: Sequence[int]) -> list[int]:
    """The positions of these ships (else of the acting combatant's ship): where the action
    is, for the picture's window."""
    actor = enc.combatant(enc.actor) if enc.actor is not None else None
    if not ship_ids and actor is not None and actor.aboard is not None:
        ship_ids = [actor.aboard]
    focus = []
    for ship_id in ship_ids:
        ship = enc.combatant(ship_id)
        if ship is not None and "ship" in ship.extra:
            first = int(ship.extra["ship"]["position"])
            focus += range(first, first + int(ship.extra["ship"]["areas"]))
    return focus
