"""/char and joining a saved character into an encounter, through SimCord."""

from __future__ import annotations

from bot.i18n import LocalizedError
from bot.systems.stats import parse_stats
from tests.cogs.conftest import World


def test_stats_are_checked_against_the_system() -> None:
    assert parse_stats("action_value=７ reflex=3, hp=40", "GranCrest") == {
        "action_value": 7,
        "reflex": 3,
        "hp": 40,
    }
    assert parse_stats("speed=5.25 dx=12", "GURPS") == {"speed": 5.25, "dx": 12}
    for bad, system in (("mana=3", "GranCrest"), ("reflex=500", "GranCrest"), ("hp 3", "DiceBot")):
        try:
            parse_stats(bad, system)
        except LocalizedError as error:  # StatError, or NumberError for the bounds
            assert error.message
        else:
            raise AssertionError(bad)


async def test_create_show_edit_delete_and_join(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    made = await world.alice.slash(
        world.channel, "char create", name="Aster", stats="action_value=7 reflex=3 hp=40"
    )
    assert made.ephemeral and made.response.content == "Saved Aster (GranCrest)."
    shown = await world.bob.slash(world.channel, "char show", name="Aster")
    assert "action_value=7 reflex=3 hp=40" in shown.response.content
    refused = await world.bob.slash(world.channel, "char edit", name="Aster", stats="hp=1")
    assert refused.ephemeral and "another player" in refused.response.content
    edited = await world.alice.slash(world.channel, "char edit", name="Aster", stats="hp=35")
    assert "hp=35" in edited.response.content
    bad = await world.alice.slash(world.channel, "char create", name="Other", stats="mana=3")
    assert bad.ephemeral and "No stat “mana”" in bad.response.content

    await world.gm.slash(world.channel, "combat start")
    choices = await world.alice.autocomplete(world.channel, "combat join", "character", "As")
    assert [c["name"] for c in choices] == ["Aster (GranCrest)"]
    joined = await world.alice.slash(world.channel, "combat join", character=choices[0]["value"])
    assert "Asterが参加しました。" in joined.response.embeds[-1].description
    status = await world.alice.slash(world.channel, "combat status")
    assert "Aster (PC) AV 7 HP 35" in status.response.embeds[0].description

    deleted = await world.alice.slash(world.channel, "char delete", name="Aster")
    assert deleted.response.content == "Deleted Aster."
    listed = await world.alice.slash(world.channel, "char list")
    assert listed.response.content.startswith("No characters in GranCrest")
    assert len(world.env.errors) == 2


async def test_a_saved_grancrest_character_brings_its_numbers_into_combat(world: World) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    await world.alice.slash(
        world.channel, "char create", name="Aster",
        stats="action_value=7 reflex=3 hp=40 strength=6 spirit=5 weapon=10 impact=4 move=4",
    )  # fmt: skip
    await world.gm.slash(world.channel, "combat start")
    choices = await world.alice.autocomplete(world.channel, "combat join", "character", "")
    await world.alice.slash(world.channel, "combat join", character=choices[0]["value"])
    hurt = await world.gm.slash(
        world.channel, "gc damage", target="Aster", amount=15, types="weapon,impact"
    )
    # The lowest applicable saved defense (impact 4) applies: 11 damage.
    assert "Asterに11点のダメージ（HP 29）。" in "\n".join(
        e.description or "" for e in hurt.response.embeds
    )
