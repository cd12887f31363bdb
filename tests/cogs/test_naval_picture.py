"""The turn's battlefield picture through SimCord: one message (the picture and a short legend)
when positions change, edited in place within a turn — after a restart too — posted anew when
its message was deleted, and nothing at all for a command that changes nothing it shows."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.cogs.turn_picture import choose
from tests.cogs.conftest import Dice, World
from tests.cogs.test_naval import CAPTAIN, PATROL, fleet, to_heros_turn

CALM = "士気：PC側 0 / 敵側 0 · 海戦イベント（7）：平穏な海"


def pictures(world: World) -> list[discord.Message]:
    return [m for m in world.channel.history()
            if [a.filename for a in m.attachments] == ["battlefield.png"]]  # fmt: skip


def drawn(world: World) -> dict[int, int]:
    """Each picture message and its attachment's id (a new one each time it is redrawn)."""
    return {m.id: m.attachments[0].id for m in pictures(world)}


async def test_a_move_posts_one_picture_and_the_rest_of_the_turn_edits_it(
    world: World, dice: Dice
) -> None:
    await fleet(world)
    await to_heros_turn(world, dice)
    before = drawn(world)
    moved = await world.alice.slash(world.channel, "naval move", direction="forward")
    assert "オールマイト・キャプテン号は位置1へ移動した。" in moved.response.embeds[0].description
    new = [m for m in pictures(world) if m.id not in before]
    assert len(new) == 1 and drawn(world).items() >= before.items()  # older ones left alone
    picture = new[0]
    legend = picture.content.splitlines()
    assert legend[0] == CALM and len(legend) <= 3  # the names and HP are in the picture
    assert world.channel.last_message.id == picture.id  # right under the move's post
    dice.load(3, 4, 2, 2)
    await world.alice.slash(world.channel, "naval attack", target=PATROL, hit="2D6+5",
                            damage="2D6")  # fmt: skip
    await world.alice.slash(world.channel, "naval move", direction="forward")  # the Minor
    after = drawn(world)
    assert set(after) == {*before, picture.id}  # no new message: the turn's one, redrawn
    assert after[picture.id] != picture.attachments[0].id
    edited = next(m for m in pictures(world) if m.id == picture.id)
    assert edited.content.startswith("士気：PC側 1 / 敵側 0")  # the attack's morale
    shown = await world.alice.slash(world.channel, "naval map")
    assert "位置 2–4" in shown.response.content and "HP 296/300" in shown.response.content


async def test_a_command_that_changes_nothing_pictured_posts_no_picture(
    world: World, dice: Dice
) -> None:
    await fleet(world)
    prepared = drawn(world)
    assert len(prepared) == 1  # the GM's setting up: one picture, edited ship by ship
    await to_heros_turn(world, dice)  # a calm sea moves nothing
    await world.alice.slash(world.channel, "naval cover", target=CAPTAIN)
    dice.load(3, 4, 2, 2)
    shot = await world.alice.slash(world.channel, "naval attack", target=PATROL, hit="2D6+5",
                                   damage="2D6")  # fmt: skip
    assert "柾良式巡視船に4点のダメージ（HP 296）。" in shot.response.embeds[0].description
    assert drawn(world) == prepared  # HP only, in another turn: the tracker says it
    await world.alice.slash(world.channel, "combat act", action="end_turn")
    assert drawn(world) == prepared


async def test_the_turns_picture_is_edited_after_a_restart(
    world: World, dice: Dice, make_bot: Callable
) -> None:
    await fleet(world)
    await to_heros_turn(world, dice)
    await world.alice.slash(world.channel, "naval move", direction="forward")
    before = drawn(world)
    old = world.env.bot
    await world.env.restart_bot(make_bot())  # a new process: nothing kept in memory
    await old.database.dispose()
    await world.alice.slash(world.channel, "naval move", direction="forward")
    after = drawn(world)
    assert set(after) == set(before)
    assert [m for m in after if after[m] != before[m]] == [pictures(world)[-1].id]


async def test_a_deleted_picture_is_posted_anew(world: World, dice: Dice) -> None:
    await fleet(world)
    await to_heros_turn(world, dice)
    await world.alice.slash(world.channel, "naval move", direction="forward")
    gone = pictures(world)[-1]
    await world.gm.delete(gone)
    await world.alice.slash(world.channel, "naval move", direction="forward")
    fresh = pictures(world)[-1]
    assert fresh.id != gone.id and world.channel.last_message.id == fresh.id
    assert fresh.content.splitlines()[0] == CALM
    dice.load(3, 4, 2, 2)
    await world.alice.slash(world.channel, "naval attack", target=PATROL, hit="2D6+5",
                            damage="2D6")  # fmt: skip
    assert pictures(world)[-1].id == fresh.id  # the new one is the turn's now
    assert pictures(world)[-1].attachments[0].id != fresh.attachments[0].id


async def test_an_undone_move_is_undone_in_the_picture(world: World, dice: Dice) -> None:
    await fleet(world)
    await to_heros_turn(world, dice)
    await world.alice.slash(world.channel, "naval move", direction="forward")
    before = drawn(world)
    undone = await world.gm.slash(world.channel, "combat undo")
    assert not undone.ephemeral
    after = drawn(world)
    assert set(after) == set(before)  # no new message: the turn's picture, back where it was
    assert [m for m in after if after[m] != before[m]] == [pictures(world)[-1].id]
    shown = await world.alice.slash(world.channel, "naval map")
    assert "位置 0–2" in shown.response.content


async def test_the_fight_that_ends_redraws_the_turns_picture_without_a_new_one(
    world: World, dice: Dice
) -> None:
    await fleet(world)
    await to_heros_turn(world, dice)
    await world.alice.slash(world.channel, "naval move", direction="forward")
    before = drawn(world)
    dice.load(3, 4, 6, 6)
    shot = await world.alice.slash(world.channel, "naval attack", target=PATROL, hit="2D6+5",
                                   damage="2D6+290")  # fmt: skip
    assert "戦闘終了（第1ラウンド）。" in shot.response.embeds[-1].description
    after = drawn(world)
    assert set(after) == set(before) and after != before  # the sunk flagship, in place


def test_which_changes_post_edit_or_leave_the_picture() -> None:
    shown = {"message": 1, "turn": [1, "main", 3], "layout": "a", "wind": None, "full": "x"}
    same, later = [1, "main", 3], [1, "main", 4]
    assert choose(None, {"layout": "a", "wind": None, "full": "x"}, same, True) == "post"
    moved = {"layout": "b", "wind": None, "full": "y"}
    assert choose(shown, moved, same, True) == "edit"
    assert choose(shown, moved, later, True) == "post"
    assert choose(shown, moved, later, False) is None  # over: nobody needs a new one
    hurt = {"layout": "a", "wind": None, "full": "y"}
    assert choose(shown, hurt, same, True) == "edit" and choose(shown, hurt, later, True) is None
    windy = {"layout": "a", "wind": "headwind", "full": "z"}
    assert choose(shown, windy, later, True) == "post"
    calm_again = {**shown, "wind": "headwind"}
    assert choose(calm_again, {"layout": "a", "wind": None, "full": "w"}, later, True) is None
    assert choose({**shown, "message": None}, hurt, same, True) is None  # its message is gone


def test_the_short_legend_stays_one_message_on_a_crowded_sea() -> None:
    """More names than one message holds (no font draws them all): as many as fit, then how
    many more, for /naval map's whole legend; never a second message to edit."""
    from bot.cogs.naval_picture import scene, turn_picture
    from bot.combat.model import Side
    from bot.i18n import use_locale
    from bot.systems.naval.battlefield import PRESETS, place_ship, put_aboard
    from bot.ui.fit import CONTENT, units
    from tests.combat.helpers import add, encounter

    enc = encounter("naval")
    place_ship(enc, CAPTAIN, Side.PC, PRESETS[CAPTAIN], 0)
    ship = enc.combatants[-1]
    for n in range(99):  # the most an encounter holds, with the ship
        crew = enc.combatant(add(enc, f"{'柾良海軍巡視兵' * 4}{n}"))
        put_aboard(enc, crew, ship, n % 3)
    with use_locale("ja"):
        _, legend = turn_picture(enc, scene(enc))
    lines = legend.splitlines()
    assert len(lines) <= 3 and units(legend) <= CONTENT
    assert lines[-1].startswith("凡例：") and lines[-1].endswith("件（全部は /海戦 マップ）")
