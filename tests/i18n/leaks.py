"""What a text must not show its reader: a catalog key, an internal identifier (an enum value,
an action kind, a phase, a status), kana in Chinese or English text, a missing message.

The identifiers are collected from the code and the catalogs themselves (every enum of the
combat model and the rule sets, every suffix of a catalog key that names a value: ``action.``,
``phase.``, ``status.`` …), so a value another module adds later is checked too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum
from functools import cache

from bot.i18n import LOCALES

# Catalog prefixes whose suffixes are values of the code (an action kind, a phase …): such a
# suffix shown as a word is an identifier that skipped the catalog.
VALUE_PREFIXES = (
    "action", "phase", "status", "timing", "purpose", "down", "prompt", "side", "option",
    "damage_type", "direction", "command_name", "licence",
)  # fmt: skip

# Proper nouns a text may show in any language: game titles written in Latin letters (they are
# not the code's ids even where an id is spelled the same). No kana: every term has its
# reading in each language.
PROPER_NOUNS: tuple[str, ...] = ("Esperancer", "GURPS", "TRPG", "BCDice")

KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]+")
WORD = re.compile(r"(?<![A-Za-z0-9_/=:.|\-])([A-Za-z][A-Za-z0-9_]*)(?![A-Za-z0-9_=:(])")
BACKTICKS = re.compile(r"`[^`]*`")


def _enums() -> list[type[Enum]]:
    from bot.combat import model
    from bot.systems.esperancer import statuses
    from bot.systems.grancrest import rules

    return [model.Side, model.Kind, model.Phase, model.Condition, model.Action,
            statuses.Effect, rules.DamageType]  # fmt: skip


@cache
def catalog_prefixes() -> frozenset[str]:
    return frozenset(key.split(".", 1)[0] for key in LOCALES["en"])


@cache
def identifiers() -> frozenset[str]:
    """Every internal value name the code may try to show."""
    found: set[str] = set()
    for enum in _enums():
        found |= {str(member.value) for member in enum}
    for key in LOCALES["en"]:
        head, _, rest = key.partition(".")
        if head in VALUE_PREFIXES and rest:
            found |= set(rest.split("."))
    found |= {"forward", "back", "next", "end_turn", "aboard", "start", "end", "undo"}
    # An option's yes (option.<name>.yes) is also the word a user types for any yes/no
    # option, which texts quote as what to type.
    found.discard("yes")
    return frozenset(word for word in found if len(word) > 2 and word.isascii())


@cache
def key_pattern() -> re.Pattern[str]:
    heads = "|".join(sorted(map(re.escape, catalog_prefixes()), key=len, reverse=True))
    return re.compile(rf"(?<![\w.])(?:{heads})\.[a-z_][A-Za-z0-9_.]*[A-Za-z0-9_]")


def _without(text: str, allowed: Iterable[str]) -> str:
    for word in sorted(set(allowed), key=len, reverse=True):
        if word:
            text = text.replace(word, " ")
    return text


def problems(text: str, locale: str, allowed: Iterable[str] = ()) -> list[str]:
    """What is wrong with ``text`` shown to a ``locale`` reader; ``allowed``: user-given names
    (and other user input) that may be anything."""
    rest = _without(text, [*allowed, *PROPER_NOUNS])
    found = [f"key {m}" for m in key_pattern().findall(rest)]
    plain = BACKTICKS.sub(" ", rest)
    ids = identifiers()
    for word in WORD.findall(plain):
        if locale == "en":  # English words may equal a value; snake_case never is English
            if "_" in word and word in ids:
                found.append(f"identifier {word}")
        elif word in ids:
            found.append(f"identifier {word}")
    if locale != "ja":
        found += [f"kana {m}" for m in KANA.findall(plain)]
    return found


def user_words(script: str) -> set[str]:
    """Everything a script's author typed that may come back in a post: names, skill names,
    presets — every run of non-ASCII letters and every option value."""
    words: set[str] = set()
    for line in script.splitlines():
        words |= set(re.findall(r"[^\x00-\x7f\s:=,、（）()「」]+", line))
        for value in re.findall(r"(?:name|target|combatant|ship|preset|weapon|skill):([^:=]+?)(?=\s+\w+[:=]|$)", line):  # noqa: E501
            words.add(value.strip())
        for value in re.findall(r"(?:name|target|ship|preset|weapon|skill|by)=([^=]+?)(?=\s+\w+=|$)", line):  # noqa: E501
            words.add(value.strip())
    return {w for w in words if w}
