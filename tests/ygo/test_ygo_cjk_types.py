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


IGN = ("ignition", None, None)
SUM = ("summon-condition", None, None)
TIF = ("trigger", False, "if")


@pytest.mark.parametrize("text, lang, ctype, expected", [
    # 41659072 ①: "这张卡是已同调召唤的场合" — a card that was Summoned is a state ("if you control this Synchro Summoned card")
    ("①：自己墓地有调整4种类以上存在，这张卡是已同调召唤的场合，1回合1次，把基本分支付一半才能发动。这张卡以外的场上的卡全部破坏。",
     "zh-Hans", "Synchro Effect Monster", [IGN]),
    # 90488465 ①: "此卡是从手牌特殊召唤的情况下" (script IGNITION)
    ("①：此卡是从手牌特殊召唤的情况下，以自己・对手除外状态的合计3只怪兽为对象可以发动（同名卡最多1张）。将其中1只特殊召唤至自己场上，"
     "剩余的以喜欢的顺序放回牌组下面。", "zh-Hans", "Effect Monster", [IGN]),
    # 43694481: a comparison ("比原本攻击力高的场合") is a state
    ("这张卡的攻击力比原本攻击力高的场合才能发动。给与对方基本分1500分伤害。", "zh-Hans", "Effect Monster", [IGN]),
    # 51435705: a state, then the Main Phase the effect is used in — no event
    ("自己场上有名字带有「先史遗产」的怪兽存在的场合，自己的主要阶段时把这张卡从手卡丢弃去墓地才能发动。从自己的卡组·墓地选「先史遗产 水晶头骨」"
     "以外的1只名字带有「先史遗产」的怪兽加入手卡。", "zh-Hans", "Effect Monster", [IGN]),
    # 69133798 ②: the start of the Main Phase 1 is a window (script IGNITION)
    ("②：这张卡在墓地存在，自己墓地有「大太郎法师」以外的不死族怪兽2只以上存在的场合，自己主要阶段1开始时，丢弃1张手卡才能发动。这张卡加入手卡。",
     "zh-Hans", "Effect Monster", [IGN]),
    ("②：このカードが墓地に存在し、自分の墓地に「ダイダラボッチ」以外のアンデット族モンスターが２体以上存在する場合、自分メインフェイズ１開始時に、"
     "手札を１枚捨てて発動できる。このカードを手札に加える。", "ja", "Effect Monster", [IGN]),
    # 10000 ①, 4022819 ②: what a Summon "this way" does to the card belongs to the summoning condition (PSCT "If Summoned
    # this way, …", "…, but its original ATK becomes 1000")
    ("这张卡不能通常召唤。把攻击力合计和守备力合计的总计直到10000以上的自己场上的怪兽解放的场合才能特殊召唤。\n①：这个方法特殊召唤的这张卡的"
     "攻击力·守备力变成10000。", "zh-Hans", "Effect Monster", [SUM, SUM]),
    ("このカードは通常召喚できない。攻撃力の合計と守備力の合計が、合わせて１００００以上になるように自分フィールドのモンスターをリリースした"
     "場合のみ特殊召喚できる。①：この方法で特殊召喚したこのカードの攻撃力・守備力は１００００になる。", "ja", "Effect Monster", [SUM, SUM]),
    ("②：以此卡的①方法召唤的此卡的原本攻击力变为１０００。", "zh-Hans", "Effect Monster", [SUM]),
    # … piercing damage of the card Summoned that way is an effect of the card (4376658 ②, PSCT continuous)
    ("②：以此卡的①方法特殊召唤的此卡攻击守备表示怪兽的情况下，依攻击力超出该怪兽守备力的数值来给予对手战斗伤害。", "zh-Hans",
     "Effect Monster", [CONT]),
    # 24137081: each time a battle brings damage, a mandatory trigger (script TRIGGER_F)
    ("每次这张卡直接攻击给与对方基本分战斗伤害，这张卡的攻击力上升1000。", "zh-Hans", "Effect Monster", [TRIGGER_M]),
    ("このカードが直接攻撃によって相手ライフに戦闘ダメージを与える度に、このカードの攻撃力は１０００ポイントアップする。", "ja", "Effect Monster",
     [TRIGGER_M]),
    # … counters placed each time a Spell is activated stay a continuous effect (94256039)
    ("只要这张卡在场上存在，每次自己或者对方把魔法卡发动，给这张卡放置1个魔力指示物。", "zh-Hans", "Continuous Spell",
     [("spell-continuous", None, None)]),
    # 42969214: "自分のメインフェイズ時に…アップできる" — the Main Phase window and "できる"
    ("１ターンに１度、自分のメインフェイズ時にこのカードの攻撃力を４００ポイントアップできる。", "ja", "Effect Monster", [IGN]),
    # 51855378: a cost paid "…事で", then a stat change until the End Phase
    ("自分の墓地に存在する「ジャンク」と名のついたモンスター１体をゲームから除外する事で、このカードの攻撃力はエンドフェイズ時まで４００ポイント"
     "アップする。", "ja", "Effect Monster", [IGN]),
    # 62543393: "…を除外する度に" / "每把…除外" — the player's own cost, each time it is paid
    ("自分の墓地の水属性モンスター２体をゲームから除外する度に、自分フィールド上に「レクンガトークン」（植物族・水・星２・攻／守７００）を１体攻撃"
     "表示で特殊召喚する。", "ja", "Effect Monster", [IGN]),
    ("每把自己墓地2只水属性怪兽从游戏中除外，在自己场上把1只「裂蕈牙衍生物」（植物族·水·2星·攻／守700）攻击表示特殊召唤。", "zh-Hans",
     "Effect Monster", [IGN]),
    # 64398890: a state, then "Once per turn" (PSCT "Once per turn: You can … You must control …")
    ("自分フィールド上に「六武衆－ヤイチ」以外の「六武衆」と名のついたモンスターが存在する場合、１ターンに１度、フィールド上にセットされた"
     "魔法・罠カード１枚を選択して破壊できる。", "ja", "Effect Monster", [IGN]),
    # 89362180 ②: a Gemini monster's second Normal Summon is a rule of the card (PSCT continuous)
    ("②：可以把场上的当作通常怪兽使用的这张卡作为通常召唤作再1次召唤。那个场合这张卡变成当作效果怪兽使用并得到以下效果。●这张卡的种族·属性"
     "变成恐龙族·地属性。", "zh-Hans", "Gemini Effect Monster", [CONT, CONT]),
    # 6855503 ①, 8802510 ①: "只要…" and "可以发动" without "仅限1次": what players may activate while it lasts
    ("①：只要融合召唤的此卡存在于怪兽区域，对手必须支付６００LP才可以发动卡的效果。", "zh-Hans", "Fusion Effect Monster", [CONT]),
    ("①：只要此卡存在于怪兽区域，在自己场上有怪兽存在的情况下自己也可以发动手牌“精神骨架装备”怪兽的效果。", "zh-Hans", "Link Effect Monster",
     [CONT]),
    # 15960641 ①: "不可以发动" is a prohibition
    ("①：只要此卡存在于怪兽区域，对手在战斗阶段中就不可以发动陷阱卡。", "zh-Hans", "Effect Monster", [CONT]),
    # 64400161 ①: the official "抽牌阶段" names the Draw Phase (PSCT "During your Draw Phase, before you draw: You can")
    ("①：自己抽牌阶段的抽卡之前可以发动。这个回合中作为通常抽卡的代替，从牌组将1只\"空牙团\"怪兽加入手牌。", "zh-Hans", "Field Spell", [TIF]),
    # 39767432 ②: gaining LP is an event
    ("②：自己或对手的LP恢复的情况下可以发动（在伤害步骤也可以发动）。双方受到1000伤害。", "zh-Hans", "Link Effect Monster", [TIF]),
    # 48068378 ②: "相互连接状态的此卡被解放" — "状态" describes the card, the event follows
    ("②：相互连接状态的此卡被解放的情况下可以发动。将2只“连接衍生物”（电子界族・光・星1・攻/守0）特殊召唤至自己场上。", "zh-Hans",
     "Link Effect Monster", [TIF]),
    # 7852509: "…的场合（伤害步骤以外）：" — the parenthesis before the colon ends the condition
    ("1回合1次，场上的怪兽被卡的效果破坏的场合（伤害步骤以外）：可以选择场上1只怪兽；破坏那只怪兽，双方玩家受到500伤害。", "zh-Hans",
     "Continuous Trap", [TIF]),
    # 64749612: a prohibition after "可以…" is a rider of the optional action, not a prohibition as main clause
    ("这张卡召唤·反转的场合：可以从手卡把1只4星以下的「忍者」怪兽攻击表示或者里侧守备表示特殊召唤，直到这个效果的发动后的回合结束时自己不是"
     "「忍者」怪兽不能从额外卡组特殊召唤。", "zh-Hans", "Effect Monster", [TIF]),
    # 59797187: the monster it battled changes position at the end of the Damage Step (PSCT "At the end of the Damage
    # Step, if this card battled an opponent's monster: Change …") — a trigger; its own change of position is not (84173492)
    ("和这张卡进行战斗的对方怪兽在伤害步骤结束时变成里侧守备表示。", "zh-Hans", "Effect Monster", [TRIGGER_M]),
    ("这张卡攻击的场合，战斗阶段结束时变成守备表示。", "zh-Hans", "Effect Monster", [CONT]),
    # 15169262: a stat change "until the End Phase" after an event
    ("这张卡从场上送去墓地时，自己场上的全部名字带有「熔岩」的怪兽的攻击力直到结束阶段时上升自己墓地的名字带有「熔岩」的怪兽数量×200的数值。",
     "zh-Hans", "Tuner Monster", [TRIGGER_M]),
    # 26669055: a prohibition for the next turn is what the old trigger does (script TRIGGER_F)
    ("这张卡战斗破坏对方怪兽的场合，对方玩家在下个回合不能把魔法卡发动。", "zh-Hans", "Effect Monster", [TRIGGER_M]),
    # 85475641: a state ("…是0张的场合"), then the event the effect waits for ("…送去自己墓地时")
    ("这张卡在墓地存在，自己手卡是0张的场合，「永火复仇者」以外的自己场上的怪兽被和对方怪兽的战斗破坏送去自己墓地时，这张卡可以从墓地特殊召唤。",
     "zh-Hans", "Tuner Monster", [("trigger", False, "when")]),
    # 70307656 (second sentence): battle damage as a past event, a stat change later on
    ("这张卡给与对方玩家战斗伤害的场合，下次的自己的准备阶段时这张卡的攻击力上升1000。", "zh-Hans", "Effect Monster", [TRIGGER_M]),
    # 15308295 ③: a change of control is an event
    ("③：1回合1次，在此卡的控制权转移的情况下发动。此卡原本的持有者可从自身的魔法与陷阱区域挑选1张被放置的\"魔界剧本\"魔法卡破坏。", "zh-Hans",
     "Pendulum Effect Monster", [TRIGGER_M]),
    # 38562933: "持有…存在的怪兽进行战斗的场合" — a battle with a monster that exists is an event, not "有…存在"
    ("和持有这张卡的攻击力以下的守备力的场上表侧表示存在的怪兽进行战斗的场合，不进行伤害计算把那只怪兽破坏。", "zh-Hans", "Tuner Monster",
     [TRIGGER_M]),
    # 14148099: "このカードの召喚時に…置く" (PSCT "If this card is Normal Summoned: Place 3 counters on it")
    ("このカードの召喚時にカウンターを３つ置く。", "ja", "Effect Monster", [TRIGGER_M]),
    # 52702748, 84385264: giving control and damage "…ポイントダメージを相手ライフに与える" are actions
    ("このカードの召喚に成功した時、このカードのコントロールは相手に移る。", "ja", "Effect Monster", [TRIGGER_M]),
    ("このカードが相手ライフに戦闘ダメージを与えた時、自分の墓地に存在する通常モンスターの数×２００ポイントダメージを相手ライフに与える。", "ja",
     "Ritual Effect Monster", [TRIGGER_M]),
    # 29762407 ①, 33773528 ①: activating a Trap the turn it was Set is a permission
    ("①：自分は罠カード１枚をセットしたターンに発動できる。", "ja", "Continuous Spell", [("spell-continuous", None, None)]),
    ("①：自分は「アトラクション」罠カード１枚を、セットしたターンの自分メインフェイズに発動できる。", "ja", "Field Spell",
     [("spell-continuous", None, None)]),
    # unparsed: "可以作2次攻击" and "双方不能把陷阱卡发动" are no activation words
    ("只要「蜘蛛巢城」在场上存在，这张卡在同一次的战斗阶段中可以作2次攻击。", "zh-Hans", "Effect Monster", [CONT]),
    ("这张卡召唤成功的回合，只要这张卡在场上表侧表示存在双方不能把陷阱卡发动。", "zh-Hans", "Effect Monster", [CONT]),
    # 48626373 ③, 59546797 ①: "每个双方的回合中１次" and "自己・对手的战斗步骤" are windows of either player's turn (Quick Effects)
    ("③：每个双方的回合中１次，去除此卡的３个超量素材，以场上的１张卡为对象可以发动。将该卡以里侧表示除外。", "zh-Hans", "Xyz Effect Monster",
     [("quick", None, None)]),
    ("①：自己・对手的战斗步骤可以发动。将此卡从手牌特殊召唤，自己恢复1000LP。", "zh-Hans", "Effect Monster", [("quick", None, None)]),
    # 61641818 ②: an activation is the event, whatever "不存在" describes on the way
    ("②：对手场上有表侧表示怪兽存在，对手发动自身场上不存在的属性的怪兽的效果时，去除此卡的2个超量素材可以发动。将该发动无效并破坏。",
     "zh-Hans", "Xyz Effect Monster", [("quick", None, None)]),
    # 19113101: "这个效果在对方回合才能发动" (PSCT "During your opponent's turn: … (this is a Quick Effect)")
    ("把墓地的这张卡从游戏中除外才能发动。这个回合，自己受到的效果伤害变成0。这个效果在对方回合才能发动。", "zh-Hans", "Effect Monster",
     [("quick", None, None)]),
    # 28981598: OurOCG's PSCT-like "可以<cost>；<effect>"
    ("可以把这张卡1个超量素材取除，之后以自己墓地1只9星怪兽或者对方墓地1只怪兽为对象；那只怪兽在自己场上特殊召唤。", "zh-Hans",
     "Xyz Effect Monster", [IGN]),
    # 45627618: "可以灵摆召唤" is a permission of the rules
    ("在可灵摆召唤等级７的情况下，额外牌组表侧表示的此卡可以灵摆召唤。", "zh-Hans", "Xyz Pendulum Effect Monster", [CONT]),
    # 22754505: "…存在する場合にこのカードが…召喚に成功した時、…できる" — a state, then the event in the same clause
    ("自分フィールド上に「ビッグピース・ゴーレム」が表側表示で存在する場合にこのカードが召喚・反転召喚・特殊召喚に成功した時、自分のデッキから"
     "「スモールピース・ゴーレム」１体を特殊召喚する事ができる。", "ja", "Effect Monster", [("trigger", False, "when")]),
])
def test_states_windows_riders(text, lang, ctype, expected):
    """Session 5 wording rules: states and Main Phase windows are no events, summon riders fold into the summoning
    condition, each-time battle results are triggers, permissions and prohibitions with 发动 do not activate."""
    assert _types(text, lang, ctype) == expected


@pytest.mark.parametrize("text, lang", [
    # 50078509 (ja), 94933468 (zh): the numbered lasting effect about the activation's target is a rider of it
    ("フィールドの効果モンスター１体を対象としてこのカードを発動できる。①：このカードが魔法＆罠ゾーンに存在する限り、対象の表側表示モンスターは"
     "攻撃できず、効果は無効化される。②：対象のモンスターが破壊された時にこのカードは破壊される。", "ja"),
    ("以场上1只效果怪兽为对象可以发动此卡。①：对象怪兽不可攻击，效果无效化。对象怪兽从场上离开时此卡将被破坏。", "zh-Hans"),
])
def test_target_rider_fact(text, lang):
    effs = [e for e in parse_effects(text, lang, "Continuous Trap") if e.kind != "restriction"]
    assert not effs[0].rider
    assert all(e.rider for e in effs[1:])


@pytest.mark.parametrize("text, lang", [
    ("フィールドの効果モンスター１体を対象としてこのカードを発動できる。①：このカードが魔法＆罠ゾーンに存在する限り、対象の表側表示モンスターは"
     "攻撃できず、効果は無効化される。②：対象のモンスターが破壊された時にこのカードは破壊される。", "ja"),
    ("以场上1只效果怪兽为对象可以发动此卡。①：对象怪兽不可攻击，效果无效化。对象怪兽从场上离开时此卡将被破坏。", "zh-Hans"),
])
def test_target_rider_folds_into_the_activation(text, lang):
    """PSCT prints the lasting part inside the activation ("Activate this card by targeting …; it cannot attack"):
    the classification has one activation entry that carries the rider's text, not a separate spell-continuous one."""
    entries = [e for e in classify(text, lang, "Continuous Trap")["effects"] if e["type"] != "restriction"]
    assert [e["type"] for e in entries] == ["activation"]
    assert ("攻撃できず" if lang == "ja" else "不可攻击") in entries[0]["text"]
