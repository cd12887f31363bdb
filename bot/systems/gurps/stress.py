"""The group's stress points (rules digest "Stress points"): the maximum, the change a check under
pressure makes, every other listed cause and recovery, depression at 3 or less, breakdown at 0.

Pure: a ``Stress`` value in, a new one and the change (with its roll) out. The caller keeps it per
character, across sessions, and logs each change with its cause.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.dice import DieSource, roll
from bot.i18n import LocalizedError, glossary


class StressError(LocalizedError):
    pass


CALM_TRAITS = frozenset({"冷静沈着", "大雑把", "自信過剰", "喝采願望"})
LIAR_TRAITS = frozenset({"虚言癖", "トリックスター", "サディスト"})
DEPRESSED_AT, DEPRESSED_PENALTY, NEVER_GIVE_UP_TO = 3, -5, 4

# Each cause: the change as a number or dice ("-(1D6+3)" is −(1D+3)).
CAUSES: dict[str, str] = {
    "tension": "-1", "resist_disadvantage": "-2", "narrow_cycle": "-1", "narrow_meet": "-2",
    "reaction_poor": "-1", "reaction_bad": "-2", "reaction_very_bad": "-3",
    "reaction_disastrous": "-(1D6+3)", "social_skill": "-1", "conversation": "-1", "lie": "-1",
    "abuse_spell": "-1", "duty_failed": "-(1D6)", "duty_resisted": "-2", "sleepless": "-(1D6)",
    "sense_trait": "-1", "misfortune": "-(1D6)", "fright_failed": "-(1D6+1)", "fright_passed": "-1",
    "sleep": "+1D6", "relief": "+2D6", "critical": "+1D6",
}  # fmt: skip
# Only sleep and stress relief end depression ("夜間に睡眠を取る」か、「ストレスを発散」するしか
# ありません"). Decision: so a critical success, even one lifting stress above 3, does not.
ENDS_DEPRESSION = frozenset({"sleep", "relief"})


@dataclass(frozen=True)
class Stress:
    value: int
    maximum: int
    depressed: bool = False
    breakdown_days: int | None = None  # rolled when it reached 0
    never_give_up_used: bool = False  # あきらめない, once a session


@dataclass(frozen=True)
class Change:
    cause: str
    delta: int  # what the rule asked for
    rolled: str | None  # the roll's text when dice decided it
    before: int
    after: int
    became_depressed: bool
    depression_ended: bool
    breakdown_days: int | None
    relief_yen: int | None = None


def maximum(iq: int, will: int) -> int:
    """IQ plus the levels of 意志の強さ (minus those of 意志の弱さ: pass them negative)."""
    return max(0, iq + will)


def pressure_cause(outcome: str, traits: frozenset[str]) -> str:
    """The change a check made under pressure asks for: success −1, failure −3, critical failure
    −(1D+2), critical success +(1D+2); the calm traits lose 0 on success and 1 on failure.
    Decision: a critical failure is listed on its own, so the calm traits do not soften it."""
    calm = bool(traits & CALM_TRAITS)
    return {
        "critical_success": "+1D6+2",
        "success": "0" if calm else "-1",
        "failure": "-1" if calm else "-3",
        "critical_failure": "-(1D6+2)",
    }[outcome]


def cause_amount(cause: str, traits: frozenset[str]) -> str:
    """The listed cause's change for this character (lying and abusing spells depend on traits)."""
    if cause not in CAUSES:
        known = glossary.Terms(f"stress_cause.{c}" for c in CAUSES)
        raise StressError("gurps.unknown_cause", cause=cause, known=known)
    if cause == "lie" and traits & LIAR_TRAITS:
        return "+1"  # 虚言癖, トリックスター, サディスト recover instead
    if cause == "lie" and {"正直", "誠実"} <= traits:
        return "-2"
    if cause == "abuse_spell" and "誠実" in traits:
        return "-2"
    return CAUSES[cause]


def _amount(spec: str, dice: DieSource | None) -> tuple[int, str | None]:
    if "D" not in spec:
        return int(spec), None
    result = roll(spec.lstrip("+"), system="DiceBot", dice=dice, strict=True)
    assert result is not None and result.total is not None
    return result.total, result.text


def apply(
    stress: Stress, cause: str, spec: str, dice: DieSource | None, *, pay_yen: bool = False
) -> tuple[Stress, Change]:
    """Apply a change of ``spec`` (from ``pressure_cause`` or ``cause_amount``) for ``cause``."""
    if spec.startswith("-("):
        amount, text = _amount(spec[2:].rstrip(")"), dice)
        delta = -amount
    else:
        delta, text = _amount(spec, dice)
    yen = None
    if cause == "relief" and pay_yen:  # money relief: (1D−1, at least 1) × 10,000 yen
        cost, _ = _amount("1D6", dice)
        yen = max(1, cost - 1) * 10_000
    after = min(stress.maximum, max(0, stress.value + delta))
    depressed = stress.depressed
    ended = False
    if cause in ENDS_DEPRESSION and depressed and after > DEPRESSED_AT:
        depressed, ended = False, True
    became = not depressed and after <= DEPRESSED_AT
    depressed = depressed or became
    days = None
    if after == 0 and stress.value > 0:
        days, _ = _amount("3D6", dice)  # breakdown: useless for 3D days
    new = replace(
        stress, value=after, depressed=depressed,
        breakdown_days=days if days is not None else stress.breakdown_days,
    )  # fmt: skip
    return new, Change(cause, delta, text, stress.value, after, became, ended, days, yen)


def never_give_up(stress: Stress, will_roll_succeeded: bool) -> Stress:
    """あきらめない: once a session, a successful Will roll brings a depressed PC back to 4.
    It lifts depression only: a breakdown (stress 0) lasts until the GM ends it."""
    if stress.breakdown_days is not None:
        raise StressError("gurps.in_breakdown", days=stress.breakdown_days)
    if stress.never_give_up_used:
        raise StressError("gurps.never_give_up_used")
    if not stress.depressed:
        raise StressError("gurps.not_depressed")
    if not will_roll_succeeded:
        return replace(stress, never_give_up_used=True)
    return replace(stress, value=NEVER_GIVE_UP_TO, depressed=False, never_give_up_used=True)


def end_breakdown(stress: Stress) -> Stress:
    """The GM ends a breakdown (its 3D days are over, or 《精神治療》 in hospital). Stress
    stays where it is: still depressed at 3 or less, until sleep or relief."""
    if stress.breakdown_days is None:
        raise StressError("gurps.no_breakdown")
    return replace(stress, breakdown_days=None)


def record(cause: str, before: Stress, after: Stress) -> Change:
    """The log line for a change not made by ``apply`` (あきらめない sets the value outright)."""
    return Change(
        cause, after.value - before.value, None, before.value, after.value,
        became_depressed=after.depressed and not before.depressed,
        depression_ended=before.depressed and not after.depressed, breakdown_days=None,
    )  # fmt: skip


def penalty(stress: Stress, cause: str | None = None) -> int:
    """Depressed: every action roll takes −5; a roll for stress relief takes none ("ストレス発散
    のための技能判定には、特にペナルティを受けません")."""
    return DEPRESSED_PENALTY if stress.depressed and cause != "relief" else 0
