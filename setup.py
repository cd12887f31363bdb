"""Packaging beyond pyproject.toml: the grammar and the migrations live at the top of the
repository (where the design puts them, for people to read) and go into the wheel inside the
package, as ``bot/_grammar`` and ``bot/_migrations``; ``bot.shipped`` finds them either way."""

from setuptools import find_packages, setup

SHIPPED = {
    "bot._grammar": "grammar",
    "bot._migrations": "migrations",
    "bot._migrations.versions": "migrations/versions",
}

setup(
    packages=[*find_packages(include=["bot", "bot.*"]), *SHIPPED],
    package_dir=SHIPPED,
    package_data={
        "bot": ["py.typed"],
        "bot.bcdice": ["worker.js", "npm/package.json", "npm/package-lock.json"],
        "bot._grammar": ["*.lark"],
        "bot._migrations": ["*.py", "*.mako"],
        "bot._migrations.versions": ["*.py"],
    },
    exclude_package_data={"": ["__pycache__/*"]},
)
