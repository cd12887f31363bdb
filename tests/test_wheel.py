"""The package as pip installs it: a wheel built from the repository's files, installed in a
fresh virtual environment with no checkout on its path, rolls dice and migrates a database.

The fresh environment borrows the test environment's third-party packages through a ``.pth``
line (the ones ``bot`` depends on, already installed), so nothing is downloaded and only what
the wheel itself carries is under test. Wheel and environment are kept under .venv/ by the hash
of the files that make them: a second run only rolls and migrates."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "bot", "grammar", "migrations")
CACHE = ROOT / ".venv" / "wheel-test"


def source_files() -> list[Path]:
    files: list[Path] = []
    for name in SOURCES:
        path = ROOT / name
        found = sorted(path.rglob("*")) if path.is_dir() else [path]
        files += [f for f in found if f.is_file() and "__pycache__" not in f.parts]
    return files


def fingerprint(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for file in files:
        digest.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()[:16]


def build_and_install(place: Path, files: list[Path]) -> tuple[Path, Path]:
    """The wheel built from a copy of ``files`` and a fresh venv it is installed in."""
    source = place / "source"
    for file in files:
        target = source / file.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(file, target)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run(
        [*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(place), str(source)],
        check=True, cwd=place, timeout=300,
    )  # fmt: skip
    wheel = next(place.glob("bot-*.whl"))
    venv.EnvBuilder(with_pip=False).create(place / "venv")
    python = venv_python(place)
    site = Path(
        subprocess.check_output(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            text=True,
        ).strip()
    )
    # The test environment's packages, after the fresh one's own (a plain path: its .pth
    # files, among them the checkout's editable install, are not run).
    (site / "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [*pip, "--python", str(python), "install", "--no-deps", str(wheel)],
        check=True, timeout=300,
    )  # fmt: skip
    shutil.rmtree(source)
    return wheel, python


@pytest.fixture(scope="module")
def installed() -> tuple[Path, Path]:
    files = source_files()
    place = CACHE / fingerprint(files)
    done = place / "done"
    if not done.exists():
        shutil.rmtree(CACHE, ignore_errors=True)  # older versions' wheels go
        place.mkdir(parents=True)
        build_and_install(place, files)
        done.touch()
    wheel = next(place.glob("bot-*.whl"))
    return wheel, venv_python(place)


def venv_python(place: Path) -> Path:
    return place / "venv" / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def test_the_wheel_carries_the_grammar_and_the_migrations(installed: tuple[Path, Path]) -> None:
    names = set(zipfile.ZipFile(installed[0]).namelist())
    assert "bot/_grammar/dice.lark" in names
    assert {"bot/_migrations/env.py", "bot/_migrations/script.py.mako"} <= names
    migrations = {n for n in names if n.startswith("bot/_migrations/versions/")}
    assert len(migrations) == len(list((ROOT / "migrations" / "versions").glob("*.py")))
    assert "bot/py.typed" in names and not any(n.startswith("tests/") for n in names)
    # The BCDice worker's script and the npm pin it is installed by (the Docker image).
    assert {"bot/bcdice/worker.js", "bot/bcdice/npm/package-lock.json"} <= names


def test_installed_in_a_fresh_venv_it_rolls_dice_and_migrates(
    installed: tuple[Path, Path], tmp_path: Path
) -> None:
    python = installed[1]
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}  # no PYTHONPATH, no checkout
    where = subprocess.run(
        [python, "-c", "import bot, bot.dice.parser as p; print(bot.__file__, p.GRAMMAR)"],
        capture_output=True, text=True, cwd=tmp_path, env=env, check=True,
    ).stdout  # fmt: skip
    fresh = str(python.parents[1])
    assert all(path.startswith(fresh) for path in where.split()), where  # not the checkout's
    database = tmp_path / "table.sqlite3"
    migrated = subprocess.run(
        [python, "-m", "bot", "migrate", "--db", str(database)],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120,
    )  # fmt: skip
    assert migrated.returncode == 0, migrated.stderr
    assert migrated.stdout.strip() == "The database is up to date."
    tables = {name for (name,) in sqlite3.connect(database).execute(
        "select name from sqlite_master where type = 'table'"
    )}  # fmt: skip
    assert {"encounters", "command_syncs", "alembic_version"} <= tables
    script = tmp_path / "session.txt"
    script.write_text("2D6>=10\n/combat start ruleset:GranCrest\n", encoding="utf-8")
    played = subprocess.run(
        [python, "-m", "bot", "console", "--script", str(script), "--dice", "6,6",
         "--db", str(database)],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "gm: (2D6>=10) ＞ 12[6,6] ＞ 12 ＞ 成功" in played.stdout
    # the system's name comes from the catalogs the wheel ships
    assert "グランクレストRPG" in played.stdout and "Traceback" not in played.stderr
