"""The log's files, pure: SealDice-shaped text, a self-contained escaped HTML page, and files
kept within an upload limit by gzip and then by parts — none losing a line."""

from __future__ import annotations

import gzip
import re
from datetime import UTC, datetime, timedelta

from bot.log.export import FILES_PER_MESSAGE, Export, Format, LogFile, export, safe_name
from bot.log.render import Heading, as_html, as_text
from bot.store.channel_log import LogLine

T0 = datetime(2026, 12, 1, 11, 0, 5, tzinfo=UTC)


def heading(**changes: object) -> Heading:
    values: dict = {"server": "卓", "channel": "session", "bot_name": "DiceBot", "locale": "ja",
                    "offset_hours": 9.0, "exported_at": T0 + timedelta(hours=1)}  # fmt: skip
    return Heading(**{**values, **changes})


def many(count: int) -> list[LogLine]:
    return [
        LogLine(
            channel_id=1, guild_id=2, user_id=10 + n % 4, user_name=f"player{n % 4}",
            body=f"player{n % 4}: (2D6>=8) ＞ {n % 11 + 2}[{n % 6 + 1},{n % 5 + 1}] 第{n}行",
            created_at=T0 + timedelta(seconds=n),
        )
        for n in range(count)
    ]


def test_text_is_a_name_date_time_line_then_the_text() -> None:
    lines = [
        LogLine(1, 2, 10, "アリス", "アリス: (2D6) ＞ 7[3,4] ＞ 7", T0),
        LogLine(1, 2, None, None, "第1ラウンド・セットアップ\n<@10>の手番", T0 + timedelta(0, 1)),
    ]
    text = as_text(lines, heading(names={10: "アリス"}))
    assert "\n\nアリス 2026/12/01 20:00:05\nアリス: (2D6) ＞ 7[3,4] ＞ 7\n\n" in text
    assert "DiceBot 2026/12/01 20:00:06\n第1ラウンド・セットアップ\n@アリスの手番\n" in text
    assert "# 時刻はUTC+09:00。" in text


def test_the_zone_is_named_with_its_sign_and_minutes() -> None:
    assert heading(offset_hours=-3.5).zone_name == "UTC-03:30"
    assert heading(offset_hours=0).zone_name == "UTC+00:00"
    assert heading(offset_hours=5.75).when(T0) == "2026/12/01 16:45:05"


def test_the_page_escapes_everything_and_needs_nothing_outside() -> None:
    evil = LogLine(1, 2, 66, '"><script>x()</script>', "</div></main></html><img src=x>", T0)
    page = as_html([evil], heading(server="<b>srv</b>", channel="</title>"))
    assert "<script>" not in page and "<img" not in page and "<b>srv" not in page
    assert page.count("</html>") == page.count("</main>") == page.count("</title>") == 1
    assert "&quot;&gt;&lt;script&gt;x()&lt;/script&gt;" in page
    tags = re.findall(r"<[^>]*>", page)
    assert not [tag for tag in tags if re.search(r"\s(src|href)=", tag)]  # no outside assets
    assert "@import" not in page and "url(" not in page


def test_each_speaker_has_a_colour_of_their_own() -> None:
    page = as_html(many(8), heading())
    colours = re.findall(r'style="--c:(#[0-9a-f]{6})"><span class="who">(player\d)', page)
    by_name: dict[str, set[str]] = {}
    for colour, name in colours:
        by_name.setdefault(name, set()).add(colour)
    assert all(len(c) == 1 for c in by_name.values())
    assert len({next(iter(c)) for c in by_name.values()}) == 4


def all_lines(files: list[LogFile]) -> list[str]:
    text = "".join(
        (gzip.decompress(f.data) if f.name.endswith(".gz") else f.data).decode() for f in files
    )
    return re.findall(r"第(\d+)行", text)


def test_under_the_limit_a_file_is_plain() -> None:
    made = export(many(50), heading(), Format.BOTH, "log", limit=10 * 1024 * 1024)
    assert [f.name for f in made.files] == ["log.txt", "log.html"]
    assert (made.gzipped, made.parts) == (False, 1)


def test_over_the_limit_it_is_gzipped_and_every_line_stays() -> None:
    lines = many(3000)
    plain = len(as_text(lines, heading()).encode())
    made = export(lines, heading(), Format.TEXT, "log", limit=plain // 2)
    assert [f.name for f in made.files] == ["log.txt.gz"] and made.gzipped
    assert all_lines(made.files) == [str(n) for n in range(3000)]


def test_too_big_even_gzipped_it_is_split_into_parts_each_within_the_limit() -> None:
    lines = many(3000)
    limit = 20_000
    made = export(lines, heading(), Format.HTML, "log", limit=limit)
    assert made.parts > 1 and len(made.files) == made.parts
    assert all(len(f.data) <= limit for f in made.files)
    assert made.files[0].name.startswith("log-part1.html")
    assert all_lines(made.files) == [str(n) for n in range(3000)]
    first = made.files[0]
    page = (gzip.decompress(first.data) if first.name.endswith(".gz") else first.data).decode()
    assert f"{made.parts}分割のうち1番目です。" in page and page.count("</html>") == 1


def test_files_go_ten_to_a_message_within_the_limit_together() -> None:
    files = [LogFile(f"f{n}", b"x" * 300) for n in range(23)]
    groups = Export(files, False, 1).messages(limit=1000)
    assert all(sum(len(f.data) for f in g) <= 1000 for g in groups)
    assert [f for g in groups for f in g] == files
    wide = Export(files, False, 1).messages(limit=10**6)
    assert [len(g) for g in wide] == [FILES_PER_MESSAGE, FILES_PER_MESSAGE, 3]


def test_file_names_take_only_safe_characters_of_the_channel() -> None:
    assert safe_name("session") == "session"
    assert safe_name("卓-1") == "卓-1"
    assert safe_name("../../etc/passwd") == "etc-passwd"
    assert safe_name("<>:\"/\\|?*") == "channel"
