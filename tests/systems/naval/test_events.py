"""Naval digest, "Events": the built-in 2D6 event table."""

from __future__ import annotations

from bot.dice import roll
from bot.systems.naval.events import EVENTS, EventKind, event_table
from tests.conftest import FixedDice


def test_event_table_covers_every_2d6_result() -> None:
    table = event_table()
    assert sorted(table.rows) == list(range(2, 13)) == sorted(EVENTS)


def test_events_match_the_digest() -> None:
    kinds = {roll: event.kind for roll, event in EVENTS.items()}
    assert kinds == {
        2: EventKind.ENEMY_REINFORCEMENTS, 3: EventKind.ENEMY_REINFORCEMENTS,
        4: EventKind.HEADWIND, 5: EventKind.ROUGH_SEAS, 6: EventKind.FLOODING,
        7: EventKind.CALM, 8: EventKind.FIERCE_BATTLE, 9: EventKind.RUN_AGROUND,
        10: EventKind.TAILWIND, 11: EventKind.ALLIED_REINFORCEMENTS,
        12: EventKind.ALLIED_REINFORCEMENTS,
    }  # fmt: skip
    assert [EVENTS[n].count for n in (2, 3, 11, 12)] == [2, 1, 1, 2]


def test_event_table_rolls_in_every_system_by_its_command() -> None:
    for system in ("DiceBot", "GranCrest", "GURPS", "Esperancer"):
        result = roll("NEVT", system=system, dice=FixedDice([3, 4]))
        assert result is not None
        assert result.text.startswith("海戦イベント表(7) ＞ 平穏な海")
    secret = roll("snevt", dice=FixedDice([1, 1]))
    assert secret is not None and secret.secret and "敵の増援が多数出現" in secret.text
