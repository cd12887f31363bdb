"""The turn's battlefield picture in the channel: one message, the picture and a short legend,
posted only when the picture changed in a way players need, edited in place within a turn.

After every command of a naval fight the picture is compared with what the last picture
message showed (``naval_picture.marks``, noted with the encounter so it survives a restart):

- a ship or crew member moved, boarded, was placed or taken off, a ship sank, ran aground or
  sped up (the event's rough seas and running aground among them), or a headwind or tailwind
  came up: the picture is *needed*. Within the same turn (round, phase and acting combatant)
  the turn's message is edited — a Move, an attack and the Minor's second move leave one
  picture, showing where the turn ended, and the GM's setting up before the fight leaves one;
  a new turn posts a new message, so that scrolling back, each turn's picture is where it
  happened.
- only numbers or words changed (HP, morale, a calm sea's title): the turn's message, if
  there is one, is edited to stay true; no new message (the announcement and the tracker
  already say them).
- nothing it shows changed: nothing.

Once the fight is over nobody acts any more: the turn's picture is still brought up to date,
but no new one is posted. A picture message deleted meanwhile is posted anew. Posts and edits
go through the outgoing layer like every other message.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.cogs import outgoing
from bot.cogs.naval_picture import focus_of, marks, scene, turn_picture
from bot.combat.model import Encounter
from bot.ui.fit import Post

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger("bot.naval")

PICTURE = "naval_picture"  # its note among what was posted for the encounter
FILENAME = "battlefield.png"


def turn_of(enc: Encounter) -> list[Any]:
    """The turn a picture belongs to: its round, phase and acting combatant."""
    return [enc.round, enc.phase.value if enc.phase else None, enc.actor]


def needed(before: dict[str, Any] | None, now: dict[str, Any]) -> bool:
    """Whether players need a fresh picture: where things are changed, or a new wind (the
    lull when it drops is no news; other events are words in the header, and their post and
    the tracker say them — those that move ships change the layout)."""
    if before is None:
        return True
    wind = now["wind"]
    return now["layout"] != before.get("layout") or (
        wind is not None and wind != before.get("wind")
    )


def choose(
    before: dict[str, Any] | None, now: dict[str, Any], turn: list[Any], active: bool
) -> str | None:
    """``"post"`` a new picture message, ``"edit"`` the turn's one, or nothing (None)."""
    same_turn = before is not None and before.get("turn") == turn and bool(before.get("message"))
    if needed(before, now) and active:
        return "edit" if same_turn else "post"
    if same_turn and before is not None and now["full"] != before.get("full"):
        return "edit"
    return None


async def follow(
    bot: TabletopBot, channel: object, enc: Encounter, moved: Sequence[int] = ()
) -> None:
    """Post, edit or leave the turn's picture after a command (see the module's rules)."""
    if enc.system != "naval" or enc.id is None or not isinstance(channel, discord.abc.Messageable):
        return
    view = scene(enc, focus=focus_of(enc, moved))
    if not view.ships:  # an empty sea: nothing to picture yet
        return
    now, turn = marks(view), turn_of(enc)
    before = await bot.encounters.posted(enc.id, PICTURE)
    action = choose(before, now, turn, enc.active)
    if action is None:
        return
    png, legend = turn_picture(enc, view)
    post = Post(content=legend, files=[(FILENAME, png)])
    if action == "edit" and before is not None:
        try:
            await outgoing.edit(channel.get_partial_message(before["message"]), post)  # type: ignore[attr-defined]
        except discord.HTTPException as error:  # deleted meanwhile
            log.info("naval picture %s in %s not edited (%s)", before["message"], enc.channel_id,
                     error)  # fmt: skip
            if not (enc.active and needed(before, now)):  # numbers only: no new post for them
                await bot.encounters.set_posted(enc.id, PICTURE, {**before, "message": None})
                return
        else:
            await bot.encounters.set_posted(enc.id, PICTURE, {**before, "turn": turn, **now})
            return
    sent = await outgoing.send_to(channel, post)
    if sent and sent[0] is not None:
        await bot.encounters.set_posted(
            enc.id, PICTURE, {"message": sent[0].id, "turn": turn, **now}
        )
