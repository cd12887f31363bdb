"""BCDice's result words for the reader. A Japanese channel reads a result exactly as BCDice
prints it (the conformance tests compare that text); a Chinese or English one gets the
glossary's words for 成功 / 失敗 / クリティカル / ファンブル and the rest (``dice_word.``)."""

from __future__ import annotations

import re
from functools import cache

from bot.i18n.glossary import term_map


@cache
def _pattern() -> re.Pattern[str]:
    words = sorted((entry[0] for entry in term_map("dice_word").values()), key=len, reverse=True)
    return re.compile("|".join(map(re.escape, words)))


@cache
def _words(locale: str) -> dict[str, str]:
    column = {"ja": 0, "zh-TW": 1, "en": 2}[locale]
    return {entry[0]: entry[column] for entry in term_map("dice_word").values()}


def dice_text(text: str, locale: str | None = None, system: str | None = None) -> str:
    """``text`` (a BCDice-format result) with its result words in ``locale``. A result of a
    ``system`` that BCDice's own engine rolls stays as BCDice wrote it: its words are that
    system's, in the language of its variant (``Cthulhu7th:English`` …), not ours to swap."""
    from bot.i18n import current_locale, normalize_locale
    from bot.systems import SYSTEM_IDS

    chosen = normalize_locale(locale or current_locale.get())
    if chosen == "ja" or (system is not None and system not in SYSTEM_IDS):
        return text
    words = _words(chosen)
    shown = _pattern().sub(lambda m: words[m.group(0)], text)
    if chosen == "en":  # English punctuation around English words
        shown = re.sub(r"（([A-Za-z][^（）]*)）", r"(\1)", shown)  # （critical） → (critical)
        shown = re.sub(r"([a-z])\(", r"\1 (", shown)  # failure(… → failure (…
        shown = re.sub(r"([a-z])：\s*", r"\1: ", shown)  # margin of failure：-2 → …: -2
        shown = re.sub(r"(successes)(?=[0-9])", r"\1 ", shown)
    return shown
