"""Every message exists in every locale, with the same placeholders."""

from __future__ import annotations

import string

from bot.i18n import LOCALES, normalize_locale, t


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
    assert normalize_locale("fr") == "ja"
    assert t("dice.not_command", locale="en", text="x") == "“x” is not a dice command."
