"""Discord's 3-second rule (issue 13): every slash command, button and modal that is slow to
answer — whatever it waits for — is deferred in time, and its answer still reaches the right
eyes: a private answer fills the "thinking…" message, a public one comes as a new message
(so its pings ping), a refusal stays private.

Slowness is made real: the settings store (which nearly every handler reads first, before
any answer) sleeps longer than the deferral's delay, shortened here to keep the tests fast."""

from __future__ import annotations

import asyncio

import pytest

from bot.cogs import deadline
from tests.cogs.conftest import Dice, World

SLOW = 0.1


@pytest.fixture
def slow(world: World, monkeypatch: pytest.MonkeyPatch) -> World:
    monkeypatch.setattr(deadline, "DEFER_AFTER", 0.01)
    store = world.env.bot.settings_store
    effective = store.effective

    async def slowly(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(SLOW)
        return await effective(*args, **kwargs)

    monkeypatch.setattr(store, "effective", slowly)
    return world


def first_answer(world: World, result) -> dict:
    """The first callback the bot sent for this interaction (type 4: a message; 5: deferred
    with "thinking…"; 6: deferred silently)."""
    interaction_id = result._interaction.id
    return next(
        entry.json
        for entry in world.env.http_requests
        if entry.method == "POST" and entry.path.startswith(f"/interactions/{interaction_id}/")
    )


def deferred_privately(world: World, result) -> bool:
    """Deferred, with a "thinking…" message only the user sees (then filled in)."""
    answer = first_answer(world, result)
    return answer["type"] == 5 and answer["data"]["flags"] & 64 == 64


async def test_a_slow_public_answer_is_deferred_and_posted_as_a_new_message(
    slow: World, dice: Dice
) -> None:
    dice.load(6, 6)
    result = await slow.alice.slash(slow.channel, "roll", command="2D6>=8")
    assert deferred_privately(slow, result)
    assert result.response.content == "Posted below."
    assert [f.content for f in result.followups] == ["alice: (2D6>=8) ＞ 12[6,6] ＞ 12 ＞ 成功"]
    assert not result.followups[0].ephemeral


async def test_a_slow_turn_still_pings_its_player(slow: World) -> None:
    await slow.gm.slash(slow.channel, "combat start", ruleset="GranCrest")
    await slow.alice.slash(slow.channel, "combat add", name="Alice", side="pc", action_value=6)
    for _ in range(2):  # Setup, then Alice's main (the initiative passed on the way)
        main = await slow.gm.slash(slow.channel, "combat next")
    assert deferred_privately(slow, main)
    announcement = main.followups[0]
    assert announcement.content == slow.alice.mention and not announcement.ephemeral
    stored = slow.env.backend.messages[slow.channel.id][announcement.id]
    assert stored.ping_user_ids == [slow.alice.id]  # a new message, not an edit: it pings


async def test_a_slow_private_answer_fills_the_thinking_message(slow: World) -> None:
    await slow.gm.slash(slow.channel, "system set", system="GURPS")
    await slow.alice.slash(slow.channel, "char create", name="Aoi", stats="st=10 dx=12")
    shown = await slow.alice.slash(slow.channel, "char show", name="Aoi")
    assert deferred_privately(slow, shown) and shown.followups == []
    assert shown.response.content.startswith("**Aoi** (GURPS)")


async def test_a_slow_refusal_stays_private(slow: World) -> None:
    refused = await slow.alice.slash(slow.channel, "system set", system="GURPS")
    assert deferred_privately(slow, refused)
    assert "Manage Channels" in refused.response.content
    assert len(slow.env.errors) == 1  # the refusal, shown to the user


@pytest.mark.parametrize(
    ("who", "command", "options"),
    [
        ("gm", "system set", {"system": "GranCrest"}),
        ("gm", "config", {"chat_rolls": True}),
        ("gm", "table add", {"command": "T", "content": "表\\n1D2\\n1:a\\n2:b"}),
        ("alice", "char create", {"name": "Aoi", "stats": "hp=30"}),
        ("alice", "char list", {}),
        ("alice", "gurps stress", {"character": "Aoi"}),
        ("alice", "gurps fatigue", {"character": "Aoi", "night": "sleepless"}),
        ("gm", "combat start", {"ruleset": "GURPS"}),
    ],
)
async def test_every_slow_command_is_deferred(
    slow: World, who: str, command: str, options: dict
) -> None:
    if command.startswith("gurps"):
        await slow.gm.slash(slow.channel, "system set", system="GURPS")
        await slow.alice.slash(slow.channel, "char create", name="Aoi", stats="st=10 iq=12 ht=11")
    result = await getattr(slow, who).slash(slow.channel, command, **options)
    assert deferred_privately(slow, result)
    assert not slow.env.errors  # then answered as usual


async def test_a_slow_secret_roll_to_the_gm_is_deferred_privately(slow: World, dice: Dice) -> None:
    gm_room = slow.guild.create_text_channel("gm-room")
    await slow.gm.slash(slow.channel, "config", secret_mode="gm", gm_channel=gm_room)
    dice.load(1, 1, 1)
    result = await slow.alice.slash(slow.channel, "roll", command="3D6", secret=True)
    assert deferred_privately(slow, result)
    assert result.response.content == "Your secret roll went to the GM."
    assert gm_room.last_message.content == "🔒 alice：(3D6) ＞ 3[1,1,1] ＞ 3"


async def test_a_slow_button_is_acknowledged_silently_and_answered(slow: World, dice: Dice) -> None:
    dice.load(4, 2)
    secret = await slow.alice.slash(slow.channel, "roll", command="S2D6")
    revealed = await slow.alice.click(secret.response, label="Reveal")
    assert first_answer(slow, revealed)["type"] == 6  # a button's deferral shows nothing
    assert revealed.followups[0].ephemeral
    assert slow.channel.last_message.content.endswith("(2D6) ＞ 6[4,2] ＞ 6")


def test_an_answer_is_forgotten_once_its_token_has_expired(monkeypatch: pytest.MonkeyPatch) -> None:
    """No timer per interaction: the states are dropped, oldest first, when a new one comes
    after the 15 minutes an interaction token lives."""
    clock = [0.0]
    monkeypatch.setattr(deadline.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(deadline, "_answering", type(deadline._answering)())

    class Asked:
        def __init__(self, number: int) -> None:
            self.id = number

    first = deadline.answering(Asked(1))  # type: ignore[arg-type]
    clock[0] = 60.0
    deadline.answering(Asked(2))  # type: ignore[arg-type]
    assert deadline.answering(Asked(1)) is first  # still alive
    clock[0] = deadline.TOKEN_LIFETIME + 30.0
    deadline.answering(Asked(3))  # type: ignore[arg-type]
    assert list(deadline._answering) == [2, 3]
