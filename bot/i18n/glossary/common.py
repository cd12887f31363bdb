"""Terms every rule set shares: side marks, the encounter commands an undo names, the words of
dice results (BCDice prints them in Japanese; Chinese and English readers get their own)."""

TERMS: dict[str, dict[str, tuple[str, str, str]]] = {
    "side_mark": {
        "pc": ("PC", "PC", "PC"),
        "npc": ("NPC", "NPC", "NPC"),
    },
    "command_name": {  # what /combat undo names when it takes back an encounter command
        "start": ("戦闘開始", "開始戰鬥", "start"),
        "end": ("戦闘終了", "結束戰鬥", "end"),
        "next": ("次へ", "下一步", "next"),
        "add": ("追加", "加入", "add"),
        "join": ("参加", "參戰", "join"),
        "remove": ("除外", "移除", "remove"),
        "reveal": ("公開", "公開", "reveal"),
        "options": ("表示設定", "顯示設定", "options"),
        "undo": ("取り消し", "復原", "undo"),
    },
    "dice_word": {  # BCDice's words, as a Chinese or English channel reads them
        "critical": ("クリティカル", "大成功", "critical"),
        "fumble": ("ファンブル", "大失敗", "fumble"),
        "automatic_failure": ("自動失敗", "自動失敗", "automatic failure"),
        "success_degree": ("成功度", "成功度", "margin of success"),
        "failure_degree": ("失敗度", "失敗度", "margin of failure"),
        "successes": ("成功数", "成功數", "successes"),
        "success": ("成功", "成功", "success"),
        "failure": ("失敗", "失敗", "failure"),
    },
}

# Stat keys the catalogs have no name for yet (the rest are the catalogs' ``field.`` names);
# with those, ``行動値=7``, ``行動值=7`` and ``action_value=7`` are the same input.
TERMS["field"] = {
    "initiative_mod": ("行動値修正", "行動值修正", "initiative modifier"),
    "sonic_drive": ("ソニックドライブ値", "音速驅動值", "Sonic Drive value"),
    "reflex": ("反射基本値", "反射基本值", "Reflex base"),
    "st": ("体力（ST）", "體力（ST）", "ST"),
    "dx": ("器用度（DX）", "敏捷（DX）", "DX"),
    "iq": ("知力（IQ）", "智力（IQ）", "IQ"),
    "will": ("意志", "意志", "Will"),
    "fatigue_st": ("疲労用ST", "疲勞用ST", "fatigue ST"),
}

ALIASES: dict[str, dict[str, tuple[str, ...]]] = {
    "field": {
        "st": ("体力", "體力"), "dx": ("器用度", "敏捷"), "iq": ("知力", "智力"),
        "ht": ("生命力", "HT"), "hp": ("ＨＰ", "体力値"), "strength": ("筋力", "力量", "力量基本值"),
        "spirit": ("精神", "精神基本值"), "action_value": ("行動力",), "move": ("移動",),
        "dodge": ("閃避", "迴避"), "speed": ("速度",),
    },
}  # fmt: skip
