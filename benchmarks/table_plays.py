"""What the scripted table of ``benchmarks/table.py`` types: each rule set's set-up (three
players' PCs, the GM's four NPCs), and the table's next move in any state of the fight."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PLAYERS = {"p1": "ミラ", "p2": "アキラ", "p3": "リン"}
FLAGSHIP = "オールマイト・キャプテン号"


def _pcs(line: str, *extra: str) -> list[tuple[str, str]]:
    """Each player adds their PC with ``line`` (``{name}`` and ``{n}`` filled in)."""
    rows = []
    for n, (player, name) in enumerate(PLAYERS.items()):
        values = {"name": name, "n": n, "av": 6 - n}  # action values 6, 5, 4
        rows.append((player, line.format(**values)))
        rows += [(player, more.format(**values)) for more in extra]
    return rows


SETUPS: dict[str, list[tuple[str, str]]] = {
    "GranCrest": [
        ("gm", "/system set system:GranCrest"),
        ("gm", "/combat start"),
        *_pcs(
            "/combat add name:{name} side:pc action_value:{av}",
            "/combat act action:gc_set combatant:{name} detail:hp=40 dodge=2D6+3 weapon=4",
        ),
        ("gm", "/combat add name:ゴブリン count:4 action_value:5"),
        *[
            ("gm", f"/combat act action:gc_set combatant:ゴブリン {i} detail:hp=20 dodge=2D6+1")
            for i in range(1, 5)
        ],
    ],
    "Esperancer": [
        ("gm", "/system set system:Esperancer"),
        ("gm", "/combat start"),
        *_pcs("/combat add name:{name} side:pc initiative_mod:2 speed:5 hp:40 numbers:dodge=1"),
        ("gm", "/combat add name:ドローン count:4 hp:30 numbers:dodge=0"),
    ],
    "GURPS": [
        ("gm", "/system set system:GURPS"),
        ("gm", "/combat start"),
        *_pcs("/combat add name:{name} side:pc hp:12 speed:6 dx:12"),
        ("gm", "/combat add name:河童 count:4 hp:12 speed:5.5 dx:11"),
    ],
    "naval": [
        ("gm", "/combat start ruleset:naval"),
        ("gm", f"/naval ship add side:pc position:0 preset:{FLAGSHIP} flagship:true"),
        ("gm", "/naval ship add side:npc position:5 preset:柾良式巡視船 flagship:true"),
        ("gm", "/naval crew ship:柾良式巡視船 preset:柾良海軍巡視兵 count:4"),
        *_pcs(
            "/combat add name:{name} side:pc action_value:{av}",
            "/naval set stats:hp=60 dodge=2D6+3 weapon=長銃 hit=2D6+6 damage=2D6+10 style=ranged",
        ),
        *[
            ("gm", f"/naval crew ship:{FLAGSHIP} area:{n + 1} combatant:{name}")
            for n, name in enumerate(PLAYERS.values())
        ],
    ],
}


@dataclass(frozen=True)
class Move:
    who: str
    line: str
    kind: str = "act"  # "next": the GM's Next; "end_turn": an end of turn


def next_move(enc: Any, rules: Any, refused: set[tuple[int, str]]) -> Move:
    """What the table does now: answer what it is asked, play the turn, else the GM's Next.
    A move this state has refused already (an older version's order of things) is passed."""
    owners = {c.id: player_of(c) for c in enc.combatants}
    for move in _candidates(enc, rules, owners):
        if (enc.version, move.line) not in refused:
            return move
    return Move("gm", "/combat next", "next")


def player_of(c: Any) -> str:
    return next((p for p, name in PLAYERS.items() if name == c.name), "gm")


def _candidates(enc: Any, rules: Any, owners: dict[int, str]) -> list[Move]:
    moves: list[Move] = []
    for prompt in enc.prompts:
        c = enc.combatant(prompt.owner) if prompt.owner is not None else None
        who = owners.get(prompt.owner, "gm") if prompt.owner is not None else "gm"
        if prompt.kind == "reaction" and c is not None:
            moves.append(Move(who, f"/combat act action:react combatant:{c.name}"))
        elif prompt.kind == "sonic" and c is not None:
            moves.append(Move(who, f"/combat act action:sonic combatant:{c.name} detail:no"))
        elif prompt.kind == "naval_event":
            moves.append(Move(who, "/naval event"))
    phase = enc.phase.value if enc.phase is not None else None
    if enc.system == "Esperancer" and phase in ("setup", "initiative"):
        for c in enc.combatants:
            if c.side.value == "pc" and c.fighting and c.initiative is None:
                line = f"/combat act action:roll_initiative combatant:{c.name}"
                moves.append(Move(owners[c.id], line))
    actor = enc.combatant(enc.actor) if enc.actor is not None else None
    if actor is not None and actor.can_act and phase in ("main", "extra"):
        who = owners[actor.id]
        if not actor.used:
            target = next(
                (c for c in enc.combatants if c.side != actor.side and c.fighting
                 and c.kind.value == "character"),
                None,
            )  # fmt: skip
            if target is not None:
                moves.append(Move(who, _attack(enc.system, actor.name, target.name)))
        moves.append(Move(who, f"/combat act action:end_turn combatant:{actor.name}", "end_turn"))
    return moves


def _attack(system: str, attacker: str, target: str) -> str:
    if system == "GranCrest":
        return (
            f"/combat act action:attack combatant:{attacker} "
            f"detail:target={target} hit=2D6+5 power=8 types=weapon"
        )
    if system == "Esperancer":
        return f"/esp attack attacker:{attacker} target:{target} damage:1D10+3 ranged:true"
    if system == "GURPS":
        return f"/combat act action:maneuver combatant:{attacker} detail:{target}を攻撃"
    return f"/combat act action:major combatant:{attacker} detail:{target}を射撃"
