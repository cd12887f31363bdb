"""Moving at sea (rules digest "Moving a ship"): steering from the helm, paid by the Main
process or a licence, and walking between the areas of one's own ship.

Decisions:
- "forward" is toward the enemy — up the positions for the PCs' ships, down for the enemy's —
  so the wind events can forbid a side's forward or backward moves.
- A ship licence's second position may come later in the same Main process: the first steer
  spends Move, a later one spends Minor (or ``forward 2`` spends both at once).
- [速力上昇] doubles every position the ship moves (1 → 2; a licence's two → 4).
- Walking between areas spends the move action and goes one area (to the next one).
"""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.events import CrewMoved, Event
from bot.combat.model import Action, Combatant, Encounter, Side
from bot.dice import DieSource
from bot.dice.parser import fold_width
from bot.i18n import Term, glossary
from bot.systems.base import key_values
from bot.systems.fields import read
from bot.systems.naval import battlefield, ship_skills
from bot.systems.naval.battlefield import ECONOMY

# Wind: which way each side may not move this round.
WIND = {"headwind": {Side.PC: "forward", Side.NPC: "back"},
        "tailwind": {Side.PC: "back", Side.NPC: "forward"}}  # fmt: skip
SPEND = {"none": [Action.MOVE, Action.MINOR, Action.MAJOR],
         "driving": [Action.MOVE, Action.MINOR], "ship": [Action.MOVE]}  # fmt: skip


def _licence_spend(enc: Encounter, c: Combatant, ship: Combatant, times: int) -> list[Action]:
    """What this steer costs: a licence's first position spends Move; with a ship licence the
    second spends Minor, together (``times`` 2) or later in the same Main process."""
    kind = c.extra.get("licence", "none")
    spend = SPEND.get(kind, SPEND["none"])
    if kind == "ship" and times == 2:
        spend = [Action.MOVE, Action.MINOR]
    elif (
        kind == "ship"
        and Action.MOVE in c.used
        and c.extra.get("licence_step")
        == [
            enc.round,
            ship.id,
        ]
    ):
        spend = [Action.MINOR]  # the second position, after the first one's Move
    elif times != 1:
        raise CombatError("naval.one_position", name=c.name)
    taken = [a for a in spend if a in c.used]
    if taken:
        raise CombatError(
            "naval.actions_spent", name=c.name, actions=glossary.Terms(f"action.{a}" for a in taken)
        )
    return spend


def steer(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``forward`` / ``back`` (``forward 2`` with a ship licence: Move, then Minor for one more).

    From the helm's area: no licence spends the whole Main process (Move, Minor and Major);
    a driving licence spends Move + Minor; a ship licence spends Move (and Minor for the second).
    """
    assert c is not None
    ECONOMY.own_turn(enc, c)
    words = fold_width(detail).lower().split()
    direction = glossary.lookup("direction", words[0]) if words else None  # 前進 / forward …
    if direction not in ("forward", "back"):
        raise CombatError("naval.bad_direction", text=detail[:20])
    times = read(words[1], "steps") if len(words) > 1 else 1
    ship = battlefield.at_helm(enc, c)
    spend = _licence_spend(enc, c, ship, times)
    if WIND.get(battlefield.event_kind(enc) or "", {}).get(ship.side) == direction:
        raise CombatError(
            "naval.wind_forbids", ship=ship.name, direction=Term(f"direction.{direction}")
        )
    sign = 1 if ship.side is Side.PC else -1
    steps = times * ship_skills.move_steps(ship) * (sign if direction == "forward" else -sign)
    events = battlefield.shift(enc, ship, steps)  # refused first when the ship is aground
    ECONOMY.spend(enc, c, *spend)
    if spend == [Action.MOVE] and c.extra.get("licence") == "ship":
        c.extra["licence_step"] = [enc.round, ship.id]  # the Minor may move it once more
    else:
        c.extra.pop("licence_step", None)
    return events


def walk(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``area=2``: the move action, to the next area of the ship one stands on."""
    assert c is not None
    ECONOMY.own_turn(enc, c)
    ship = enc.combatant(c.aboard) if c.aboard is not None else None
    if ship is None:
        raise CombatError("naval.not_placed", name=c.name)
    found = key_values(detail) if "=" in detail else {"area": detail.strip()}
    area = read(found.get("area") or "", "area") - 1
    count = int(battlefield.ship_data(ship)["areas"])
    if not 0 <= area < count:
        raise CombatError("naval.no_such_area", ship=ship.name, areas=count)
    here = int(c.extra.get("area", 0))
    if abs(area - here) != 1:
        raise CombatError("naval.walk_one_area", name=c.name, area=here + 1)
    ECONOMY.spend(enc, c, Action.MOVE)
    c.extra["area"] = area
    return [CrewMoved(c.id, area)]
