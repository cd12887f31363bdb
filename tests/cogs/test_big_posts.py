"""Posts bigger than one Discord message (issue 13): a long turn order, many Sonic Drive offers,
a crowded tracker — split over embeds and messages in order, nothing cut; and a post Discord
refuses after the change was saved is reported plainly, never silently lost."""

from __future__ import annotations

from tests.cogs.conftest import World

LONG = "長い名前の傭兵" * 7 + "MercenaryCap"  # 61 characters: copies are numbered up to 64
WIDE = "𠮷" * 58 + "Cap"  # 61 characters, 119 as Discord counts (outside the BMP: two each)


def texts(result) -> list[str]:
    """Every embed's title and description of a command's answer, over all its messages."""
    messages = [result.response, *result.followups]
    return [f"{e.title or ''}\n{e.description or ''}" for m in messages for e in m.embeds]


def buttons(result) -> list[str]:
    messages = [result.response, *result.followups]
    return [c["label"] for m in messages for row in m.components for c in row["components"]]


async def crowd(
    world: World, ruleset: str, copies: int, name: str = LONG, **numbers: object
) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset=ruleset)
    while copies > 0:
        count = min(30, copies)
        await world.gm.slash(world.channel, "combat add", name=name, count=count, **numbers)
        copies -= count


async def test_a_turn_order_too_long_for_one_message_comes_whole_and_in_order(
    world: World,
) -> None:
    await crowd(world, "GranCrest", 90, action_value=5)
    await world.gm.slash(world.channel, "combat next")
    main = await world.gm.slash(world.channel, "combat next")
    # The turn's post no longer repeats the order (issue 16): one short message, however many.
    assert not main.followups and f"1. {LONG}" not in "\n".join(texts(main))
    assert texts(main)[0].startswith(f"第1ラウンド・イニシアチブ → {LONG} 1のメイン")
    status = await world.gm.slash(world.channel, "combat status")
    assert status.followups or len(status.response.embeds) > 1  # more than one embed's worth
    order = "\n".join(texts(status))
    positions = [order.index(f"{LONG} {n} (NPC)") for n in range(1, 91)]
    assert positions == sorted(positions)  # every combatant, in turn order


async def test_the_tracker_stays_one_message_showing_whose_turn_it_is(world: World) -> None:
    await crowd(world, "Esperancer", 90, WIDE)
    for _ in range(3 + 70):  # far down the order: the tracker shows the page with the actor
        await world.gm.slash(world.channel, "combat next")
    pinned = world.channel.pinned_messages()
    assert len(pinned) == 1
    shown = "\n".join(e.description or "" for e in pinned[0].embeds)
    assert f"▶ 71. {WIDE} 71 (NPC)" in shown
    assert "2/3ページ・全員は /戦闘 状況 で表示" in pinned[0].embeds[-1].footer.text
    status = await world.gm.slash(world.channel, "combat status")
    everyone = "\n".join(texts(status))
    assert status.ephemeral and all(f"{WIDE} {n} (NPC)" in everyone for n in range(1, 91))


async def test_many_sonic_drive_offers_get_labelled_buttons_across_posts(world: World) -> None:
    await crowd(world, "Esperancer", 13, sonic_drive=2)  # every roll reaches 2
    await world.gm.slash(world.channel, "combat next")
    initiative = await world.gm.slash(world.channel, "combat next")
    labels = buttons(initiative)
    assert len(labels) == 1 + 26  # roll your initiative, then each offer's pair
    for n in range(1, 14):  # each pair says whose offer it is
        assert f"{LONG} {n}：ソニックドライブ！" in labels and f"{LONG} {n}：使わない" in labels
    assert len(set(labels)) == 27  # no two buttons alike


async def test_a_refused_announcement_after_a_saved_change_is_reported_plainly(
    world: World,
) -> None:
    await crowd(world, "GranCrest", 2, action_value=5)
    # Discord refuses the announcement, then its smaller retry; the notice gets through.
    world.env.inject_error("POST", "/interactions/*/callback", status=400, code=50035,
                           message="Invalid Form Body", times=2)  # fmt: skip
    result = await world.gm.slash(world.channel, "combat next")
    assert result.ephemeral
    assert "Discord" in result.response.content and "tracker" in result.response.content
    pinned = world.channel.pinned_messages()
    assert pinned[0].embeds[0].title == "第1ラウンド・セットアップ"  # the saved state is shown
    assert [type(e).__name__ for e in world.env.errors] == []  # told, not a traceback


async def test_a_refused_reply_after_a_saved_change_says_so_not_an_incident(
    world: World,
) -> None:
    world.env.inject_error("POST", "/interactions/*/callback", status=400, code=50035,
                           message="Invalid Form Body", times=1)  # fmt: skip
    added = await world.gm.slash(
        world.channel, "table add", command="T", content="表\\n1D2\\n1:a\\n2:b"
    )
    assert added.ephemeral and "Discord refused the reply" in added.response.content
    listed = await world.gm.slash(world.channel, "table list")
    assert "`T`" in listed.response.content  # it was saved
    assert [type(e).__name__ for e in world.env.errors] == ["CommandInvokeError"]
