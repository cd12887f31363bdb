"""The stateful property tests (``tests/combat/stateful.py``), one per rule set, seeded and
reproducible: 200 sequences of up to 50 steps each."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from tests.combat.stateful import GM, EncounterMachine

RUN = settings(
    max_examples=int(__import__("os").environ.get("STATEFUL_EXAMPLES", "120")),
    stateful_step_count=50,
    deadline=None,
    derandomize=True,  # the same sequences on every run: a failure reproduces
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


class GrancrestMachine(EncounterMachine):
    system = "GranCrest"


class EsperancerMachine(EncounterMachine):
    system = "Esperancer"


class GurpsMachine(EncounterMachine):
    system = "GURPS"


class NavalMachine(EncounterMachine):
    system = "naval"

    def set_up(self) -> None:
        """Two ships, everyone aboard: the add-on's commands have something to act on."""
        for detail in ("name=Ark side=pc position=0 hp=600 areas=2 helm=1 flagship=yes",
                       "name=Raft side=npc position=1 hp=200 flagship=yes"):  # fmt: skip
            self.step(GM, "act", self.service.act(100, GM, "place_ship", None, detail))
        for name, ship in (("Aster", "Ark"), ("Mira", "Ark"), ("Goblin 1", "Raft"),
                           ("Goblin 2", "Raft"), ("Shade 1", "Raft")):  # fmt: skip
            self.step(GM, "act", self.service.act(100, GM, "aboard", name, f"ship={ship} area=1"))


TestGrancrest = RUN(GrancrestMachine).TestCase
TestEsperancer = RUN(EsperancerMachine).TestCase
TestGurps = RUN(GurpsMachine).TestCase
TestNaval = RUN(NavalMachine).TestCase
