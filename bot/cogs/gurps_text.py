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
