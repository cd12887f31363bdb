"""The reader's words: dice results, command names, lists and English sentences."""

from __future__ import annotations

from bot.combat import events as ev
from bot.i18n import LocalizedError, t, use_locale
from bot.i18n.dice_words import dice_text
from bot.systems.grancrest.combat import parse_types
from bot.systems.grancrest.rules import DamageType
from bot.systems.stats import parse_stats
from bot.ui import render
from tests.i18n.samples import encounter

GRANCREST = "(2D6+10>=?) ＞ 12[6,6]+10 ＞ 22 ＞ （クリティカル） ＞ 32 ＞ 成功"


def test_a_japanese_channel_reads_bcdice_exactly_as_bcdice_prints_it() -> None:
    assert dice_text(GRANCREST, "ja") == GRANCREST


def test_chinese_and_english_channels_read_their_own_result_words() -> None:
    chinese = "(2D6+10>=?) ＞ 12[6,6]+10 ＞ 22 ＞ （大成功） ＞ 32 ＞ 成功"
    assert dice_text(GRANCREST, "zh-TW") == chinese
    assert dice_text(GRANCREST, "en").endswith("＞ (critical) ＞ 32 ＞ success")
    assert dice_text("(3D6<=8) ＞ 18 ＞ ファンブル", "en").endswith("fumble")
    assert dice_text("(3D6<=8) ＞ 3 ＞ 自動失敗", "zh-TW").endswith("自動失敗")


def test_messages_name_commands_as_the_readers_client_does() -> None:
    assert "/戦闘 開始" in t("combat.no_encounter", locale="ja")
    assert "/戰鬥 開始" in t("combat.no_encounter", locale="zh-TW")
    assert "/combat start" in t("combat.no_encounter", locale="en")


def test_english_status_lines_are_sentences() -> None:
    enc = encounter("Esperancer")
    with use_locale("en"):
        text = render.announce(enc, [ev.StatusApplied(1, "poison")]).embeds[-1].description
        assert text == "Aster is afflicted with poison."
        gone = render.announce(enc, [ev.StatusExpired(2, "sleep")]).embeds[-1].description
        assert gone == "Shadow is no longer afflicted with sleep."


def test_lists_are_joined_the_readers_way() -> None:
    enc = encounter("naval")
    joins = (("ja", "Aster、Shadow"), ("zh-TW", "Aster、Shadow"), ("en", "Aster, Shadow"))
    for locale, joined in joins:
        with use_locale(locale):
            text = render.announce(enc, [ev.ShipSunk(1, (1, 2))]).embeds[-1].description
            assert joined in text, locale


def test_undo_names_the_command_in_the_readers_words() -> None:
    enc = encounter("GranCrest")
    with use_locale("ja"):
        text = render.announce(enc, [ev.Undone("next", 3)]).embeds[-1].description
        assert text == "取り消しました：次へ"
    with use_locale("zh-TW"):
        text = render.announce(enc, [ev.Undone("end_turn", 3)]).embeds[-1].description
        assert "end_turn" not in text and text.startswith("已復原：")


def test_grancrest_damage_types_in_every_spelling() -> None:
    assert parse_types("〈武器〉") == {DamageType.WEAPON}
    assert parse_types("武器+炎熱") == {DamageType.WEAPON, DamageType.HEAT}
    assert parse_types("〈衝擊〉〈體內〉") == {DamageType.IMPACT, DamageType.INTERNAL}
    assert parse_types("衝撃、体内") == {DamageType.IMPACT, DamageType.INTERNAL}
    assert parse_types("ＷＥＡＰＯＮ") == {DamageType.WEAPON}


def test_an_unknown_damage_type_lists_the_readers_names() -> None:
    from bot.combat.errors import CombatError

    try:
        parse_types("光")
    except CombatError as error:
        chinese = "沒有「光」這種傷害屬性。可用的有：武器、炎熱、衝擊、體內"
        assert error.localized("zh-TW") == chinese
        assert error.localized("ja").endswith("武器、炎熱、衝撃、体内")
    else:
        raise AssertionError("光 is no damage type")


def test_stat_keys_in_every_language() -> None:
    assert parse_stats("行動値=7 反射基本值=3 ＨＰ＝40", "GranCrest") == {
        "action_value": 7, "reflex": 3, "hp": 40
    }
    assert parse_stats("回避=2 速力=5", "Esperancer") == {"dodge": 2, "speed": 5}
    try:
        parse_stats("luck=3", "GranCrest")
    except LocalizedError as error:  # the allowed names, in the reader's language
        assert "行動值、反射基本值" in error.localized("zh-TW")
    else:
        raise AssertionError("luck is no Grancrest stat")
