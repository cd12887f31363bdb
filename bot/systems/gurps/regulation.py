"""The group's character regulation for GURPS 百鬼夜翔 (rules digest "Character regulation",
"Other rules", "Damage dice"): CP costs, sheet limits, fatigue, darkness, GM experience.

Pure functions: no Discord, no database. Errors are LocalizedError codes the cogs translate.
"""

from __future__ import annotations

import math
import re
from enum import StrEnum

from bot.i18n import LocalizedError


class RegulationError(LocalizedError):
    pass


# Skill cost by (level − attribute), physical skills: Easy / Average / Hard.
SKILL_COSTS: dict[str, dict[int, float]] = {
    "easy": {-1: 0.5, 0: 1, 1: 2, 2: 4, 3: 8, 4: 12, 5: 16},
    "average": {-2: 0.5, -1: 1, 0: 2, 1: 4, 2: 8, 3: 12, 4: 16, 5: 20},
    "hard": {-3: 0.5, -2: 1, -1: 2, 0: 4, 1: 8, 2: 12, 3: 16, 4: 20, 5: 24},
}
# Mental skills keep the GURPS 3rd-edition table (the regulation changes only physical skills):
# doubling up to the step, then +2 a level (Very Hard: +4).
MENTAL_COSTS: dict[str, dict[int, float]] = {
    "mental_easy": {-1: 0.5, 0: 1, 1: 2, 2: 4, 3: 6},
    "mental_average": {-2: 0.5, -1: 1, 0: 2, 1: 4, 2: 6},
    "mental_hard": {-3: 0.5, -2: 1, -1: 2, 0: 4, 1: 6},
    "mental_very_hard": {-4: 0.5, -3: 1, -2: 2, -1: 4, 0: 8, 1: 12},
}
MENTAL_STEP = {"mental_easy": 2, "mental_average": 2, "mental_hard": 2, "mental_very_hard": 4}
# 妖術 cost by (level − attribute), per kind; and what each level past the table adds.
YOJUTSU_COSTS: dict[str, dict[int, float]] = {
    "mental": {-2: 0.5, -1: 1, 0: 2, 1: 4, 2: 8},
    "physical": {-3: 0.5, -2: 1, -1: 2, 0: 4, 1: 8, 2: 12},
    "direct": {-4: 0.5, -3: 1, -2: 2, -1: 4, 0: 8, 1: 12, 2: 16},
    "familiar": {-4: 0.5, -3: 1, -2: 2, -1: 4, 0: 8, 1: 16, 2: 24},
    "familiar_direct": {-5: 0.5, -4: 1, -3: 2, -2: 4, -1: 8, 0: 16, 1: 24, 2: 32},
}
YOJUTSU_STEP = {"mental": 4, "physical": 4, "direct": 4, "familiar": 8, "familiar_direct": 8}
SKILL_STEP = 4


def _cost(table: dict[int, float], step: int, offset: int, kind: str) -> float:
    if offset in table:
        return table[offset]
    top = max(table)
    if offset > top:
        return table[top] + step * (offset - top)
    raise RegulationError(
        "gurps.below_table", kind=kind, offset=f"{offset:+d}", low=f"{min(table):+d}"
    )


def skill_cost(difficulty: str, offset: int) -> float:
    """CP for a physical skill at attribute + ``offset`` (``"+4 per level"`` past the table)."""
    table = SKILL_COSTS.get(difficulty.lower())
    if table is None:
        raise RegulationError("gurps.unknown_kind", kind=difficulty, known=", ".join(SKILL_COSTS))
    return _cost(table, SKILL_STEP, offset, difficulty)


def mental_cost(difficulty: str, offset: int) -> float:
    """CP for a mental skill at attribute + ``offset``."""
    table = MENTAL_COSTS.get(difficulty.lower())
    if table is None:
        raise RegulationError("gurps.unknown_kind", kind=difficulty, known=", ".join(MENTAL_COSTS))
    return _cost(table, MENTAL_STEP[difficulty.lower()], offset, difficulty)


def any_cost(kind: str, offset: int) -> float:
    """CP at attribute + ``offset`` for any kind /gurps cp offers."""
    if kind in SKILL_COSTS:
        return skill_cost(kind, offset)
    if kind in MENTAL_COSTS:
        return mental_cost(kind, offset)
    if kind in YOJUTSU_COSTS:
        return yojutsu_cost(kind, offset)
    raise RegulationError("gurps.unknown_kind", kind=kind, known=", ".join(all_kinds()))


def table_of(kind: str) -> dict[int, float]:
    """The printed table (offset → CP) of any kind /gurps cp offers."""
    for tables in (SKILL_COSTS, MENTAL_COSTS, YOJUTSU_COSTS):
        if kind in tables:
            return tables[kind]
    raise RegulationError("gurps.unknown_kind", kind=kind, known=", ".join(all_kinds()))


def all_kinds() -> tuple[str, ...]:
    return (*SKILL_COSTS, *MENTAL_COSTS, *YOJUTSU_COSTS)


def yojutsu_cost(kind: str, offset: int) -> float:
    """CP for a 妖術 of ``kind`` at attribute + ``offset``."""
    table = YOJUTSU_COSTS.get(kind.lower())
    if table is None:
        raise RegulationError("gurps.unknown_kind", kind=kind, known=", ".join(YOJUTSU_COSTS))
    return _cost(table, YOJUTSU_STEP[kind.lower()], offset, kind)


def convert_adds(dice: int, adds: int) -> tuple[int, int]:
    """Damage adds become dice: +7 → +2D, +4 → +1D, largest step first, while adds ≥ 4
    (2D+4 → 3D, 1D+7 → 3D, 2D+5 → 3D+1)."""
    while adds >= 4:
        if adds >= 7:
            dice, adds = dice + 2, adds - 7
        else:
            dice, adds = dice + 1, adds - 4
    return dice, adds


def fatigue(st: int, ht: int) -> int:
    """Fatigue points = ceil((ST + HT) / 2); with extra ST, pass the ST that sets fatigue."""
    return math.ceil((st + ht) / 2)


def gm_experience(pc_total: int) -> int:
    """The GM gains a third of what the session's PCs earned in all, rounded down."""
    return pc_total // 3


class Light(StrEnum):
    DARK = "dark"  # a dungeon with no light
    TORCH = "torch"  # torch, flashlight or 《光》 in the dark
    CONTINUAL = "continual"  # 《持続光》
    STREET = "street"  # outdoors with street lights
    NO_STREET = "no_street"  # outdoors without street lights
    LIT = "lit"  # daylight or a lit room


_DARKNESS = {
    (Light.DARK, False): -10, (Light.DARK, True): -3, (Light.TORCH, False): -3,
    (Light.TORCH, True): -3, (Light.CONTINUAL, False): -1, (Light.CONTINUAL, True): -1,
    (Light.STREET, False): -3, (Light.STREET, True): -1, (Light.NO_STREET, False): -5,
    (Light.NO_STREET, True): -3, (Light.LIT, False): 0, (Light.LIT, True): 0,
}  # fmt: skip


def darkness(light: Light, torch: bool = False, traits: frozenset[str] = frozenset()) -> int:
    """The penalty to vision and to actions needing sight. 闇視 ignores darkness; 暗視 ignores
    penalties of −9 or worse (and only those)."""
    penalty = _DARKNESS[(light, torch)]
    if "闇視" in traits:
        return 0
    if "暗視" in traits and penalty <= -9:
        return 0
    return penalty


def dexterity(dx: int) -> int:
    """The craft skills' DX modifier: −1 per point below 10, DX 12 → +1, DX 13+ → +2."""
    if dx < 10:
        return dx - 10
    return 2 if dx >= 13 else 1 if dx == 12 else 0


# -- limits the sheet check (bot.systems.gurps.sheet) and the commands share ------------------

MAX_LIMITATION = -50
UNUSED_CP_USES = ("ignore_damage", "avoid_incapacitation", "adjust_die")
MAX_UNUSED_CP_USES = 3


def limited_cost(base: float, percent: int) -> int:
    """A cost with enhancements / limitations: the limitation counts at most −50%, and the
    fraction rounds down."""
    return math.floor(base * (100 + max(percent, MAX_LIMITATION)) / 100)


def spend_unused_cp(used: dict[str, int], use: str) -> dict[str, int]:
    """Count one use of unused CP this scenario; each kind at most three times."""
    if use not in UNUSED_CP_USES:
        raise RegulationError("gurps.unknown_kind", kind=use, known=", ".join(UNUSED_CP_USES))
    if used.get(use, 0) >= MAX_UNUSED_CP_USES:
        raise RegulationError("gurps.unused_cp_spent", use=use, limit=MAX_UNUSED_CP_USES)
    return {**used, use: used.get(use, 0) + 1}


# The craft-type IQ skills the dexterity rule applies to (the regulation's list).
CRAFT_SKILLS = frozenset({
    "手術", "技師", "鍛冶屋", "革細工", "造船", "大工", "調理", "陶芸", "武具屋", "宝石屋",
    "楽器", "演劇", "家事", "化粧", "隠匿", "鍵開け", "偽装", "偽造", "探索", "尾行",
    "爆発物", "腹話術", "変装", "罠", "御者", "荷役", "釣り",
})  # fmt: skip


def is_craft(skill: str) -> bool:
    """``技師／電子`` counts as 技師: the specialty after a slash does not matter."""
    return re.split(r"[／/]", skill.strip("〈〉"))[0] in CRAFT_SKILLS


def parse_light(value: str | None) -> tuple[Light, bool]:
    """A stored scene light: ``"street+torch"`` → (Light.STREET, True); none → lit."""
    if not value:
        return Light.LIT, False
    name, _, torch = value.partition("+")
    return Light(name), torch == "torch"
