"""The whole bot with BCDICE_API_URL: BCDice's systems rolled by a BCDice-API server (a
small fake one on localhost), and a clear message when it is too slow."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.app import TabletopBot
from bot.config import Settings
from tests.bcdice.fake_api import FakeBcdiceApi, closed_port, fake_api_server  # noqa: F401
from tests.cogs.conftest import Bots, World


@pytest.fixture
def make_bot(
    bot_url: str, bots: Bots, fake_api: tuple[FakeBcdiceApi, str]
) -> Callable[[], TabletopBot]:
    settings = Settings(
        discord_token=None,
        database_url=bot_url,
        default_locale="ja",
        tracker_interval=0,
        bcdice_api_url=fake_api[1],
    )
    return lambda: bots.build(settings)


async def test_the_bot_rolls_bcdice_systems_through_the_api(
    world: World, fake_api: tuple[FakeBcdiceApi, str]
) -> None:
    fake, _ = fake_api
    await world.gm.slash(world.channel, "system set", system="Cthulhu7th")
    await world.alice.send(world.channel, "CC<=50 目星")
    assert world.channel.last_message.content.endswith("＞ 42 ＞ レギュラー成功")
    await world.alice.send(world.channel, "hello")  # not the pattern: the server is not asked
    assert fake.asked == ["CC<=50 目星"]
    gone = f"http://127.0.0.1:{closed_port()}"
    world.env.bot.rolls.remote.url = gone  # type: ignore[attr-defined] - the server went away
    await world.alice.send(world.channel, "CC<=70")
    assert world.channel.last_message.content.startswith(
        f"BCDice-APIサーバー {gone} が応答しません"
    )
