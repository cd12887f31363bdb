"""Pending prompts: what the fight waits for someone to answer, with one lifecycle.

A rule set opens a prompt (a reaction to roll, a Sonic Drive offer, the naval event roll, the
initiative-skill window) and closes it when it is answered. The engine does the rest, the
same for every rule set: a prompt whose moment passes (``until``) or whose combatant leaves the
fight is settled by the rule set's default and the channel is told; one whose combatant or
attacker leaves the encounter is dropped. Prompts are part of the encounter's state, so undo
brings them back, and each belongs to its own combatant: none ever blocks another's action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.combat.events import ActionUsed, Event, PromptCancelled, PromptLapsed, SkillUsed
from bot.combat.model import Combatant, Encounter, Prompt
from bot.dice import DieSource

if TYPE_CHECKING:
    from bot.combat.rules import RuleSet

# When a prompt lapses unanswered: the turn ends; its owner's own turn ends; the phase ends;
# the acting combatant takes its first action (or its turn ends first: Grancrest's window
# for initiative skills, open from the initiative phase into the main process it picks).
UNTIL = ("turn", "own_turn", "phase", "first_action")


def open_prompt(
    enc: Encounter,
    kind: str,
    owner: int | None,
    until: str,
    *,
    about: int | None = None,
    data: dict[str, Any] | None = None,
) -> Prompt:
    assert until in UNTIL, until
    number = max((p.id for p in enc.prompts), default=0) + 1
    prompt = Prompt(number, kind, owner, until, about, dict(data or {}))
    enc.prompts.append(prompt)
    return prompt


def find(enc: Encounter, kind: str, owner: int | None = None) -> list[Prompt]:
    """The open prompts of ``kind`` (of ``owner``, when given), oldest first."""
    return [p for p in enc.prompts if p.kind == kind and (owner is None or p.owner == owner)]


def close(enc: Encounter, prompt: Prompt) -> None:
    """The prompt was answered."""
    enc.prompts = [p for p in enc.prompts if p.id != prompt.id]


def _settle(
    enc: Encounter, rules: RuleSet, due: list[Prompt], dice: DieSource | None, why: str
) -> list[Event]:
    events: list[Event] = []
    for prompt in due:
        if prompt not in enc.prompts:
            continue  # settled meanwhile by another one's default
        close(enc, prompt)
        events.append(PromptLapsed(prompt.kind, prompt.owner, why))
        events += rules.settle(enc, prompt, dice, why)
    return events


def lapse(
    enc: Encounter, rules: RuleSet, dice: DieSource | None, moment: str, actor: int | None
) -> list[Event]:
    """Settle what lapses now. ``moment``: ``turn`` (``actor``'s turn is ending), ``phase``
    (the phase is ending: every turn in it too), ``round`` (everything still open)."""

    def due(p: Prompt) -> bool:
        if moment == "round":
            return True
        if p.until == "first_action":
            return moment == "turn"
        if p.until == "turn" or (p.until == "own_turn" and p.owner == actor):
            return True
        return moment == "phase" and p.until == "phase"

    return _settle(enc, rules, [p for p in enc.prompts if due(p)], dice, "expired")


def close_at_first_action(enc: Encounter, events: Sequence[Event] = ()) -> None:
    """The acting combatant has taken an action — a minor or major one, or a free one such as a
    naval ship skill (``events`` of this change: its main process is under way, so nothing can
    go back to the initiative phase any more): what was open only until then closes (a window,
    not a question: nobody's default is owed, so it closes without a word)."""
    actor = enc.combatant(enc.actor) if enc.actor is not None else None
    if actor is None:
        return
    acted = actor.used or any(
        isinstance(e, ActionUsed | SkillUsed) and e.combatant_id == actor.id for e in events
    )
    if acted:
        enc.prompts = [p for p in enc.prompts if p.until != "first_action"]


def owner_down(enc: Encounter, rules: RuleSet, c: Combatant, dice: DieSource | None) -> list[Event]:
    """``c`` left the fight: what it was to answer is settled without it."""
    return _settle(enc, rules, [p for p in enc.prompts if p.owner == c.id], dice, "owner_down")


def drop_for(enc: Encounter, combatant_id: int) -> list[Event]:
    """A combatant left the encounter: the prompts it answers or concerns go with it."""
    gone = [p for p in enc.prompts if combatant_id in (p.owner, p.about)]
    enc.prompts = [p for p in enc.prompts if p not in gone]
    return [PromptCancelled(p.kind, p.owner) for p in gone]
