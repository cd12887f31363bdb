"""Sample texts for the leak check: every catalog message, every event kind with every value
its fields may carry, the tracker with every status and down state — in every locale.

New catalog keys and new event kinds are picked up by themselves; an event field of a kind the
sampler does not know fails loudly, so it gets its values here rather than going unchecked.
"""

from __future__ import annotations

import dataclasses
import string
import typing
from collections.abc import Iterator
from dataclasses import dataclass

from bot.combat import events as ev
from bot.combat.model import Action, Combatant, Encounter, Phase, Side, Stats, Status
from bot.i18n import LOCALES, t, use_locale
from bot.systems.esperancer.statuses import Effect
from bot.systems.grancrest.rules import DamageType

NAMES = ("Aster", "Shadow")  # the user-given names in the samples
SYSTEMS = ("GranCrest", "Esperancer", "GURPS", "naval", "DiceBot")


@dataclass(frozen=True)
class Text:
    where: str
    locale: str
    text: str


class Sample:
    """Fills any placeholder of a template, whatever its format spec."""

    def __format__(self, spec: str) -> str:
        return "7"


def suffixes(prefix: str) -> list[str]:
    """``action.`` → every action a catalog names (single-level keys only)."""
    rests = (key[len(prefix) :] for key in LOCALES["en"] if key.startswith(prefix))
    return sorted({rest for rest in rests if "." not in rest})


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def catalog_texts() -> Iterator[Text]:
    """Every message as ``t`` gives it (command names localized), placeholders filled.
    English option names are Discord's own identifiers (``dodge_rolls``): left out there."""
    for locale, catalog in LOCALES.items():
        for key, template in catalog.items():
            if locale == "en" and key.startswith("opt."):
                continue
            filled = t(key, locale=locale, **{p: Sample() for p in placeholders(template)})
            yield Text(f"catalog {key}", locale, filled)


def _field_values() -> dict[str, list[object]]:
    commands = ["start", "end", "next", "add", "join", "remove", "reveal", "undo"]
    return {
        "phase": [p.value for p in Phase],
        "action": [a.value for a in Action],
        "actions": [[a] for a in suffixes("action.")],
        "remaining": [[a.value for a in Action]],
        "status": sorted({*[e.value for e in Effect], *suffixes("status.")}),
        "side": [s.value for s in Side],
        "prompt": suffixes("prompt."),
        "purpose": suffixes("purpose."),
        "timing": suffixes("timing."),
        "command": sorted({*commands, *suffixes("action.")}),
        "system": list(SYSTEMS),
        "why": ["expired", "owner_down"],
        "option": ["dodge_rolls"],
        "value": ["bot", "players"],
        "field": ["hp", "max_hp", "action_value", "dodge", "strength", "weapon:Sword"],
        "detail": ["", "Sword"],
        "skill": ["Sword"],
        "weapon": ["Sword"],
        "title": ["Storm"],
        "event": ["Storm"],
        "text": ["(2D6) ＞ 7[3,4] ＞ 7"],
        "name": [NAMES[0]],
        "out": ["Sword", None],
        "into": ["Halberd"],
        "item": ["Sword"],
        "back": [None, "Halberd"],
        "defense_type": [t.value for t in DamageType],
        "key": ["gurps.no_speed", "gurps.rolled_off"],
        "skills": [[(1, "Sword"), (2, "Guard")]],  # (combatant, skill) in the order they resolve
        "entries": [[(1, ""), (2, "")]],
    }


def _reasons(event: type[ev.Event]) -> list[object]:
    if event is ev.SideDefeated:
        return ["wiped_out", "flagship_sunk"]
    return suffixes("down.")


def _values(event: type[ev.Event], name: str, hint: object) -> list[object]:
    text = str(hint)
    if name == "reason":
        return _reasons(event)
    if name == "value" and event is ev.NavalEventRolled:
        return list(range(2, 13))
    known = _field_values()
    if name in known and ("str" in text or "list" in text or "Any" in text):
        return known[name]
    if "tuple" in text:
        return [(1, 2)]
    if "list[int]" in text:
        return [[1, 2]]
    if "list[list[int]]" in text:
        return [[[1, 1], [2, 2]]]
    if text.startswith("list[tuple"):
        return [[(6, 3)]]
    if "bool" in text:
        return [True, False]
    if "int" in text or "float" in text:
        return [1]
    if name in ("before", "after"):
        return [3, True, None]
    raise AssertionError(f"no sample values for {event.__name__}.{name} ({text}): add them")


def every_event() -> Iterator[ev.Event]:
    """Every event kind once per value of each of its fields."""
    for kind in ev.Event.__subclasses__():
        hints = typing.get_type_hints(kind)
        fields = [f.name for f in dataclasses.fields(kind)]
        options = {name: _values(kind, name, hints[name]) for name in fields}
        base = {name: values[0] for name, values in options.items()}
        yield kind(**base)
        for name, values in options.items():
            for value in values[1:]:
                yield kind(**{**base, name: value})


def encounter(system: str) -> Encounter:
    enc = Encounter(channel_id=1, guild_id=1, system=system, gm_id=1, round=1, phase=Phase.MAIN)
    statuses = [Status(kind) for kind in _field_values()["status"]]  # type: ignore[arg-type]
    enc.combatants = [
        Combatant(1, NAMES[0], Side.PC, owner_id=5, stats=Stats(hp=3, max_hp=9), statuses=statuses),
        Combatant(2, NAMES[1], Side.NPC, stats=Stats(hp=0)),
    ]
    enc.order, enc.actor = [1, 2], 1
    return enc


def event_texts() -> Iterator[Text]:
    from bot.ui import render

    for system in SYSTEMS:
        enc = encounter(system)
        for event in every_event():
            for locale in LOCALES:
                with use_locale(locale):
                    post = render.announce(enc, [event])
                    for embed in post.embeds:
                        for part in (embed.title, embed.description):
                            if part:
                                yield Text(f"{system} {event!r}", locale, part)


def tracker_texts() -> Iterator[Text]:
    """Both views of the tracker: the GM's, and the players' (an NPC's wound level at every
    step of the bar), with statuses lasting some rounds, a GURPS scene's light and stress."""
    from bot.systems.gurps.stress import Stress
    from bot.ui.tracker import Scene, tracker

    scene = Scene(light="street+torch", stress={1: Stress(2, 12, depressed=True)})
    for system in SYSTEMS:
        for down in suffixes("down."):
            enc = encounter(system)
            enc.combatants[0].statuses.append(Status("poison", remaining=2))
            enc.combatants[0].extra["acceleration"] = {"granted_round": 1, "always": False}
            enc.combatants[1].down_reason = down
            enc.combatants[1].condition = enc.combatants[1].condition.OUT
            for phase in [None, *Phase]:
                enc.phase = phase
                enc.round = 0 if phase is None else 1
                for locale in LOCALES:
                    with use_locale(locale):
                        embed = tracker(enc, for_gm=True, scene=scene)
                        for part in (embed.title, embed.description, embed.footer.text):
                            if part:
                                yield Text(f"tracker {system} {phase} {down}", locale, part)
        for hp in range(-1, 11):  # the players' view of a wounded NPC, every step
            enc = encounter(system)
            enc.combatants[1].stats = Stats(hp=hp, max_hp=10)
            for locale in LOCALES:
                with use_locale(locale):
                    embed = tracker(enc, scene=scene)
                    yield Text(f"tracker {system} players hp {hp}", locale, embed.description or "")
