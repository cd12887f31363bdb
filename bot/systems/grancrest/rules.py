"""Grancrest's combat rules, pure (rules digest "Attacks", "Dying", "Map and movement").

Attacks are opposed checks: the hit check against the target's reaction (ties go to the
reaction, achievement values compared after the critical +10); damage is attack power + 2D
(+10 on a critical hit check) minus the LOWEST of the target's defenses among the attack's
damage types, never below 0. Dying levels follow HP against the Strength base; the map is a
square grid with orthogonal movement where leaving a square with a hostile costs 3.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from itertools import pairwise

from bot.dice import DieSource, RollResult, roll
from bot.i18n import LocalizedError

CRITICAL_DAMAGE_BONUS = 10
LEAVE_HOSTILE_COST = 3
DAMAGE_DICE = 2  # a weapon attack's damage: attack power + 2D
MAX_DAMAGE_DICE = 20


class DamageType(StrEnum):
    WEAPON = "weapon"  # 武器
    HEAT = "heat"  # 炎熱
    IMPACT = "impact"  # 衝擊
    INTERNAL = "internal"  # 體內


@dataclass(frozen=True)
class Defenses:
    weapon: int = 0
    heat: int = 0
    impact: int = 0
    internal: int = 0

    def against(self, types: frozenset[DamageType] | set[DamageType]) -> int:
        """The defense that applies: the lowest among the attack's damage types."""
        if not types:
            raise ValueError("an attack has at least one damage type")
        return min(getattr(self, kind.value) for kind in types)


def hp_damage(
    damage: int, defenses: Defenses, types: set[DamageType], other_reductions: int = 0
) -> int:
    """HP lost: damage − the applicable defense − other reductions, never below 0."""
    return max(0, damage - defenses.against(types) - other_reductions)


@dataclass(frozen=True)
class Exchange:
    """An attack's opposed check: who won, on which achievement values."""

    hit: int  # the hit check's achievement value (critical +10 included)
    reaction: int
    critical: bool

    @property
    def hits(self) -> bool:
        return self.hit > self.reaction  # a tie goes to the reaction


def opposed(hit_check: RollResult, reaction_check: RollResult) -> Exchange:
    assert hit_check.total is not None and reaction_check.total is not None
    return Exchange(hit_check.total, reaction_check.total, hit_check.critical)


def can_target(ranged: bool, distance: int) -> bool:
    """Ranged attacks cannot target a combatant at 0Sq (the same square)."""
    return not (ranged and distance == 0)


def out_of_reach(ranged: bool, distance: int, reach: int | None) -> str | None:
    """Why a target ``distance`` squares away cannot be attacked, or None. A ranged attack
    cannot target 0Sq and reaches its weapon's range (no range given: no limit); a melee
    attack reaches ``reach`` squares (the bot's ruling: 0, the same square)."""
    if ranged:
        if not can_target(ranged, distance):
            return "ranged_0sq"
        return "out_of_range" if reach is not None and distance > reach else None
    return "out_of_reach" if distance > (reach or 0) else None


def damage_roll(
    attack_power: int, critical: bool, dice: DieSource | None, count: int = DAMAGE_DICE
) -> RollResult:
    """Attack power + 2D (``count`` dice: +1D makes 3D), +10 when the hit check was a
    critical — written as its own term, so the post shows where the 10 comes from."""
    command = f"{count}D6" + (f"+{attack_power}" if attack_power else "")
    command += f"+{CRITICAL_DAMAGE_BONUS}" if critical else ""
    result = roll(command, system="GranCrest", dice=dice, strict=True)
    assert result is not None
    return result


def applicable(defenses: Defenses, types: set[DamageType]) -> DamageType:
    """Which defense applies: the damage type whose defense is lowest (ties: the first in
    the chapter's order, weapon → heat → impact → internal)."""
    return min(
        (kind for kind in DamageType if kind in types), key=lambda kind: getattr(defenses, kind)
    )


class Dying(IntEnum):
    NONE = 0
    LEVEL_1 = 1  # unconscious; HP 1 at combat end
    LEVEL_2 = 2  # death check at combat end
    LEVEL_3 = 3  # loses 2D6 HP at every Cleanup; death check at combat end
    DEAD = 4


def dying_level(hp: int, strength: int) -> Dying:
    """0 ≥ HP ≥ −STR level 1; down to −2·STR level 2; down to −3·STR level 3; below: dead."""
    if hp > 0:
        return Dying.NONE
    for level, floor in (
        (Dying.LEVEL_1, -strength),
        (Dying.LEVEL_2, -2 * strength),
        (Dying.LEVEL_3, -3 * strength),
    ):
        if hp >= floor:
            return level
    return Dying.DEAD


def cleanup_loss(level: Dying, dice: DieSource | None) -> RollResult | None:
    """Dying level 3 loses 2D6 HP at each Cleanup (shown)."""
    if level is not Dying.LEVEL_3:
        return None
    result = roll("2D6", system="GranCrest", dice=dice, strict=True)
    assert result is not None
    return result


class HealRefused(LocalizedError):
    """A heal the rules do not allow (the dead; a dying level the effect is not usable on)."""


@dataclass(frozen=True)
class Healed:
    hp: int
    level: Dying
    becomes_acted: bool  # recovering from dying makes the combatant acted


def heal(hp: int, amount: int, strength: int, usable_on: set[Dying]) -> Healed:
    """Healing a dying combatant needs an effect usable on its level; the dead cannot be
    healed. The level follows the HP; rising to 1+ ends dying and makes it acted."""
    level = dying_level(hp, strength)
    if level is Dying.DEAD:
        raise HealRefused("gc.heal_dead")
    if level is not Dying.NONE and level not in usable_on:
        raise HealRefused("gc.heal_not_usable")
    new_hp = hp + amount
    new_level = dying_level(new_hp, strength)
    return Healed(
        new_hp, new_level, becomes_acted=level is not Dying.NONE and new_level is Dying.NONE
    )


@dataclass(frozen=True)
class CombatEndOutcome:
    hp: int
    dead: bool
    check: RollResult | None  # the death check, for levels 2 and 3


def end_of_combat(hp: int, strength: int, spirit: int, dice: DieSource | None) -> CombatEndOutcome:
    """Level 1 → HP 1. Levels 2 and 3 roll the death check: spirit base + 2D against how far
    HP is below 0 (HP −15 → 15); success → HP 1, failure → dead."""
    level = dying_level(hp, strength)
    if level is Dying.NONE:
        return CombatEndOutcome(hp, False, None)
    if level is Dying.DEAD:
        return CombatEndOutcome(hp, True, None)
    if level is Dying.LEVEL_1:
        return CombatEndOutcome(1, False, None)
    command = f"2D6+{spirit}>={-hp}" if spirit else f"2D6>={-hp}"
    check = roll(command, system="GranCrest", dice=dice, strict=True)
    assert check is not None
    return CombatEndOutcome(1 if check.success else hp, not check.success, check)


# -- map ---------------------------------------------------------------------------------------
Square = tuple[int, int]


@dataclass(frozen=True)
class Grid:
    width: int
    height: int

    def inside(self, square: Square) -> bool:
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height


def distance(a: Square, b: Square) -> int:
    """Squares between two positions, moving orthogonally (0 in the same square)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def step_cost(square_left: Square, hostile: set[Square]) -> int:
    """Leaving a square with a hostile costs 3; otherwise (entering one too) a step costs 1."""
    return LEAVE_HOSTILE_COST if square_left in hostile else 1


def cheapest_path(
    grid: Grid, start: Square, goal: Square, hostile: set[Square]
) -> tuple[int, list[Square]] | None:
    """The cheapest orthogonal path and its move-point cost, or None if the goal is off the
    grid. ``hostile`` holds the squares where an enemy of the mover stands."""
    if not grid.inside(start) or not grid.inside(goal):
        return None
    best = {start: 0}
    came_from: dict[Square, Square] = {}
    queue = [(0, start)]
    while queue:
        cost, square = heapq.heappop(queue)
        if square == goal:
            path = [square]
            while path[-1] != start:
                path.append(came_from[path[-1]])
            return cost, path[::-1]
        if cost > best.get(square, cost):
            continue
        x, y = square
        for neighbour in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if not grid.inside(neighbour):
                continue
            total = cost + step_cost(square, hostile)
            if total < best.get(neighbour, total + 1):
                best[neighbour], came_from[neighbour] = total, square
                heapq.heappush(queue, (total, neighbour))
    return None


def path_cost(path: list[Square], hostile: set[Square]) -> int | None:
    """The cost of a given path, or None if a step is not orthogonal and adjacent."""
    cost = 0
    for here, there in pairwise(path):
        if distance(here, there) != 1:
            return None
        cost += step_cost(here, hostile)
    return cost
