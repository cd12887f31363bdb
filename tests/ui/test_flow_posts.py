"""Issue 16, "one announcement per turn": a command that passes through several phases makes one
post, titled with the phases it started, its lines under the phase they happened in, and no
order list (the pinned tracker shows the order)."""

from __future__ import annotations

from bot.combat.model import Encounter, Side
from bot.i18n import use_locale
from bot.ui.render import announce
from tests.combat.helpers import add, encounter, perform, step


def duel() -> tuple[Encounter, int, int]:
    enc = encounter("GranCrest")
    lord = add(enc, "Sword Lord", Side.PC, action_value=7)
    goblin = add(enc, "Goblin", action_value=6)
    perform(enc, "gc_set", lord, "hp=30 strength=5")
    return enc, lord, goblin


def post(enc: Encounter, events: list, locale: str) -> tuple[str, str]:
    with use_locale(locale):
        out = announce(enc, events)
    assert len(out.embeds) == 1  # one post for the command, however many phases it passed
    return out.embeds[0].title or "", out.embeds[0].description or ""


def test_setup_to_the_first_turn_is_one_post_titled_with_the_phases_passed() -> None:
    enc, _, _ = duel()
    step(enc)  # round 1's Setup
    events = step(enc)  # the initiative leads into the Sword Lord's main process
    title, body = post(enc, events, "ja")
    assert title == "第1ラウンド・イニシアチブ → Sword Lordのメイン"
    assert body == "▶ Sword Lordの手番 — 可能な行動：マイナーアクション、メジャーアクション"
    assert post(enc, events, "en")[0] == "Round 1 · Initiative → Sword Lord's Main"
    assert post(enc, events, "zh-TW")[0] == "第1輪‧先攻階段 → Sword Lord的主要階段"
    for locale in ("ja", "zh-TW", "en"):
        assert "1." not in post(enc, events, locale)[1]  # no order list any more


def test_a_hidden_actor_is_not_named_in_the_title() -> None:
    enc, _, goblin = duel()
    enc.combatant(goblin).hidden = True  # type: ignore[union-attr]
    step(enc)
    step(enc)
    events = step(enc)  # the GM passes the Sword Lord's turn: the hidden Goblin's
    title, body = post(enc, events, "ja")
    assert title == "第1ラウンド・イニシアチブ → ？？？のメイン"
    assert "Goblin" not in title + body


def test_lines_go_under_the_phase_they_happened_in_when_the_command_moves_on() -> None:
    enc, lord, _ = duel()
    step(enc)
    step(enc)
    events = perform(enc, "damage", lord, "33")  # dying in its own turn: the Goblin's turn
    title, body = post(enc, events, "ja")
    assert title == "第1ラウンド・イニシアチブ → Goblinのメイン"
    lines = body.split("\n")
    headers = [i for i, line in enumerate(lines) if line.startswith("**")]
    assert len(headers) == 2 and headers[0] == 0
    assert lines[0].endswith("Sword Lordのメイン**") and lines[headers[1]] == "**Goblinのメイン**"
    before = "\n".join(lines[: headers[1]])
    assert "Sword Lordは瀕死（段階1）。" in before and "手番を飛ばします" in before
    assert lines[headers[1] + 1].startswith("▶ Goblinの手番")


def test_a_command_that_changes_no_phase_posts_its_lines_alone() -> None:
    enc, lord, _ = duel()
    step(enc)
    step(enc)
    title, body = post(enc, perform(enc, "damage", lord, "5"), "ja")
    assert title == "" and "**" not in body and "Sword Lordに5点のダメージ" in body
