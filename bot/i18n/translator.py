"""Command and option names / descriptions in Japanese, Traditional Chinese and English.

Every ``locale_str`` in the cogs carries ``key=``; the translation is that key in the locale's
catalog. discord.py asks once per string and locale when it syncs the command tree.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import LOCALES

DISCORD_LOCALES = {
    discord.Locale.japanese: "ja",
    discord.Locale.taiwan_chinese: "zh-TW",
    discord.Locale.american_english: "en",
    discord.Locale.british_english: "en",
}


def text(message: str, key: str) -> app_commands.locale_str:
    """A command string with its catalog key (the English text is Discord's default)."""
    return app_commands.locale_str(message, key=key)


def options(*names: str):
    """Give the named options translatable names (catalog keys ``opt.<name>``)."""
    return app_commands.rename(**{name: text(name, f"opt.{name}") for name in names})


class Translator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        catalog = DISCORD_LOCALES.get(locale)
        if key is None or catalog is None:
            return None
        return LOCALES[catalog].get(key)
