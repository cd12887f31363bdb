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

TERMS["status_verb"] = {  # /esp status: add or remove a status
    "add": ("付与", "附加", "add"),
    "remove": ("解除", "解除", "remove"),
}
ALIASES["status_verb"] = {"add": ("追加", "加", "付加"), "remove": ("除去", "移除", "消去")}
ALIASES["esp_dodge_rolls"] = {}
