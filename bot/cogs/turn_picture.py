"""A fight's picture in the channel: one message, the picture and a short legend, posted only
when the picture changed in a way players need, edited in place within a turn.

After every command of a fight whose rule set has a picture (the naval battlefield, the
Grancrest map), the picture is compared with what the last picture message showed (its
``marks``, noted with the encounter so they survive a restart):

- where things are changed (a move, a placing, one taken off or fallen), or a new wind: the
  picture is *needed*. Within the same turn (round, phase and acting combatant) the turn's
  message is edited — a move, an attack and a second move leave one picture, showing where
  the turn ended, and the GM's setting up before the fight leaves one; a new turn posts a new
  message, so that scrolling back, each turn's picture is where it happened.
- only numbers or words changed (HP, morale, a name): the turn's message, if there is one, is
  edited to stay true; no new message (the announcement and the tracker already say them).
- nothing it shows changed: nothing.

Once the fight is over nobody acts any more: the turn's picture is still brought up to date,
but no new one is posted. A picture message deleted meanwhile is posted anew. Posts and edits
go through the outgoing layer like every other message.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.cogs import outgoing
from bot.cogs.common import post_locale
from bot.combat.model import Encounter
from bot.i18n import use_locale
from bot.ui.fit import Post

if TYPE_CHECKING:
    from bot.client import TabletopBot
    from bot.combat.service import Outcome

log = logging.getLogger("bot.picture")


class Picture(Protocol):
    """One rule set's picture: what it shows in short, and how it is drawn."""

    note: str  # its note among what was posted for the encounter
    filename: str

    def scene(self, enc: Encounter, moved: Sequence[int]) -> Any | None:
        """What the picture would show now; None when there is nothing to picture yet."""

    def marks(self, scene: Any) -> dict[str, Any]:
        """``layout`` (where everyone is), ``wind`` (or None) and ``full`` (all it shows)."""

    def draw(self, enc: Encounter, scene: Any) -> tuple[bytes, str]:
        """The PNG and its short legend (three lines at most)."""


def turn_of(enc: Encounter) -> list[Any]:
    """The turn a picture belongs to: its round, phase and acting combatant."""
    return [enc.round, enc.phase.value if enc.phase else None, enc.actor]


def needed(before: dict[str, Any] | None, now: dict[str, Any]) -> bool:
    """Whether players need a fresh picture: where things are changed, or a new wind (the
    lull when it drops is no news)."""
    if before is None:
        return True
    wind = now.get("wind")
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
    bot: TabletopBot, channel: object, enc: Encounter, picture: Picture, moved: Sequence[int] = ()
) -> None:
    """Post, edit or leave the turn's picture after a command (see the module's rules)."""
    if enc.id is None or not isinstance(channel, discord.abc.Messageable):
        return
    scene = picture.scene(enc, moved)
    if scene is None:
        return
    now, turn = picture.marks(scene), turn_of(enc)
    before = await bot.encounters.posted(enc.id, picture.note)
    action = choose(before, now, turn, enc.active)
    if action is None:
        return
    png, legend = picture.draw(enc, scene)
    post = Post(content=legend, files=[(picture.filename, png)])
    if action == "edit" and before is not None:
        try:
            await outgoing.edit(channel.get_partial_message(before["message"]), post)  # type: ignore[attr-defined]
        except discord.HTTPException as error:  # deleted meanwhile
            log.info("%s %s in %s not edited (%s)", picture.note, before["message"],
                     enc.channel_id, error)  # fmt: skip
            if not (enc.active and needed(before, now)):  # numbers only: no new post for them
                await bot.encounters.set_posted(enc.id, picture.note, {**before, "message": None})
                return
        else:
            await bot.encounters.set_posted(enc.id, picture.note, {**before, "turn": turn, **now})
            return
    sent = await outgoing.send_to(channel, post)
    if sent and sent[0] is not None:
        await bot.encounters.set_posted(
            enc.id, picture.note, {"message": sent[0].id, "turn": turn, **now}
        )


class FollowsWithPicture:
    """For a rule set's cog whose fights have a picture: after every command of the channel's
    fight (its own, a /combat one, a button), the turn's picture follows."""

    bot: TabletopBot
    picture: Picture

    def moved(self, outcome: Outcome) -> Sequence[int]:
        """Whom this command moved (the picture centres on them)."""
        return ()

    async def cog_load(self) -> None:
        self.bot.get_cog("Encounters").followers.append(self._after)  # type: ignore[union-attr]

    async def cog_unload(self) -> None:
        encounters = self.bot.get_cog("Encounters")
        if encounters is not None and self._after in encounters.followers:  # type: ignore[attr-defined]
            encounters.followers.remove(self._after)  # type: ignore[attr-defined]

    async def _after(self, interaction: discord.Interaction, outcome: Outcome) -> None:
        with use_locale(await post_locale(self.bot, interaction)):
            await follow(
                self.bot, interaction.channel, outcome.encounter, self.picture, self.moved(outcome)
            )
