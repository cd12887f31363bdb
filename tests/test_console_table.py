"""The console as a real table: buttons pressed, each user's own language, pictures saved,
the tracker's edits shown, a table pasted over many lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.consoles import console_env, play

FIGHT = """\
/system set system:GranCrest
/combat start
/combat add name:Goblin count:2 action_value:4
"""


def test_press_a_button_by_label_or_number_and_the_trackers(tmp_path: Path) -> None:
    out = play(tmp_path, FIGHT + ":press\n:press 次へ\n:press 1\n:press 9\n:press Flee\n")
    assert "1 [次へ]（トラッカー）\n2 [終了]（トラッカー）" in out  # :press alone lists them
    assert "（gm が [次へ] を押しました）\n== 第1ラウンド・セットアップ ==" in out
    # by number; nobody waits at the initiative: it leads into the first main process
    started = "== 第1ラウンド・イニシアチブ → Goblin 1のメイン =="
    assert f"（gm が [次へ] を押しました）\n{started}" in out
    # The turn's announcement has buttons of its own: the newest message's come first.
    listed = "[イニシアチブスキル宣言] [手番終了] [次へ] [終了]"
    assert f"[あなただけ] 「9」というボタンはありません。押せるのは：{listed}" in out
    assert "[あなただけ] 「Flee」というボタンはありません。" in out


def test_a_press_is_checked_like_a_click(tmp_path: Path) -> None:
    """A player presses the GM's button: the bot refuses, as it would a click in Discord."""
    out = play(tmp_path, FIGHT + ":as alice\n:locale en\n:press 次へ\n:as gm\n:press 終了\n")
    assert "(alice pressed [次へ])\n[only you] Only the GM can do that." in out
    assert "（gm が [終了] を押しました）\n戦闘終了" in out
    assert out.rstrip().endswith(":press") is False  # the session went on to the end


def test_no_buttons_yet(tmp_path: Path) -> None:
    assert "押せるボタンのあるメッセージはまだありません。" in play(tmp_path, ":press 次へ\n")


def test_each_user_reads_their_own_language_and_posts_the_servers(tmp_path: Path) -> None:
    script = (
        ":as alice\n:locale zh-TW\n/combat next\n"  # her own reply: Chinese
        ":as bob\n:locale en\n/combat next\n"  # his: English
        ":as gm\n/combat next\n"  # the GM's: the server's Japanese, as every post
        ":locale klingon\n:as alice\n/system show\n"
    )
    out = play(tmp_path, script)
    assert "alice 的顯示語言已設為繁體中文。\n[僅你可見] 這個頻道沒有進行中的戰鬥。" in out
    assert "bob now reads English.\n[only you] There is no encounter in this channel." in out
    assert "[あなただけ] このチャンネルに戦闘はありません。" in out
    assert "[あなただけ] 言語は ja、zh-TW、en のどれかです（「klingon」ではありません）。" in out
    assert "（現在以 alice 的身分操作）" in out  # the console's own words follow her too


def test_default_locale_is_the_console_users_language(tmp_path: Path) -> None:
    out = play(tmp_path, "/combat next\n", DEFAULT_LOCALE="en")
    assert out.startswith("Offline console: type a dice command")
    assert "[only you] There is no encounter in this channel." in out


def test_pictures_are_saved_and_their_paths_printed(tmp_path: Path) -> None:
    script = FIGHT + "/gc map size:6x4\n/gc map\n/gc place combatant:Goblin 1 x:2 y:2\n"
    out = play(tmp_path, script)
    first, second = tmp_path / "console-out" / "map-1.png", tmp_path / "console-out" / "map-2.png"
    assert "[画像] console-out/map-1.png" in out and "[画像] console-out/map-2.png" in out
    for picture in (first, second):
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert first.read_bytes() != second.read_bytes()  # the token moved onto the map
    again = play(tmp_path, FIGHT + "/gc map\n", "--out", "maps")  # --out, no clobber
    assert "[画像] maps/map-1.png" in again and (tmp_path / "maps" / "map-1.png").exists()
    assert first.exists() and second.exists()


def test_the_trackers_edits_are_shown_as_such(tmp_path: Path) -> None:
    out = play(tmp_path, FIGHT, "--json")
    objects = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    edits = [o for o in objects if o["type"] == "edit"]
    assert edits and all(o["tracker"] for o in edits)
    assert "Goblin 2 (NPC)" in edits[-1]["embeds"][0]["description"]
    (tmp_path / "en").mkdir()
    text = play(tmp_path / "en", FIGHT + ":locale en\n/combat add name:Ogre\n")
    assert "[トラッカー更新]\n== グランクレストRPG・準備中 ==\n・ Goblin 1 (NPC)" in text
    assert "[tracker updated]\n== グランクレストRPG・準備中 ==" in text and "・ Ogre (NPC)" in text
    assert text.count("📌 トラッカーをチャンネルにピン留めしました。") == 1


TABLE = """\
/table add command:DRINK content:"飲み物表
1D6
1:水
2:お茶
3-5:ジュース\\nおかわり自由
6:選ばれし者の知的飲料"
DRINK
SDRINK
/table add command:TEA content:茶表\\n1D2\\n1:緑茶\\n2:紅茶
TEA
"""


def test_a_table_pasted_over_many_lines_and_one_with_backslash_n(tmp_path: Path) -> None:
    out = play(tmp_path, TABLE, "--dice", "4,6,2")
    assert "表「飲み物表」をDRINKとして保存しました（6通り）。" in out
    assert "gm: 飲み物表(4) ＞ ジュース\nおかわり自由" in out  # \n in a row: a line break
    assert "[DM] 🔒 飲み物表(6) ＞ 選ばれし者の知的飲料" in out  # SDRINK: secret, by DM
    assert "表「茶表」をTEAとして保存しました（2通り）。\ngm: 茶表(2) ＞ 紅茶" in out


def test_default_system_is_a_channels_until_system_set(tmp_path: Path) -> None:
    script = "2D6>=10\n/system set system:DiceBot\n2D6>=10\n"
    out = play(tmp_path, script, "--dice", "6,6,6,6", DEFAULT_SYSTEM="grancrest")
    assert "gm: (2D6>=10) ＞ 12[6,6] ＞ 12 ＞ （クリティカル） ＞ 22 ＞ 成功" in out  # Grancrest's
    assert "gm: (2D6>=10) ＞ 12[6,6] ＞ 12 ＞ 成功" in out  # DiceBot's, once chosen
    wrong = subprocess.run(
        [sys.executable, "-m", "bot", "migrate"], capture_output=True, text=True, cwd=tmp_path,
        env=console_env(tmp_path, DEFAULT_SYSTEM="Cthulhu"), timeout=60,
    )  # fmt: skip
    assert wrong.returncode == 2
    assert wrong.stderr == (
        "DEFAULT_SYSTEM: must be one of DiceBot, GranCrest, GURPS, Esperancer (not 'Cthulhu')\n"
    )
