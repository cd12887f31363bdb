"""The naval add-on's 2D6 event table (rules digest "Events"), in our own words.

At the start of each Setup the PC with the highest action value rolls 2D6; the event lasts for
that round only, except reinforcements, which stay. The table is shipped as a built-in
user-style table so it rolls and prints like any other (``海戦イベント表(7) ＞ …``), and as
``EVENTS`` so the naval rules can apply each event's effect.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.dice.tables import DiceTable, parse_table


class EventKind(Enum):
    ENEMY_REINFORCEMENTS = "enemy_reinforcements"
    HEADWIND = "headwind"
    ROUGH_SEAS = "rough_seas"
    FLOODING = "flooding"
    CALM = "calm"
    FIERCE_BATTLE = "fierce_battle"
    RUN_AGROUND = "run_aground"
    TAILWIND = "tailwind"
    ALLIED_REINFORCEMENTS = "allied_reinforcements"


@dataclass(frozen=True, slots=True)
class NavalEvent:
    roll: int
    kind: EventKind
    title: str
    summary: str
    count: int = 0  # reinforcements: how many combatants (and at most how many new ships)


EVENTS: dict[int, NavalEvent] = {
    event.roll: event
    for event in (
        NavalEvent(2, EventKind.ENEMY_REINFORCEMENTS, "敵の増援が多数出現",
                   "敵側に増援が2体加わる。新しい船も2隻まで戦場に置ける。", 2),
        NavalEvent(3, EventKind.ENEMY_REINFORCEMENTS, "敵の増援が出現",
                   "敵側に増援が1体加わる。新しい船も1隻まで戦場に置ける。", 1),
        NavalEvent(4, EventKind.HEADWIND, "強烈な逆風",
                   "このラウンド、PC側は射撃・魔法の判定ダイス-1個で前進できない。"
                   "敵側は射撃・魔法の判定ダイス+1個で後退できない。"),
        NavalEvent(5, EventKind.ROUGH_SEAS, "荒波",
                   "すべての船がランダムな向きに1つ動く。飛んでいない者は"
                   "このラウンドの判定すべてに-2（飛んでいる者がいなければ無視）。"),
        NavalEvent(6, EventKind.FLOODING, "浸水",
                   "このラウンド、HPが最大値の半分以下の船は船スキルを使えない。"),
        NavalEvent(7, EventKind.CALM, "平穏な海", "何も起きない。"),
        NavalEvent(8, EventKind.FIERCE_BATTLE, "激戦", "両陣営の士気がそれぞれ2倍になる。"),
        NavalEvent(9, EventKind.RUN_AGROUND, "浅瀬へ乗り上げる",
                   "ランダムに選んだ船1隻がこのラウンド動けず、"
                   "残りHPの1/4（端数切り捨て）のダメージを受ける。"),
        NavalEvent(10, EventKind.TAILWIND, "強烈な追い風",
                   "このラウンド、PC側は射撃・魔法の判定ダイス+1個で後退できない。"
                   "敵側は射撃・魔法の判定ダイス-1個で前進できない。"),
        NavalEvent(11, EventKind.ALLIED_REINFORCEMENTS, "味方の援軍が出現",
                   "味方側に援軍が1体加わる。新しい船も1隻まで戦場に置ける。", 1),
        NavalEvent(12, EventKind.ALLIED_REINFORCEMENTS, "味方の援軍が多数出現",
                   "味方側に援軍が2体加わる。新しい船も2隻まで戦場に置ける。", 2),
    )
}  # fmt: skip

TABLE_NAME = "海戦イベント表"
TABLE_COMMAND = "NEVT"


def event_table() -> DiceTable:
    """The event table in BCDice's user-table format, checked like any user's table."""
    rows = "\n".join(f"{e.roll}:{e.title}\\n{e.summary}" for e in EVENTS.values())
    return parse_table(f"{TABLE_NAME}\n2D6\n{rows}")
