"""BCDICE_API_URL: a BCDice-API v2 server (a small fake one on localhost); timeouts and an
unreachable server give a clear refusal naming the URL."""

from __future__ import annotations

import pytest

from bot.bcdice.api import ApiEngine
from bot.dice.remote import EngineError
from tests.bcdice.fake_api import HELP, FakeBcdiceApi, closed_port, fake_api_server  # noqa: F401


async def test_api_lists_describes_and_rolls(fake_api: tuple[FakeBcdiceApi, str]) -> None:
    _, url = fake_api
    api = ApiEngine(url + "/")
    try:
        assert [s.id for s in await api.systems()] == ["Cthulhu7th"]
        info = await api.info("Cthulhu7th")
        assert info.help == HELP and info.matcher().search("cc<=50")  # type: ignore[union-attr]
        result = await api.roll("Cthulhu7th", "SCC<=50", None)
        assert result is not None and result.secret and result.success
        assert result.rands == [(10, 4), (10, 2)]
        assert await api.roll("Cthulhu7th", "hello", None) is None
        with pytest.raises(EngineError) as caught:
            await api.info("Nope")
        assert caught.value.code == "dice.bcdice_unknown_system"
    finally:
        await api.close()


async def test_a_slow_api_is_refused_after_its_timeout(fake_api: tuple[FakeBcdiceApi, str]) -> None:
    fake, url = fake_api
    fake.delay = 1.0
    api = ApiEngine(url, timeout=0.2)
    try:
        with pytest.raises(EngineError) as caught:
            await api.roll("Cthulhu7th", "CC<=50", None)
        assert caught.value.code == "dice.bcdice_api_unreachable"
        assert "0.2 s" in str(caught.value.params["reason"])
    finally:
        await api.close()


async def test_an_unreachable_api_names_its_url() -> None:
    url = f"http://127.0.0.1:{closed_port()}"
    api = ApiEngine(url, timeout=2)
    try:
        with pytest.raises(EngineError) as caught:
            await api.roll("Cthulhu7th", "CC<=50", None)
        assert caught.value.code == "dice.bcdice_api_unreachable"
        assert caught.value.params["url"] == url
    finally:
        await api.close()
