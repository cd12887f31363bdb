"""The naval battlefield picture for a post: the ships and crews of an encounter turned into
``bot.ui.naval_map``'s pictures, its header in the post's language, and its legend — whole for
``/naval map`` (every ship and crew), short for the turn's picture (morale and the event, the
window, and only the names the picture itself could not write)."""

from __future__ import annotations

import hashlib
import io
import json
import string
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.combat.model import Encounter, Kind, Side
from bot.i18n import t
from bot.systems.naval.battlefield import event_kind, morale, ships
from bot.systems.naval.events import EVENTS
from bot.ui.fit import CONTENT, units
from bot.ui.listing import as_many_as_fit
from bot.ui.naval_map import battlefield_window, draw_battlefield, extent
from bot.ui.naval_scene import CrewPicture, SeaPicture, ShipPicture, Span
from bot.ui.tracker import morale_line, naval_summary


@dataclass(frozen=True)
class Scene:
    """One battlefield picture before it is drawn, with what its legends say."""

    ships: list[ShipPicture]
    sea: SeaPicture
    focus: list[int]
    sailed: Span | None
    shown: range
    missing: list[str]  # letters of the ships outside the picture's window
    ship_lines: list[str]  # the whole legend's, one per ship
    crew_lines: list[str]  # and one per crew member
    windowed: bool


def scene(enc: Encounter, *, for_gm: bool = False, focus: Sequence[int] = ()) -> Scene:
    """The picture (a window around the ``focus`` positions on a wide or crowded sea) of every
    ship and crew, hidden NPCs left off for players."""
    pictures, ship_lines, crew_lines = [], [], []
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
        ship_lines.append(t("naval.legend_ship", letter=letter, name=ship.name,
                            side=t(f"side.{ship.side.value}"), hp=hp, max_hp=top,
                            positions=f"{first}–{last}" if last > first else str(first),
                            helm=int(data["helm"]) + 1,
                            flag=" ⚑" if data.get("flagship") else "",
                            sunk=" ✖" if ship.out else ""))  # fmt: skip
    for c in people:
        if c.id in numbers:
            ship = enc.combatant(c.aboard) if c.aboard is not None else None
            hp = f" HP {c.stats.hp}" if c.stats.hp is not None else ""
            crew_lines.append(t("naval.legend_crew", number=numbers[c.id], name=c.name,
                                ship=ship.name if ship else "—",
                                area=int(c.extra.get("area", 0)) + 1, hp=hp,
                                out=" ✖" if c.out else ""))  # fmt: skip
    sailed = enc.data.get("sailed")
    shown, drawn = battlefield_window(pictures, focus, sailed)
    missing = [p.letter for p in pictures if p not in drawn]
    windowed = bool(missing) or len(shown) < len(extent(pictures))
    return Scene(pictures, sea_picture(enc), list(focus), sailed, shown, missing, ship_lines,
                 crew_lines, windowed)  # fmt: skip


def _window_line(view: Scene) -> list[str]:
    if not view.windowed:
        return []
    return [t("naval.legend_window", low=view.shown[0], high=view.shown[-1],
              letters=", ".join(view.missing) or "—")]  # fmt: skip


def battlefield_file(
    enc: Encounter, *, for_gm: bool = False, focus: Sequence[int] = ()
) -> tuple[discord.File, str]:
    """The picture and its whole legend of every ship and crew (``/naval map``)."""
    view = scene(enc, for_gm=for_gm, focus=focus)
    png, _ = draw_battlefield(view.ships, view.focus, view.sea, view.sailed)
    legend = [morale_line(enc), *_window_line(view), *view.ship_lines, *view.crew_lines]
    # The whole legend, however long: the outgoing layer spreads it over messages.
    return discord.File(io.BytesIO(png), filename="battlefield.png"), "\n".join(legend)


def turn_picture(enc: Encounter, view: Scene) -> tuple[bytes, str]:
    """The turn's picture and its short legend, three lines at most: morale and the event
    (the picture's header, as text), the window when it is one, and the names the picture
    could not write (its font lacks their letters, they did not fit, or they are off it)."""
    png, unnamed = draw_battlefield(view.ships, view.focus, view.sea, view.sailed)
    names = [t("naval.legend_name_ship", letter=s.letter, name=s.name)
             for s in view.ships if s.letter in unnamed.ships and s.name]  # fmt: skip
    crew = sorted((c for s in view.ships for c in s.crew), key=lambda c: c.number)
    names += [t("naval.legend_name_crew", number=c.number, name=c.name)
              for c in crew if c.number in unnamed.crew and c.name]  # fmt: skip
    legend = [naval_summary(enc), *_window_line(view)]
    if names:
        room = CONTENT - units("\n".join(legend)) - 1
        legend.append(_names_line(names, room))
    return png, "\n".join(legend)


def _names_line(names: list[str], room: int) -> str:
    """The names, as many as fit ``room``; those left over are counted, for ``/naval map``'s
    whole legend."""
    return as_many_as_fit(
        names,
        t("naval.legend_name_sep"),
        lambda count: t("naval.legend_names_more", count=count),
        room,
        lambda shown: t("naval.legend_names", names=shown),
    )


def marks(view: Scene) -> dict[str, object]:
    """What a picture shows, in short, to tell whether a new one is needed: ``layout`` (where
    every ship and crew member is, which ships sank, ran aground or sped up), ``wind`` (the
    round's headwind or tailwind, drawn in the header) and ``full`` (everything: HP, morale,
    the event's title too)."""
    layout = [(s.letter, s.position, s.areas, s.helm, s.pc, s.flagship, s.sunk, s.aground,
               s.speed_up, [(c.number, c.area) for c in s.crew]) for s in view.ships]  # fmt: skip
    full = repr((view.ships, view.sea, view.shown, view.missing))
    return {"layout": _digest(json.dumps(layout)), "wind": view.sea.wind, "full": _digest(full)}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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
