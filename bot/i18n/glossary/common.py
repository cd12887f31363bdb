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
        "undo": ("取り消し", "復原", "undo"),
    },
    "dice_word": {  # BCDice's words, as a Chinese or English channel reads them
        "critical": ("クリティカル", "大成功", "critical"),
        "fumble": ("ファンブル", "大失敗", "fumble"),
        "automatic_failure": ("自動失敗", "自動失敗", "automatic failure"),
        "success_degree": ("成功度", "成功度", "margin of success "),
        "failure_degree": ("失敗度", "失敗度", "margin of failure "),
        "successes": ("成功数", "成功數", "successes "),
        "success": ("成功", "成功", "success"),
        "failure": ("失敗", "失敗", "failure"),
    },
}
