"""bot.ui.fit: any post becomes messages within every Discord limit, saying all of it, in order
— checked against our own validator (tests/discord_limits.py), not the code's constants."""

from __future__ import annotations

import itertools

import discord
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ui.fit import Part, Post, fit, smaller
from tests.discord_limits import message_problems

# Words of every width Discord counts: ASCII, CJK, and emoji outside the BMP (two units each).
WORD = st.text(alphabet="aZ9@<>#:&", min_size=1, max_size=12) | st.sampled_from(
    ["戦闘", "長い名前の傭兵", "😀", "🐉ドラゴン", "@everyone", "<@&1>", "x" * 300]
)
TEXT = st.lists(st.tuples(WORD, st.sampled_from([" ", "\n", ""])), max_size=900).map(
    lambda pairs: "".join(w + s for w, s in pairs)
)


def wire(part: Part) -> dict:
    """What discord.py would send for one part."""
    rows = [{"type": 1, "components": [i.to_component_dict() for i in row]} for row in part.rows]
    return {
        "content": part.content,
        "embeds": [e.to_dict() for e in part.embeds],
        "components": rows,
        "allowed_mentions": part.mentions().to_dict(),
    }


def letters(text: str | None) -> str:
    """What must survive a split: every character but the spaces and line breaks cut at."""
    return "".join((text or "").split())


@st.composite
def embeds(draw: st.DrawFn) -> discord.Embed:
    embed = discord.Embed(title=draw(st.none() | TEXT.map(lambda t: t[:300] or None)),
                          description=draw(TEXT) or None, colour=0x123456)  # fmt: skip
    for _ in range(draw(st.integers(0, 30))):  # names are the bot's own short labels
        name = draw(st.text(alphabet="ab 名前😀", min_size=1, max_size=40).filter(str.strip))
        embed.add_field(name=name, value=draw(TEXT.map(lambda t: t[:2500] or "v")))
    if draw(st.booleans()):
        embed.set_footer(text=draw(TEXT.map(lambda t: t[:2500] or "f")))
    return embed


@st.composite
def posts(draw: st.DrawFn) -> Post:
    numbers = itertools.count()
    sizes = draw(st.lists(st.integers(1, 7), max_size=40))  # a group wider than a row, too
    groups = [
        [
            discord.ui.Button(label=f"b{n}", custom_id=f"id{n}")
            for n in itertools.islice(numbers, size)
        ]
        for size in sizes
    ]
    return Post(
        content=draw(st.none() | TEXT),
        embeds=draw(st.lists(embeds(), max_size=8)),
        groups=groups,
        pings=tuple(draw(st.lists(st.integers(1, 3), max_size=3, unique=True))),
    )


@settings(max_examples=60, deadline=None)
@given(posts())
def test_every_part_is_within_discord_limits_and_says_everything_in_order(post: Post) -> None:
    parts = fit(post)
    for part in parts:
        assert message_problems(wire(part)) == []
    said = [e for part in parts for e in part.embeds]
    assert letters("".join(e.description or "" for e in said)) == letters(
        "".join(e.description or "" for e in post.embeds)
    )
    fields = [(f.name, f.value) for e in said for f in e.fields if f.name != "\u200b"]
    assert [n for n, _ in fields] == [f.name for e in post.embeds for f in e.fields]
    ids = [i.custom_id for part in parts for row in part.rows for i in row]
    assert ids == [i.custom_id for group in post.groups for i in group]
    if post.content and not any(name == "result.txt" for p in parts for name, _ in p.files):
        assert letters("".join(p.content or "" for p in parts)) == letters(post.content)


def test_a_group_of_buttons_stays_on_one_row() -> None:
    pairs = [
        [discord.ui.Button(label=f"{n} yes", custom_id=f"y{n}"),
         discord.ui.Button(label=f"{n} no", custom_id=f"n{n}")]
        for n in range(13)
    ]  # fmt: skip
    parts = fit(Post(content="offers", groups=pairs))
    rows = [row for part in parts for row in part.rows]
    assert len(parts) == 2 and all(len(part.rows) <= 5 for part in parts)
    ids = [[b.custom_id for b in row] for row in rows]
    assert ids[:2] == [["y0", "n0", "y1", "n1"], ["y2", "n2", "y3", "n3"]]


def test_text_too_long_for_a_few_messages_comes_whole_as_a_file() -> None:
    text = "\n".join(f"line {n} " + "x" * 90 for n in range(200))
    (part,) = fit(Post(content=text))
    assert part.content.endswith("…") and len(part.content) <= 2000
    assert part.files == [("result.txt", text.encode())]


def test_only_the_posts_own_pings_are_allowed() -> None:
    (part,) = fit(Post(content="<@1> <@2> @everyone <@&5>", pings=(1, 3)))
    assert part.mentions().to_dict() == {"parse": [], "users": [1]}  # no role, no @everyone
    (quiet,) = fit(Post(content="<@1> @everyone"))
    assert quiet.mentions().to_dict() == {"parse": []}


def test_a_refused_message_is_retried_smaller() -> None:
    three = Part(content="<@1>", embeds=[discord.Embed(description=f"e{n}") for n in range(3)],
                 pings=(1,))  # fmt: skip
    pieces = smaller(three)
    assert [len(p.embeds) for p in pieces] == [1, 1, 1] and pieces[0].content == "<@1>"
    (plain,) = smaller(pieces[0])
    assert plain.embeds == [] and plain.content == "<@1>\ne0" and plain.pings == (1,)
    assert smaller(plain) == []
