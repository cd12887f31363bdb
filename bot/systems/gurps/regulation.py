"""The group's character regulation for GURPS 百鬼夜翔 (rules digest "Character regulation",
"Other rules", "Damage dice"): CP costs, sheet limits, fatigue, darkness, GM experience.

Pure functions: no Discord, no database. Errors are LocalizedError codes the cogs translate.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from enum import StrEnum

from bot.dice.parser import fold_width
from bot.i18n import LocalizedError
from bot.systems.fields import read


class RegulationError(LocalizedError):
    pass


# Skill cost by (level − attribute), physical skills: Easy / Average / Hard.
SKILL_COSTS: dict[str, dict[int, float]] = {
    "easy": {-1: 0.5, 0: 1, 1: 2, 2: 4, 3: 8, 4: 12, 5: 16},
    "average": {-2: 0.5, -1: 1, 0: 2, 1: 4, 2: 8, 3: 12, 4: 16, 5: 20},
    "hard": {-3: 0.5, -2: 1, -1: 2, 0: 4, 1: 8, 2: 12, 3: 16, 4: 20, 5: 24},
}
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


# -- validating a sheet ----------------------------------------------------------------------

CREATION_CP, UNUSED_CP = 625, 5
MAX_ATTRIBUTE, MAX_SKILL, MAX_TRAIT_LEVEL = 20, 30, 5
MAX_YOJUTSU_RESISTANCE, MAX_DIRECT_POWER, MAX_LIMITATION = 5, 10, -50
ATTRIBUTES = ("st", "dx", "iq", "ht")
UNUSED_CP_USES = ("ignore_damage", "avoid_incapacitation", "adjust_die")
MAX_UNUSED_CP_USES = 3


@dataclass
class Sheet:
    cp_spent: int = 0
    cp_unused: int = 0
    attributes: dict[str, int] = field(default_factory=dict)  # st dx iq ht (not extra ST/HP)
    skills: dict[str, int] = field(default_factory=dict)
    traits: dict[str, int] = field(default_factory=dict)  # leveled traits, incl. 妖術抵抗
    direct_powers: dict[str, int] = field(default_factory=dict)  # direct-attack 妖術 power
    limitations: dict[str, int] = field(default_factory=dict)  # total limitation % per item


@dataclass(frozen=True)
class Breach:
    code: str
    params: dict[str, object]


def validate(sheet: Sheet) -> list[Breach]:
    """Every way ``sheet`` breaks the regulation (an empty list: it is fine)."""
    found: list[Breach] = []
    total = sheet.cp_spent + sheet.cp_unused
    if total != CREATION_CP or sheet.cp_unused != UNUSED_CP:
        found.append(
            Breach("gurps.breach_cp", {"spent": sheet.cp_spent, "unused": sheet.cp_unused})
        )
    for name in ATTRIBUTES:
        value = sheet.attributes.get(name)
        if value is not None and value > MAX_ATTRIBUTE:
            found.append(Breach("gurps.breach_attribute", {"name": name.upper(), "value": value}))
    for name, level in sheet.skills.items():
        if level > MAX_SKILL:
            found.append(Breach("gurps.breach_skill", {"name": name, "value": level}))
    for name, level in sheet.traits.items():
        limit = MAX_YOJUTSU_RESISTANCE if name == "妖術抵抗" else MAX_TRAIT_LEVEL
        if name != "妖力" and level > limit:
            found.append(
                Breach("gurps.breach_trait", {"name": name, "value": level, "limit": limit})
            )
    for name, power in sheet.direct_powers.items():
        if power > MAX_DIRECT_POWER:
            found.append(Breach("gurps.breach_power", {"name": name, "value": power}))
    for name, percent in sheet.limitations.items():
        if percent < MAX_LIMITATION:
            found.append(Breach("gurps.breach_limitation", {"name": name, "value": percent}))
    return found


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


_SHEET_ITEM = re.compile(r"(?:(skill|trait|power|limit):)?([^\s=:]+)\s*=\s*(-?[0-9]+)")
_SHEET_KEYS = {"cp": "cp_spent", "spent": "cp_spent", "unused": "cp_unused"}
_SHEET_GROUPS = {"skill": "skills", "trait": "traits", "power": "direct_powers",
                 "limit": "limitations"}  # fmt: skip


def parse_sheet(text: str) -> Sheet:
    """A sheet as text: ``cp=620 unused=5 st=12 dx=14 skill:剣=14 trait:意志の強さ=3
    power:火炎=8 limit:変身=-30``."""
    folded = fold_width(text).replace("、", " ").replace(",", " ")
    sheet = Sheet()
    rest = _SHEET_ITEM.sub(" ", folded).strip()
    if rest:
        raise RegulationError("gurps.bad_sheet", text=rest[:40])
    for group, name, raw in _SHEET_ITEM.findall(folded):
        value = read(raw, "sheet", name)
        if group:
            getattr(sheet, _SHEET_GROUPS[group])[name] = value
        elif name.lower() in _SHEET_KEYS:
            setattr(sheet, _SHEET_KEYS[name.lower()], value)
        elif name.lower() in ATTRIBUTES:
            sheet.attributes[name.lower()] = value
        else:
            raise RegulationError("gurps.bad_sheet", text=f"{name}={raw}"[:40])
    return sheet


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
