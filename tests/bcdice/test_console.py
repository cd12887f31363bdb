"""The console's fixed dice (``--dice``) reach BCDice's randomizer through the worker."""

from __future__ import annotations

from pathlib import Path

from tests.bcdice.conftest import needs_node
from tests.consoles import play

SCRIPT = """\
/system set system:Cthulhu7th
CC<=50 目星
x2 CC<=50
/system set system:SwordWorld2.5
2D6+3
"""


@needs_node
def test_console_dice_drive_bcdice(tmp_path: Path) -> None:
    out = play(tmp_path, SCRIPT, "--dice", "4,2,1,1,10,9,6,5")
    assert "gm: (1D100<=50) ボーナス・ペナルティダイス[0] ＞ 42 ＞ 42 ＞ レギュラー成功" in out
    assert "(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 11 ＞ 11 ＞ ハード成功" in out
    assert "(1D100<=50) ボーナス・ペナルティダイス[0] ＞ 9 ＞ 9 ＞ イクストリーム成功" in out
    assert "gm: (2D6+3) ＞ 11[6,5]+3 ＞ 14" in out
