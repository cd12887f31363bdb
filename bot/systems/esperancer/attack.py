"""Esperancer attacks, dodges and healing in an encounter (rules digest "Checks", "Engagement",
"Status effects").

The hit check is an ES check (2D10, 10s explode) against the target's dodge (ES + its dodge
value; prone: one die fewer; ``dodge=+2`` on the attack for the moment's modifier). A tie goes
to the dodge, as in Grancrest (decision: the digest is silent). Damage is a plain roll (no
explosion), never below 0. By default the bot rolls the dodge; an encounter may let players
roll their own (``dodge_rolls=players``): the attack then waits for the target's dodge as a
prompt, which the bot rolls when the attacker's turn ends. A fainted target (戦闘不能) cannot
dodge: the attack hits, and it wakes.
"""

from __future__ import annotations

import re
from typing import Any

from bot.combat import prompts
from bot.combat.errors import CombatError
from bot.combat.events import AttackResolved, Damaged, Event, Healed, ReactionRequested, Rolled
from bot.combat.model import Action, Combatant, Encounter, Prompt
from bot.dice import DiceError, DieSource, RollResult, roll
from bot.dice.numbers import is_whole
from bot.dice.parser import fold_width
from bot.systems.base import key_values
from bot.systems.esperancer import statuses
from bot.systems.esperancer.engage import same_engage
from bot.systems.esperancer.statuses import ECONOMY, Effect, numbers
from bot.systems.fields import read

DODGE = "dodge"  # the prompt of a dodge its player rolls
MAX_FLAT = 999  # a flat modifier on a check or on damage
_MODIFIER = re.compile(r"([+-]([0-9]+D10|[0-9]+D|[0-9]+))+")


def roll_plain(command: str, dice: DieSource | None) -> RollResult:
    try:
        result = roll(command, system="Esperancer", dice=dice, strict=True)
    except DiceError as error:
        raise CombatError("esp.bad_roll", text=command[:40]) from error
    if result is None or result.total is None:
        raise CombatError("esp.bad_roll", text=command[:40])
    return result


def rolled(c: Combatant, purpose: str, result: RollResult) -> Rolled:
    return Rolled(c.id, purpose, result.text, result.total, list(result.rands))


def check(modifier: str) -> str:
    """An ES check with a modifier as typed (``+3``, ``-1D10``); flat numbers bounded."""
    text = fold_width(modifier).upper().replace(" ", "")
    if re.fullmatch(r"[0-9]*ESN?", text):
        return text
    if text and not _MODIFIER.fullmatch(text):
        raise CombatError("esp.bad_roll", text=modifier[:40])
    if any(int(n) > MAX_FLAT for n in re.findall(r"[0-9]+", text)):
        raise CombatError("esp.bad_roll", text=modifier[:40])
    return "ES" + text


def amount_of(
    spec: str, c: Combatant, dice: DieSource | None, purpose: str = "damage"
) -> tuple[int, list[Event]]:
    """Damage or healing: a fixed number or a plain roll (not a check: no explosion), never
    below 0 — damage never heals, healing never hurts."""
    spec = fold_width(spec).strip().upper() or "0"
    if is_whole(spec):
        return read(spec, "amount"), []
    result = roll_plain(spec, dice)
    return max(0, result.total or 0), [rolled(c, purpose, result)]


def attack(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``target=… hit=+3 damage=2D10+5 range=engaged|ranged dodge=+2``."""
    assert c is not None
    found = key_values(detail)
    target = enc.find(found.get("target", ""))
    if target is None:
        raise CombatError("combat.unknown_combatant", name=found.get("target", "—"))
    ECONOMY.own_turn(enc, c)
    ECONOMY.still_may(c, Action.MAJOR)
    fainted = statuses.has(target, Effect.FAINT)
    if target.out and not fainted:
        raise CombatError("esp.target_out", name=target.name)
    melee = found.get("range", "engaged").lower() in ("engaged", "melee", "至近")
    if melee and not same_engage(c, target):
        raise CombatError("esp.not_engaged", name=target.name)
    spec = found.get("damage", "0") or "0"
    amount_of(spec, c, lambda sides: 1)  # a bad damage spec is refused even before a miss
    dodge_command = dodge_check(target, found.get("dodge", ""))
    hit = roll_plain(check(found.get("hit", "")), dice)
    ECONOMY.spend(enc, c, Action.MAJOR)
    events: list[Event] = [rolled(c, "hit", hit)]
    attack_data = {"hit": hit.total or 0, "damage": spec, "dodge": dodge_command}
    if fainted:  # no dodge from the fainted: it is hit, and wakes
        return events + resolve(enc, c, target, attack_data, None, dice)
    if enc.data.get("dodge_rolls") == "players" and target.owner_id is not None:
        prompts.open_prompt(enc, DODGE, target.id, "turn", about=c.id, data=attack_data)
        return [*events, ReactionRequested(target.id, target.owner_id)]
    dodge = roll_plain(dodge_command, dice)
    return [*events, rolled(target, "dodge", dodge),
            *resolve(enc, c, target, attack_data, dodge.total or 0, dice)]  # fmt: skip


def dodge_check(target: Combatant, modifier: str) -> str:
    """The target's dodge check: ES + its dodge, the attack's modifier, −1D10 when prone."""
    saved = int(numbers(target).get("dodge", 0))
    extra = check(modifier).removeprefix("ES") if modifier.strip() else ""
    command = check(f"{saved:+d}" if saved else "") + extra
    if statuses.has(target, Effect.PRONE):
        command += "-1D10"  # prone: dodge checks −1D10 (one die fewer)
    return command


def resolve(
    enc: Encounter,
    attacker: Combatant | None,
    target: Combatant,
    attack_data: dict[str, Any],
    dodge: int | None,
    dice: DieSource | None,
) -> list[Event]:
    """The hit against the dodge (None: no dodge, a hit); on a hit the damage. Sleep and faint
    end at once either way: the target was attacked."""
    hits = dodge is None or attack_data["hit"] > dodge  # a tie goes to the dodge
    attacker_id = attacker.id if attacker else 0
    events: list[Event] = [AttackResolved(attacker_id, target.id, attack_data["hit"], dodge, hits)]
    if hits and attacker is not None:
        amount, rolls = amount_of(attack_data["damage"], attacker, dice)
        events += rolls
        if target.stats.hp is not None:
            target.stats.hp -= amount
            events.append(Damaged(target.id, amount, target.stats.hp))
    return events + statuses.on_attacked(target)


def dodge(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """The target's player rolls the dodge the attack waits for."""
    assert c is not None
    waiting = prompts.find(enc, DODGE, c.id)
    if not waiting:
        raise CombatError("esp.no_dodge_pending", name=c.name)
    prompts.close(enc, waiting[0])
    return _dodged(enc, waiting[0], c, dice)


def _dodged(enc: Encounter, prompt: Prompt, c: Combatant, dice: DieSource | None) -> list[Event]:
    attacker = enc.combatant(prompt.about) if prompt.about is not None else None
    result = roll_plain(prompt.data["dodge"], dice)
    return [rolled(c, "dodge", result),
            *resolve(enc, attacker, c, prompt.data, result.total or 0, dice)]  # fmt: skip


def settle(enc: Encounter, prompt: Prompt, dice: DieSource | None, why: str) -> list[Event]:
    """A dodge nobody rolled in time: the bot rolls it; one that fell meanwhile is hit."""
    c = enc.combatant(prompt.owner) if prompt.owner is not None else None
    if c is None:
        return []
    if why == "owner_down" or not c.fighting:
        attacker = enc.combatant(prompt.about) if prompt.about is not None else None
        return resolve(enc, attacker, c, prompt.data, None, dice)
    return _dodged(enc, prompt, c, dice)


def heal(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """The GM's healing (an item, a skill, a rest): ``10`` or ``2D10`` HP, up to the maximum;
    0 HP or below and back above it: back in the fight."""
    assert c is not None
    if c.stats.hp is None:
        raise CombatError("esp.no_hp", name=c.name)
    amount, rolls = amount_of(detail, c, dice, "heal")
    top = c.stats.max_hp if c.stats.max_hp is not None else c.stats.hp + amount
    gained = max(0, min(amount, top - c.stats.hp))
    c.stats.hp += gained
    return [*rolls, Healed(c.id, gained, c.stats.hp)]
