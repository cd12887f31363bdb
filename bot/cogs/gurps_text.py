"""How /gurps shows what the rules decided: stress changes, lighting; and small lookups on a saved
character's row shared by the /gurps commands."""

from __future__ import annotations

from bot.i18n import t
from bot.systems.gurps import regulation, stress
from bot.systems.gurps.dice import Outcome
from bot.systems.gurps.regulation import RegulationError


def traits_of(row: dict) -> frozenset[str]:
    return frozenset((row.get("state") or {}).get("traits", []))


def trait_name(name: str, locale: str) -> str:
    """A trait as the reader's language writes it (a name the glossary lacks, as typed)."""
    return _term("gurps_trait", name, locale)


def skill_name(name: str, locale: str) -> str:
    return _term("gurps_skill", name, locale)


def _term(kind: str, name: str, locale: str) -> str:
    key = f"{kind}.{name}"
    shown = t(key, locale=locale)
    return name if shown == key else shown


def stress_maximum(row: dict) -> int:
    stats = row["stats"]
    if "iq" not in stats:
        raise RegulationError("gurps.needs_iq", name=row["name"])
    return stress.maximum(int(stats["iq"]), int(stats.get("will", 0)))


PRESSURE = {
    Outcome.CRITICAL: "critical_success", Outcome.SUCCESS: "success",
    Outcome.FAILURE: "failure", Outcome.AUTOMATIC_FAILURE: "failure",
    Outcome.FUMBLE: "critical_failure",
}  # fmt: skip


def check_cause(judged: Outcome, *, pressure: bool, fright: bool, relief: bool) -> str | None:
    """The one stress change a /gurps check makes, the most specific rule first. Decision: a
    check changes stress once — a fright check by the fright rule (success −1, failure −(1D+1)),
    a relief roll by +2D on success, a check under pressure by the pressure rule (so a critical
    there gives +(1D+2) only, not that and the +1D every critical gives), any other critical +1D.
    """
    passed = judged in (Outcome.CRITICAL, Outcome.SUCCESS)
    if fright:
        return "fright_passed" if passed else "fright_failed"
    if relief:
        return "relief" if passed else None
    if pressure:
        return PRESSURE[judged]
    return "critical" if judged is Outcome.CRITICAL else None


def change_lines(name: str, after: stress.Stress, change: stress.Change, locale: str) -> list[str]:
    """A stress change as posted: the cause and amount (with its roll), then what it led to."""
    delta = f"{change.delta:+d}"
    if change.rolled:
        delta += t("gurps.stress_rolled", locale=locale, text=change.rolled)
    lines = [
        t("gurps.stress_changed", locale=locale, name=name,
          cause=t(f"stress_cause.{change.cause}", locale=locale), delta=delta,
          after=change.after, maximum=after.maximum)
    ]  # fmt: skip
    if change.relief_yen is not None:
        lines.append(t("gurps.relief_yen", locale=locale, yen=f"{change.relief_yen:,}"))
    if change.became_depressed:
        lines.append(t("gurps.depressed", locale=locale, name=name))
    if change.depression_ended:
        lines.append(t("gurps.depression_ended", locale=locale, name=name))
    if change.breakdown_days is not None:
        lines.append(t("gurps.breakdown", locale=locale, name=name, days=change.breakdown_days))
    return lines


def light_name(value: str, locale: str) -> str:
    scene, torch = regulation.parse_light(value)
    name = t(f"light.{scene.value}", locale=locale)
    return name + (t("gurps.with_torch", locale=locale) if torch else "")


def _cell(cost: float | None) -> str:
    return "–" if cost is None else f"{cost:g}"


def _grid(title: str, kinds: tuple[str, ...], locale: str) -> list[str]:
    """One table: a row per attribute offset, a column per kind ("–": not on the table)."""
    tables = [regulation.table_of(k) for k in kinds]
    low, high = min(min(x) for x in tables), max(max(x) for x in tables) + 1  # +1 shows the step
    rows = {
        offset: [regulation.any_cost(k, offset) if offset >= min(x) else None
                 for k, x in zip(kinds, tables, strict=True)]
        for offset in range(low, high + 1)
    }  # fmt: skip
    header = " | ".join(t(f"gurps_kind_short.{k}", locale=locale) for k in kinds)
    lines = [f"**{title}**", f"{t('gurps.cp_offset', locale=locale)} | {header}"]
    for offset in sorted(rows):
        lines.append(f"{offset:+d} | " + " | ".join(_cell(c) for c in rows[offset]))
    return lines


def cost_tables(kind: str | None, locale: str) -> str:
    """/gurps cp without a level: the chosen kind's table, or both skill tables, labelled."""
    if kind is not None:
        groups = [(t(f"gurps_kind.{kind}", locale=locale), (kind,))]
    else:
        groups = [
            (t("gurps.cp_physical", locale=locale), tuple(regulation.SKILL_COSTS)),
            (t("gurps.cp_mental", locale=locale), tuple(regulation.MENTAL_COSTS)),
        ]
    lines: list[str] = []
    for title, kinds in groups:
        lines += _grid(title, kinds, locale)
    lines.append(t("gurps.cp_past", locale=locale))
    return "\n".join(lines)
