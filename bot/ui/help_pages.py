"""The help pages: one short page per topic (dice, combat, each rule set, saved characters),
in the reader's language, and which page answers a given mistake.

The pages' words live in the catalogs (``help.page.<topic>``), written as English command paths
(``/combat start``) that ``bot.i18n.t`` turns into the names the reader's client shows. Pure:
no sending, no Discord state beyond building an embed.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.i18n import LocalizedError, command_names, t

# In the order a new table meets them: rolling first, then a fight, then each rule set.
TOPICS = ("dice", "combat", "grancrest", "esperancer", "naval", "gurps", "char")

# A rule set's id (an encounter's ``system``) → its page; the generic one has the combat page.
RULESET_TOPICS: Mapping[str, str] = {
    "GranCrest": "grancrest", "Esperancer": "esperancer", "naval": "naval", "GURPS": "gurps",
    "DiceBot": "combat",
}  # fmt: skip

# A command group → the page its own ``help`` subcommand opens (``/gc help``).
GROUP_TOPICS: Mapping[str, str] = {
    "combat": "combat", "gc": "grancrest", "esp": "esperancer", "naval": "naval",
    "gurps": "gurps", "char": "char",
}  # fmt: skip

# Where a mistake's page is found when its message does not say: the root command typed …
COMMAND_TOPICS: Mapping[str, str] = {**GROUP_TOPICS, "roll": "dice", "table": "dice"}
# … and the first part of the error's catalog key (``gc.bad_dice``).
CODE_TOPICS: Mapping[str, str] = {
    "gc": "grancrest", "esp": "esperancer", "naval": "naval", "gurps": "gurps", "dice": "dice",
    "table": "dice", "char": "char", "combat": "combat",
}  # fmt: skip

RULE_SET_CODES = frozenset({"gc", "esp", "naval", "gurps"})  # the others are shared by all

COLOUR = discord.Colour.blurple()


def page(topic: str, locale: str) -> discord.Embed:
    """The page of ``topic`` as ``locale``'s reader sees it (one embed, well inside the limits:
    tests/ui/test_help_pages.py measures every page in every language)."""
    embed = discord.Embed(
        title=t(f"help.title.{topic}", locale=locale),
        description=t(f"help.page.{topic}", locale=locale),
        colour=COLOUR,
    )
    embed.set_footer(text=t("help.footer", locale=locale))
    return embed


def index(locale: str) -> str:
    """Every page with the command that opens it (the console's ``/help``)."""
    lines = [t("help.index", locale=locale)]
    for topic in TOPICS:
        command = command_names(f"/help {topic}", locale)
        lines.append(f"{command} — {t(f'cmd.help.{topic}.desc', locale=locale)}")
    return "\n".join(lines)


def topic_for(error: BaseException, command: str | None) -> str | None:
    """The page that helps after ``error`` in the command whose root is ``command``; None when
    the error is no mistake of the user's (a busy database, a post Discord refused …).

    Most specific first: the rule set the message names (an encounter of another rule set),
    the rule set whose key the error carries (``gc.…``, also inside a bad field), then the
    command typed, then the generic part of the key (``combat.…``, ``dice.…``: a dice mistake
    inside ``/esp set`` is Esperancer's page, in ``/roll`` the dice page)."""
    from bot.combat.errors import FieldError, StaleState
    from bot.dice.remote import EngineError

    # Someone acting first, BCDice's engine down or slow: nothing a page could have prevented.
    if not isinstance(error, LocalizedError) or isinstance(error, StaleState | EngineError):
        return None
    system = error.params.get("system")
    if isinstance(system, str) and system in RULESET_TOPICS:
        return RULESET_TOPICS[system]
    codes = [error.error.code, error.code] if isinstance(error, FieldError) else [error.code]
    heads = [code.split(".", 1)[0] for code in codes]
    for head in heads:
        if head in RULE_SET_CODES:
            return CODE_TOPICS[head]
    if command in COMMAND_TOPICS:
        return COMMAND_TOPICS[command]
    return next((CODE_TOPICS[head] for head in heads if head in CODE_TOPICS), None)
