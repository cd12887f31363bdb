"""Esperancer's statuses as readers may type them (the seed's Japanese, Chinese spellings);
their display names are the catalogs' ``status.`` messages."""

TERMS: dict[str, dict[str, tuple[str, str, str]]] = {}

ALIASES: dict[str, dict[str, tuple[str, ...]]] = {
    "status": {
        "poison": ("毒",),
        "prone": ("転倒", "轉倒", "倒地"),
        "paralysis": ("麻痺", "麻痹"),
        "sleep": ("眠り", "睡眠", "sleeping"),
        "faint": ("気絶", "氣絕", "昏迷", "fainted"),
        "seal": ("封印", "sealed"),
    },
}
