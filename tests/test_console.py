"""The offline console, driven as a user would: ``python -m bot`` with a script and fixed dice."""

from __future__ import annotations

import json
import os
import pty
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SESSION = """\
2D6>=8 攻撃
/system set system:GranCrest
/combat start
/combat add name:Goblin count:2 action_value:4
:as alice
:locale en
/combat add name:Alice side:pc action_value:6
/combat next
:as gm
/combat next
/combat next
:as alice
/combat act action:minor detail:2マス移動
/roll command:2D6>=10 命中
/combat nonsense
"""


def run(args: list[str], tmp_path: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path}/bot.sqlite3"
    env["PYTHONPATH"] = str(ROOT)  # run from tmp_path: pictures go to its console-out/
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], input=stdin, capture_output=True, text=True,
        cwd=tmp_path, env=env, timeout=120, check=True,
    )  # fmt: skip


def announced(out: str) -> str:
    """The output before the tracker's last edit, which comes after the post that caused it."""
    before, edited, _ = out.rpartition("[トラッカー更新]\n")
    return (before if edited else out).rstrip()


def test_scripted_session_end_to_end(tmp_path: Path) -> None:
    script = tmp_path / "session.txt"
    script.write_text(SESSION, encoding="utf-8")
    out = run(["console", "--script", str(script), "--dice", "3,5,6,6"], tmp_path).stdout
    assert "gm: (2D6>=8) ＞ 8[3,5] ＞ 8 ＞ 成功" in out
    assert "このチャンネルのシステムをGranCrest" in out  # gm reads the server's Japanese
    assert "[only you] Only the GM can do that." in out  # alice (English) tried to advance
    assert "== 第1ラウンド・イニシアチブ → Aliceのメイン ==" in out and "@alice" in out
    assert "Alice：マイナーアクション — 2マス移動" in out
    assert "alice: (2D6>=10) ＞ 12[6,6] ＞ 12 ＞ （クリティカル） ＞ 22 ＞ 成功" in out
    assert "unknown command /combat nonsense" in out


def test_state_is_stored_like_the_bots(tmp_path: Path) -> None:
    run(["console"], tmp_path, "/combat start ruleset:GURPS\n/combat add name:Ogre speed:5\n")
    database = sqlite3.connect(tmp_path / "bot.sqlite3")
    assert database.execute("select system, active from encounters").fetchall() == [("GURPS", 1)]
    assert database.execute("select name from combatants").fetchall() == [("Ogre",)]


def test_json_mode_prints_replies_and_domain_events(tmp_path: Path) -> None:
    out = run(
        ["console", "--json"],
        tmp_path,
        "/combat start ruleset:GranCrest\n/combat add name:Imp\n/combat next\n",
    )
    objects = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    kinds = [o.get("event") for o in objects if o["type"] == "event"]
    assert kinds == ["encounter_started", "combatant_added", "round_started", "phase_started"]
    assert any(o["type"] == "reply" and o["embeds"] for o in objects)


def test_python_m_bot_without_token_starts_the_console_in_a_terminal(tmp_path: Path) -> None:
    controller, terminal = pty.openpty()  # stdin is a terminal, as in `python3 tasks.py run`
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path}/bot.sqlite3"
    with subprocess.Popen(
        [sys.executable, "-m", "bot"], stdin=terminal, stdout=subprocess.PIPE, text=True,
        cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)},
    ) as process:  # fmt: skip
        os.write(controller, b"1D6\n:quit\n")
        out, _ = process.communicate(timeout=120)
    os.close(controller)
    os.close(terminal)
    assert out.startswith("DISCORD_TOKEN is not set: starting the offline console.\n")
    assert "gm: (1D6) ＞ " in out


def test_without_token_and_without_a_terminal_it_says_so_and_fails(tmp_path: Path) -> None:
    """A container with no token (or an empty one): one line and exit 2, not a console that
    reads an empty stdin, exits 0 and is restarted for ever."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    for token in ({}, {"DISCORD_TOKEN": ""}):
        failed = subprocess.run(
            [sys.executable, "-m", "bot"], stdin=subprocess.DEVNULL, capture_output=True,
            text=True, cwd=tmp_path, env={**env, **token, "PYTHONPATH": str(ROOT)}, timeout=60,
        )  # fmt: skip
        assert failed.returncode == 2
        assert failed.stderr.startswith("DISCORD_TOKEN is not set.")
        assert len(failed.stderr.splitlines()) == 1 and failed.stdout == ""


def test_python_m_bot_migrate_creates_the_schema(tmp_path: Path) -> None:
    assert run(["migrate"], tmp_path).stdout.strip() == "The database is up to date."
    tables = sqlite3.connect(tmp_path / "bot.sqlite3").execute(
        "select name from sqlite_master where type='table'"
    )
    assert {"encounters", "combatants", "encounter_log"} <= {name for (name,) in tables}


def test_grancrest_worked_example_tutorial_reproduces_the_seed(tmp_path: Path) -> None:
    """docs/tutorials/grancrest-worked-example.txt: the seed's Sword Lord vs Dragonewt, then a
    second round with a weapon swap and an area attack on two targets."""
    script = ROOT / "docs" / "tutorials" / "grancrest-worked-example.txt"
    dice = "3,4,2,3,3,3,6,6,3,3,3,4" + ",5,4,2,2,4,4,4,3,3"
    out = run(["console", "--script", str(script), "--dice", dice], tmp_path).stdout
    assert "Sword Lordの攻撃がDragonewtに命中：14 対 10" in out
    assert "Dragonewtに5点のダメージ（HP 35）。" in out
    assert "(2D6+10>=?) ＞ 12[6,6]+10 ＞ 22 ＞ （クリティカル） ＞ 32" in out
    assert "Dragonewt（ダメージ）：(2D6+12+10) ＞ 7[3,4]+12+10 ＞ 29" in out
    assert "Sword Lord：ダメージ29 − 武器防御10 = HPダメージ19。" in out
    assert "Sword Lordに19点のダメージ（HP 20）。" in out
    assert "== 第2ラウンド・セットアップ ==" in out
    # Round 2: the Halberd swapped in (minor), one hit check and one 3D damage roll for both.
    assert "Sword LordはSwordをしまい、Halberdを装備した（マイナーアクション）。" in out
    assert "[リアクションを振る：Dragonewt] [リアクションを振る：Dragon Whelp]" in out
    assert out.count("Sword Lord（命中判定）") == 2 and out.count("Sword Lord（ダメージ）") == 2
    assert "Sword Lord（ダメージ）：(3D6+8) ＞ 12[4,4,4]+8 ＞ 20" in out
    assert "Dragonewtに10点のダメージ（HP 25）。" in out
    assert "Dragon Whelp：ダメージ20 − 武器防御4 = HPダメージ16。" in out
    # Her end of turn passes round 2's initiative into the Dragonewt's main process at once,
    # with the window for initiative skills open until the Dragonewt's first action.
    assert announced(out).splitlines()[-3:] == [
        "== 第2ラウンド・イニシアチブ → Dragonewtのメイン ==",
        "▶ Dragonewtの手番 — 可能な行動：マイナーアクション、メジャーアクション",
        "[イニシアチブスキル宣言] [手番終了]",
    ]
    order = out.rpartition("[トラッカー更新]\n")[2].splitlines()  # the order: the tracker's
    assert order[1:4] == [
        "✓ 1. Sword Lord (PC) 行動値6 HP 20/39",
        "▶ 2. Dragonewt (NPC) 行動値5 ▰▰▰▰▱ 軽傷",  # 25 of 40: players see a wound level
        "・ 3. Dragon Whelp (NPC) 行動値3 ▰▱▱▱▱ 危篤",  # 4 of 20
    ]


def test_esperancer_two_turns_tutorial_ticks_and_expires_statuses(tmp_path: Path) -> None:
    """docs/tutorials/esperancer-two-turns.txt: initiative with Sonic Drive, prone, poison, seal;
    then a third turn: a tie the GM orders, a defeat, the GM's healing."""
    script = ROOT / "docs" / "tutorials" / "esperancer-two-turns.txt"
    dice = "6,5,10,4,6,7,5,4,10,3,3,5,2,10,3,3,4,4,6,6,2,3,3,5,5,5,5,1,1,9,9,1,1"
    out = run(["console", "--script", str(script), "--dice", dice], tmp_path).stdout
    assert "Hero（行動値）：(2ES+2) ＞ 16[10,6],4+2 ＞ 22 ＞ クリティカル" in out  # the seed's 20
    assert "Heroはソニックドライブを発動！" in out
    assert "Drone（回避）：(1ES) ＞ 4 ＞ 4" in out  # prone: one die fewer
    assert "Hero（ダメージ）：(1D10+3) ＞ 10[10]+3 ＞ 13" in out  # damage is no check
    assert "Droneの転倒が解除された。" in out  # as its own action starts
    assert "Drone（毒）：(1D10) ＞ 10\nDroneに10点のダメージ（HP 17）。" in out  # no explosion
    assert "[あなただけ] Heroは封印されているため" in out and "Heroの封印が解除された。" in out
    assert "Droneに3点のダメージ（HP 9）。" in out  # poison ticks again at the second Cleanup
    assert "Drone（行動値）：(2ES) ＞ 5,5 ＞ 10\nWasp（行動値）：(2ES) ＞ 5,5 ＞ 10" in out  # a tie
    assert "順番が変わりました。" in out  # the GM's order: the Wasp's turn, then the Drone's
    wasp, drone = "== 第3ラウンド・Waspのメイン ==", "== 第3ラウンド・Droneのメイン =="
    assert out.index(wasp) < out.index(drone)
    assert "Waspに20点のダメージ（HP -14）。\nWaspは戦闘不能（HP 0以下）。" in out
    assert "DroneのHPが10回復（HP 19）。" in out


def test_db_accepts_a_file_path_and_refuses_an_unreachable_database(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    run(["migrate", "--db", str(path)], tmp_path)
    assert path.exists()
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    failed = subprocess.run(
        [sys.executable, "-m", "bot", "migrate", "--db", "postgresql+asyncpg://u:secret@127.0.0.1:1/x"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
    )  # fmt: skip
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    assert "Cannot open the database" in failed.stderr and "secret" not in failed.stderr


def test_gurps_night_investigation_tutorial(tmp_path: Path) -> None:
    """docs/tutorials/gurps-night-investigation.txt: checks in the dark under pressure, stress,
    then a short fight in 移動力 order with damage adds turned into dice; after it a fright
    check by Will, a breakdown the GM ends, and a night's sleep."""
    script = ROOT / "docs" / "tutorials" / "gurps-night-investigation.txt"
    dice = "3,3,4,2,2,3,4,3,2,2,3,4,4,5,5,5,3,1,4,4,4,5"
    out = run(["console", "--script", str(script), "--dice", dice], tmp_path).stdout
    assert "シーンの明るさ：屋外・街灯なし＋たいまつ（視覚-3）。" in out
    assert "Aoi〈鍵開け〉12（状況-2 暗闇-3 器用さ+1）：(3D6<=8) ＞ 10[3,3,4] ＞ 10 ＞ 失敗" in out
    assert "Aoi：緊張下の失敗 -3 → ストレス 11/14。" in out
    assert "Aoi：嘘・騙し -2 → ストレス 9/14。" in out  # 正直 and 誠実: lying costs 2
    assert "Aoi：緊張下の成功 -1 → ストレス 8/14。" in out
    assert out.index("== 第1ラウンド・Aoiのメイン ==") < out.index(
        "== 第1ラウンド・Kappaのメイン =="
    )  # speed 6 before 5.5
    assert "Kappa（ダメージ）：(3D6) ＞ 9[2,3,4] ＞ 9" in out  # 2D+4 rolled as 3D
    assert "Aoiに6点のダメージ（HP 5）。" in out
    assert "Aoi〈意志〉14：(3D6<=14) ＞ 15[5,5,5] ＞ 15 ＞ 失敗" in out  # Will = IQ 12 + 2
    assert "Aoi：恐怖判定に失敗 -4（(1D6+1) ＞ 3[3]+1 ＞ 4） → ストレス 4/14。" in out
    assert "Aoiは神経衰弱：12日間まるで使い物にならない（GMが終えるまで）。" in out
    assert "Aoi：ストレス 0/14（落ち込み：−5）（神経衰弱：12日）。" in out
    assert "Aoiの神経衰弱が終わった：ストレス 0/14（落ち込み：−5）。" in out
    assert "Aoi：十分な睡眠 +5（(1D6) ＞ 5） → ストレス 5/14。\nAoiの落ち込みが解けた。" in out


def test_naval_flagship_battle_tutorial_ends_by_sinking_the_flagship(tmp_path: Path) -> None:
    """docs/tutorials/naval-flagship-battle.txt: the seed's two ships; morale from attacks on the
    patrol boat, a ship licence's two positions (Move, then the Minor after the attack), cover
    declared by the coverer, a fierce-battle event doubling morale, and a bombardment of the
    enemy ships that sinks the flagship."""
    script = ROOT / "docs" / "tutorials" / "naval-flagship-battle.txt"
    fixed = [3, 4, 4, 4, *[6] * 10, 5, 5, 6, 6, 3, 3, 2, 3, 1, 2, 5, 6, 4, 4, 4, 4, *[6] * 10]
    dice = ",".join(map(str, [*fixed, *[2] * 25]))
    out = run(["console", "--script", str(script), "--dice", dice], tmp_path).stdout
    assert "海戦イベント（7）：平穏な海" in out
    first, second = (
        "オールマイト・キャプテン号は位置1へ移動した。",
        "オールマイト・キャプテン号は位置2へ移動した。",
    )
    damage = "柾良式巡視船に42点のダメージ（HP 148）。"  # reach 3 covers 3 positions
    assert out.index(first) < out.index(damage) < out.index(second)  # Move, Major, then Minor
    # One picture for the GM's setting up, one for Captain's turn (Move, attack, Minor move),
    # each edited in place; the events (a calm sea, a fierce battle) move nothing: no picture.
    edits = out.count("[戦場図更新]")
    assert (out.count("[画像]") - edits, edits) == (2, 6)
    assert "[戦場図更新]\n士気：PC側 2 / 敵側 0 · 海戦イベント（7）：平穏な海\n" in out
    assert "Captainはオールマイト・キャプテン号をカバーする構え" in out  # her own declaration
    assert "Captainがオールマイト・キャプテン号をカバーし、攻撃を引き受けた。" in out
    assert "Captainに75点のダメージ（HP 45）。" in out  # the shot at the ship, taken by her
    assert "敵側の士気：1。" in out  # the patrol guard shot the PCs' ship
    assert "Gunnerは柾良海軍巡視兵 2の攻撃を回避：15 対 15" in out  # a tie goes to the dodger
    assert "海戦イベント（8）：激戦" in out and "PC側の士気：4。" in out
    assert "Captain（ダメージ）：(25D6) ＞ 50" in out  # all 5 morale × 5 dice
    assert "柾良式巡視船は沈没：戦線離脱 — 柾良海軍巡視兵 1、柾良海軍巡視兵 2。" in out
    assert announced(out).splitlines()[-2:] == [
        "敵側の敗北：旗艦が沈んだ。",
        "戦闘終了（第2ラウンド）。",
    ]


MISTAKES = """\
:locale en
/combat start
/combat add
/combat add name:Goblin side:enemy
/combat add name:Goblin count:0
/combat add name:Goblin hp:-5000
/combat add name:Goblin hp:²
/combat add name:Goblin wat:3
/combat add name:Goblin hidden:maybe
/esp move metres:-3
/combat add name:{long_name}
{long_line}
/combat join character:²
/combat add name:Goblin count:２
1D6
"""


def test_mistakes_discord_would_block_are_answered_and_the_script_carries_on(
    tmp_path: Path,
) -> None:
    script = tmp_path / "mistakes.txt"
    script.write_text(MISTAKES.format(long_name="x" * 70, long_line="A" * 2500), encoding="utf-8")
    out = run(["console", "--script", str(script), "--dice", "4"], tmp_path).stdout
    for said in (
        "[only you] /combat add needs the option name.",
        "[only you] side must be one of: pc, npc (not “enemy”).",
        "[only you] count must be between 1 and 30 (not 0).",
        "[only you] hp must be between 0 and 99999 (not -5000).",
        "[only you] hp: “²” is not a number — write digits, 0 to 99999.",
        "[only you] /combat add has no option “wat”",
        "[only you] hidden is yes or no (true / false), not “maybe”.",
        "[only you] metres must be between 0 and 999 (not -3).",
        "[only you] name must be 1 to 64 characters long (this is 70).",
        "[only you] A message can be at most 2000 characters (this one has 2500).",
        "[only you] No saved character “²”.",
        "Goblin 2が参加しました。",  # full-width digits read as the bot reads them
        "gm: (1D6) ＞ 4",  # the last line still ran
    ):
        assert said in out, said
    assert "Traceback" not in out


def test_log_export_writes_its_files_into_console_out(tmp_path: Path) -> None:
    session = "2D6>=8 見張り\n/combat start ruleset:GURPS\n/combat add name:Ogre speed:5\n"
    session += "/log export\n"
    out = run(["console", "--dice", "6,6"], tmp_path, session).stdout
    saved = sorted(p.name for p in (tmp_path / "console-out").iterdir())
    assert [name.rsplit(".", 1)[1] for name in saved] == ["html", "txt"], out
    text = next((tmp_path / "console-out").glob("*.txt")).read_text(encoding="utf-8")
    assert "gm: (2D6>=8) ＞ 12[6,6] ＞ 12 ＞ 成功" in text and "Ogreが参加しました。" in text
    assert "このチャンネルのログ：3件、時刻はUTC+09:00です。" in out
