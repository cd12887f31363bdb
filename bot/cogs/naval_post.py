"""The naval battlefield as a fight's picture (``bot.cogs.turn_picture`` posts and edits it):
ships and crews where they are, morale and the event in the header. Besides a move, a ship
that sank, ran aground or sped up, or a headwind or tailwind coming up, needs a new picture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.cogs.naval_picture import Scene, focus_of, marks, scene, turn_picture
from bot.combat.model import Encounter


class NavalPicture:
    note = "naval_picture"
    filename = "battlefield.png"

    def scene(self, enc: Encounter, moved: Sequence[int]) -> Scene | None:
        if enc.system != "naval":
            return None
        view = scene(enc, focus=focus_of(enc, moved))
        return view if view.ships else None  # an empty sea: nothing to picture yet

    def marks(self, scene: Scene) -> dict[str, Any]:
        return marks(scene)

    def draw(self, enc: Encounter, scene: Scene) -> tuple[bytes, str]:
        return turn_picture(enc, scene)


NAVAL = NavalPicture()
