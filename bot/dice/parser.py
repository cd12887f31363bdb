"""From a chat line to a command: fold full-width text, cut the comment, parse, build, cache.

The grammar (``grammar/dice.lark``) is parsed with Lark's LALR parser; the tree is built into
frozen commands by ``bot.dice.build`` during the parse. Parsed commands are cached by text;
they hold no roll state, so sharing them between rolls is safe.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from bot.dice.build import Builder, Command
from bot.dice.errors import DiceError, NotACommand
from bot.dice.limits import MAX_INPUT, MAX_NESTING
from bot.shipped import shipped

GRAMMAR = shipped("grammar") / "dice.lark"

# Full-width ASCII (！ to ～) and the ideographic space fold to ASCII, so ２Ｄ６＞＝８ reads as
# 2D6>=8; the minus sign and the full-width yen-less variants players paste fold too.
_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
_WIDTH.update({0x3000: " ", 0x2212: "-", 0x2010: "-", 0x2013: "-", 0x00D7: "*", 0x00F7: "/"})

# Commands that read past the first space; every other line is cut there (the rest is a comment).
_READS_ON = re.compile(r"S?(?:CHOICE|(?:REPEAT|REP|X)[0-9]+\s)", re.IGNORECASE)
_FIRST_SPACE = re.compile(r"\s")


def fold_width(text: str) -> str:
    """Full-width ASCII to ASCII, nothing else changed."""
    return text.translate(_WIDTH)


def normalize(text: str) -> str:
    return text.translate(_WIDTH).strip()


def command_part(line: str) -> str:
    """The part of a normalised line that is the command (BCDice: up to the first space)."""
    if _READS_ON.match(line):
        return line
    cut = _FIRST_SPACE.search(line)
    return line if cut is None else line[: cut.start()]


_parser = Lark(
    GRAMMAR.read_text(encoding="utf-8"),
    parser="lalr",
    lexer="contextual",
    transformer=Builder(),
    maybe_placeholders=False,
)


def _check_nesting(text: str) -> None:
    """Parentheses and runs of signs nest the tree; bound them so nothing recurses deeply."""
    depth = run = 0
    for column, char in enumerate(text, 1):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        run = run + 1 if char in "+-" else 0
        if depth + run > MAX_NESTING:
            raise DiceError("dice.too_deep", column, limit=MAX_NESTING)


def _syntax_error(error: UnexpectedInput, text: str) -> DiceError:
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        return DiceError("dice.syntax_end", len(text) + 1)
    column = getattr(error, "column", None) or 1
    if isinstance(error, UnexpectedToken) and isinstance(error.token, Token):
        found = error.token.value
    elif isinstance(error, UnexpectedCharacters):
        found = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
    else:
        found = text[column - 1 : column]
    return DiceError("dice.syntax", column, found=f"“{found[:20]}”")


@lru_cache(maxsize=4096)
def parse(text: str) -> Command:
    """Parse one command (no comment). Raises ``NotACommand`` (with the reason) for text that
    is not a command, ``DiceError`` for a command that breaks a limit."""
    if len(text) > MAX_INPUT:
        raise DiceError("dice.too_long", length=len(text), limit=MAX_INPUT)
    if not _READS_ON.match(text):
        _check_nesting(text)
    try:
        return _parser.parse(text)
    except UnexpectedInput as error:
        raise NotACommand(_syntax_error(error, text)) from None
