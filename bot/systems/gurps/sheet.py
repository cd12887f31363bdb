"""A character sheet checked against the group's regulation (rules digest "Character
regulation", seed "ハウスルールおよびレギュレーション").

A sheet is text: ``cp=620 unused=5 st=12 skill:剣=14 trait:意志の強さ=3 妖力:巨大化=8
power:火炎=8 limit:変身=-30 limit:火炎(人間には無効)=-20 cost:変身=25 美醜=普通
依存=稀/1日``. Pure: no Discord, no database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.dice.parser import fold_width
from bot.systems.fields import read
from bot.systems.gurps.regulation import RegulationError, limited_cost

CREATION_CP, UNUSED_CP = 625, 5
MAX_ATTRIBUTE, MAX_SKILL, MAX_TRAIT_LEVEL = 20, 30, 5
MAX_YOJUTSU_RESISTANCE, MAX_DIRECT_POWER, MAX_LIMITATION = 5, 10, -50
ATTRIBUTES = ("st", "dx", "iq", "ht")

# Leveled 妖力 the seed names (the level-5 cap is for other traits; 妖術抵抗 alone stays at 5).
# Extra ST / HP / fatigue are 妖力 too: the seed exempts them from the attribute cap.
YORYOKU = frozenset({
    "妖力", "妖術抵抗", "巨大化", "縮小", "追加体力", "追加HP", "追加疲労点", "複数の足",
    "特殊移動", "翼による飛行", "気体の体", "毒ガスの体", "液体の体", "布/紙の体",
    "電気/炎の体", "平面", "集合体", "加速", "美醜", "ダメージボーナスなし", "打撃部位",
    "武器の手",
})  # fmt: skip
NO_TRUE_FORM = "本当の姿がない"
NOT_AGAINST_HUMANS = "人間には無効"
NO_DAMAGE_BONUS, NO_DAMAGE_BONUS_CP = "ダメージボーナスなし", 40
ATTACK_TRAITS = ("打撃部位", "武器の手")  # attack means besides direct-attack 妖術

# 依存 (dependency): how rare the need is, and how often it must be met.
FREQUENCIES = {
    "ごく稀": "very_rare", "very_rare": "very_rare", "稀": "rare", "rare": "rare",
    "時々": "occasional", "たまに": "occasional", "occasional": "occasional",
    "普通": "common", "ありふれた": "common", "common": "common",
}  # fmt: skip
INTERVALS = {
    "常時": "constant", "constant": "constant", "1時間": "hourly", "毎時": "hourly",
    "hourly": "hourly", "1日": "daily", "毎日": "daily", "daily": "daily", "1週間": "weekly",
    "毎週": "weekly", "weekly": "weekly", "1ヶ月": "monthly", "1か月": "monthly",
    "1ヵ月": "monthly", "毎月": "monthly", "monthly": "monthly",
}  # fmt: skip


@dataclass
class Sheet:
    cp_spent: int = 0
    cp_unused: int = 0
    attributes: dict[str, int] = field(default_factory=dict)  # st dx iq ht (not extra ST/HP)
    skills: dict[str, int] = field(default_factory=dict)
    traits: dict[str, int] = field(default_factory=dict)  # leveled traits, capped at 5
    yoryoku: dict[str, int] = field(default_factory=dict)  # leveled 妖力 (no cap but 妖術抵抗)
    direct_powers: dict[str, int] = field(default_factory=dict)  # direct-attack 妖術 power
    limitations: dict[str, int] = field(default_factory=dict)  # net enhancements + limitations %
    limitation_names: dict[str, set[str]] = field(default_factory=dict)  # 火炎: {人間には無効}
    costs: dict[str, int] = field(default_factory=dict)  # base CP before modifiers
    looks: str | None = None  # 美醜 (必ず取得)
    dependency: tuple[str, str] | None = None  # 依存: (frequency, interval)
    dependency_text: str = ""  # as written, for the message


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
    for name, level in {**sheet.traits, **sheet.yoryoku}.items():
        limit = trait_limit(name, leveled_yoryoku=name in sheet.yoryoku)
        if limit is not None and level > limit:
            found.append(
                Breach("gurps.breach_trait", {"name": name, "value": level, "limit": limit})
            )
    for name, power in sheet.direct_powers.items():
        if power > MAX_DIRECT_POWER:
            found.append(Breach("gurps.breach_power", {"name": name, "value": power}))
    found += _looks_breaches(sheet)
    for name, kinds in sheet.limitation_names.items():
        if NOT_AGAINST_HUMANS in kinds and is_attack(sheet, name):
            found.append(Breach("gurps.breach_not_against_humans", {"name": name}))
    base = sheet.costs.get(NO_DAMAGE_BONUS)
    if base is not None and base != NO_DAMAGE_BONUS_CP:
        found.append(Breach("gurps.breach_no_damage_bonus", {"value": base}))
    return found


def trait_limit(name: str, *, leveled_yoryoku: bool = False) -> int | None:
    """The highest level a trait may take: 5, 妖術抵抗 5, any other 妖力 no limit (None)."""
    if name == "妖術抵抗":
        return MAX_YOJUTSU_RESISTANCE
    if leveled_yoryoku or base_name(name) in YORYOKU:
        return None
    return MAX_TRAIT_LEVEL


def base_name(name: str) -> str:
    """``打撃部位/鉤爪`` counts as 打撃部位: the kind after a slash does not matter (but
    ``布/紙の体`` is one name)."""
    if name in YORYOKU:
        return name
    return re.split(r"/", name)[0]


def is_attack(sheet: Sheet, name: str) -> bool:
    return name in sheet.direct_powers or base_name(name) in ATTACK_TRAITS


def _looks_breaches(sheet: Sheet) -> list[Breach]:
    """美醜 must be taken; 本当の姿がない needs a 依存 at least hourly, or rare or rarer — but
    never rare with a month's interval (no penalty in practice)."""
    looks = sheet.looks or next((n for n in (*sheet.traits, *sheet.yoryoku) if n == "美醜"), None)
    if looks is None:
        return [Breach("gurps.breach_no_looks", {})]
    if sheet.looks != NO_TRUE_FORM:
        return []
    if sheet.dependency is None:
        return [Breach("gurps.breach_no_dependency", {})]
    frequency, interval = sheet.dependency
    rare = frequency in ("rare", "very_rare")
    if interval in ("constant", "hourly") or (rare and interval != "monthly"):
        return []
    return [Breach("gurps.breach_dependency", {"text": sheet.dependency_text})]


def notes(sheet: Sheet) -> list[Breach]:
    """What the regulation does to the sheet without it being a breach: limitations past −50%
    count as −50%, and each cost after its modifiers (fractions rounded down)."""
    found: list[Breach] = []
    for name, percent in sheet.limitations.items():
        if percent < MAX_LIMITATION:
            found.append(Breach("gurps.note_limitation_capped", {"name": name, "value": percent}))
    for name, base in sheet.costs.items():
        percent = sheet.limitations.get(name, 0)
        cost = NO_DAMAGE_BONUS_CP if name == NO_DAMAGE_BONUS else limited_cost(base, percent)
        params = {"name": name, "base": base, "percent": f"{percent:+d}", "cost": cost}
        found.append(Breach("gurps.note_cost", params))
    return found


_TEXT_ITEM = re.compile(r"(?<!\S)(looks|美醜|外見|dependency|依存)\s*=\s*([^\s=]+)")
_SHEET_ITEM = re.compile(
    r"(?:(skill|trait|妖力|yoryoku|power|limit|cost):)?([^\s=:()]+)(?:\(([^\s=()]+)\))?"
    r"\s*=\s*([+-]?[0-9]+)"
)
_SHEET_KEYS = {"cp": "cp_spent", "spent": "cp_spent", "unused": "cp_unused"}
_SHEET_GROUPS = {"skill": "skills", "trait": "traits", "妖力": "yoryoku", "yoryoku": "yoryoku",
                 "power": "direct_powers", "cost": "costs"}  # fmt: skip


def parse_sheet(text: str) -> Sheet:
    """A sheet as text (the module's docstring shows every kind of item)."""
    folded = fold_width(text).replace("、", " ").replace(",", " ")
    sheet = Sheet()
    for key, value in _TEXT_ITEM.findall(folded):
        _text_item(sheet, key, value)
    folded = _TEXT_ITEM.sub(" ", folded)
    rest = _SHEET_ITEM.sub(" ", folded).strip()
    if rest:
        raise RegulationError("gurps.bad_sheet", text=rest[:40])
    for group, name, part, raw in _SHEET_ITEM.findall(folded):
        value = read(raw.lstrip("+"), "sheet", name)
        if group == "limit":
            sheet.limitations[name] = sheet.limitations.get(name, 0) + value
            if part:
                sheet.limitation_names.setdefault(name, set()).add(part)
        elif part:
            raise RegulationError("gurps.bad_sheet", text=f"{name}({part})"[:40])
        elif group:
            getattr(sheet, _SHEET_GROUPS[group])[name] = value
        elif name.lower() in _SHEET_KEYS:
            setattr(sheet, _SHEET_KEYS[name.lower()], value)
        elif name.lower() in ATTRIBUTES:
            sheet.attributes[name.lower()] = value
        else:
            raise RegulationError("gurps.bad_sheet", text=f"{name}={raw}"[:40])
    return sheet


def _text_item(sheet: Sheet, key: str, value: str) -> None:
    if key in ("looks", "美醜", "外見"):
        sheet.looks = value
        return
    frequency, _, interval = value.replace("ごと", "").partition("/")
    if frequency not in FREQUENCIES or interval.lower() not in INTERVALS:
        raise RegulationError(
            "gurps.bad_dependency", text=value[:40], frequencies=", ".join(FREQUENCIES),
            intervals=", ".join(INTERVALS),
        )  # fmt: skip
    sheet.dependency = (FREQUENCIES[frequency], INTERVALS[interval.lower()])
    sheet.dependency_text = value


def parse_skill_changes(text: str) -> dict[str, int | None]:
    """``剣=14 鍵開け=12 銃=-``: levels to add or change (1 to 30), ``-`` to remove one."""
    changes: dict[str, int | None] = {}
    for part in (p for p in re.split(r"[\s,、]+", fold_width(text)) if p):
        name, sep, raw = part.partition("=")
        name = name.strip("〈〉")
        if not sep or not name:
            raise RegulationError("gurps.bad_skill_item", text=part[:40])
        if raw == "-":
            changes[name] = None
            continue
        level = read(raw, "sheet", name)
        if not 1 <= level <= MAX_SKILL:
            raise RegulationError("gurps.skill_range", name=name, value=level, limit=MAX_SKILL)
        changes[name] = level
    return changes
