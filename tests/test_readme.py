"""The READMEs followed literally: the invite URL asks for exactly the permissions the code
needs (``bot.permissions.NEEDED``, which the bot's own checks use too), the console blocks play
as printed, and every setting is documented."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from bot.config import Settings
from bot.i18n import t
from bot.i18n.dice_words import dice_text
from bot.permissions import NEEDED, SHOWN
from tests.consoles import ROOT, play

READMES = ["README.md", "README.ja.md", "README.zh-TW.md"]
FLAG_OF = {shown: flag for flag, shown in SHOWN.items()}


def text_of(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def block_after(text: str, marker: str) -> str:
    """The fenced block that follows the comment ``<!-- marker…``."""
    rest = text[text.index(f"<!-- {marker}") :]
    return rest.split("```text\n", 1)[1].split("```", 1)[0]


@pytest.mark.parametrize("name", READMES)
def test_the_invite_url_asks_for_exactly_what_the_code_needs(name: str) -> None:
    text = text_of(name)
    urls = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", text)
    assert urls, "no invite URL"
    for url in urls:
        query = parse_qs(urlsplit(url).query)
        assert query["scope"] == ["bot applications.commands"]
        assert query["permissions"] == [str(NEEDED.value)]
    table = text.split("<!-- permissions", 1)[1].split("<!-- /permissions -->", 1)[0]
    rows = [line.strip() for line in table.splitlines() if line.strip().startswith("|")][2:]
    listed = [re.match(r"\|\s*([A-Za-z ]+?)\s*(?:[（(].*)?\|", row).group(1) for row in rows]  # type: ignore[union-attr]
    assert sorted(listed) == sorted(SHOWN.values()), listed  # each explained, none more
    from_table = discord.Permissions(**{FLAG_OF[shown]: True for shown in listed})
    assert from_table.value == NEEDED.value == 2252074691709952
    assert NEEDED.pin_messages and not NEEDED.manage_messages and not NEEDED.administrator


@pytest.mark.parametrize(("name", "locale"), list(zip(READMES, ["en", "ja", "zh-TW"], strict=True)))
def test_the_first_fight_block_plays(name: str, locale: str, tmp_path: Path) -> None:
    out = play(tmp_path, block_after(text_of(name), "console"), "--dice", "5,4,6")
    assert dice_text("alice: (2D6>=8) ＞ 9[4,5] ＞ 9 ＞ 成功", locale) in out  # the channel's words
    assert "▶ 1. Alice (PC)" in out and out.count(t("console.tracker_edited", locale=locale)) >= 5
    assert t("ui.ended", locale=locale, round=1) in out  # every step ran, to the end
    mine = t("console.only_you", locale=locale)
    only_you = [line for line in out.splitlines() if line.startswith(mine)]
    assert len(only_you) == (0 if locale == "ja" else 1)  # /config's answer: no refusal
    shown = block_after(text_of(name), "output").strip()  # the README's excerpt, as printed
    assert shown in out


@pytest.mark.parametrize("name", READMES)
def test_the_table_block_pastes(name: str, tmp_path: Path) -> None:
    out = play(tmp_path, block_after(text_of(name), "table"), "--dice", "5,4,6")
    assert "表「飲み物表」をDRINKとして保存しました（6通り）。" in out
    assert "gm: 飲み物表(5) ＞ ジュース\nおかわり自由" in out


def test_every_setting_is_in_env_example_and_the_readmes() -> None:
    example = text_of(".env.example")
    for field in Settings.model_fields:
        name = field.upper()
        assert re.search(rf"^#? ?{name}=", example, re.MULTILINE), name
        for readme in READMES:
            assert f"| `{name}` |" in text_of(readme), (readme, name)
