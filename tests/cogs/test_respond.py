"""bot.cogs.respond: the callback our answers send and the PATCH our edits send are, key for
key, what discord.py's ``send_message`` and ``PartialMessage.edit`` send for the same message —
text, embeds, buttons, pings, private or not — only without the message read back."""

from __future__ import annotations

import discord
import pytest
from discord.http import handle_message_parameters
from discord.webhook.async_ import interaction_message_response_params

from bot.cogs.respond import message_json, payload
from bot.ui.fit import Part, Post, fit
from bot.ui.stateless import components
from bot.ui.views import EncounterButton, RevealButton

NONE = discord.AllowedMentions.none()  # the bot's own, as bot.app sets it


def theirs(part: Part, *, ephemeral: bool) -> dict:
    """What discord.py's send_message would send for ``part``."""
    missing = discord.utils.MISSING
    flags = discord.MessageFlags()
    flags.ephemeral = ephemeral
    view = part.view()
    return interaction_message_response_params(
        type=4,
        content=part.content,
        embeds=part.embeds or missing,
        view=view if view is not None else missing,
        allowed_mentions=part.mentions(),
        previous_allowed_mentions=NONE,
        flags=flags if ephemeral else missing,
    ).payload


def posts() -> list[Post]:
    embed = discord.Embed(title="第1ラウンド", description="▶ Alice", colour=0x3366FF)
    embed.add_field(name="HP", value="35 / 40").set_footer(text="Grancrest RPG")
    buttons = [
        [EncounterButton("next", 7, 3, "ja"), EncounterButton("end", 7, 3, "ja")],
        [RevealButton(12, "zh-TW")],
    ]
    return [
        Post(content="gm: (2D6>=8) ＞ 9[4,5] ＞ 9 ＞ 成功"),
        Post(content="<@42> 手番です", embeds=[embed], groups=buttons, pings=(42, 43)),
        Post(embeds=[embed, embed.copy()]),
        Post(content="x" * 2500, groups=[[RevealButton(1)]]),  # two messages
        Post(content="<@42> <@!43>", pings=(42, 43)),
    ]


@pytest.mark.parametrize("ephemeral", [False, True])
async def test_the_payload_is_the_one_send_message_sends(ephemeral: bool) -> None:
    parts = [part for post in posts() for part in fit(post)]
    assert len(parts) == 6
    for part in parts:
        assert payload(part, ephemeral=ephemeral, previous=NONE) == theirs(
            part, ephemeral=ephemeral
        )


async def test_buttons_are_serialised_as_their_view_would_be() -> None:
    rows = [[EncounterButton("next", 1, 2), EncounterButton("skip", 1, 2)], [RevealButton(5)]]
    assert components(rows) == Part(rows=rows).view().to_components()


def test_a_button_answered_by_nothing_is_refused_as_by_the_view() -> None:
    plain = discord.ui.Button(label="x", custom_id="not-a-template")
    with pytest.raises(TypeError, match="not a DynamicItem"):
        components([[plain]])


async def test_an_edit_is_the_one_partial_message_edit_sends() -> None:
    """What discord.py's PartialMessage.edit would PATCH for each part (clearing embeds and
    buttons the part lacks), as outgoing.edit calls it."""
    for part in [part for post in posts() for part in fit(post)] + [Part()]:
        view = part.view()
        with handle_message_parameters(
            content=part.content,
            embeds=part.embeds,
            attachments=[],
            view=view,
            allowed_mentions=part.mentions(),
            previous_allowed_mentions=NONE,
        ) as params:
            assert message_json(part, previous=NONE, edit=True) == params.payload
