"""Which BCDice engine this bot uses: a BCDice-API server when ``BCDICE_API_URL`` is set,
else the Node worker when Node 18+ and the package in ``.bcdice/`` are there, else none (the
four native systems only, and the reason shown where the others would be)."""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

from bot.dice.remote import NoEngine, RemoteDice, SystemEntry

log = logging.getLogger("bot.bcdice")
VERSION = "4.9.0"  # the npm package: BCDice 3.16.1, the version of our conformance data
NODE_MAJOR = 18
HOME = ".bcdice"


def default_home() -> Path:
    """``.bcdice/`` next to the checkout's ``bot/`` (where tasks.py installs it), else in the
    working folder; ``BCDICE_HOME`` overrides both (the Docker image sets it)."""
    given = os.environ.get("BCDICE_HOME")
    if given:
        return Path(given)
    beside = Path(__file__).resolve().parents[2] / HOME
    return beside if beside.exists() else Path.cwd() / HOME


@cache
def node_problem(node: str | None) -> str | None:
    """Why ``node`` cannot run the worker (None: it can)."""
    if node is None:
        return "Node.js was not found"
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError) as error:
        return f"Node.js does not run ({error})"
    found = re.match(r"v(\d+)", out.stdout.strip())
    if found is None or int(found.group(1)) < NODE_MAJOR:
        return f"Node.js {out.stdout.strip() or '?'} is older than {NODE_MAJOR}"
    return None


def package_problem(home: Path) -> str | None:
    """Why the npm package in ``home`` cannot be used (None: it can)."""
    manifest = home / "node_modules" / "bcdice" / "package.json"
    if not manifest.exists():
        return f"the npm package bcdice is not installed (python3 tasks.py run does it) in {home}"
    version = json.loads(manifest.read_text(encoding="utf-8")).get("version")
    if version != VERSION:
        return f"{home} holds bcdice {version}, not {VERSION}"
    return None


@cache
def read_catalog(home: Path) -> tuple[SystemEntry, ...]:
    """BCDice's list of game systems, read from the installed package."""
    listing = home / "node_modules" / "bcdice" / "lib" / "bcdice" / "game_system_list.json"
    data = json.loads(listing.read_text(encoding="utf-8"))
    return tuple(
        SystemEntry(s["id"], s["name"], s["sortKey"], s.get("locale", "ja_jp"))
        for s in data["gameSystems"]
    )


def choose_engine(
    api_url: str | None = None, home: Path | None = None, node: str | None = None
) -> RemoteDice:
    """The engine for this process, or ``NoEngine`` with the reason."""
    if api_url:
        from bot.bcdice.api import ApiEngine

        return ApiEngine(api_url)
    home = home or default_home()
    node = node or shutil.which("node")
    problem = node_problem(node) or package_problem(home)
    if problem is not None:
        log.warning("BCDice's game systems are unavailable: %s", problem)
        return NoEngine("dice.bcdice_missing", reason=problem)
    from bot.bcdice.worker import NodeWorker

    assert node is not None
    return NodeWorker(node, home, catalog=lambda: list(read_catalog(home)))
