"""What the stateful machine reads off a state (``tests/combat/stateful.py``): the public text
of a step, hidden names in it, and the model of the flow — when the GM's Next asks first, and
where the fight may rest."""

from __future__ import annotations

import re

from bot.combat.model import Encounter, Phase
from bot.combat.rules import RuleSet
from bot.combat.service import Outcome
from bot.i18n import use_locale
from bot.ui.render import announce
from bot.ui.tracker import tracker


def text_of(outcome: Outcome) -> str:
    with use_locale("en"):
        post = announce(outcome.encounter, outcome.events)
        shown = tracker(outcome.encounter, for_gm=False)
    parts = [post.content or "", shown.title or "", shown.description or ""]
    return "\n".join(
        parts + [e.description or "" for e in post.embeds] + [e.title or "" for e in post.embeds]
    )


def named(name: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w|\s*[0-9])", text) is not None


def without(names: list[str], text: str) -> str:
    """The text with these (visible) names taken out, longest first, so a hidden name is not
    found inside one of them."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "·")
    return text


def untouched_player_turn(enc: Encounter) -> bool:
    """The model of when the GM's Next asks first: a player's turn (not the GM's own NPC),
    its combatant able to act, and nothing of it used yet."""
    actor = enc.combatant(enc.actor) if enc.actor is not None else None
    return (
        enc.phase in (Phase.MAIN, Phase.EXTRA)
        and actor is not None
        and actor.owner_id not in (None, enc.gm_id)
        and actor.can_act
        and not actor.used
    )


def check_resting(rules: RuleSet, enc: Encounter) -> None:
    """The flow moves by itself: no change leaves the fight at a step nobody waits at (the
    engine stops short of that only after a whole round in which nobody could act)."""
    if not enc.active or enc.phase is None or rules.waits(enc):
        return
    able = [c.name for c in enc.combatants if c.can_act]
    assert not able, f"the fight stopped at {enc.phase} ({enc.actor}) with {able} able to act"
