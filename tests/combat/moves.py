"""What the stateful tests may try: each rule set's actions with details as a table would type
them — good, odd and hostile — drawn against the names present (hidden ones and ``2`` too)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

# {a} and {b} are filled with names drawn from the encounter (or made-up ones).
COMMON = {
    "minor": ["", "draw a potion"],
    "major": [""],
    "end_turn": [""],
}
GRANCREST = {
    **COMMON,
    "interrupt": ["《Fast Action》", ""],
    "set_order": ["{a}, {b}", "{a}"],
    "choose_pc_order": ["{a}, {b}"],
    "gc_set": ["hp=30 strength=5", "hp=-4", "hp=60 max_hp=80", "weapon=6 dodge=2D6+2",
               "strength=0 hp=0", "spirit=3", "hp=abc"],
    "damage": ["10", "25 heat", "60 weapon,impact", "5 lightning"],
    "heal": ["10", "15 levels=1,2", "5 levels=3"],
    "attack": ["target={a} hit=2D6+3 power=8", "target={a} hit=2D6+12 power=20",
               "target={a}", "target={a} ranged=yes", "target={a} hit=1D6+"],
    "react": ["", "2D6+3", "banana"],
    "gc_weapon": ["name=Sword hit=2D6+4 power=9", "name=Bow hit=2D6 power=5 ranged=yes"],
    "map": ["6x6", "50x50"],
    "place": ["1,1", "2,1", "9,9"],
    "move": ["2,1", "1,1 full", "5,5"],
    "skill": ["timing=setup name=A", "timing=major name=B", "timing=minor name=C",
              "timing=cleanup name=D", "timing=initiative name=E"],
}  # fmt: skip
ESPERANCER = {
    **COMMON,
    "roll_initiative": [""],
    "sonic": ["yes", "no"],
    "esp_set": ["hp=20", "hp=-3", "hp=40 dodge=2", "boss=yes", "boss=no", "speed=5"],
    "status": ["add poison", "add sleep", "add faint", "add paralysis", "remove sleep",
               "add seal", "remove prone", "add prone"],
    "engage": ["{a}", "{a} full"],
    "leave": ["", "full"],
    "attack": ["target={a} damage=8", "target={a} damage=2D10 range=ranged",
               "target={a} hit=+2 damage=30", "target={a} damage=-5",
               "target={a} range=ranged damage=5 dodge=-1D10"],
    "dodge": [""],
    "heal": ["10", "2D10", "abc"],
    "set_order": ["{a}, {b}"],
    "esp_options": ["dodge_rolls=players", "dodge_rolls=bot", "dodge_rolls=maybe"],
    "skill": ["timing=minor name=A", "timing=major name=B", "timing=combinable name=C",
              "timing=setup name=D"],
    "move": ["5", "15 full", "5 past={a}", "99"],
}  # fmt: skip
NAVAL = {
    **COMMON,
    "move_action": [""],
    "roll_event": [""],
    "skip_event": [""],
    "board": ["ship={a} area=1", "ship={b} area=2"],
    "licence": ["ship", "driving", "none"],
    "steer": ["forward", "back", "forward 2"],
    "ship_damage": ["ship={a} amount=120 by=pc", "ship={a} amount=900"],
    "ship_skill": ["ship={a} skill=修繕", "ship={a} skill=砲撃 at={b}"],
    "ship_edit": ["ship={a} hp=50", "ship={a} position=2", "ship={a} flagship=yes"],
    "attack": ["target={a} hit=2D6+5 damage=2D6+30", "target={a} hit=2D6 damage=500 style=melee",
               "target={a} area=yes ships=yes hit=2D6 damage=40",
               "target={a} area=yes ships=enemy hit=2D6 damage=40 reach=2-3",
               "target={a} hit=2D6 damage=30 reach=1 contact=yes"],
    "walk": ["area=1", "area=2", "area=3"],
    "cover": ["target={a}", "target={b}"],
    "crew": ["preset=柾良海軍巡視兵 ship={a} area=1"],
    "naval_set": ["hp=40 dodge=2D6+2", "hp=0", "flying=yes", "hp=120"],
    "aboard": ["ship={a} area=1", "ship={b} area=1"],
}  # fmt: skip
GURPS = {
    **COMMON,
    "maneuver": [""],
    "accelerate": ["", "always"],
    "damage": ["3", "2D+4", "25", "80"],
    "heal": ["4", "1D"],
    "gurps_set": ["hp=10 ht=10", "hp=-12", "mook=yes", "ht=0", "hp=30"],
}
MOVES = {"GranCrest": GRANCREST, "Esperancer": ESPERANCER, "naval": NAVAL, "GURPS": GURPS}


@st.composite
def action(draw: Callable, system: str, names: list[str]) -> tuple[str, str]:
    """(action, detail) with the names in the detail drawn from ``names`` (or made up)."""
    moves = MOVES[system]
    name = draw(st.sampled_from(sorted(moves)))
    template = draw(st.sampled_from(moves[name]))
    pool = st.sampled_from(names) if names else st.just("Nobody")
    picks = {k: draw(st.one_of(pool, st.just("Nobody"))) for k in ("a", "b")}
    return name, template.format(**picks)
