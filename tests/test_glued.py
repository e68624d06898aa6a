"""Lines that lost their line breaks (cardlint.text.glued), English printed text of the corpus
printings (`en_printed_text` in ../shared/corpus/mtg/de.jsonl) and Oracle lines that must stay whole."""

import pytest

from cardlint.lang.en.frontend import FRONTEND as EN
from cardlint.pipeline import classify_card
from cardlint.text.glued import GlueRules, glued_parts

ENGLISH = GlueRules()


@pytest.mark.parametrize("line, parts", [
    ("FlyingLandfall — Whenever a land enters the battlefield under your control, tap target creature.",
     ["Flying", "Landfall — Whenever a land enters the battlefield under your control, tap target creature."]),
    ("Flying, hasteAkoum Firebird attacks each turn if able.",
     ["Flying, haste", "Akoum Firebird attacks each turn if able."]),
    ("When Act of Authority enters the battlefield, you may exile target artifact or enchantment."
     "At the beginning of your upkeep, you may exile target artifact or enchantment.",
     ["When Act of Authority enters the battlefield, you may exile target artifact or enchantment.",
      "At the beginning of your upkeep, you may exile target artifact or enchantment."]),
    ("Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.)"
     "When Abbot of Keral Keep enters the battlefield, exile the top card of your library.",
     ["Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.)",
      "When Abbot of Keral Keep enters the battlefield, exile the top card of your library."]),
    ("{T}: Add {1} to your mana pool.{T}: Add one mana of any color to your mana pool.",
     ["{T}: Add {1} to your mana pool.", "{T}: Add one mana of any color to your mana pool."]),
])
def test_english_printed_lines_are_split(line, parts):
    assert glued_parts(line, EN._glued_keyword, ENGLISH) == parts


@pytest.mark.parametrize("line", [
    # a capital inside a name is not a seam: the text before it is no keyword
    "Ghost of Ramirez DePietro can't be blocked by creatures with shadow.",
    # a line that merely starts with a keyword is no keyword part: "Flying" leads a sentence here
    "Flying creatures get -1/-1 as long as Ghost of Ramirez DePietro is untapped.",
    # in English, a sentence after a reminder text's ")" and a space continues the ability
    "Enchant enchantment (This aura's text reads \"blue creatures can't attack.\") That enchantment gains "
    "\"Cumulative upkeep {1}.\"",
    # seams inside quotes or parentheses are not ability boundaries
    "Enchanted creature has \"{T}: Add {G}.Draw a card.\"",
])
def test_oracle_lines_stay_whole(line):
    assert glued_parts(line, EN._glued_keyword, ENGLISH) == [line]


def test_english_frontend_resegments_glued_printed_text():
    text = ("FlyingLandfall — Whenever a land enters the battlefield under your control, other creatures you "
            "control get +1/+0 until end of turn.")
    _, clauses = classify_card(text, "en", "Guul Draz Overseer", None)
    assert [c["ability"] for c in clauses] == ["keyword", "triggered"]


@pytest.mark.parametrize("line, name, parts", [
    ("飛行あなたがエンチャント・呪文を１つ唱えるたび、あなたがコントロールする各クリーチャーの上にそれぞれ＋１/＋１カウンターを１個置く。",
     None, ["飛行", "あなたがエンチャント・呪文を１つ唱えるたび、あなたがコントロールする各クリーチャーの上にそれぞれ＋１/＋１カウンターを１個置く。"]),
    ("トランプルあなたがナヤの霊獣を唱えたとき、各プレイヤーはそれぞれ自分のライブラリーの一番上のカードを公開する。", "ナヤの霊獣",
     ["トランプル", "あなたがナヤの霊獣を唱えたとき、各プレイヤーはそれぞれ自分のライブラリーの一番上のカードを公開する。"]),
    # a keyword that is part of the sentence ("飛行を持つ…") is no seam
    ("飛行を持つクリーチャーが攻撃するたび、カードを１枚引く。", None, ["飛行を持つクリーチャーが攻撃するたび、カードを１枚引く。"]),
])
def test_japanese_keyword_glued_to_a_trigger(line, name, parts):
    from cardlint.lang.ja.frontend import glued_parts as ja_glued_parts

    assert ja_glued_parts(line, name) == parts
