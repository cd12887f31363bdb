"""Each rule set's terms in ja / zh-TW / en, as data: what the renderers show and what the
input parsers accept.

A term is ``kind.id`` (``damage_type.heat``, ``direction.forward``, ``gurps_trait.冷静沈着``):
its three spellings become catalog messages under that key, and :func:`lookup` reads ``heat``,
``炎熱``, ``〈炎熱〉`` or ``ＨＥＡＴ`` back to the id. The catalogs' own value words (``status.``,
``phase.``, ``field.`` …) are read back the same way, so every spelling a reader has ever been
shown is accepted as input.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache

from bot.i18n.glossary import common, esperancer, grancrest, gurps, naval

# (ja, zh-TW, en) for each id of each kind.
Entry = tuple[str, str, str]
MODULES = (common, grancrest, esperancer, gurps, naval)
ORDER = ("ja", "zh-TW", "en")
BRACKETS = "〈〉《》【】「」『』［］[]<>"


def terms() -> dict[str, dict[str, Entry]]:
    merged: dict[str, dict[str, Entry]] = {}
    for module in MODULES:
        for kind, entries in module.TERMS.items():
            merged.setdefault(kind, {}).update(entries)
    return merged


def messages(locale: str) -> dict[str, str]:
    """The glossary as catalog messages for ``locale``."""
    column = ORDER.index(locale)
    return {
        f"{kind}.{term_id}": entry[column]
        for kind, entries in terms().items()
        for term_id, entry in entries.items()
    }


def fold(text: str) -> str:
    """The form two spellings are compared in: full-width folded, case folded, the rulebooks'
    brackets, spaces and underscores dropped (``〈 武器 〉`` = ``武器``, ``Night_Vision`` =
    ``Night Vision``: a word typed where spaces separate words)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if ch not in BRACKETS and ch != "_" and not ch.isspace())


@cache
def _index(kind: str) -> dict[str, str]:
    from bot.i18n import LOCALES

    prefix = f"{kind}."
    index: dict[str, str] = {}
    for catalog in LOCALES.values():
        for key, value in catalog.items():
            term_id = key[len(prefix) :]
            if key.startswith(prefix) and "." not in term_id:
                index.setdefault(fold(term_id), term_id)
                index.setdefault(fold(value), term_id)
    for module in MODULES:
        for term_id, spellings in getattr(module, "ALIASES", {}).get(kind, {}).items():
            for spelling in spellings:
                index.setdefault(fold(spelling), term_id)
    return index


def lookup(kind: str, text: str) -> str | None:
    """The id a spelling of a ``kind`` term stands for, in any language (None: no such term)."""
    return _index(kind).get(fold(text))


def canonical(kind: str, text: str) -> str:
    """The id for ``text`` when it is a known term, else ``text`` as written (a name the
    glossary does not know stays the user's own)."""
    return lookup(kind, text) or text.strip()


def split_terms(text: str) -> list[str]:
    """``武器+炎熱``, ``weapon, heat``, ``〈武器〉〈炎熱〉`` → the words."""
    spaced = re.sub(r"[〉》】」』］\]]", " ", unicodedata.normalize("NFKC", text))
    return [w for w in re.split(r"[\s,、，/+＋・‧·]+", spaced) if fold(w)]


def known(kind: str, ids: Iterable[str] | None = None) -> str:
    """The names a reader may use for ``kind``, in the reader's language (for an error)."""
    from bot.i18n import t

    chosen = list(ids) if ids is not None else list(terms().get(kind, {}))
    return t("ui.list_sep").join(t(f"{kind}.{term_id}") for term_id in chosen)


class Terms:
    """A list of terms put into another message, joined the reader's way when it is shown."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = tuple(keys)

    def __format__(self, spec: str) -> str:
        from bot.i18n import t

        return t("ui.list_sep").join(t(key) for key in self.keys) or "—"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Terms) and self.keys == other.keys

    def __hash__(self) -> int:
        return hash(self.keys)


def term_map(kind: str) -> Mapping[str, Entry]:
    return terms().get(kind, {})
