"""Japanese and Chinese wording rules of the old (pre-①②③) OCG texts and of a few current templates: each case is a
real card text from the corpus (passcode in the comment) with the effect types checked by hand against the PSCT of
the same card and the OCG rules (時 "when" vs 場合 "if", できる / 可以 optional, 発動 / 发动 activation)."""

from __future__ import annotations

import pytest

from cardlint.ygo import classify, parse_effects


def _types(text, lang, ctype="Effect Monster"):
    return [(d["type"], d["mandatory"], d["timing"]) for d in classify(text, lang, ctype)["effects"]
            if d["type"] != "restriction"]


TRIGGER_M = ("trigger", True, None)
CONT = ("continuous", None, None)


@pytest.mark.parametrize("text, lang, ctype, expected", [
    # 12160911: the condition holds a comma before its timing word ("…によって、このカードが…送られた時、")
    ("相手がコントロールするカードの効果によって、このカードが手札から墓地に送られた時、相手ライフに２０００ポイントダメージを与える。",
     "ja", "Effect Monster", [TRIGGER_M]),
    # 13944422 (second sentence): taking damage is an action of the effect
    ("このカードが破壊され墓地へ送られた時、自分は２０００ポイントダメージを受ける。", "ja", "Effect Monster", [TRIGGER_M]),
    # 40854197: what happens as this card leaves the field, to other cards, is a trigger …
    ("このカードがフィールド上から離れた時、相手フィールド上に存在するモンスターを全て破壊する。", "ja", "Effect Monster", [TRIGGER_M]),
    # … destroying the monster it is linked to is not (37364101, PSCT "When this card leaves the field, destroy the
    # equipped monster." — no colon)
    ("このカードがフィールド上から離れた時、装備モンスターを破壊する。", "ja", "Equip Spell", [("spell-continuous", None, None)]),
    # 11287364: a change of ATK once something has happened
    ("このカードがシンクロモンスターのシンクロ召喚に使用され墓地へ送られた場合、相手フィールド上に表側表示で存在するモンスター１体の攻撃力"
     "は５００ポイントダウンする。", "ja", "Tuner Monster", [TRIGGER_M]),
    # 6903857: changing its own position after a Summon is a trigger (25343017), after attacking at the end of the
    # Damage Step it is not
    ("このカードは召喚・反転召喚に成功した時、守備表示になる。", "ja", "Effect Monster", [TRIGGER_M]),
    ("このカードが相手モンスターの攻撃、または相手の効果によって破壊され墓地へ送られた時、相手フィールド上に表側表示で存在する魔法・罠"
     "カード１枚を選択して破壊する。このカードは攻撃した場合、ダメージステップ終了時に守備表示になる。", "ja", "Effect Monster",
     [TRIGGER_M, CONT]),
    # 84613836: "ドローしたカードが…だった場合" — the draw is the event; "…だった" only describes the card
    ("自分のドローフェイズにドローしたカードが「六武衆」と名のついたモンスターカードだった場合、そのカードを相手に見せる事で自分フィールド上"
     "に特殊召喚する事ができる。", "ja", "Continuous Trap", [("trigger", False, "if")]),
    # 14255590: a state before the phase point says while the phase effect applies
    ("このカードがフィールド上に表側表示で存在する限り、相手ターンのスタンバイフェイズ時に自分の墓地に存在する「増幅する悪意」の枚数だけ、"
     "相手のデッキの上からカードを墓地に送る。", "ja", "Effect Monster", [TRIGGER_M]),
    ("只要这张卡在场上表侧表示存在，对方回合的准备阶段时从对方卡组上面把自己墓地存在的「增幅的恶意」数量的卡送去墓地。",
     "zh-Hans", "Effect Monster", [TRIGGER_M]),
    # 14318794: "払った" / "支付的" (paid earlier) is not a maintenance cost; "每次自己的准备阶段" is the phase itself
    ("自分のスタンバイフェイズ毎に、直前の自分のターンに払ったライフポイントの半分が回復する。", "ja", "Continuous Trap", [TRIGGER_M]),
    ("每次自己的准备阶段，回复之前的自己回合支付的基本分的一半。", "zh-Hans", "Continuous Trap", [TRIGGER_M]),
    # 14702066: "…を生け贄に捧げる度に" / "每把…作为祭品" — the old wording of "You can Tribute …; inflict …"
    ("自分フィールド上に存在するモンスター２体を生け贄に捧げる度に、相手ライフに１５００ポイントダメージを与える。", "ja", "Effect Monster",
     [("ignition", None, None)]),
    ("每把自己场上存在的2只怪兽作为祭品，给与对方基本分1500分伤害。", "zh-Hans", "Effect Monster", [("ignition", None, None)]),
    # 25727454: "ダメージステップ開始時からダメージ計算前までに" is a window (Quick Effect), not the start of a step
    ("①：自分のモンスターが戦闘を行うダメージステップ開始時からダメージ計算前までに、このカードを手札から墓地へ送って発動できる。その"
     "モンスターの攻撃力はターン終了時まで３００アップする。", "ja", "Effect Monster", [("quick", None, None)]),
    # 42493140 ②: "永続罠カード扱いの場合" is a state, the Main Phase of either player the window (Quick Effect)
    ("②：このカードが永続罠カード扱いの場合、自分・相手のメインフェイズに発動できる。このカードを特殊召喚する。その後、このカードのレベル"
     "を４つ上げる事ができる。", "ja", "Effect Monster", [("quick", None, None)]),
    # 1371589: gaining LP equal to the battle damage is an action; 7576264: piercing damage is not
    ("这张卡和怪兽的战斗给与对方基本分战斗伤害时，自己基本分回复给与的战斗伤害的数值。", "zh-Hans", "Effect Monster", [TRIGGER_M]),
    ("这张卡攻击守备表示怪兽时，若攻击力超过那个守备力，给予对方基本分那个数值的战斗伤害。", "zh-Hans", "Effect Monster", [CONT]),
    # 42239546: "可以通过把这张卡作为祭品…特殊召唤" — the cost runs into the action without a comma
    ("场上有「新宇宙」存在时，可以通过把这张卡作为祭品从手卡或者卡组把1只「新宇宙侠·大地鼹鼠」特殊召唤。", "zh-Hans", "Effect Monster",
     [("ignition", None, None)]),
    # 46701379: a state, "：", then "可以" and an action
    ("自己场上有「女武神五女」以外的「女武神」怪兽存在的场合：可以从卡组把1张魔法/陷阱卡送去墓地。", "zh-Hans", "Effect Monster",
     [("ignition", None, None)]),
    # 7714344 ①: "才能发动1次" is the activation word
    ("①：这张卡召唤·特殊召唤成功的回合的自己主要阶段才能发动1次。从手卡把1只3星以下的「娱乐伙伴」怪兽攻击表示特殊召唤。", "zh-Hans",
     "Effect Monster", [("ignition", None, None)]),
    # 564541: "这张卡可以作为2只数量的解放" is a permission, not an action
    ("龙族怪兽上级召唤的场合，这张卡可以作为2只数量的解放。", "zh-Hans", "Effect Monster", [CONT]),
    # 38412161 ①: "发动" closing a negated clause is a prohibition, not the activation word
    ("①：只要这张卡在怪兽区域存在，双方不能把墓地的魔法·陷阱卡的效果发动。", "zh-Hans", "Effect Monster", [CONT]),
    # 33773528 ①: "把…陷阱卡在盖放的回合…发动" lets the player activate another card: a permission
    ("①：自己可以把1张「游乐设施」陷阱卡在盖放的回合的自己主要阶段发动。", "zh-Hans", "Field Spell", [("spell-continuous", None, None)]),
    # 4259068 (unparsed): "为把魔法卡发动而支付的…" — "发动" inside a clause
    ("为把魔法卡发动而支付的基本分变成不需要。", "zh-Hans", "Continuous Spell", [("spell-continuous", None, None)]),
    # 6142213: a mandatory effect that only protects ("不会被那次战斗破坏") applies without a chain …
    ("这张卡攻击的场合，这张卡不会被那次战斗破坏。此外，这张卡进行攻击的伤害计算后，给与对方基本分攻击对象怪兽的攻击力一半数值的伤害。",
     "zh-Hans", "Tuner Monster", [CONT, TRIGGER_M]),
    # … unless it lasts a stated time (85080444, PSCT "If this card is Special Summoned during your opponent's turn:
    # "Artifact" monsters you control cannot be targeted or destroyed … this turn")
    ("相手ターン中にこのカードが特殊召喚に成功した場合、ターン終了時まで、自分フィールド上の「アーティファクト」と名のついたモンスターは相手の"
     "カードの効果の対象にならず、相手のカードの効果では破壊されない。", "ja", "Effect Monster", [TRIGGER_M]),
    # 61127349: the linked monster banished as this card leaves the field (no chain)
    ("这张卡从场上离开时，装备怪兽从游戏中除外。", "zh-Hans", "Equip Spell", [("spell-continuous", None, None)]),
    # 1644289: "存在的这张卡被送去墓地的场合" is an event ("在" inside "存在" is no place phrase) …
    ("场上表侧表示存在的这张卡被送去墓地的场合，可以从卡组把1张名字带有「大日」的魔法卡加入手卡。", "zh-Hans", "Equip Spell",
     [("trigger", False, "if")]),
    # … and so is "…怪兽在对方场上特殊召唤的场合" (8910971 ②)
    ("②：1回合1次，比这张卡攻击力高的怪兽在对方场上特殊召唤的场合才能发动。这张卡的攻击力直到回合结束时上升700。", "zh-Hans",
     "Effect Monster", [("trigger", False, "if")]),
    # 12332865: "送入墓地" is sending to the GY
    ("有原种族·原属性为天使族·地属性的怪兽从自己的手牌或场上送入墓地的场合可以发动。将这张卡从手牌特殊召唤。", "zh-Hans", "Effect Monster",
     [("trigger", False, "if")]),
    # 21698716: "可以不送去墓地…放置" replaces going to the GY (PSCT "…, instead of sending it to the GY"): no chain
    ("这张卡在怪兽卡区域上破坏的场合，可以不送去墓地当作永续魔法卡使用在自己的魔法与陷阱卡区域表侧表示放置。", "zh-Hans", "Effect Monster",
     [CONT]),
    # 54507222 ①: an event, then a state it also requires ("…時、…存在しない場合に発動できる", PSCT "When this card is
    # Normal Summoned while you control no other monsters: You can …") — the event decides: an optional "when" trigger
    ("①：このカードが召喚に成功した時、自分フィールドにこのカード以外のモンスターが存在しない場合に発動できる。デッキからレベル３以下の"
     "「ギャラクシー」効果モンスター１体を特殊召喚する。この効果で特殊召喚したモンスターの効果は無効化される。", "ja", "Effect Monster",
     [("trigger", False, "when")]),
    ("①：此卡召唤成功时，自己场上没有此卡以外的怪兽存在的情况下可以发动。从牌组将1只等级3以下的“银河”效果怪兽特殊召唤。以此效果特殊召唤"
     "的怪兽的效果无效化。", "zh-Hans", "Effect Monster", [("trigger", False, "when")]),
    # 26669055: a prohibition made for the next turn once something happened is applied by a trigger (script:
    # TRIGGER_F on EVENT_BATTLE_DESTROYING) …
    ("このカードが戦闘によって相手モンスターを破壊した場合、相手プレイヤーは次のターン魔法カードを発動できない。", "ja", "Effect Monster",
     [TRIGGER_M]),
    # … changing to Defense Position at the end of the Battle Phase is not (18960169, script CONTINUOUS_NO_CHAIN)
    ("このカードが相手ライフに戦闘ダメージを与えた時、自分のデッキからカードを１枚ドローする事ができる。このカードは攻撃した場合、バトル"
     "フェイズ終了時に守備表示になり、次の自分のターンのエンドフェイズ時まで表示形式を変更する事ができない。", "ja", "Effect Monster",
     [("trigger", False, "when"), CONT]),
    # 36565699 (first sentence): "めくる" is an action
    ("ゲームから除外されているこのカードが特殊召喚に成功した時、相手のデッキの上からカードを３枚めくる。", "ja", "Tuner Monster",
     [TRIGGER_M]),
    # 45688586 (first sentence): "攻撃を受けたモンスターが闇属性だった場合" — the attack is the event, "だった" describes the monster
    ("このカードの攻撃を受けたモンスターが闇属性だった場合、そのモンスターを破壊する。", "ja", "Effect Monster", [TRIGGER_M]),
    # 24644634: being targeted by an effect is answered with a Quick Effect (script QUICK_O, EVENT_CHAINING)
    ("このカードが相手のカードの効果の対象になった時、フィールド上のこのカードを墓地へ送って発動できる。デッキからレベル４以下の「ナチュル」と"
     "名のついたモンスター２体を特殊召喚する。この効果で特殊召喚したモンスターは攻撃宣言できず、自分のエンドフェイズ時に破壊される。", "ja",
     "Effect Monster", [("quick", None, None)]),
    ("这张卡成为对方的卡的效果的对象时，把场上的这张卡送去墓地才能发动。从卡组把2只4星以下的名字带有「自然」的怪兽特殊召唤。这个效果特殊召唤"
     "的怪兽不能攻击宣言，自己的结束阶段时破坏。", "zh-Hans", "Effect Monster", [("quick", None, None)]),
    # 14309486 ①: "召唤…怪兽之际" — the opponent is about to Summon (negate the Summon): a Quick Effect
    ("①：对手召唤・反转召唤・特殊召唤怪兽之际，解放此卡可以发动。将其无效，将该怪兽破坏。", "zh-Hans", "Effect Monster",
     [("quick", None, None)]),
    # 48712195: "自己的准备阶段时可以…" — a point of the turn, then "可以" without a comma: an optional trigger that does
    # not miss the timing (PSCT "Once per turn, during your Standby Phase: You can …")
    ("自己的准备阶段时可以通过让1张手卡回到卡组，从卡组抽1张卡。这个效果1回合只能使用1次。", "zh-Hans", "Continuous Spell",
     [("trigger", False, "if")]),
    # 31476755: the card's own destruction after some Standby Phases
    ("这张卡发动后，在第2次的自己的准备阶段时破坏。", "zh-Hans", "Continuous Spell", [("spell-continuous", None, None)]),
])
def test_old_wording(text, lang, ctype, expected):
    assert _types(text, lang, ctype) == expected


def test_unparsed_old_text_still_reads_its_wording():
    # 4041838: the grammar stops ("ダメージ計算を行わず…"), the fallback still reads "…した場合、…を破壊する" as a trigger
    text = "このカードが表側守備表示のモンスターを攻撃した場合、ダメージ計算を行わずそのモンスターを破壊する。"
    (d,) = classify(text, "ja", "Effect Monster")["effects"]
    assert not d["parsed"] and (d["type"], d["mandatory"]) == ("trigger", True)


def test_fallback_condition_ends_at_its_timing_word():
    # 40237839 ②: unparsed; "相手ターンに、…1000以下の場合" is a state in the opponent's turn (Quick Effect), the
    # "発動できる" after "場合に" is not part of the condition
    (eff,) = [e for e in parse_effects("②：相手ターンに、自分のＬＰが１０００以下の場合に発動できる。このカードを手札から特殊召喚"
                                       "する。その後、相手フィールドのモンスターの一番高い攻撃力分のダメージを相手に与える事ができる。",
                                       "ja", "Effect Monster")]
    assert eff.condition.text.endswith("場合") and not eff.condition.event
    assert _types(eff.text, "ja") == [("quick", None, None)]


def test_kanji_spelling_of_the_activation_word():
    # 12076263: "発動する事ができる" is "you can activate" — the head of an ignition effect
    effs = [e for e in parse_effects("自分のメインフェイズ時に発動する事ができる。エンドフェイズ時までこのカードのレベルを２つ上げ、攻撃力を"
                                     "６００ポイントアップする。", "ja", "Effect Monster") if e.kind != "restriction"]
    assert effs[0].parsed and effs[0].optional
    assert _types(effs[0].text, "ja")[0] == ("ignition", None, None)


def test_a_resolution_branch_is_not_an_event():
    # 13582837: "魔法・罠カードだった場合" tells what the drawn card was, not something that happened
    (eff,) = parse_effects("魔法・罠カードだった場合、自分は５００ポイントダメージを受ける。", "ja", "Effect Monster")
    assert eff.kind == "passive"
