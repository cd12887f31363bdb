"""The battlefield picture: a real PNG, at least 960 px wide and at most its maximum, in a
frame that stays put from post to post, one lane per ship with its bow toward the enemy; names,
HP, downed crew, the flagship's pennant, wind, running aground, speed-up and morale drawn."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageFont

from bot.systems.naval.battlefield import FIELD
from bot.ui.fonts import drawable, fit, font
from bot.ui.naval_draw import CELL_W, DOWN, GOLD, LANE, LANE_H, MARGIN, ROCK, SEA, SPEED, TOP
from bot.ui.naval_map import (
    MAX_HEIGHT,
    MAX_WIDTH,
    MIN_WIDTH,
    SUNK,
    battlefield_window,
    frame,
    render_battlefield,
)
from bot.ui.naval_scene import CrewPicture, SeaPicture, ShipPicture


def picture(
    *ships: ShipPicture,
    focus: list[int] = (),  # type: ignore[assignment]
    sea: SeaPicture | None = None,
) -> Image.Image:
    return Image.open(io.BytesIO(render_battlefield(list(ships), focus, sea))).convert("RGB")


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.getcolors(maxcolors=1_000_000)}  # type: ignore[union-attr,misc]


def test_the_picture_is_at_least_960_px_wide_and_its_frame_stays_when_a_ship_moves() -> None:
    """Successive pictures line up: a step forward leaves the frame (and so the image size and
    every other ship's place) as it was."""
    near = [ShipPicture("A", 0, 3, 1, True, 2300, 2300, True), ShipPicture("B", 3, 1, 0, False,
                                                                          300, 300)]  # fmt: skip
    moved = [near[0], ShipPicture("B", 2, 1, 0, False, 300, 300)]
    assert frame(near) == frame(moved)
    assert picture(*near).size == picture(*moved).size
    assert MIN_WIDTH <= picture(*near).width <= MAX_WIDTH
    alone = picture(ShipPicture("A", 0, 1, 0, True, 10, 10))
    assert alone.width >= MIN_WIDTH and alone.height <= MAX_HEIGHT
    far = [near[0], ShipPicture("B", 7, 1, 0, False, 300, 300)]
    assert frame(far).start <= -1 and frame(far).stop - 1 >= 8  # the frame grows to hold it
    assert picture(*far).height - picture(near[0]).height == LANE_H  # a second lane


def test_names_and_hp_are_drawn_beside_the_tokens() -> None:
    def crew(**given: object) -> Image.Image:
        c = {"number": 1, "area": 1, "pc": True, "name": "Hero", "hp": 60, "max_hp": 60, **given}
        return picture(ShipPicture("A", 0, 3, 1, True, 2300, 2300, crew=[CrewPicture(**c)]))

    assert drawable(font(14), "Hero")
    assert crew().tobytes() != crew(name="").tobytes()  # the name is drawn
    assert crew().tobytes() != crew(hp=59).tobytes()  # and its HP
    ship = ShipPicture("A", 0, 3, 1, True, 2300, 2300)
    middle = MARGIN + (1 - frame([ship]).start) * CELL_W  # the middle area, at position 1
    box = (middle, TOP, middle + CELL_W, TOP + LANE_H)
    assert crew().crop(box).tobytes() != crew(name="").crop(box).tobytes()  # in its own area


def test_downed_crew_are_shown_greyed_and_crossed() -> None:
    down = CrewPicture(1, 0, False, "Guard", 0, 90, down=True)
    image = picture(ShipPicture("A", 0, 1, 0, False, 300, 300, crew=[down]))
    assert DOWN in colours(image)
    up = picture(ShipPicture("A", 0, 1, 0, False, 300, 300, crew=[CrewPicture(1, 0, False)]))
    assert DOWN not in colours(up)


def test_the_bow_points_toward_the_enemy_and_the_pennant_flies_above() -> None:
    pc = ShipPicture("A", 0, 2, 0, True, 10, 10, flagship=True)
    npc = ShipPicture("B", 0, 2, 0, False, 10, 10)
    for ship, bow_right in ((pc, True), (npc, False)):
        image = picture(ship)
        left = MARGIN + (ship.position - frame([ship]).start) * CELL_W
        right = left + 2 * CELL_W
        top = TOP + 16  # the hull's top edge: square at the stern, pointed at the bow
        stern_x, bow_x = (left + 6, right - 6) if bow_right else (right - 6, left + 6)
        assert image.getpixel((stern_x, top + 2)) != image.getpixel((bow_x, top + 2))
        assert image.getpixel((bow_x, top + 2)) in (SEA, LANE)
    mast = picture(pc).crop((MARGIN, TOP, MARGIN + 4 * CELL_W, TOP + 14))
    assert GOLD in colours(mast)


def test_wind_aground_speed_up_and_morale_are_drawn() -> None:
    ship = ShipPicture("A", 0, 1, 0, True, 10, 10)
    calm = picture(ship)
    assert SPEED in colours(picture(replace(ship, speed_up=True))) and SPEED not in colours(calm)
    assert ROCK in colours(picture(replace(ship, aground=True))) and ROCK not in colours(calm)
    header = (0, 0, calm.width, TOP - 30)
    windy = picture(ship, sea=SeaPicture(wind="headwind"))
    assert windy.crop(header).tobytes() != calm.crop(header).tobytes()
    spirited = picture(ship, sea=SeaPicture(morale=("Morale: PC 3 / NPC 1",) * 2))
    assert spirited.crop(header).tobytes() != calm.crop(header).tobytes()


def test_a_text_the_font_cannot_draw_falls_back_to_its_ascii_form() -> None:
    latin = ImageFont.load_default(size=14)
    assert not drawable(latin, "柾良海軍巡視兵") and drawable(latin, "Morale: PC 3")
    assert fit(latin, "Bosun Kai the Second", 60).endswith("…")
    assert fit(latin, "Hero", 60) == "Hero"


def test_a_sunk_ship_is_grey() -> None:
    image = picture(ShipPicture("A", 0, 1, 0, False, 0, 300, sunk=True))
    assert SUNK in colours(image)


def test_the_legal_extremes_make_a_picture_of_bounded_size_around_the_action() -> None:
    """Ships at both ends of the field and 100 in all (the most an encounter holds): the
    picture stays within its maximum, showing the moved ship and who is near it."""
    ends = [ShipPicture("A", FIELD[0], 3, 1, True, 10, 10), ShipPicture("B", FIELD[-1], 1, 0,
                                                                       False, 5, 5)]  # fmt: skip
    crowd = [ShipPicture(f"C{n}", n % 40 - 20, 1 + n % 3, 0, n % 2 == 0, 1, 1) for n in range(98)]
    ships = ends + crowd
    image = picture(*ships, focus=[FIELD[-1]])
    assert image.width <= MAX_WIDTH and image.height <= MAX_HEIGHT
    shown, drawn = battlefield_window(ships, [FIELD[-1]])
    assert FIELD[-1] in shown and ends[1] in drawn  # the action is in the picture
    assert all(any(p in shown for p in range(s.position, s.position + s.areas)) for s in drawn)


def test_without_a_focus_the_window_holds_the_most_ships() -> None:
    ships = [ShipPicture(f"S{n}", 50 + n, 1, 0, True, 1, 1) for n in range(10)]
    ships.append(ShipPicture("X", -90, 1, 0, False, 1, 1))
    shown, drawn = battlefield_window(ships)
    assert len(drawn) == 10 and all(s.letter.startswith("S") for s in drawn)
    assert len(shown) * CELL_W <= MAX_WIDTH


def test_without_a_cjk_font_a_japanese_name_is_left_to_the_legend(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a host without a CJK font the token keeps its number and HP, and no boxes are drawn
    where the name would be (the message's legend names it)."""
    from bot.ui import fonts

    monkeypatch.setattr(fonts, "CJK", ())
    fonts.font.cache_clear()
    try:
        ship = ShipPicture("A", 0, 1, 0, False, 300, 300)
        named = picture(replace(ship, crew=[CrewPicture(1, 0, False, "柾良海軍巡視兵", 90)]))
        blank = picture(replace(ship, crew=[CrewPicture(1, 0, False, "", 90)]))
        assert named.tobytes() == blank.tobytes()
    finally:
        fonts.font.cache_clear()


def test_the_frame_keeps_every_position_the_ships_have_sailed() -> None:
    """The ships went as far as 8 and have come back: the frame still holds 8, so this picture
    lines up with the ones before it."""
    back = [ShipPicture("A", 0, 3, 1, True, 10, 10), ShipPicture("B", 3, 1, 0, False, 5, 5)]
    assert frame(back, sailed=(0, 8)).stop - 1 >= 9 and frame(back).stop - 1 < 9
    assert (
        picture(*back).width < Image.open(io.BytesIO(render_battlefield(back, sailed=(0, 8)))).width
    )


def test_the_picture_says_which_names_it_could_not_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """For the short legend: names the font lacks, crew past an area's rows and ships outside
    the window are reported; a name written whole is not."""
    from bot.ui import fonts
    from bot.ui.naval_map import draw_battlefield

    monkeypatch.setattr(fonts, "CJK", ())  # the same answer on every host
    fonts.font.cache_clear()
    try:
        crew = [CrewPicture(1, 0, True, "Hero", 60), CrewPicture(2, 1, True, "柾良海軍巡視兵", 90)]
        crew += [CrewPicture(n, 2, True, f"Deck {n}", 10) for n in (3, 4, 5, 6)]  # 4 in 3 rows
        near = ShipPicture("A", 0, 3, 1, True, 2300, 2300, crew=crew, name="Dawn")
        far = ShipPicture("B", FIELD[-1], 1, 0, False, 300, 300, name="Far",
                          crew=[CrewPicture(7, 0, False, "Scout", 9)])  # fmt: skip
        _, unnamed = draw_battlefield([near, far], focus=[0])
        assert unnamed.ships == ["B"]  # off the window; "Dawn" is written
        assert sorted(unnamed.crew) == [2, 5, 6, 7]  # no glyphs; past the rows; off the window
    finally:
        fonts.font.cache_clear()
