"""Settings read from the environment: the shard settings, and the bot each one builds."""

from __future__ import annotations

import subprocess
import sys

import pytest
from discord.ext import commands
from pydantic import ValidationError

from bot.app import build_bot
from bot.client import ShardedTabletopBot, TabletopBot
from bot.config import Settings, shard_list


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("0", [0]), ("0,1", [0, 1]), ("0-3", [0, 1, 2, 3]), ("2-3, 0", [2, 3, 0]),
        ("1,1,0-1", [1, 0]), ("１", [1]),
    ],
)
def test_shard_ids_are_read_as_lists_and_ranges(text: str, ids: list[int]) -> None:
    assert shard_list(text) == ids


@pytest.mark.parametrize("text", ["", ",", "a", "1-", "-1", "3-1", "0-99999", "0.5", "²"])
def test_bad_shard_ids_are_refused_with_the_reason(text: str) -> None:
    with pytest.raises(ValueError, match=r"shard|range|empty"):
        shard_list(text)


def test_shard_ids_need_a_shard_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_IDS", "0,1")
    with pytest.raises(ValidationError, match="SHARD_IDS needs SHARD_COUNT"):
        Settings(_env_file=None)


def test_shard_ids_must_lie_within_the_shard_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2-5")
    with pytest.raises(ValidationError, match=r"SHARD_IDS \[4, 5\] are outside 0-3"):
        Settings(_env_file=None)


@pytest.mark.parametrize("count", ["0", "-1", "many"])
def test_a_shard_count_is_a_positive_number(monkeypatch: pytest.MonkeyPatch, count: str) -> None:
    monkeypatch.setenv("SHARD_COUNT", count)
    with pytest.raises(ValidationError, match="shard_count"):
        Settings(_env_file=None)


def test_no_shard_settings_build_the_plain_bot() -> None:
    bot = build_bot(Settings(_env_file=None))
    assert type(bot) is TabletopBot
    assert not isinstance(bot, commands.AutoShardedBot)


def test_shard_settings_build_a_bot_that_runs_those_shards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2,3")
    bot = build_bot(Settings(_env_file=None))
    assert isinstance(bot, ShardedTabletopBot) and isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


def test_a_shard_count_alone_runs_every_shard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "2")
    bot = build_bot(Settings(_env_file=None))
    assert (bot.shard_count, bot.shard_ids) == (2, None)


def test_a_bad_shard_setting_is_one_line_and_exit_2(tmp_path: object) -> None:
    env = {"PATH": "/usr/bin:/bin", "SHARD_COUNT": "2", "SHARD_IDS": "0,2"}
    ran = subprocess.run(
        [sys.executable, "-m", "bot", "migrate"], capture_output=True, text=True, env=env,
        cwd=tmp_path, timeout=60,
    )  # fmt: skip
    assert ran.returncode == 2
    assert ran.stderr.strip() == "SHARD_IDS [2] are outside 0-1 (SHARD_COUNT is 2)"
