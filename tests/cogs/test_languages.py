"""One locale rule, through SimCord: a reply follows the user's client language (English when the
bot has no catalog for it), a post follows the channel's language (/config channel_language,
the server's by default); input in any language's spelling counts the same."""

from __future__ import annotations

from typing import Any

from bot.console import speak_languages
from bot.i18n import t
from tests.cogs.conftest import Dice, World


def client_language(world: World, language: str) -> None:
    """Every interaction arrives with ``language`` as the client's (Discord's own names)."""

    def localize(event: str, payload: Any) -> None:
        if event == "INTERACTION_CREATE":
            payload["locale"] = language

    world.env.backend.subscribers.insert(0, localize)


async def aoi(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GURPS")
    await world.alice.slash(
        world.channel, "char create", name="Aoi", stats="st=10 dx=12 iq=12 ht=11 will=2"
    )


async def test_a_client_language_without_a_catalog_reads_english(world: World) -> None:
    client_language(world, "fr")
    refused = await world.alice.slash(world.channel, "combat next")
    assert refused.ephemeral and "There is no encounter in this channel" in refused.response.content
    assert len(world.env.errors) == 1


async def test_a_reply_names_commands_as_the_readers_client_shows_them(world: World) -> None:
    speak_languages(world.env, lambda user: "ja")
    refused = await world.alice.slash(world.channel, "combat next")
    assert "/戦闘 開始" in refused.response.content and "/combat" not in refused.response.content
    assert len(world.env.errors) == 1


async def test_posts_follow_the_channels_language_and_replies_the_users(world: World) -> None:
    speak_languages(world.env, lambda user: "zh-TW" if user == world.alice.id else "en")
    await world.gm.slash(world.channel, "config", channel_language="en")
    started = await world.gm.slash(world.channel, "combat start")
    assert "Encounter started" in started.response.embeds[-1].description
    mine = await world.alice.slash(world.channel, "combat next")
    assert mine.ephemeral and mine.response.content == t("combat.not_gm", locale="zh-TW")
    await world.gm.slash(world.channel, "combat end")
    await world.gm.slash(world.channel, "config", channel_language="server")
    again = await world.gm.slash(world.channel, "combat start")
    assert "戦闘開始" in again.response.embeds[-1].description  # the server's (ja) once more
    assert len(world.env.errors) == 1


async def test_traits_and_skills_in_chinese_count_as_the_regulations(
    world: World, dice: Dice
) -> None:
    await aoi(world)
    set_traits = await world.alice.slash(
        world.channel, "gurps traits", character="Aoi", traits="冷靜沉著 誠實 正直"
    )
    assert "Imperturbable" in set_traits.response.content  # alice reads English
    lied = await world.alice.slash(world.channel, "gurps stress", character="Aoi", cause="lie")
    assert "-2 → ストレス 12/14" in lied.response.content  # 正直 and 誠実: lying costs 2
    await world.alice.slash(world.channel, "gurps skills", character="Aoi", skills="開鎖=12")
    dice.load(5, 5, 5)  # 15 against 13: a failure under pressure: 冷静沈着 makes it cost 1, not 3
    checked = await world.alice.slash(
        world.channel, "gurps check", character="Aoi", skill="開鎖", pressure=True
    )
    text = checked.response.content
    assert "Aoi〈鍵開け〉12（器用さ+1）" in text  # the craft skills' DX rule applies
    assert "-1 → ストレス 11/14" in text


async def test_grancrest_damage_types_as_the_seed_writes_them(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    await world.gm.slash(world.channel, "combat start")
    await world.gm.slash(world.channel, "combat add", name="Ogre")
    await world.gm.slash(
        world.channel, "combat act", action="gc_set", combatant="Ogre",
        detail="ｈｐ=40 筋力基本値=5 武器防御=10 炎熱防御=3",
    )  # fmt: skip
    for written in ("15 〈武器〉", "15 武器+炎熱", "15 ＷＥＡＰＯＮ，ｈｅａｔ"):
        hit = await world.gm.slash(
            world.channel, "combat act", action="damage", combatant="Ogre", detail=written
        )
        assert not hit.ephemeral, written
    posts = [m.embeds[-1].description for m in world.channel.history() if m.embeds]
    assert any("Ogreに5点のダメージ（HP 35）" in p for p in posts)  # 〈武器〉: 15 − 10
    assert any("Ogreに12点のダメージ（HP 23）" in p for p in posts)  # the lowest: 炎熱 3
    wrong = await world.gm.slash(
        world.channel, "combat act", action="damage", combatant="Ogre", detail="15 〈光〉"
    )
    assert wrong.ephemeral and "光" in wrong.response.content
    assert "weapon, heat, impact, internal" in wrong.response.content  # the GM reads English
    assert len(world.env.errors) == 1
