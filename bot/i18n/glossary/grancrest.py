"""Grancrest's terms. The seed is the rulebook's Traditional Chinese combat chapter: 傷害屬性
〈武器〉〈炎熱〉〈衝擊〉〈體內〉 (damage types); the Japanese are the original's."""

TERMS: dict[str, dict[str, tuple[str, str, str]]] = {
    "damage_type": {
        "weapon": ("武器", "武器", "weapon"),
        "heat": ("炎熱", "炎熱", "heat"),
        "impact": ("衝撃", "衝擊", "impact"),
        "internal": ("体内", "體內", "internal"),
    },
}

ALIASES: dict[str, dict[str, tuple[str, ...]]] = {
    "damage_type": {
        "impact": ("衝擊", "冲击"),
        "internal": ("體內", "体內"),
        "heat": ("熱", "火"),
    },
}
