"""The pinned tracker, drawn from real encounter states: each rule set's line per combatant and
footer block, the players' view against the GM's, the GM's option to show NPC HP, hidden
combatants, and the largest legal encounter through the paging."""

from __future__ import annotations

import re

import pytest

from bot.combat import display, prompts
from bot.combat.engine import MAX_COMBATANTS
from bot.combat.errors import CombatError
from bot.combat.events import OptionSet
from bot.combat.model import Condition, Encounter, Side, Status
from bot.i18n import use_locale
from bot.systems.gurps.stress import Stress
from bot.systems.naval.battlefield import PRESETS, place_ship
from bot.ui import fit
from bot.ui.pages import page_with, pages
from bot.ui.render import announce
from bot.ui.tracker import Scene, tracker
from bot.ui.wounds import step, wound
from tests.combat.helpers import add, encounter
from tests.combat.helpers import step as next_


def rows(enc: Encounter, *, for_gm: bool = False, scene: Scene | None = None) -> list[str]:
    with use_locale("ja"):
        return (tracker(enc, for_gm=for_gm, scene=scene).description or "").splitlines()


def die(value: int):
    return lambda sides: value


def grancrest() -> tuple[Encounter, int, int, int]:
    """Aster (行動値 7) has acted; Orc (5) is acting; Goblin (3) waits; a hidden Shade (6)."""
    enc = encounter("GranCrest")
    aster = add(enc, "Aster", Side.PC, action_value=7, hp=30, max_hp=30)
    orc = add(enc, "Orc", action_value=5, hp=14, max_hp=20)
    goblin = add(enc, "Goblin", action_value=3, hp=10, max_hp=10)
    shade = add(enc, "Shade", action_value=6, hp=8, max_hp=8)
    enc.combatant(shade).hidden = True  # type: ignore[union-attr]
    next_(enc, die(3))  # Setup
    next_(enc, die(3))  # the Initiative passes into Aster's Main
    next_(enc, die(3))  # Aster has acted: the hidden Shade's Main
    next_(enc, die(3))  # Orc's Main
    assert enc.actor == orc
    return enc, aster, orc, goblin


def test_grancrest_in_order_with_action_values_marks_and_wounds() -> None:
    enc, *_ = grancrest()
    assert rows(enc) == [  # numbered among those shown: no gap where the hidden Shade stands
        "✓ 1. Aster (PC) 行動値7 HP 30/30",
        "▶ 2. Orc (NPC) 行動値5 ▰▰▰▰▱ 軽傷",  # 14 of 20
        "・ 3. Goblin (NPC) 行動値3 ▰▰▰▰▰ 無傷",
        "",
        "⏳ 全員・GM：イニシアチブスキルの宣言受付中",  # open until Orc's first action
    ]
    with use_locale("ja"):
        assert tracker(enc).title == "第1ラウンド・メイン"


def test_the_gm_sees_every_number_and_the_hidden_ones() -> None:
    enc, *_ = grancrest()
    assert rows(enc, for_gm=True) == [
        "✓ 1. Aster (PC) 行動値7 HP 30/30",
        "✓ 2. Shade (NPC) 行動値6 HP 8/8 👁",
        "▶ 3. Orc (NPC) 行動値5 HP 14/20",
        "・ 4. Goblin (NPC) 行動値3 HP 10/10",
        "",
        "⏳ 全員・GM：イニシアチブスキルの宣言受付中",
    ]
    with use_locale("ja"):
        assert "GM用" in (tracker(enc, for_gm=True).footer.text or "")
        assert "GM用" not in (tracker(enc).footer.text or "")


def test_the_gms_option_shows_npc_hp_to_everyone_and_is_announced() -> None:
    enc, *_ = grancrest()
    events = display.set_option(enc, "npc_hp", "exact")
    assert events == [OptionSet("npc_hp", "exact")]
    assert "▶ 2. Orc (NPC) 行動値5 HP 14/20" in rows(enc)
    assert all("Shade" not in row for row in rows(enc))  # still hidden
    with use_locale("ja"):
        said = announce(enc, events).embeds[0].description
    assert said == "GMがトラッカーでのNPCのHPを設定：数値で表示。"
    assert display.set_option(enc, "npc_hp", "exact") == []  # already so: nothing to say
    assert display.set_option(enc, "npc_hp", "bar") == [OptionSet("npc_hp", "bar")]
    assert "▶ 2. Orc (NPC) 行動値5 ▰▰▰▰▱ 軽傷" in rows(enc)


def test_a_bad_display_option_names_what_is_known() -> None:
    enc = encounter("GranCrest")
    with pytest.raises(CombatError, match=re.escape("npc_hp=bar|exact")):
        display.set_option(enc, "npc_hp", "numbers")


@pytest.mark.parametrize(
    ("hp", "bar", "level"),
    [(20, "▰▰▰▰▰", "unhurt"), (25, "▰▰▰▰▰", "unhurt"), (19, "▰▰▰▰▱", "light"),
     (13, "▰▰▰▰▱", "light"), (12, "▰▰▰▱▱", "light"), (9, "▰▰▰▱▱", "light"),
     (8, "▰▰▱▱▱", "heavy"), (5, "▰▰▱▱▱", "heavy"), (4, "▰▱▱▱▱", "critical"),
     (1, "▰▱▱▱▱", "critical"), (0, "▱▱▱▱▱", "critical"), (-7, "▱▱▱▱▱", "critical")],
)  # fmt: skip
def test_wound_steps_go_by_the_fraction_of_max_hp(hp: int, bar: str, level: str) -> None:
    assert wound(hp, 20) == (bar, level)
    assert step(hp, 20) == bar.count("▰")


def test_an_npc_without_max_hp_shows_no_hp_to_players_and_a_down_one_only_its_state() -> None:
    enc = encounter("GranCrest")
    add(enc, "Aster", Side.PC, action_value=7, hp=30)
    add(enc, "Imp", action_value=2, hp=6)
    orc = enc.combatant(add(enc, "Orc", action_value=5, hp=-3, max_hp=10))
    assert orc is not None
    orc.condition, orc.down_reason = Condition.DYING, "dying_1"
    assert rows(enc) == [
        "・ Aster (PC) 行動値7 HP 30",  # a PC's own number, with a maximum or not
        "・ Imp (NPC) 行動値2",  # nothing to measure a wound by
        "・ Orc (NPC) 行動値5 [瀕死1]",  # its state says it all
    ]
    assert rows(enc, for_gm=True)[2] == "・ Orc (NPC) 行動値5 HP -3/10 [瀕死1]"


def test_esperancer_rolled_action_values_engages_statuses_with_rounds_and_prompts() -> None:
    enc = encounter("Esperancer")
    hero = add(enc, "Hero", Side.PC, initiative_mod=2, hp=30, max_hp=30)
    drone = add(enc, "Drone", hp=25, max_hp=25)
    spy = add(enc, "Spy", hp=9, max_hp=9)
    enc.combatant(spy).hidden = True  # type: ignore[union-attr]
    for c in enc.combatants:
        c.extra["esp"] = {"engage": 1}
    enc.combatant(drone).statuses.append(Status("poison"))  # type: ignore[union-attr]
    enc.combatant(hero).statuses.append(Status("paralysis", remaining=2))  # type: ignore[union-attr]
    next_(enc, die(4))  # Setup
    next_(enc, die(4))  # Initiative: 2D10 each
    next_(enc, die(4))  # the first Main
    prompts.open_prompt(enc, "reaction", drone, "turn", about=hero)
    prompts.open_prompt(enc, "reaction", spy, "turn", about=hero)
    shown = rows(enc)
    assert shown[:2] == [
        "▶ 1. Hero (PC) 行動値10 HP 30/30 ⚔E1 [麻痺 2R]",
        "・ 2. Drone (NPC) 行動値8 ▰▰▰▰▰ 無傷 ⚔E1 [毒]",
    ]
    assert shown[2:] == ["", "⏳ Drone：リアクション"]  # the hidden Spy's prompt is the GM's
    gm = rows(enc, for_gm=True)
    assert "⏳ Spy：リアクション" in gm and any(r.startswith("・ 3. Spy (NPC)") for r in gm)


def test_gurps_move_acceleration_stress_and_lighting() -> None:
    enc = encounter("GURPS")
    kei = add(enc, "Kei", Side.PC, speed=5.5, dx=12, hp=11, max_hp=11)
    oni = add(enc, "Oni", speed=6, dx=10, hp=15, max_hp=15)
    enc.combatant(oni).extra["acceleration"] = {"granted_round": 1, "always": True}  # type: ignore[union-attr]
    next_(enc, die(3))
    scene = Scene(light="street+torch", stress={kei: Stress(3, 12, depressed=True)})
    assert rows(enc, scene=scene) == [
        "▶ 1. Oni (NPC) 移動力6 ▰▰▰▰▰ 無傷 [加速]",
        "・ 2. Kei (PC) 移動力5.5 HP 11/11 ストレス3/12（落ち込み：−5）",
        "",
        "照明：屋外・街灯あり＋たいまつ（視覚-1）",
    ]
    assert rows(enc)[-1].startswith("・ 2. Kei")  # no lighting set: no footer block


def test_naval_ships_and_crews_with_morale_and_the_event() -> None:
    enc = encounter("naval")
    place_ship(enc, "オールマイト・キャプテン号", Side.PC, PRESETS["オールマイト・キャプテン号"], 0,
               flagship=True)  # fmt: skip
    add(enc, "Mira", Side.PC, action_value=6, hp=20, max_hp=20)
    enc.data["morale"] = {"pc": 3}
    next_(enc, die(3))
    shown = rows(enc)
    assert "・ 1. Mira (PC) 行動値6 HP 20/20" in shown
    assert "・ ⚓ オールマイト・キャプテン号 (PC) HP 2300/2300 ⚑ @0–2" in shown
    assert shown[-1].startswith("士気：")


@pytest.mark.parametrize("for_gm", [True, False])
@pytest.mark.parametrize("system", ["GranCrest", "Esperancer", "GURPS", "naval", "DiceBot"])
def test_the_largest_encounter_pages_within_discords_limits(system: str, for_gm: bool) -> None:
    enc = encounter(system)
    for n in range(MAX_COMBATANTS):
        name = f"{n:03d}" + "𠮷" * 61  # 64 characters, each of the rest two UTF-16 units
        side = Side.PC if n % 2 else Side.NPC
        c = enc.combatant(add(enc, name, side, action_value=n % 9, speed=5.25, hp=9998,
                              max_hp=9999, initiative_mod=3))  # fmt: skip
        assert c is not None
        c.statuses = [Status(k, remaining=99) for k in ("poison", "paralysis", "sleep", "seal")]
        c.extra["esp"] = {"engage": 99}
    for _ in range(3):
        next_(enc, die(5))
    with use_locale("en"):
        embed = tracker(enc, for_gm=for_gm, scene=Scene(light="no_street+torch"))
        paged = pages(embed, lambda page, count: f"page {page}/{count}")
    assert len(paged) > 1
    seen = []
    for page in paged:
        assert len(page) <= fit.EMBEDS
        assert sum(fit.units(e.title) + fit.units(e.description) + fit.units(e.footer.text)
                   for e in page) <= fit.TOTAL  # fmt: skip
        for e in page:
            assert fit.units(e.title) <= fit.TITLE and fit.units(e.description) <= fit.DESCRIPTION
            assert fit.units(e.footer.text) <= fit.FOOTER
            seen += [line for line in (e.description or "").splitlines() if "𠮷" in line]
    assert len(seen) == MAX_COMBATANTS  # every one, once, nothing cut
    actor = enc.combatant(enc.actor) if enc.actor else None
    if actor is not None:  # the pinned tracker shows the page with whose turn it is
        shown = (e.description or "" for e in page_with(paged, "▶"))
        assert any(line.startswith("▶ ") and actor.name in line
                   for text in shown for line in text.splitlines())  # fmt: skip
