"""The channels' encounters as this process last committed them, checked against the
database on every use.

Loading an encounter (its row, then every combatant joined with its statuses, their JSON
decoded) was the largest part of a command's database work, and almost always reloaded what
this very process had just saved. So the rows a command saved are kept, once its transaction
has committed; the next command reads only the encounter's id and ``revision`` — which every
write of the row raises, in any process (``save``, ``set_posted``) — in its own transaction
(locked, as the full load was, on PostgreSQL), and builds the encounter from the kept rows when
they match. Anything else — another process wrote, this one restarted, a fight ended — is a
miss, and the full load runs as before. The kept rows are never handed out: each use builds
fresh objects, so a change that fails leaves them as they were.
"""

from __future__ import annotations

from collections import OrderedDict

from sqlalchemy import Connection, bindparam, select

from bot.store.encounters import ENCOUNTERS, Loaded, _combatant, _encounter, load_active
from bot.store.prepared import Prepared

CHANNELS_KEPT = 1000  # at most this many channels' encounters (a few KB each, 100s at most)

_STAMP = select(ENCOUNTERS.c.id, ENCOUNTERS.c.revision).where(
    ENCOUNTERS.c.channel_id == bindparam("channel"), ENCOUNTERS.c.active.is_(True)
)
STAMP = Prepared(_STAMP)
STAMP_LOCKED = Prepared(_STAMP.with_for_update())  # PostgreSQL: the row held until commit


class EncounterCache:
    def __init__(self, size: int = CHANNELS_KEPT) -> None:
        self.size = size
        self._kept: OrderedDict[int, Loaded] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def keep(self, channel_id: int, saved: Loaded) -> None:
        """The rows ``saved`` for the channel — only once their transaction has committed."""
        if not saved.row.get("active"):
            self._kept.pop(channel_id, None)
            return
        self._kept[channel_id] = saved
        self._kept.move_to_end(channel_id)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def load_active(self, conn: Connection, channel_id: int, *, lock: bool) -> Loaded | None:
        """As ``bot.store.encounters.load_active``, from the kept rows when they are current."""
        postgres = conn.dialect.name == "postgresql"
        stamp = (STAMP_LOCKED if lock and postgres else STAMP).first(conn, {"channel": channel_id})
        if stamp is None:
            return None
        kept = self._kept.get(channel_id)
        if (
            kept is not None
            and kept.row["id"] == stamp["id"]
            and kept.row["revision"] == stamp["revision"]
        ):
            self.hits += 1
            return fresh(kept)
        self.misses += 1
        return load_active(conn, channel_id, lock=False)  # the row is held already, if need be


def fresh(kept: Loaded) -> Loaded:
    """A Loaded with new objects throughout, built from ``kept`` without touching it."""
    encounter = _encounter(kept.row)
    encounter.combatants = [
        _combatant(values, kept.statuses.get(local, []))
        for local, values in sorted(kept.combatants.items())  # as the full load orders them
    ]
    return Loaded(encounter, kept.row, dict(kept.keys), kept.combatants, kept.statuses)
