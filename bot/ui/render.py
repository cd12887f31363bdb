"""Domain events and encounter state → embeds. Pure: no sending, no database."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import discord

from bot.combat import events as ev
from bot.combat.model import Combatant, Encounter, Phase
from bot.i18n import t
from bot.i18n.dice_words import dice_text
from bot.systems.naval.events import EVENTS, EventKind
from bot.ui.gc_lines import grancrest_line

PHASE_COLOURS = {
    Phase.SETUP: 0x5865F2,
    Phase.INITIATIVE: 0xFEE75C,
    Phase.MAIN: 0x57F287,
    Phase.CLEANUP: 0xEB459E,
    Phase.EXTRA: 0xED4245,
}
LOG_COLOUR = 0x99AAB5
TITLE_LIMIT = 256  # Discord's limit on an embed's title


@dataclass
class Announcement:
    """One channel post for one command: pings first, then its embeds."""

    pings: list[int] = field(default_factory=list)
    embeds: list[discord.Embed] = field(default_factory=list)

    @property
    def content(self) -> str | None:
        return " ".join(f"<@{user}>" for user in dict.fromkeys(self.pings)) or None


def display_name(c: Combatant | None, *, for_gm: bool) -> str:
    if c is None:
        return "—"
    if c.hidden and not for_gm:
        return t("ui.hidden")
    return c.name


def phase_name(phase: Phase | str, system: str) -> str:
    value = phase.value if isinstance(phase, Phase) else phase
    return t(f"phase.{value}")


def phase_label(enc: Encounter, phase: str, actor: int | None, round_: int | None) -> str:
    """A phase as a post names it: ``第2ラウンド・イニシアチブ`` (the round where it changes),
    ``ミラのメイン`` (a turn: whose it is)."""
    word = phase_name(phase, enc.system)
    if actor is not None and phase in (Phase.MAIN.value, Phase.EXTRA.value):
        c = enc.combatant(actor)
        word = t("ui.phase_of", name=display_name(c, for_gm=False), phase=word)
    return word if round_ is None else t("ui.round_phase", round=round_, phase=word)


@dataclass
class _Section:
    label: str | None  # None: before the command passed into another phase
    lines: list[str | tuple[int, bool]] = field(default_factory=list)


def announce(enc: Encounter, events: list[ev.Event]) -> Announcement:
    """The public post for one command's events (hidden NPCs stay hidden): one embed, titled
    with every phase the command passed through (``第2ラウンド・イニシアチブ → ミラのメイン``),
    each line under the phase it happened in. The order itself is the pinned tracker's."""
    out = Announcement()
    sections = [_Section(None)]
    left: tuple[str, int | None, int] | None = None  # the phase left first: what came before

    def name(combatant_id: int | None) -> str:
        return display_name(enc.combatant(combatant_id) if combatant_id else None, for_gm=False)

    edits: dict[tuple[int, bool], list[ev.Edited]] = {}
    new_round: int | None = None
    shown_round: int | None = None
    actor_before: int | None = None
    for event in events:
        lines = sections[-1].lines
        if isinstance(event, ev.Edited):  # one line per combatant, whatever it had changed
            key = (event.combatant_id, event.by_gm)
            if key not in edits:
                lines.append(key)
            edits.setdefault(key, []).append(event)
        elif isinstance(event, ev.TurnEnded):
            actor_before = event.combatant_id
        elif isinstance(event, ev.PhaseEnded):
            if left is None and len(sections) == 1:  # the title names the round it goes into
                left = (event.phase, actor_before, event.round)
        elif isinstance(event, ev.RoundStarted):
            new_round = event.round
        elif isinstance(event, ev.PhaseStarted):
            round_ = event.round if event.round != shown_round or new_round else None
            shown_round, new_round = event.round, None
            sections.append(_Section(phase_label(enc, event.phase, event.actor, round_)))
        elif isinstance(event, ev.TurnStarted):
            actions = t("ui.list_sep").join(action_label(a) for a in event.actions) or "—"
            lines.append(t("ui.turn", name=name(event.combatant_id), actions=actions))
            actor = enc.combatant(event.combatant_id)
            if actor and actor.owner_id:
                out.pings.append(actor.owner_id)
        else:
            line = _line(enc, event, name)
            if line:
                lines.append(line)
            if isinstance(event, ev.SonicDriveOffered):
                owner = enc.combatant(event.combatant_id)
                if owner and owner.owner_id:
                    out.pings.append(owner.owner_id)
            if isinstance(event, ev.ReactionRequested) and event.owner_id:
                out.pings.append(event.owner_id)

    def text(lines: list[str | tuple[int, bool]]) -> list[str]:
        return [edit_line(enc, edits[x], name) if isinstance(x, tuple) else x for x in lines]

    passed = sections[1:]
    if not passed:  # no phase changed: the lines alone (however long: bot.ui.fit splits)
        if sections[0].lines:
            body = "\n".join(text(sections[0].lines))
            out.embeds.append(discord.Embed(description=body, colour=LOG_COLOUR))
        return out
    if left is not None:
        phase, actor, round_ = left
        first = next(e for e in events if isinstance(e, ev.PhaseStarted))
        shown = None if round_ == first.round else round_  # the title's round already
        sections[0].label = phase_label(enc, phase, actor, shown)
    filled = [s for s in sections if s.lines]
    headed = len(filled) > 1 or bool(sections[0].lines)
    body_lines: list[str] = []
    for section in filled:
        if headed and section.label:
            body_lines.append(f"**{section.label}**")
        body_lines += text(section.lines)
    last = next(e for e in reversed(events) if isinstance(e, ev.PhaseStarted))
    labels = [s.label for s in passed if s.label]
    title = " → ".join(labels)
    if len(title) > TITLE_LIMIT:  # many turns skipped at once: where it began and where it is
        title = f"{labels[0][:120]} → … → {labels[-1][:120]}"
    embed = discord.Embed(
        title=title,
        colour=PHASE_COLOURS[Phase(last.phase)],
        description="\n".join(body_lines) or None,
    )
    out.embeds.append(embed)
    return out


def _line(enc: Encounter, event: ev.Event, name: object) -> str | None:
    n = name  # type: ignore[assignment]
    match event:
        case ev.EncounterStarted():
            return t("ui.started", system=system_name(enc.system))
        case ev.CombatantAdded(combatant_id=i, hidden=hidden) if not hidden:
            return t("ui.added", name=n(i))  # type: ignore[operator]
        case ev.CombatantRemoved(name=removed, hidden=hidden):
            return t("ui.removed", name=t("ui.hidden") if hidden else removed)
        case ev.CombatantRevealed(combatant_id=i):
            return t("ui.revealed", name=n(i))  # type: ignore[operator]
        case ev.TurnSkipped(combatant_id=i):
            return t("ui.turn_skipped", name=n(i))  # type: ignore[operator]
        case ev.TurnPassed(combatant_id=i):
            return t("ui.turn_passed", name=n(i))  # type: ignore[operator]
        case ev.PromptLapsed(prompt=kind, owner=owner, why=why):
            if kind == "initiative_skills":
                return None  # the window simply closes with its phase
            who = n(owner) if owner is not None else "GM"  # type: ignore[operator]
            return t(f"ui.lapsed_{kind}", name=who) + (
                t("ui.lapsed_down", name=who) if why == "owner_down" else ""
            )
        case ev.PromptCancelled(prompt=kind):
            return t("ui.prompt_cancelled", prompt=t(f"prompt.{kind}"))
        case ev.Rolled(combatant_id=i, purpose=purpose, text=text):
            shown = dice_text(text)  # BCDice's words, in a Chinese or English channel
            return t("ui.rolled", name=n(i), purpose=t(f"purpose.{purpose}"), text=shown)  # type: ignore[operator]
        case ev.ActionUsed(combatant_id=i, action=action, detail=detail):
            suffix = f" — {detail}" if detail else ""
            return t("ui.action_used", name=n(i), action=t(f"action.{action}")) + suffix  # type: ignore[operator]
        case ev.InterruptDeclared(combatant_id=i, skill=skill):
            return t("ui.interrupt", name=n(i), skill=skill)  # type: ignore[operator]
        case ev.SonicDriveOffered(combatant_id=i, initiative=value):
            return t("ui.sonic_offered", name=n(i), value=value)  # type: ignore[operator]
        case ev.SonicDriveChosen(combatant_id=i, triggered=triggered):
            return t("ui.sonic_yes" if triggered else "ui.sonic_no", name=n(i))  # type: ignore[operator]
        case ev.NavalEventRequested(roller_id=i):
            return t("ui.naval_requested", name=n(i) if i else "GM")  # type: ignore[operator]
        case ev.NavalEventRolled(value=value):
            title = t(f"naval_title.{value}")
            line = (
                t("ui.naval_rolled", value=value, title=title) + f" — {t(f'naval_event.{value}')}"
            )
            count = EVENTS[value].count if value in EVENTS else 0
            if count:  # reinforcements stay: the GM places them
                side = "npc" if EVENTS[value].kind is EventKind.ENEMY_REINFORCEMENTS else "pc"
                line += "\n" + t("ui.naval_reinforcements", side=t(f"side.{side}"), count=count)
            return line
        case ev.NavalEventSkipped():
            return t("ui.naval_skipped")
        case ev.ExtraActionGranted(combatant_id=i, from_round=start):
            return t("ui.extra_granted", name=n(i), round=start)  # type: ignore[operator]
        case ev.Noted(key=key, entries=entries):
            # A public line: hidden combatants are left out, so nothing shows they are there.
            visible = [(i, x) for i, x in entries if (c := enc.combatant(i)) and not c.hidden]
            shown = [f"{n(i)} {text}".rstrip() for i, text in visible]  # type: ignore[operator]
            return t(key, names=t("ui.list_sep").join(shown)) if shown else None
        case ev.OptionSet(option=option, value=value):
            return t(
                "ui.option_set", option=t(f"option.{option}"), value=t(f"option.{option}.{value}")
            )
        case ev.OrderChanged():
            return t("ui.order_changed")
        case ev.Undone(command=command):
            return t("ui.undone", command=command_label(command))
        case ev.ReactionRequested(target_id=i):
            key = "ui.dodge_requested" if enc.system == "Esperancer" else "ui.reaction_requested"
            return t(key, name=n(i))  # type: ignore[operator]
        case ev.AttackResolved(attacker_id=a, target_id=i, hit=hit, reaction=None):
            key = "ui.attack_unopposed" if enc.system == "GranCrest" else "ui.attack_undodged"
            return t(key, attacker=n(a), target=n(i), hit=hit)  # type: ignore[operator]
        case ev.AttackResolved(attacker_id=a, target_id=i, hit=hit, reaction=reaction, hits=hits):
            key = "ui.attack_hits" if hits else "ui.attack_misses"
            return t(key, attacker=n(a), target=n(i), hit=hit, reaction=reaction)  # type: ignore[operator]
        case ev.WeaponSet(combatant_id=i, weapon=weapon):
            return t("ui.weapon_set", name=n(i), weapon=weapon)  # type: ignore[operator]
        case ev.WeaponSwapped() | ev.ItemExchanged() | ev.DefenseApplied() | ev.SkillOrder():
            return grancrest_line(event, n)
        case ev.EngageChanged(combatant_id=i, engage=group):
            return t("ui.engaged" if group else "ui.disengaged", name=n(i), engage=group)  # type: ignore[operator]
        case ev.MovedDistance(combatant_id=i, metres=metres):
            return t("ui.moved_metres", name=n(i), metres=metres)  # type: ignore[operator]
        case ev.StatusApplied(combatant_id=i, status=status):
            return t("ui.status_applied", name=n(i), status=status_name(status))  # type: ignore[operator]
        case ev.StatusExpired(combatant_id=i, status=status):
            return t("ui.status_expired", name=n(i), status=status_name(status))  # type: ignore[operator]
        case ev.SkillUsed(combatant_id=i, skill=skill, timing=timing):
            return t("ui.skill_used", name=n(i), skill=skill, timing=t(f"timing.{timing}"))  # type: ignore[operator]
        case ev.MapChanged(width=width, height=height):
            return t("ui.map_changed", width=width, height=height)
        case ev.Moved(combatant_id=i, to=to, cost=cost):
            return t("ui.moved", name=n(i), x=to[0], y=to[1], cost=cost)  # type: ignore[operator]
        case ev.Damaged(combatant_id=i, amount=amount, hp=hp):
            return t("ui.damaged", name=n(i), amount=amount, hp=hp if hp is not None else "?")  # type: ignore[operator]
        case ev.Healed(combatant_id=i, amount=amount, hp=hp):
            return t("ui.healed", name=n(i), amount=amount, hp=hp if hp is not None else "?")  # type: ignore[operator]
        case ev.Recovered(combatant_id=i):
            return t("ui.recovered", name=n(i))  # type: ignore[operator]
        case ev.CombatantDown(combatant_id=i, reason=reason):
            return t(f"ui.down_{reason}", name=n(i))  # type: ignore[operator]
        case ev.CombatEnded(round=round_number):
            return t("ui.ended", round=round_number)
        case ev.ShipMoved(ship_id=i, position=position):
            return t("ui.ship_moved", name=n(i), position=position)  # type: ignore[operator]
        case ev.Boarded(combatant_id=i, ship_id=ship, area=area):
            return t("ui.boarded", name=n(i), ship=n(ship), area=area + 1)  # type: ignore[operator]
        case ev.ShipSunk(ship_id=i, aboard=aboard):
            names = t("ui.list_sep").join(str(n(a)) for a in aboard) or "—"  # type: ignore[operator]
            return t("ui.ship_sunk", name=n(i), aboard=names)  # type: ignore[operator]
        case ev.MoraleChanged(side=side, morale=value):
            return t("ui.morale", side=t(f"side.{side}"), morale=value)
        case ev.CrewMoved(combatant_id=i, area=area):
            c = enc.combatant(i)
            ship = c.aboard if c is not None else None
            return t("ui.crew_moved", name=n(i), ship=n(ship), area=area + 1)  # type: ignore[operator]
        case ev.CoverDeclared(combatant_id=i, target_id=target):
            return t("ui.cover_declared", name=n(i), target=n(target))  # type: ignore[operator]
        case ev.CoverTaken(combatant_id=i, target_id=target):
            return t("ui.cover_taken", name=n(i), target=n(target))  # type: ignore[operator]
        case ev.NoFlagship(side=side):
            return t("ui.no_flagship", side=t(f"side.{side}"))
        case ev.SideDefeated(side="npc", reason="draw"):
            return None  # a draw is announced once, with the PCs' line
        case ev.SideDefeated(side=side, reason=reason, ends=ends):
            key = f"ui.defeated_{reason}" if ends or reason == "draw" else "ui.all_down"
            return t(key, side=t(f"side.{side}"))
    return None


def edit_line(enc: Encounter, edits: list[ev.Edited], name: object) -> str:
    """``Aster：HP 30 → 25、回避 2 → 3（GMが変更）`` — every number a command set by hand."""
    parts = []
    for e in edits:
        if e.field.startswith("weapon:"):
            parts.append(t("ui.edit_weapon", weapon=e.field.partition(":")[2]))
        else:
            before, after = _value(e.before, e.field), _value(e.after, e.field)
            parts.append(t("ui.edit_part", field=field_name(e.field), before=before, after=after))
    who = t("ui.edited_by_gm" if edits[0].by_gm else "ui.edited_by_player")
    return t("ui.edited", name=name(edits[0].combatant_id), changes=t("ui.list_sep").join(parts),  # type: ignore[operator]
             who=who)  # fmt: skip


def field_name(field: str) -> str:
    label = t(f"field.{field}")
    return field if label == f"field.{field}" else label


def _value(value: object, field: str = "") -> str:
    """A value as shown: a word the glossary has for the field (licence ``ship`` → 船舶)."""
    if isinstance(value, str) and field:
        term = t(f"{field}.{value}")
        if term != f"{field}.{value}":
            return term
    if isinstance(value, bool):
        return t("ui.yes") if value else t("ui.no")
    if value is None:
        return "—"
    if isinstance(value, dict):
        return str(value.get("name") or "…")
    return str(value)


def system_name(system: str) -> str:
    """A rule set's name in the reader's language (``naval`` → 海戦ルール …), never its id."""
    for key in (f"system.{system}", f"ruleset.{system}"):
        name = t(key)
        if name != key:
            return name
    return system


def action_label(action: str) -> str:
    """An action or command in a word or two: its catalog line up to the usage that follows
    (``攻撃：target=… hit=…`` → ``攻撃``); an encounter command (``next``) by its own term."""
    for key in (f"command_name.{action}", f"action.{action}"):
        text = t(key)
        if text != key:
            return re.split(r"\s*[：:]", text, maxsplit=1)[0]
    return t("ui.unknown_command")


def command_label(command: str) -> str:
    return action_label(command)


def status_name(kind: str) -> str:
    """A status in the reader's language; rule sets' own kinds without a catalog entry as is."""
    name = t(f"status.{kind}")
    return kind if name == f"status.{kind}" else name
