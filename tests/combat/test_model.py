"""The encounter state's snapshots: ``to_dict`` is exactly ``dataclasses.asdict``, and
``from_dict`` gives the state back; the log's snapshot (orjson, straight from the data classes)
is the same JSON."""

from __future__ import annotations

from dataclasses import asdict

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.combat import journal, prompts
from bot.combat.model import Condition, Encounter, Phase, Side, Stats, Status
from tests.combat.helpers import add, encounter

names = st.text(st.characters(categories=("L", "N")), min_size=1, max_size=12)
json = st.recursive(
    st.none() | st.booleans() | st.integers(-99, 99) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(names, st.sampled_from(list(Side)), st.integers(-50, 50), json), max_size=6),
    st.sampled_from([None, *Phase]),
    json,
)
def test_to_dict_is_asdict_and_from_dict_gives_the_state_back(
    people: list[tuple[str, Side, int, object]], phase: Phase | None, data: object
) -> None:
    enc: Encounter = encounter("GranCrest")
    enc.phase, enc.data = phase, {"x": data}
    for n, (name, side, hp, extra) in enumerate(people):
        c = enc.combatant(add(enc, f"{name} {n}", side, hp=hp))
        assert c is not None
        c.extra = {"gc": {"anything": extra}}
        c.statuses.append(Status("poison", 2, {"from": extra}))
        c.condition = Condition.DYING if hp < 0 else Condition.FIGHTING
        c.stats = Stats(hp=hp, action_value=n)
    prompts.open_prompt(enc, "reaction", 1, "turn", about=None, data={"hit": data})
    snapshot = enc.to_dict()
    assert snapshot == asdict(enc)
    assert orjson.loads(orjson.dumps({"before": journal.snapshot(enc)}))["before"] == snapshot
    assert Encounter.from_dict(snapshot).to_dict() == snapshot
    enc.data["x"] = "changed"  # a snapshot shares nothing with the state it was taken of
    assert snapshot["data"] == {"x": data}
