"""What a naval battlefield picture shows, as plain data: the ships, their crews and the
header. ``bot.cogs.naval_picture`` fills it from an encounter; ``bot.ui.naval_map`` lays it out
and ``bot.ui.naval_draw`` draws its parts — both read it, neither owns it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CrewPicture:
    number: int  # the legend's number
    area: int  # 0 = the bow
    pc: bool
    name: str = ""
    hp: int | None = None
    max_hp: int | None = None
    down: bool = False  # out of battle: drawn greyed and crossed


@dataclass(frozen=True)
class ShipPicture:
    letter: str
    position: int  # the lowest position it covers (its left end in the picture)
    areas: int
    helm: int  # area index, 0 = the bow
    pc: bool
    hp: int
    max_hp: int
    flagship: bool = False
    sunk: bool = False
    crew: list[CrewPicture] = field(default_factory=list)
    name: str = ""
    aground: bool = False
    speed_up: bool = False


@dataclass
class Unnamed:
    """What a picture could not name: ships (by letter) and crew (by number) whose names its
    font lacks, that did not fit whole, or that are not drawn at all (outside the window, past
    an area's rows). The post's legend names them instead."""

    ships: list[str] = field(default_factory=list)
    crew: list[int] = field(default_factory=list)


Text = tuple[str, str]  # (in the post's language, in ASCII for a font without its letters)
Span = tuple[int, int] | list[int]  # the lowest and highest position ships have covered


@dataclass(frozen=True)
class SeaPicture:
    """What the header shows; the words come translated from ``bot.cogs.naval``."""

    pc_forward: Text = ("PC forward", "PC forward")
    npc_forward: Text = ("NPC forward", "NPC forward")
    morale: Text = ("", "")  # e.g. "Morale: PC 3 / NPC 1"
    event: Text = ("", "")  # the round's event, if one was rolled
    wind: str | None = None  # "headwind" / "tailwind" (as the PCs feel it)
    aground: Text = ("aground", "aground")
    speed_up: Text = ("x2", "x2")
