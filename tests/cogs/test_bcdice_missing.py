"""Without BCDice's engine (no Node, nothing installed) the four native systems work and the
others are listed as unavailable, with the reason."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.app import TabletopBot
from bot.config import Settings
from tests.cogs.conftest import Bots, Dice, World


@pytest.fixture
def make_bot(
    bot_url: str, bots: Bots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Callable[[], TabletopBot]:
    monkeypatch.setenv("BCDICE_HOME", str(tmp_path / "nothing-installed"))
    settings = Settings(
        discord_token=None, database_url=bot_url, default_locale="ja", tracker_interval=0
    )
    return lambda: bots.build(settings)


async def test_the_list_says_why_bcdice_systems_are_missing(world: World) -> None:
    choices = await world.gm.autocomplete(world.channel, "system set", "system", "")
    values = [c["value"] for c in choices]
    assert values[:4] == ["DiceBot", "GranCrest", "GURPS", "Esperancer"]
    assert choices[-1]["value"] == "-"
    assert "bcdice is not installed" in choices[-1]["name"]


async def test_setting_a_bcdice_system_is_refused_with_the_reason(world: World) -> None:
    refused = await world.gm.slash(world.channel, "system set", system="Cthulhu7th")
    assert refused.ephemeral
    assert refused.response.content.startswith(
        "BCDice's other game systems are unavailable on this bot: the npm package bcdice is not "
        "installed"
    )
    assert len(world.env.errors) == 1


async def test_native_systems_still_roll(world: World, dice: Dice) -> None:
    await world.gm.slash(world.channel, "system set", system="GranCrest")
    dice.load(6, 6)
    await world.alice.send(world.channel, "2D6>=10")
    assert world.channel.last_message.content.endswith("（クリティカル） ＞ 22 ＞ 成功")
