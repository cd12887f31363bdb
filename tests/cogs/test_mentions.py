"""Nothing the bot sends pings anyone it does not mean to (issue 13, "Mass pings"): whatever a
member types into a roll, a table, a nickname or a character's name, the bot's messages ping
no role, no @everyone / @here and no user — except the player whose turn or reaction it is.

What pinged is read from SimCord's Discord, which resolves mentions as Discord does (the
bot's role may mention everyone there)."""

from __future__ import annotations

from tests.cogs.conftest import Dice, World


def pinged(world: World) -> list[tuple[str, bool, list[int], list[int]]]:
    """Every bot message in every channel and DM: (text, @everyone, users, roles) it pinged."""
    bot_id = world.env.bot.user.id
    out = []
    for messages in world.env.backend.messages.values():
        for message in messages.values():
            if message.author_id == bot_id:
                out.append((message.content, message.mention_everyone,
                            list(message.ping_user_ids), list(message.ping_role_ids)))  # fmt: skip
    return out


def pings_nobody(world: World) -> bool:
    return all(
        not everyone and not users and not roles for _, everyone, users, roles in pinged(world)
    )


async def test_a_choice_of_everyone_and_here_pings_nobody(world: World, dice: Dice) -> None:
    dice.load(2)
    result = await world.alice.slash(world.channel, "roll", command="choice[@everyone,@here]")
    assert result.response.content.endswith("＞ @here")
    await world.alice.send(world.channel, "choice[@everyone,@here]")
    assert len(pinged(world)) == 2 and pings_nobody(world)


async def test_an_error_echoing_everyone_pings_nobody(world: World) -> None:
    await world.alice.send(world.channel, "x2 @everyone")
    assert "@everyone" in world.channel.last_message.content  # the echo is still shown
    assert pings_nobody(world)


async def test_a_role_in_a_choice_pings_nobody(world: World, dice: Dice) -> None:
    players = world.guild.create_role("Players", mentionable=True)
    dice.load(1, 1)
    await world.alice.slash(world.channel, "roll", command=f"choice[<@&{players.id}>,x]")
    await world.alice.send(world.channel, f"choice[<@&{players.id}>,x]")
    assert all(f"<@&{players.id}>" in text for text, *_ in pinged(world))
    assert pings_nobody(world)


async def test_a_table_row_of_everyone_pings_nobody(world: World, dice: Dice) -> None:
    await world.gm.slash(
        world.channel, "table add", command="CALL", content="呼ぶ\\n1D2\\n1:@everyone\\n2:@here"
    )
    dice.load(1)
    rolled = await world.alice.slash(world.channel, "table roll", command="CALL")
    assert "@everyone" in rolled.response.content
    assert pings_nobody(world)


async def test_a_nickname_of_everyone_pings_nobody(world: World, dice: Dice) -> None:
    member = world.guild.add_member(world.env.create_user("mallory"), nick="@everyone")
    dice.load(3, 4)
    await member.send(world.channel, "2D6")
    await member.slash(world.channel, "roll", command="2D6")
    assert all(text.startswith("@everyone: ") for text, *_ in pinged(world))
    assert pings_nobody(world)


async def test_a_gurps_character_named_for_a_role_pings_nobody(world: World, dice: Dice) -> None:
    players = world.guild.create_role("Players", mentionable=True)
    await world.gm.slash(world.channel, "system set", system="GURPS")
    name = f"<@&{players.id}>"
    await world.alice.slash(
        world.channel, "char create", name=name, stats="st=10 dx=12 iq=12 ht=11"
    )
    dice.load(3, 3, 3)
    checked = await world.alice.slash(world.channel, "gurps check", character=name, skill="dx")
    assert name in checked.response.content
    assert pings_nobody(world)


async def test_the_gm_copy_of_a_secret_roll_pings_nobody(world: World, dice: Dice) -> None:
    gm_room = world.guild.create_text_channel("gm-room")
    await world.gm.slash(world.channel, "config", secret_mode="gm", gm_channel=gm_room)
    dice.load(1)
    await world.alice.send(world.channel, "Schoice[@everyone,@here]")
    dice.load(2)
    await world.alice.slash(world.channel, "roll", command="choice[@everyone,@here]", secret=True)
    assert [m.content for m in gm_room.history()] == [
        "🔒 alice：(choice[@everyone,@here]) ＞ @everyone",
        "🔒 alice：(choice[@everyone,@here]) ＞ @here",
    ]
    await world.gm.click(gm_room.last_message, label="公開")  # revealed: still nobody pinged
    assert pings_nobody(world)


async def test_the_player_whose_turn_it_is_is_pinged_and_nobody_else(world: World) -> None:
    await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
    await world.bob.slash(world.channel, "combat add", name="@everyone <@&1>", side="pc",
                          action_value=3)  # fmt: skip
    await world.alice.slash(world.channel, "combat add", name=f"Alice {world.bob.mention}",
                            side="pc", action_value=6)  # fmt: skip
    for _ in range(2):  # Setup, then Alice's main (the initiative passed on the way)
        main = await world.gm.slash(world.channel, "combat next")
    assert main.response.content == world.alice.mention
    pings = [(everyone, users, roles) for _, everyone, users, roles in pinged(world)]
    assert (False, [world.alice.id], []) in pings
    assert all(users in ([], [world.alice.id]) and not everyone and not roles
               for everyone, users, roles in pings)  # fmt: skip
