"""Announcements of the naval battlefield's events, in the channel's language."""

from __future__ import annotations

from bot.combat.model import Side
from bot.i18n import use_locale
from bot.systems.naval.battlefield import PRESETS, damage_ship, place_ship, put_aboard, shift
from bot.ui.render import announce
from tests.combat.helpers import add, encounter


def test_ship_moves_boarding_sinking_and_defeat_are_announced() -> None:
    enc = encounter("naval")
    place_ship(enc, "柾良式巡視船", Side.NPC, PRESETS["柾良式巡視船"], 2, flagship=True)
    ship = enc.find("柾良式巡視船")
    assert ship is not None
    guard = enc.combatant(add(enc, "巡視兵", Side.NPC))
    assert guard is not None
    events = put_aboard(enc, guard, ship, 0) + shift(enc, ship, -1) + damage_ship(enc, ship, 999)
    with use_locale("ja"):
        text = "\n".join(e.description or "" for e in announce(enc, events).embeds)
    assert text.splitlines() == [
        "巡視兵は柾良式巡視船のエリア1に乗り込んだ。",
        "柾良式巡視船は位置1へ移動した。",
        "柾良式巡視船は沈没：戦線離脱 — 巡視兵。",
        "敵側の敗北：旗艦が沈んだ。",
    ]
