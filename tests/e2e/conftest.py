from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.processes import TOKEN


@pytest.fixture
async def server() -> AsyncIterator[FakeDiscord]:
    """A fake Discord that accepts only the bot token ``processes.TOKEN``."""
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    yield fake
    await fake.stop()
