"""Command names inside messages, as the reader's Discord client shows them.

The catalogs write a command as its English path (``/combat start``); a command's name is the
catalog key that has a ``.desc`` sibling (``cmd.combat.start`` + ``cmd.combat.start.desc``), so
every locale's name for every path is known from the catalogs alone.
"""

from __future__ import annotations

import re
from functools import cache

# ``/combat act action:react``: the command's words, then its options (``name:value``).
COMMAND = re.compile(r"(?<![\w/])/([a-z_]+)((?: [a-z_]+(?![\w:])){0,2})((?: [a-z_]+:[^\s:]+)*)")


@cache
def _paths() -> dict[tuple[str, ...], tuple[str, ...]]:
    """English path → catalog keys of its parts."""
    from bot.i18n import LOCALES

    english = LOCALES["en"]
    paths: dict[tuple[str, ...], tuple[str, ...]] = {}
    for key in english:
        if key.startswith("cmd.") and f"{key}.desc" in english:
            parts = key.split(".")[1:]
            keys = tuple("cmd." + ".".join(parts[: n + 1]) for n in range(len(parts)))
            if all(k in english for k in keys):
                paths[tuple(english[k] for k in keys)] = keys
    return paths


@cache
def _localized(path: tuple[str, ...], locale: str) -> str | None:
    from bot.i18n import LOCALES

    keys = _paths().get(path)
    if keys is None:
        return None
    return " ".join(LOCALES[locale].get(k) or LOCALES["en"][k] for k in keys)


def localize(text: str, locale: str) -> str:
    if locale == "en":
        return text

    def one(match: re.Match[str]) -> str:
        words = [match.group(1), *match.group(2).split()]
        for size in range(len(words), 0, -1):  # the longest path that is a command
            name = _localized(tuple(words[:size]), locale)
            if name is not None:
                rest = match.group(0)[len("/" + " ".join(words[:size])) : match.start(3) - match.start()]
                return f"/{name}{rest}{_options(match.group(3), locale)}"
        return match.group(0)

    return COMMAND.sub(one, text)


def _options(text: str, locale: str) -> str:
    """`` action:react`` → the option's name as the client shows it (``opt.action``)."""
    from bot.i18n import LOCALES

    def one(match: re.Match[str]) -> str:
        name = LOCALES[locale].get(f"opt.{match.group(1)}") or match.group(1)
        return f" {name}:{match.group(2)}"

    return re.sub(r" ([a-z_]+):([^\s:]+)", one, text)


def english_path(words: list[str]) -> list[str]:
    """A command path typed in any locale's names → its English names (the console's input)."""
    from bot.i18n import LOCALES

    out: list[str] = []
    for n, word in enumerate(words):
        for path, keys in _paths().items():
            if len(path) == n + 1 and tuple(path[:n]) == tuple(out) and any(
                LOCALES[loc].get(keys[-1]) == word for loc in LOCALES
            ):
                out.append(path[-1])
                break
        else:
            out.append(word)
    return out


@cache
def _option_names() -> dict[str, str]:
    from bot.i18n import LOCALES

    names: dict[str, str] = {}
    for catalog in LOCALES.values():
        for key, value in catalog.items():
            if key.startswith("opt.") and value not in names:
                names[value] = key[len("opt.") :]
    return names


def english_option(name: str) -> str | None:
    """An option's name as some client shows it (``行動``) → its own name (``action``)."""
    return _option_names().get(name)
