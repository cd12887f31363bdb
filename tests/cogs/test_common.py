"""The deadline helper: slow work is deferred before Discord's 3 s limit, with the reply's
visibility chosen up front (a secret stays private)."""

from __future__ import annotations

import asyncio

import pytest

import bot.cogs.common as common


class Response:
    def __init__(self) -> None:
        self.deferred: dict | None = None

    def is_done(self) -> bool:
        return self.deferred is not None

    async def defer(self, **options: object) -> None:
        self.deferred = dict(options)


class Interaction:
    def __init__(self) -> None:
        self.response = Response()


async def slow(value: int, seconds: float) -> int:
    await asyncio.sleep(seconds)
    return value


@pytest.mark.parametrize("ephemeral", [False, True])
async def test_slow_work_defers_with_the_chosen_visibility(
    monkeypatch: pytest.MonkeyPatch, ephemeral: bool
) -> None:
    monkeypatch.setattr(common, "DEFER_AFTER", 0.01)
    interaction = Interaction()
    assert await common.in_time(interaction, slow(7, 0.05), ephemeral=ephemeral) == 7  # type: ignore[arg-type]
    assert interaction.response.deferred == {"thinking": True, "ephemeral": ephemeral}


async def test_fast_work_answers_directly() -> None:
    interaction = Interaction()
    assert await common.in_time(interaction, slow(3, 0)) == 3  # type: ignore[arg-type]
    assert interaction.response.deferred is None
