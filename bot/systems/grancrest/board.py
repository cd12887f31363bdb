"""The Grancrest square map inside an encounter (rules digest "Map and movement").

The GM sizes the grid (``map``: ``12x8``) and places combatants (``place``: ``3,4``); several may
share a square. A normal move (minor action) may spend Move points, a full move (major) twice
that; leaving a square with a hostile costs 3, every other step 1; the cheapest orthogonal path
is used and an unaffordable move is refused with its cost.
"""

from __future__ import annotations

import re

from bot.combat.errors import CombatError
from bot.combat.events import Event, MapChanged, Moved
from bot.combat.model import Action, Combatant, Condition, Encounter, Kind
from bot.dice import DieSource
from bot.dice.parser import fold_width
from bot.systems.grancrest import combat, options
from bot.systems.grancrest.combat import ECONOMY
from bot.systems.grancrest.rules import Grid, cheapest_path

MAX_SIDE = 40


def grid_of(enc: Encounter) -> Grid:
    size = enc.data.get("map")
    if not size:
        raise CombatError("gc.no_map")
    return Grid(int(size["width"]), int(size["height"]))


def square_of(c: Combatant) -> tuple[int, int] | None:
    square = combat.numbers(c).get("square")
    return (int(square[0]), int(square[1])) if square else None


def _square(text: str) -> tuple[int, int]:
    match = re.fullmatch(
        r"\s*([0-9]+)\s*[,、 ]\s*([0-9]+)\s*(?:full|全力)?\s*", fold_width(text).lower()
    )
    if not match:
        raise CombatError("gc.bad_square", text=text[:40])
    return int(match.group(1)), int(match.group(2))


def size_map(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    match = re.fullmatch(r"\s*([0-9]+)\s*[x×*]\s*([0-9]+)\s*", fold_width(detail).lower())
    if not match or not (
        1 <= int(match.group(1)) <= MAX_SIDE and 1 <= int(match.group(2)) <= MAX_SIDE
    ):
        raise CombatError("gc.bad_map", text=detail[:40], limit=MAX_SIDE)
    width, height = int(match.group(1)), int(match.group(2))
    enc.data["map"] = {"width": width, "height": height}
    return [MapChanged(width, height)]


def place(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """The GM puts a combatant on a square (no cost: initial placement is the GM's)."""
    assert c is not None
    square = _square(detail)
    if not grid_of(enc).inside(square):
        raise CombatError("gc.off_map", text=detail[:40])
    before = square_of(c)
    combat.numbers(c)["square"] = list(square)
    return [Moved(c.id, list(before) if before else None, list(square), 0, [list(square)])]


def hostile_squares(enc: Encounter, mover: Combatant) -> set[tuple[int, int]]:
    """Squares that cost more to leave: those of enemies still fighting. The bot's rulings,
    each an option of the fight (``bot.systems.grancrest.options``): a dying enemy holds no
    square unless ``dying_block=yes``; a hidden enemy holds none against a player's combatant
    — its cost would give it away — unless ``hidden_block=yes``."""
    players = mover.owner_id is not None
    dying = options.blocks(enc, "dying_block")
    hidden = options.blocks(enc, "hidden_block")

    def holds(c: Combatant) -> bool:
        if c.side is mover.side or c.kind is not Kind.CHARACTER:
            return False
        if not (c.fighting or (dying and c.condition is Condition.DYING)):
            return False
        return hidden or not (c.hidden and players)

    return {sq for c in enc.combatants if holds(c) and (sq := square_of(c))}


def move(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``5,3`` (normal move, the minor action) or ``5,3 full`` (full move, the major)."""
    assert c is not None
    full = bool(re.search(r"full|全力", detail.lower()))
    goal = _square(detail)
    grid = grid_of(enc)
    start = square_of(c)
    if start is None:
        raise CombatError("gc.not_placed", name=c.name)
    action = Action.MAJOR if full else Action.MINOR
    ECONOMY.own_turn(enc, c)
    ECONOMY.still_may(c, action)
    found = cheapest_path(grid, start, goal, hostile_squares(enc, c))
    if found is None:
        raise CombatError("gc.off_map", text=detail[:40])
    cost, path = found
    budget = int(combat.numbers(c).get("move", 0)) * (2 if full else 1)
    if cost > budget:
        raise CombatError("gc.too_far", name=c.name, cost=cost, budget=budget)
    ECONOMY.spend(enc, c, action)
    combat.numbers(c)["square"] = list(goal)
    return [Moved(c.id, list(start), list(goal), cost, [list(sq) for sq in path])]
