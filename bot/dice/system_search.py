"""Finding a game system as a player types it: by id, by name (Japanese, or the Chinese and
Korean names of BCDice's translated systems), or by the kana reading BCDice sorts Japanese
names by — so ``くとぅるふ``, ``クトゥルフ``, ``cthulhu`` and ``克蘇魯`` all find theirs."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from bot.dice.remote import SystemEntry

_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")
_VOWELS = {
    "あ": "あかさたなはまやらわ",
    "い": "いきしちにひみり",
    "う": "うくすつぬふむゆる",
    "え": "えけせてねへめれ",
    "お": "おこそとのほもよろを",
}
_VOWEL_OF = {kana: vowel for vowel, row in _VOWELS.items() for kana in row}


def fold_kana(text: str) -> str:
    """Katakana as hiragana, without voicing marks or small kana, a long ``ー`` as its vowel,
    letters in one case: the form of BCDice's sort keys (ガープス → かあふす)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    out: list[str] = []
    for char in decomposed:
        code = ord(char)
        if code in (0x3099, 0x309A):  # combining voiced / semi-voiced marks
            continue
        if 0x30A1 <= code <= 0x30F6:  # katakana → hiragana
            char = chr(code - 0x60)
        char = char.translate(_SMALL)
        if char == "ー" and out:
            char = _VOWEL_OF.get(out[-1], "")
        out.append(char)
    return "".join(out)


def _sort_key(entry: SystemEntry) -> str:
    # Translations carry "国際化:Korean:name" as their key: the name is what is read.
    return entry.sort_key.rsplit(":", 1)[-1].lstrip("*")


def matches(entry: SystemEntry, typed: str) -> bool:
    if not typed.strip():
        return True
    folded = typed.strip().casefold()
    if folded in entry.id.casefold() or folded in entry.name.casefold():
        return True
    kana = fold_kana(typed.strip())
    return kana in fold_kana(_sort_key(entry)) or kana in fold_kana(entry.name)


def search(
    entries: Iterable[SystemEntry], typed: str, limit: int = 25, *, by_reading: bool = True
) -> list[SystemEntry]:
    """The systems ``typed`` finds: those whose id starts with it first, then the rest in
    BCDice's order of readings (or as given, without ``by_reading``)."""
    found = [e for e in entries if matches(e, typed)]
    head = typed.strip().casefold()
    found.sort(
        key=lambda e: (
            not e.id.casefold().startswith(head),
            fold_kana(_sort_key(e)) if by_reading else "",
        )
    )
    return found[:limit]
