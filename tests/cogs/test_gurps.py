"""/gurps through SimCord: CP costs, sheet validation, the GM's experience — and refusals."""

from __future__ import annotations

from tests.cogs.conftest import World


async def test_cp_costs_from_both_tables(world: World) -> None:
    hard = await world.alice.slash(world.channel, "gurps cp", kind="hard", level=14, attribute=12)
    assert hard.ephemeral and "14" in hard.response.content and "12 CP" in hard.response.content
    past = await world.alice.slash(world.channel, "gurps cp", kind="easy", level=18, attribute=10)
    assert "28 CP" in past.response.content  # +8: 16 at +5, then +4 a level
    half = await world.alice.slash(world.channel, "gurps cp", kind="mental", level=10, attribute=12)
    assert "0.5 CP" in half.response.content
    familiar = await world.alice.slash(
        world.channel, "gurps cp", kind="familiar_direct", level=13, attribute=10
    )
    assert "40 CP" in familiar.response.content  # 32 at +2, then +8


async def test_cp_below_the_table_is_refused_clearly(world: World) -> None:
    low = await world.alice.slash(world.channel, "gurps cp", kind="easy", level=8, attribute=10)
    assert low.ephemeral and "-1" in low.response.content
    assert len(world.env.errors) == 1


async def test_validate_lists_every_breach(world: World) -> None:
    fine = await world.alice.slash(
        world.channel,
        "gurps validate",
        sheet="cp=620 unused=5 st=14 skill:剣=18 trait:意志の強さ=3",
    )
    assert fine.ephemeral and "within the regulation" in fine.response.content
    bad = await world.alice.slash(
        world.channel, "gurps validate",
        sheet="cp=625 unused=0 st=21 skill:剣=31 trait:妖術抵抗=6 power:火炎=11 limit:変身=-60",
    )  # fmt: skip
    text = bad.response.content
    assert "6 breach(es)" in text
    for part in ("ST 21", "剣 31", "妖術抵抗 level 6", "火炎 power 11", "変身 -60%", "625"):
        assert part in text, part
    unreadable = await world.alice.slash(world.channel, "gurps validate", sheet="st=12 luck")
    assert unreadable.ephemeral and "luck" in unreadable.response.content
    assert len(world.env.errors) == 1


async def test_gm_experience_is_a_third_of_the_total(world: World) -> None:
    done = await world.gm.slash(world.channel, "gurps gmxp", earned="3 4 5 ５")
    assert not done.ephemeral and "17" in done.response.content and "5" in done.response.content
    bad = await world.gm.slash(world.channel, "gurps gmxp", earned="lots")
    assert bad.ephemeral and "lots" in bad.response.content
    assert len(world.env.errors) == 1
