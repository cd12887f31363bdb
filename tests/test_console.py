"""The offline console, driven as a user would: through ``python -m bot`` and in-process."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.console import Console, run_console

ROOT = Path(__file__).resolve().parents[1]


def session(*lines: str, console: Console | None = None) -> list[str]:
    out: list[str] = []
    run_console(lines, out.append, console)
    return out


def test_console_rolls_in_the_chosen_system_and_explains_errors() -> None:
    out = session("/system grancrest", "2D6>=10 攻撃", "2D6+", "/locale en", "2D6+")
    assert out[1] == "システム：GranCrest"
    assert out[2].startswith("(2D6>=10) ＞ ")
    assert out[3] == "エラー：ダイスコマンドが途中で終わっています（5文字目）。続きが必要です。"
    assert out[4] == "Language: en"
    assert out[5] == "Error: The dice command ends too early (column 5): something is missing."


def test_console_marks_secret_rolls_and_adds_tables() -> None:
    out = session("S2D6", "/table add DRINK", "飲み物表", "1D2", "1:水", "2:お茶", "", "drink")
    assert out[1].startswith("[シークレット] (2D6) ＞ ")
    assert out[2] == "表「飲み物表」を追加しました。DRINK で振れます。"
    assert out[3].startswith("飲み物表(")


def test_console_stops_at_quit() -> None:
    out = session("/quit", "1D6")
    assert len(out) == 1  # the welcome line only


def test_python_m_bot_without_token_starts_the_console(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path}/bot.sqlite3"
    run = subprocess.run(
        [sys.executable, "-m", "bot"],
        input="2D6>=2\n/system GURPS\n16-3D6\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=True,
    )
    lines = run.stdout.splitlines()
    assert lines[0] == "DISCORD_TOKEN is not set: starting the offline console."
    assert lines[2].startswith("(2D6>=2) ＞ ") and lines[2].endswith("成功")
    assert lines[4].startswith("(3D6<=16) ＞ ")


def test_python_m_bot_migrate_creates_the_schema(tmp_path: Path) -> None:
    database = tmp_path / "data" / "bot.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{database}"}
    run = subprocess.run(
        [sys.executable, "-m", "bot", "migrate"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=True,
    )  # fmt: skip
    assert run.stdout.strip() == "The database is up to date."
    tables = sqlite3.connect(database).execute("select name from sqlite_master where type='table'")
    assert {"encounters", "combatants", "encounter_log"} <= {name for (name,) in tables}
