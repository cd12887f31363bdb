"""The help pages: inside Discord's embed limits in every language, every command on them named
as the reader's client names it, and the page each kind of mistake opens."""

from __future__ import annotations

import re

import pytest

from bot.combat.errors import CombatError, FieldError, StaleState
from bot.dice import DiceError
from bot.dice.remote import EngineError
from bot.i18n import LOCALES, LocalizedError, command_names, t
from bot.ui.fit import DESCRIPTION, TITLE, TOTAL, units
from bot.ui.help_pages import TOPICS, index, page, topic_for

SEGMENT = re.compile(r"`(/[^`]+)`")


@pytest.mark.parametrize("locale", list(LOCALES))
@pytest.mark.parametrize("topic", TOPICS)
def test_every_page_fits_one_embed_with_room_to_spare(topic: str, locale: str) -> None:
    embed = page(topic, locale)
    description, title = embed.description or "", embed.title or ""
    footer = embed.footer.text or ""
    assert 0 < units(title) <= TITLE
    assert 200 < units(description) <= DESCRIPTION // 2  # "short": half the limit at most
    assert units(title) + units(description) + units(footer) <= TOTAL // 2
    assert description.count("\n") <= 20  # a page a phone shows without much scrolling


@pytest.mark.parametrize("locale", ["ja", "zh-TW"])
@pytest.mark.parametrize("topic", TOPICS)
def test_every_command_on_a_page_reads_as_the_client_names_it(topic: str, locale: str) -> None:
    """Each `…` command on the page is localized as it would be alone: none glued to the
    text before it, none left in English."""
    raw = LOCALES[locale][f"help.page.{topic}"]
    shown = t(f"help.page.{topic}", locale=locale)
    commands = SEGMENT.findall(raw)
    assert len(commands) >= 5
    for command in commands:
        alone = command_names(command, locale)
        assert f"`{alone}`" in shown, command
        assert alone.split()[0] == "/" + t(f"cmd.{command.split()[0][1:]}", locale=locale)


def test_the_index_lists_every_page_with_its_command() -> None:
    shown = index("ja")
    assert all(command_names(f"/help {topic}", "ja") in shown for topic in TOPICS)
    assert "/ヘルプ 戦闘" in shown


@pytest.mark.parametrize(
    ("error", "command", "topic"),
    [
        (CombatError("combat.unknown_action", action="x", system="GranCrest"), "combat",
         "grancrest"),
        (CombatError("combat.unknown_action", action="x", system="DiceBot"), "combat", "combat"),
        (CombatError("combat.other_system", wanted="GranCrest", system="naval"), "gc", "naval"),
        (CombatError("combat.no_encounter"), "gc", "grancrest"),
        (CombatError("combat.no_encounter"), "combat", "combat"),
        (CombatError("combat.no_encounter"), None, "combat"),  # a button
        (CombatError("gc.bad_dice"), "combat", "grancrest"),  # /combat act action:attack
        (FieldError("dodge", "2D6+", DiceError("dice.syntax_end")), "esp", "esperancer"),
        (FieldError("dodge", "2D6+", CombatError("esp.bad_roll")), "combat", "esperancer"),
        (DiceError("dice.too_many_dice"), "roll", "dice"),
        (LocalizedError("char.unknown", name="x"), "char", "char"),
        (LocalizedError("settings.not_allowed"), "config", None),
        (StaleState(), "combat", None),  # someone acted first: no mistake of the user's
        (ValueError("surprise"), "combat", None),
        (EngineError("dice.bcdice_timeout", seconds=5), "roll", None),  # BCDice slow: no mistake
    ],
)
def test_each_mistake_opens_the_page_that_covers_it(
    error: BaseException, command: str | None, topic: str | None
) -> None:
    assert topic_for(error, command) == topic

