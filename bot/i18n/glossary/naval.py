"""The naval add-on's terms: the event table's titles (the seed's Japanese); more spellings
of the steering directions and licences, whose names are the catalogs' ``direction.`` and
``licence.`` messages."""

TERMS: dict[str, dict[str, tuple[str, str, str]]] = {
    "naval_title": {
        "2": ("敵の増援が多数出現", "大批敵方增援出現", "Many enemy reinforcements"),
        "3": ("敵の増援が出現", "敵方增援出現", "Enemy reinforcements"),
        "4": ("強烈な逆風", "強烈逆風", "Strong headwind"),
        "5": ("荒波", "驚濤駭浪", "Rough seas"),
        "6": ("浸水", "進水", "Flooding"),
        "7": ("平穏な海", "風平浪靜", "Calm sea"),
        "8": ("激戦", "激戰", "Fierce battle"),
        "9": ("浅瀬へ乗り上げる", "擱淺", "Run aground"),
        "10": ("強烈な追い風", "強烈順風", "Strong tailwind"),
        "11": ("味方の援軍が出現", "友軍援軍出現", "Allied reinforcements"),
        "12": ("味方の援軍が多数出現", "大批友軍援軍出現", "Many allied reinforcements"),
    },
}

ALIASES: dict[str, dict[str, tuple[str, ...]]] = {
    "direction": {"forward": ("前", "進む"), "back": ("後", "戻る", "backward")},
    "licence": {
        "none": ("no", "無し", "没有"),
        "driving": ("運転免許", "駕駛執照", "駕照", "運轉執照", "運転"),
        "ship": ("船舶執照",),
    },
}
