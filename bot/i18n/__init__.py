"""Message catalogs for Japanese, Traditional Chinese and English.

The locale lives in a context variable, set once per interaction or console session, so no
function has to carry a ``lang`` argument. Every user-facing string goes through ``t``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from bot.i18n import en, glossary, ja, zh_tw

# Each catalog, with the glossaries' terms (bot/i18n/glossary) beside its own messages.
LOCALES: dict[str, Mapping[str, str]] = {
    "ja": {**glossary.messages("ja"), **ja.MESSAGES},
    "zh-TW": {**glossary.messages("zh-TW"), **zh_tw.MESSAGES},
    "en": {**glossary.messages("en"), **en.MESSAGES},
}
DEFAULT_LOCALE = "ja"  # a server's posts until /config language says otherwise
FALLBACK_LOCALE = "en"  # a client language the bot has no catalog for

current_locale: ContextVar[str] = ContextVar("current_locale", default=DEFAULT_LOCALE)


def normalize_locale(locale: str | None) -> str:
    """Map Discord's locale names (``ja``, ``zh-TW``, ``en-US`` …) onto a catalog we have;
    a language we have no catalog for reads English."""
    if not locale:
        return DEFAULT_LOCALE
    if locale in LOCALES:
        return locale
    lowered = locale.lower()
    if lowered.startswith("zh"):
        return "zh-TW"
    if lowered.startswith("en"):
        return "en"
    if lowered.startswith("ja"):
        return "ja"
    return FALLBACK_LOCALE


def t(key: str, /, locale: str | None = None, **params: object) -> str:
    """The message ``key`` in ``locale`` (default: the context's), with ``params`` filled in."""
    chosen = normalize_locale(locale or current_locale.get())
    catalog = LOCALES[chosen]
    template = catalog.get(key) or LOCALES["en"].get(key) or key
    if params and chosen != current_locale.get():  # terms inside follow this message's locale
        with use_locale(chosen):
            text = template.format(**params)
    else:
        text = template.format(**params) if params else template
    return command_names(text, chosen) if "/" in text else text


def command_names(text: str, locale: str) -> str:
    """``/combat start`` in a message → the command as a ``locale`` client shows it
    (``/戦闘 開始``): Discord shows every reader the localized names."""
    from bot.i18n.commands import localize

    return localize(text, locale)


@contextmanager
def use_locale(locale: str | None) -> Iterator[None]:
    token = current_locale.set(normalize_locale(locale))
    try:
        yield
    finally:
        current_locale.reset(token)


class Term:
    """A catalog word put into another message, translated when that message is: an error
    raised deep down says ``Term("field.hp")`` and reads "HP" in every language."""

    def __init__(self, key: str, fallback: str | None = None) -> None:
        self.key, self.fallback = key, fallback

    def __format__(self, spec: str) -> str:
        text = t(self.key)
        return self.fallback if text == self.key and self.fallback is not None else text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and (self.key, self.fallback) == (other.key, other.fallback)

    def __hash__(self) -> int:
        return hash((self.key, self.fallback))


class LocalizedError(Exception):
    """An error whose message is a catalog key plus values, shown in the reader's language."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    @property
    def message(self) -> str:
        return t(self.code, **self.params)

    def localized(self, locale: str) -> str:
        return t(self.code, locale=locale, **self.params)

    def __str__(self) -> str:
        return self.message
