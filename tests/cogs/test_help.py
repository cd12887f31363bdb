"""Help in Discord, through SimCord: /help <page> and each group's /<group> help in every
language, the Help button on a mistake's error opening the page that covers it (also after a
restart), the page menu, and the hint for a slash command sent as a chat message."""

from __future__ import annotations

import pytest
from discord import app_commands
from simcord.components import walk_components

from bot.console import speak_languages
from bot.i18n import t
from bot.ui.help_pages import GROUP_TOPICS, TOPICS
from tests.cogs.conftest import World

LOCALES = ("ja", "zh-TW", "en")


def title(topic: str, locale: str) -> str:
    return t(f"help.title.{topic}", locale=locale)


def shown_page(result) -> str:
    """The title of the help page a reply shows (it must be private, with the page menu)."""
    message = result.response
    assert message is not None and message.ephemeral and len(message.embeds) == 1
    assert any(c.get("custom_id") == "help:pick" for c in components(message))
    return message.embeds[0].title


def components(message) -> list[dict]:
    rows = [c if isinstance(c, dict) else c.to_dict() for c in message.components]
    return list(walk_components(rows))


def help_button(message) -> str:
    """The custom id of the Help button on an error's reply."""
    ids = [c["custom_id"] for c in components(message) if c.get("custom_id", "")[:5] == "help:"]
    assert len(ids) == 1, components(message)
    return ids[0]


@pytest.mark.parametrize("locale", LOCALES)
async def test_help_shows_every_page_in_the_readers_language(world: World, locale: str) -> None:
    speak_languages(world.env, lambda user: locale)
    for topic in TOPICS:
        shown = await world.alice.slash(world.channel, f"help {topic}")
        assert shown_page(shown) == title(topic, locale)
        assert shown.response.embeds[0].description == t(f"help.page.{topic}", locale=locale)
    assert not world.env.errors


@pytest.mark.parametrize("locale", LOCALES)
async def test_each_groups_own_help_opens_its_rule_sets_page(world: World, locale: str) -> None:
    speak_languages(world.env, lambda user: locale)
    for group, topic in GROUP_TOPICS.items():
        shown = await world.alice.slash(world.channel, f"{group} help")
        assert shown_page(shown) == title(topic, locale), group
    assert not world.env.errors


async def test_pages_name_commands_as_the_readers_client_shows_them(world: World) -> None:
    language = ["ja"]
    speak_languages(world.env, lambda user: language[0])
    page = (await world.alice.slash(world.channel, "help combat")).response.embeds[0].description
    assert "/戦闘 開始" in page and "/戦闘 行動 行動:end_turn" in page
    assert "/combat" not in page and "/help" not in page  # every command as the client names it
    language[0] = "zh-TW"
    page = (await world.alice.slash(world.channel, "help naval")).response.embeds[0].description
    assert "/海戰 " in page and "/naval" not in page


async def test_the_help_system_subcommand_still_shows_the_systems_commands(world: World) -> None:
    shown = await world.alice.slash(world.channel, "help system", system="GranCrest")
    assert shown.ephemeral and "GranCrest" in shown.response.content


async def test_an_unknown_action_carries_help_for_the_encounters_rule_set(world: World) -> None:
    speak_languages(world.env, lambda user: "zh-TW" if user == world.alice.id else "en")
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    refused = await world.alice.slash(world.channel, "combat act", action="atack")
    assert refused.ephemeral and "atack" in refused.response.content
    assert help_button(refused.response) == "help:open:grancrest"
    opened = await world.alice.click(refused.response, custom_id="help:open:grancrest")
    assert shown_page(opened) == title("grancrest", "zh-TW")
    mine = await world.gm.slash(world.channel, "combat act", action="atack")  # the GM reads English
    other = await world.gm.click(mine.response, label="Help")
    assert shown_page(other) == title("grancrest", "en")
    assert len(world.env.errors) == 2


async def test_another_rule_sets_command_here_opens_the_page_of_the_one_playing(
    world: World,
) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="Esperancer")
    refused = await world.alice.slash(world.channel, "gc attack", target="Drone")
    assert refused.ephemeral
    assert help_button(refused.response) == "help:open:esperancer"
    opened = await world.alice.click(refused.response, label=t("help.button", locale="en"))
    assert shown_page(opened) == title("esperancer", "en")
    assert len(world.env.errors) == 1  # handled by the tree's error handler


async def test_a_detail_the_parser_refuses_opens_the_rule_sets_page(world: World) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.gm.slash(world.channel, "combat add", name="Ogre")
    refused = await world.gm.slash(
        world.channel, "combat act", action="gc_set", combatant="Ogre", detail="dodge=2D6+"
    )
    assert refused.ephemeral and "dodge" in refused.response.content
    assert help_button(refused.response) == "help:open:grancrest"
    refused = await world.gm.slash(world.channel, "gurps check", character="Nobody", skill="剣")
    assert refused.ephemeral and help_button(refused.response) == "help:open:gurps"
    refused = await world.alice.slash(world.channel, "roll", command="2D6>=")
    assert refused.ephemeral and help_button(refused.response) == "help:open:dice"
    assert len(world.env.errors) == 3


async def test_the_help_button_and_the_menu_work_after_a_restart(world: World, make_bot) -> None:
    refused = await world.alice.slash(world.channel, "combat next")  # no encounter yet
    assert help_button(refused.response) == "help:open:combat"
    page = await world.alice.slash(world.channel, "help dice")
    old = world.env.bot
    await world.env.restart_bot(make_bot())  # a new process: nothing kept in memory
    await old.database.dispose()
    opened = await world.alice.click(refused.response, custom_id="help:open:combat")
    assert shown_page(opened) == title("combat", "en")
    picked = await world.alice.select(page.response, ["naval"], custom_id="help:pick")
    assert shown_page(picked) == title("naval", "en")
    assert picked.response.id == page.response.id  # the same message turned to the page
    assert len(world.env.errors) == 1


async def test_a_slash_command_sent_as_chat_gets_a_hint_and_its_page(world: World) -> None:
    await world.alice.send(world.channel, "/combat start")
    hint = world.channel.last_message
    assert "/combat start" in hint.content or "/戦闘" in hint.content
    assert help_button(hint) == "help:open:combat"
    opened = await world.alice.click(hint, custom_id="help:open:combat")
    assert shown_page(opened) == title("combat", "en")
    await world.alice.send(world.channel, "／戦闘 開始")  # the Japanese names, full-width slash
    assert help_button(world.channel.last_message) == "help:open:combat"
    await world.alice.send(world.channel, "/gc attack target:Ogre")
    assert help_button(world.channel.last_message) == "help:open:grancrest"


@pytest.mark.parametrize("chat", ["/shrug", "/me waves", "hello /combat", "/", "combat start"])
async def test_ordinary_chat_gets_no_answer(world: World, chat: str) -> None:
    await world.alice.send(world.channel, chat)
    assert world.channel.last_message.author.id == world.alice.id


async def test_no_hint_where_the_server_turned_chat_answers_off(world: World) -> None:
    await world.gm.slash(world.channel, "config", chat_rolls=False)
    await world.alice.send(world.channel, "/combat start")
    assert world.channel.last_message.author.id == world.alice.id


async def test_every_group_keeps_within_discords_25_subcommands(world: World) -> None:
    tree = world.env.bot.tree
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Group):
            assert len(command.commands) <= 25, command.qualified_name
    for group in GROUP_TOPICS:
        found = tree.get_command(group)
        assert isinstance(found, app_commands.Group) and found.get_command("help") is not None
    help_group = tree.get_command("help")
    assert isinstance(help_group, app_commands.Group)
    assert {c.name for c in help_group.commands} == {*TOPICS, "system"}


async def test_a_chat_roll_breaking_a_limit_offers_the_dice_page(world: World) -> None:
    await world.alice.send(world.channel, "500D6")
    refused = world.channel.last_message
    assert "500" in refused.content and help_button(refused) == "help:open:dice"
    opened = await world.bob.click(refused, custom_id="help:open:dice")  # anyone may read it
    assert shown_page(opened) == title("dice", "en")
