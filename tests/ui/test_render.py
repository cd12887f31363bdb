"""Announcements of the naval battlefield's events, in the channel's language."""

from __future__ import annotations

from bot.combat import engine
from bot.combat.model import Side
from bot.i18n import use_locale
from bot.systems import ruleset
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
    events = engine.after(enc, ruleset("naval"), events, None)  # as the service follows it
    with use_locale("ja"):
        text = "\n".join(e.description or "" for e in announce(enc, events).embeds)
    assert text.splitlines() == [
        "巡視兵は柾良式巡視船のエリア1に乗り込んだ。",
        "柾良式巡視船は位置1へ移動した。",
        "柾良式巡視船は沈没：戦線離脱 — 巡視兵。",
        "敵側の敗北：旗艦が沈んだ。",
        "戦闘終了（第0ラウンド）。",
    ]


def test_the_naval_tracker_shows_positions_flagships_morale_and_the_event() -> None:
    from bot.combat.events import NavalEventRolled
    from bot.ui.tracker import tracker

    enc = encounter("naval")
    place_ship(enc, "オールマイト・キャプテン号", Side.PC, PRESETS["オールマイト・キャプテン号"], 0,
               flagship=True)  # fmt: skip
    enc.round, enc.data["morale"] = 1, {"pc": 3}
    enc.data["event"] = {"round": 1, "state": "rolled", "value": 2, "kind": "enemy_reinforcements"}
    with use_locale("en"):
        rows = (tracker(enc).description or "").splitlines()
        prompt = announce(enc, [NavalEventRolled(2, "enemy_reinforcements", "敵の増援が多数出現")])
    assert rows[0] == "· ⚓ オールマイト・キャプテン号 (PC) HP 2300/2300 ⚑ @0–2"
    event = "Naval event (2): Many enemy reinforcements"  # the title in the reader's words
    assert rows[-1] == f"Morale: The PCs 3 / The enemy 0 · {event}"
    text = prompt.embeds[0].description or ""
    assert "GM: The enemy gain 2 reinforcement(s)" in text and "up to 2 new ship(s)" in text
