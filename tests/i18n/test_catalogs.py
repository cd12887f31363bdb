"""Every message exists in every locale, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bot.i18n import LOCALES, glossary, normalize_locale, t
from bot.i18n import en as english_catalog

ROOT = Path(__file__).resolve().parents[2]
CATALOG_FILES = ("ja.py", "en.py", "zh_tw.py")
# A string literal shaped like a catalog key (``"gurps.not_depressed"``, ``f"ui.lapsed_{kind}"``).
LITERAL = re.compile(r'(?<![\w.])f?"([a-z][a-z_]*(?:\.[A-Za-z0-9_{}\[\]\'.]+)+)"')


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_in_every_locale_with_the_same_placeholders() -> None:
    english = LOCALES["en"]
    for locale, catalog in LOCALES.items():
        assert catalog.keys() == english.keys(), locale
        for key, template in catalog.items():
            assert placeholders(template) == placeholders(english[key]), (locale, key)


def test_discord_locales_map_to_a_catalog() -> None:
    assert normalize_locale("zh-TW") == "zh-TW"
    assert normalize_locale("zh-CN") == "zh-TW"
    assert normalize_locale("en-GB") == "en"
    assert normalize_locale("fr") == "en"  # a language without a catalog reads English
    assert normalize_locale(None) == "ja"  # no setting at all: the server default
    assert t("dice.not_command", locale="en", text="x") == "“x” is not a dice command."


def referenced_keys() -> list[tuple[str, str]]:
    """Every catalog-shaped string literal in the code, with its file."""
    heads = {key.split(".")[0] for key in LOCALES["en"]}
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path.parent.name == "i18n" and path.name in CATALOG_FILES:
            continue
        for match in LITERAL.finditer(path.read_text(encoding="utf-8")):
            key = match.group(1)
            if key.split(".")[0] in heads and not re.search(r"\.(lark|py|txt|json)$", key):
                found.append((str(path.relative_to(ROOT)), key))
    return found


def test_every_key_the_code_names_is_in_the_catalogs() -> None:
    """A key the code uses but no catalog has would reach the reader as the raw key."""
    english = LOCALES["en"]
    keys = referenced_keys()
    assert len(keys) > 300  # the scan sees the code's keys
    missing = [
        (where, key)
        for where, key in keys
        if ("{" not in key and key not in english)
        or ("{" in key and not any(k.startswith(key.split("{")[0]) for k in english))
    ]
    assert missing == []


def test_the_glossaries_add_keys_and_never_hide_a_catalog_message() -> None:
    for locale in LOCALES:
        terms = glossary.messages(locale)
        assert terms and not terms.keys() & english_catalog.MESSAGES.keys(), locale


def test_glossary_lookup_reads_every_language_and_full_width() -> None:
    assert glossary.lookup("damage_type", "〈武器〉") == "weapon"
    assert glossary.lookup("damage_type", "衝擊") == glossary.lookup("damage_type", "衝撃")
    assert glossary.lookup("damage_type", "ＨＥＡＴ") == "heat"
    assert glossary.lookup("gurps_trait", "冷靜沉著") == "冷静沈着"
    assert glossary.lookup("gurps_skill", "開鎖") == "鍵開け"
    assert glossary.lookup("field", "行動値") == "action_value"
    assert glossary.lookup("field", "行動值") == "action_value"
    assert glossary.lookup("status", "轉倒") == glossary.lookup("status", "prone") == "prone"
    assert glossary.lookup("damage_type", "sword") is None
    assert glossary.split_terms("武器+炎熱") == ["武器", "炎熱"]
    assert glossary.split_terms("〈武器〉〈衝擊〉") == ["〈武器", "〈衝擊"]
