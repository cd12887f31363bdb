"""No text shows a catalog key, an internal identifier, kana to a Chinese or English reader, or
a missing message: every catalog message, every event kind, the tracker and the tutorials, in
every locale (see tests/i18n/leaks.py for what counts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import LOCALES
from tests.consoles import play
from tests.i18n.leaks import problems, user_words
from tests.i18n.samples import NAMES, Text, catalog_texts, event_texts, tracker_texts

ROOT = Path(__file__).resolve().parents[2]
TUTORIALS = {  # the dice each tutorial's test uses (tests/test_console.py)
    "grancrest-worked-example": "3,4,2,3,3,3,6,6,3,3,3,4",
    "esperancer-two-turns": "6,5,10,4,6,7,5,4,10,3,3,5,2,10,3,3,4,4,6,6,2,3,3,5,5,5,5,1,1,9,9,1,1",
    "gurps-night-investigation": "3,3,4,2,2,3,4,3,2,2,3,4,4",
    "naval-flagship-battle": ",".join(
        map(str, [3, 4, 4, 4, *[6] * 10, 5, 5, 6, 6, 3, 3, 2, 3, 1, 2, 5, 6, 4, 4, 4, 4,
                  *[6] * 10, *[2] * 25])
    ),
}


def leaks(texts: list[Text], allowed: tuple[str, ...] | set[str] = NAMES) -> list[str]:
    return [
        f"{x.locale} {x.where}: {found} in {x.text!r}"
        for x in texts
        if (found := problems(x.text, x.locale, allowed))
    ]


def test_every_catalog_message_in_every_locale_is_clean() -> None:
    texts = list(catalog_texts())
    options = sum(1 for key in LOCALES["en"] if key.startswith("opt."))
    assert len(texts) == 3 * len(LOCALES["en"]) - options
    assert leaks(texts) == []


def test_every_event_kind_with_every_value_renders_clean() -> None:
    texts = list(event_texts())
    assert len(texts) > 1000
    assert leaks(texts) == []


def test_the_tracker_with_every_status_and_state_is_clean() -> None:
    assert leaks(list(tracker_texts())) == []


@pytest.mark.parametrize("locale", ["ja", "zh-TW", "en"])
@pytest.mark.parametrize("tutorial", sorted(TUTORIALS))
def test_tutorials_read_clean_in_every_language(tmp_path: Path, tutorial: str, locale: str) -> None:
    script = (ROOT / "docs" / "tutorials" / f"{tutorial}.txt").read_text(encoding="utf-8")
    out = play(tmp_path, script, "--dice", TUTORIALS[tutorial], DEFAULT_LOCALE=locale)
    numbered = enumerate(out.splitlines(), 1)
    lines = [Text(f"{tutorial} line {n}", locale, line) for n, line in numbered]
    assert len(lines) > 20
    assert leaks(lines, user_words(script)) == []
