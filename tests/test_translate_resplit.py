"""Lost line breaks in translated texts: candidates (resplit) and the repair in check_card."""

from __future__ import annotations

from cardlint.translate.compare import check_card
from cardlint.translate.resplit import split_candidates


def test_keyword_glued_to_the_next_line_is_a_candidate():
    assert split_candidates("飛行あなたの対戦相手がコントロールする飛行を持つクリーチャーは－１/－１の修整を受ける。", "ja")[0] \
        .startswith("飛行\nあなたの")
    assert "トランプル、速攻\n終了ステップ" in split_candidates("トランプル、速攻終了ステップの開始時に、~を生け贄に捧げる。", "ja")[0]
    assert split_candidates("FliegendLandung — Immer wenn ein Land ins Spiel kommt, ziehe eine Karte.", "de")[0] \
        .startswith("Fliegend\nLandung")


def test_keyword_inside_a_sentence_is_no_candidate():
    # "enchanted creature", "creatures with flying", "flying creatures": the keyword is part of the sentence
    assert split_candidates("エンチャントされているクリーチャーは＋１/＋１の修整を受ける。", "ja") == []
    assert split_candidates("飛行を持つクリーチャーはブロックできない。", "ja") == []
    assert split_candidates("Fliegende Kreaturen erhalten +1/+1.", "de") == []


def test_no_candidate_inside_a_reminder():
    text = "蘇生{1}{R}（{1}{R}：このカードをあなたの墓地から戦場に戻す。これは速攻を得る。）"
    assert split_candidates(text, "ja") == []


def test_glued_flashback_line_is_put_back():
    # the corpus text lost the line break before the Flashback keyword (sentence end "。" + keyword)
    res = check_card("Fires of Undeath deals 2 damage to target creature or player.\n"
                     "Flashback {5}{B} (You may cast this card from your graveyard for its flashback cost. "
                     "Then exile it.)",
                     "クリーチャー１体かプレイヤー１人を対象とする。不死の火はそれに２点のダメージを与える。"
                     "フラッシュバック {5}{B} （あなたはフラッシュバック・コストで、このカードをあなたの墓地から"
                     "プレイしてもよい。その後、それを追放する。）",
                     "ja", "Fires of Undeath", "不死の火", "Instant", "インスタント")
    assert res.status == "consistent", [f.to_dict() for f in res.findings]


def test_a_really_missing_keyword_line_is_still_reported():
    # "エンチャントされている" (enchanted) starts the only line: no Enchant line to put back
    res = check_card("Enchant creature\nWhenever enchanted creature is dealt damage, it deals that much damage "
                     "to its controller.",
                     "エンチャントされているクリーチャーにダメージが与えられるたび、それはその点数に等しい点数の"
                     "ダメージをそれのコントローラーに与える。",
                     "ja", "Spiteful Shadows", "悪意の影", "Enchantment — Aura", "エンチャント — オーラ")
    assert ("TR301", 0) in {(f.code, f.clause_index) for f in res.findings}


def test_line_glued_with_a_space_is_put_back():
    # lines joined with a space: "。 歴伝 （…）" (Epic)
    res = check_card("Search target player's library for X cards, where X is the number of cards in your hand, and "
                     "remove them from the game. Then that player shuffles his or her library.\n"
                     "Epic (For the rest of the game, you can't play spells. At the beginning of each of your upkeeps, "
                     "copy this spell except for its epic ability. You may choose a new target for the copy.)",
                     "プレイヤー１人を対象とし、そのプレイヤーのライブラリーからＸ枚のカードを探し、それらをゲームから"
                     "取り除く。Ｘはあなたの手札のカードの枚数に等しい。 その後、そのプレイヤーは自分のライブラリーを"
                     "切り直す。 歴伝 （残りのゲームの間、あなたは呪文をプレイできない。 あなたの各アップキープの開始時に、"
                     "この呪文を歴伝能力を除いてコピーする。 あなたはコピーの新しい対象を選んでもよい。）",
                     "ja", "Neverending Torment", "果てしなき苦悶", "Sorcery", "ソーサリー")
    assert ("TR301", 1) not in {(f.code, f.clause_index) for f in res.findings}


def test_english_line_running_two_abilities_together_is_split():
    # an old printing runs two sentences into one line; the translation has them on two lines: the
    # merged English clause compared with the first German line looked like a P/T difference
    res = check_card("All green creatures you control get +1/+1 until end of turn. All non-green creatures you "
                     "control get +1/+0 until end of turn.",
                     "Alle grünen Kreaturen, die Du beherrschst, erhalten +1/+1 bis zum Ende des Zuges.\n"
                     "Alle nicht grünen Kreaturen, die Du beherrschst, erhalten +1/+0 bis zum Ende des Zuges.",
                     "de", "Battle Frenzy", "Kampfrausch", "Instant", "Spontanzauber")
    assert ("TR201", 0) not in {(f.code, f.clause_index) for f in res.findings}
