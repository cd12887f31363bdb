"""Where the grammar and the migrations are: at the top of a checkout (``grammar/``,
``migrations/``), or inside the package of an installed wheel (``bot/_grammar``,
``bot/_migrations``: setup.py puts them there)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def shipped(name: str) -> Path:
    """The folder ``name`` (``grammar`` or ``migrations``)."""
    inside = PACKAGE / f"_{name}"
    return inside if inside.is_dir() else PACKAGE.parent / name
