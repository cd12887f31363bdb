"""Fonts for the pictures, and whether a font can draw a text.

The bot cannot assume a CJK font on its host, so it looks for one in the usual places (Noto
CJK, IPA, WenQuanYi, Droid fallback; macOS and Windows system fonts) and else uses DejaVu or
Pillow's own font, which draw Latin letters only. A picture asks ``drawable`` before it draws
a name, and shows a number or an ASCII word instead of boxes where the font has no glyphs.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# Fonts with Japanese and Chinese glyphs, the first one found is used; then Latin ones.
CJK = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/System/Library/Fonts/ヒラギノ角ゴシック W3.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "C:/Windows/Fonts/meiryo.ttc",
    "C:/Windows/Fonts/msgothic.ttc",
    "C:/Windows/Fonts/msjh.ttc",
)
LATIN = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",)
LATIN_BOLD = ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",)


@cache
def font(size: int, *, bold: bool = False) -> Font:
    """The best font found for ``size`` pixels (bold where a bold Latin face exists and no
    CJK font does)."""
    for path in (*CJK, *(LATIN_BOLD if bold else ()), *LATIN):
        if Path(path).is_file():
            try:
                return ImageFont.truetype(path, size)
            except OSError:  # unreadable or not a font: try the next
                continue
    return ImageFont.load_default(size=size)


@cache
def _missing_mask(f: Font) -> bytes:
    return bytes(f.getmask("\U0010fffd"))  # a code point no font draws: its .notdef box


@cache
def _has(f: Font, char: str) -> bool:
    if char.isspace() or char.isascii():
        return True  # every font here draws ASCII
    return bytes(f.getmask(char)) != _missing_mask(f)


def drawable(f: Font, text: str) -> bool:
    """Whether ``f`` draws every character of ``text`` (no .notdef boxes)."""
    return all(_has(f, ch) for ch in text)


def fit(f: Font, text: str, width: int) -> str:
    """``text`` cut (with "…") to ``width`` pixels in ``f``."""
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…" if text else ""
