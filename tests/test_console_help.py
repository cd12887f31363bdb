"""The console's help: ``/help`` (in any language's spelling) lists the same pages Discord
shows, and ``/help <page>`` prints the page itself, as text."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import t
from tests.consoles import play

SCRIPT = """\
/ヘルプ
/ヘルプ 戦闘
:locale zh-TW
/說明
/gc 說明
:locale en
/combat act action:nonsense
:press Help
"""


def test_help_lists_and_prints_the_pages_in_the_users_language(tmp_path: Path) -> None:
    out = play(tmp_path, SCRIPT)
    assert "/ヘルプ グランクレスト — " + t("cmd.help.grancrest.desc", locale="ja") in out
    assert f"== {t('help.title.combat', locale='ja')} ==" in out
    assert "/戦闘 開始" in out and "/戦闘 行動 行動:end_turn" in out  # the page, as text
    assert "/說明 皇帝聖印 — " in out  # /說明 is /help in Chinese
    assert f"== {t('help.title.grancrest', locale='zh-TW')} ==" in out  # /gc 說明
    assert "There is no encounter in this channel" in out and "[Help]" in out
    assert f"== {t('help.title.combat', locale='en')} ==" in out  # the button opened its page
