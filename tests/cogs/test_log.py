"""/log export and /log clear through SimCord: what the channel saw (slash and chat rolls, the
encounter's announcements, changes) with who and when, in text and HTML; hostile names
escaped; a secret roll only once revealed; clearing for a GM alone, after a confirmation."""

from __future__ import annotations

import re

from bot.i18n import t
from tests.cogs.conftest import Dice, World

HEADER = re.compile(r"^(\S.*) (\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)$", re.MULTILINE)


async def export(world: World, member, **options) -> dict[str, str]:
    """The files /log export answers with, by suffix (.txt, .html); only the caller sees them."""
    result = await member.slash(world.channel, "log export", **options)
    assert result.ephemeral, result.response.content
    files = [a for part in [result.response, *result.followups] for a in part.attachments]
    return {a.filename.rsplit(".", 1)[-1]: (await a.read()).decode("utf-8") for a in files}


async def test_the_export_has_rolls_announcements_and_changes_with_who_and_when(
    world: World, dice: Dice
) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.gm.slash(world.channel, "combat add", name="Goblin", action_value=4, hp=10)
    await world.gm.slash(world.channel, "combat next")
    dice.load(3, 4)
    await world.alice.slash(world.channel, "roll", command="2D6>=8")
    dice.load(6, 6)
    await world.bob.send(world.channel, "2D6>=8 見張り")
    await world.gm.slash(world.channel, "gc damage", target="Goblin", amount=4, types="weapon")
    files = await export(world, world.bob)
    assert sorted(files) == ["html", "txt"]
    text = files["txt"]
    assert text.startswith("# セッションログ — 卓 / #session\n# 時刻はUTC+09:00。")
    speakers = [m.group(1) for m in HEADER.finditer(text)]
    assert speakers[:3] == ["gm", "gm", "gm"] and "alice" in speakers and "bob" in speakers
    assert "alice: (2D6>=8) ＞ 7[3,4] ＞ 7 ＞ 失敗" in text
    assert "bob: (2D6>=8) ＞ 12[6,6] ＞ 12 ＞ 成功" in text
    damage = "Goblin：ダメージ4 − 武器防御0 = HPダメージ4。\nGoblinに4点のダメージ（HP 6）。"
    assert text.endswith(f"gm {HEADER.findall(text)[-1][1]}\n{damage}\n")  # the HP change
    assert text.index("alice: (2D6>=8)") < text.index("bob: (2D6>=8)")
    page = files["html"]
    assert page.startswith("<!DOCTYPE html>") and page.count("</html>") == 1
    assert "http" not in page.split("<main>")[0].lower().replace("http-equiv", "")  # no assets
    assert "bob: (2D6&gt;=8) ＞ 12[6,6] ＞ 12 ＞ 成功" in page


async def test_the_tracker_ephemeral_answers_and_dms_stay_out(world: World, dice: Dice) -> None:
    await world.gm.slash(world.channel, "config", secret_mode="gm")
    await world.gm.slash(world.channel, "combat start", ruleset="GURPS")
    await world.gm.slash(world.channel, "combat add", name="Ogre", speed=5, hp=20)
    await world.alice.slash(world.channel, "table list")  # ephemeral: only alice saw it
    dice.load(2, 2)
    await world.alice.slash(world.channel, "roll", command="S2D6")  # the GM's copy by DM
    tracker = "・ Ogre (NPC) 移動力5 ▰▰▰▰▰ 無傷"  # players see a wound level
    shown = [e.description or "" for e in world.channel.pinned_messages()[0].embeds]
    assert any(tracker in d for d in shown), shown
    files = await export(world, world.alice, format="text")
    assert list(files) == ["txt"]
    text = files["txt"]
    assert "Ogreが参加しました。" in text and tracker not in text
    assert t("table.none", locale="en") not in text and "4[2,2]" not in text
    assert t("dice.secret_notice", locale="ja", name="alice") in text


async def test_hostile_names_are_escaped_in_the_page(world: World, dice: Dice) -> None:
    evil = world.guild.add_member(world.env.create_user("<script>alert(1)</script>"))
    closer = world.guild.add_member(world.env.create_user("</html><b>x"))
    dice.load(1, 1, 2, 2)
    await evil.slash(world.channel, "roll", command="2D6")
    await closer.send(world.channel, "2D6 </div></main>")
    files = await export(world, world.alice, format="both")
    page = files["html"]
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.count("</html>") == 1 and page.count("</main>") == 1
    assert "&lt;/html&gt;&lt;b&gt;x" in page
    assert "<script>alert(1)</script> " in files["txt"]  # the text file keeps names as they are


async def test_a_secret_roll_appears_only_once_revealed_at_its_own_time(
    world: World, dice: Dice
) -> None:
    dice.load(5, 6)
    secret = await world.alice.slash(world.channel, "roll", command="S2D6")
    dice.load(1, 2)
    await world.bob.slash(world.channel, "roll", command="2D6")
    before = (await export(world, world.gm))["txt"]
    assert "aliceがシークレットダイスを振りました" in before
    assert "11[5,6]" not in before
    await world.alice.click(secret.response, label="Reveal")
    await world.alice.click(secret.response, label="Reveal")  # twice: still one line
    after = (await export(world, world.gm))["txt"]
    revealed = t("log.revealed", locale="ja", text="(2D6) ＞ 11[5,6] ＞ 11")
    assert after.count(revealed) == 1
    # at the time it was rolled: before bob's roll, although revealed after it
    assert after.index(revealed) < after.index("bob: (2D6) ＞ 3[1,2] ＞ 3")
    assert after.count("11[5,6]") == 1  # the notice edited into the result is not logged again
    page = (await export(world, world.gm, format="html"))["html"]
    assert 'class="line revealed"' in page


async def test_clear_is_for_a_gm_with_a_confirmation(world: World, dice: Dice) -> None:
    await world.alice.slash(world.channel, "roll", command="1D6")
    refused = await world.bob.slash(world.channel, "log clear")
    assert refused.ephemeral and refused.response.content == t("log.not_gm", locale="en")
    asked = await world.gm.slash(world.channel, "log clear")
    assert asked.ephemeral and asked.response.content == t("log.clear_confirm", locale="en")
    await world.alice.slash(world.channel, "roll", command="2D6")  # said after the question
    done = await world.gm.click(asked.response, label=t("log.button_clear", locale="en"))
    assert not done.ephemeral
    assert done.response.content == t("log.cleared", locale="ja", name="gm", count=1)
    text = (await export(world, world.bob))["txt"]
    assert "(1D6)" not in text and "(2D6)" in text
    assert t("log.cleared", locale="ja", name="gm", count=1) in text
    assert [type(e.original).__name__ for e in world.env.errors] == ["Refusal"]


async def test_the_encounter_gm_may_clear_without_server_rights(world: World) -> None:
    await world.gm.slash(world.channel, "config", anyone_starts=True)
    await world.alice.slash(world.channel, "combat start")
    asked = await world.alice.slash(world.channel, "log clear")
    assert asked.response.content == t("log.clear_confirm", locale="en")
    done = await world.alice.click(asked.response, label=t("log.button_clear", locale="en"))
    assert not done.ephemeral


async def test_an_empty_log_says_so(world: World) -> None:
    result = await world.alice.slash(world.channel, "log export", hours=1)
    assert result.ephemeral and result.response.content == t("log.empty", locale="en")
    assert not result.response.attachments
