"""Old (pre-PSCT / pre-①②③) wordings read by the builder's wording rules, one real corpus card per rule.

Expected entries are (type, mandatory, timing), checked by hand against the card's English PSCT and,
where the card has one, its script label (``labels-scripts.jsonl``).
"""

import pytest

from cardlint.ygo import classify

SUMMON = ("summon-condition", None, None)
IGN = ("ignition", None, None)
CONT = ("continuous", None, None)
TRIG_M = ("trigger", True, None)


def _entries(text, lang, ctype="Effect Monster"):
    return [(d["type"], d["mandatory"], d["timing"]) for d in classify(text, lang, ctype)["effects"]]


@pytest.mark.parametrize("lang,ctype,text,expected", [
    # "…する事で、…" / "可以通过把…，…": a cost paid by doing something — "You can Tribute this card to add …"
    # (Woodland Archer; script: IGNITION)
    ("ja", "Effect Monster", "このカードは通常召喚できない。自分の墓地に通常モンスターが２体以上存在する場合のみ特殊召喚する事ができる。"
     "このカードをリリースする事で、自分のデッキからデュアルモンスター１体を手札に加える。", [SUMMON, IGN]),
    ("zh-Hans", "Effect Monster", "这张卡不能通常召唤。自己墓地有通常怪兽2只以上存在的场合才能特殊召唤。可以通过把这张卡解放，"
     "从自己卡组把1只二重怪兽加入手卡。", [SUMMON, IGN]),
    # "自分のメインフェイズ時、…できる": the Main Phase is a window, not an event (DZW - Chimera Clad)
    ("ja", "Effect Monster", "自分のメインフェイズ時、手札または自分フィールド上のこのモンスターを、装備カード扱いとして自分フィールド上の"
     "「ＣＮｏ．３９」と名のついたモンスターに装備できる。", [IGN]),
    # "…２体分の生け贄とする事ができる": a permission ("can be treated as 2 Tributes"), not an activation (Whirlwind Prodigy)
    ("ja", "Effect Monster", "風属性モンスターを生け贄召喚する場合、このモンスター１体で２体分の生け贄とする事ができる。", [CONT]),
    # a point in the turn: "…エンドフェイズ時に持ち主の手札に戻る" is "During the End Phase …: Return it" (Gishki Natalia)
    ("ja", "Spirit Monster", "このカードは特殊召喚できない。召喚・リバースしたターンのエンドフェイズ時に持ち主の手札に戻る。"
     "このカードが召喚・リバースした時、自分の墓地の「リチュア」と名のついたモンスター１体を選択してデッキの一番上に戻す事ができる。",
     [SUMMON, TRIG_M, ("trigger", False, "when")]),
    # "…の効果をダメージ計算後に無効化する" (Wattsquirrel; script: TRIGGER_F on EVENT_BATTLED)
    ("ja", "Effect Monster", "このカードは１度のバトルフェイズ中に２回攻撃する事ができる。このカードと戦闘を行った効果モンスターの効果を"
     "ダメージ計算後に無効化する。", [CONT, TRIG_M]),
    # "1回合只有1次可以变成里侧守备表示": "Once per turn: You can flip this card face-down" — an effect, not a
    # restriction on another one (Medusa Worm)
    ("zh-Hans", "Effect Monster", "这张卡1回合只有1次可以变成里侧守备表示。这张卡反转召唤成功时，对方场上1只怪兽破坏。", [IGN, TRIG_M]),
    # "不是的场合，…": the other branch of an excavation stays in its effect (Sunlight Unicorn)
    ("zh-Hans", "Effect Monster", "1回合1次，自己的主要阶段时才能发动。把自己卡组最上面的卡翻开，那是装备魔法卡的场合加入手卡。"
     "不是的场合，回到自己卡组最下面。", [IGN]),
    # "…结束阶段时…的场合，这张卡破坏": the card's own end, like PSCT's "…, destroy this card" (Cyber Archfiend)
    ("zh-Hans", "Effect Monster", "自己的抽卡阶段开始时自己手卡是0张的场合，在通常抽卡外加上再抽1张。自己的结束阶段时自己手卡有1张以上"
     "存在的场合，这张卡破坏。", [TRIG_M, CONT]),
    # a maintenance cost ("…毎に…払う。または、…破壊する") is paid without a chain (Seal of Wickedness, its last clause)
    ("ja", "Continuous Trap", "このカードのコントローラーは自分のスタンバイフェイズ毎に５００ライフポイントを払う。または、５００ライフポイント"
     "払わずにこのカードを破壊する。", [("spell-continuous", None, None)]),
    # old English "<cost> to <effect>" (Hysteric Fairy; script: IGNITION)
    ("en", "Effect Monster", "Tribute 2 monsters on your side of the field to increase your Life Points by 1000 points.", [IGN]),
])
def test_old_wording(lang, ctype, text, expected):
    assert _entries(text, lang, ctype) == expected


def test_state_then_you_can_is_ignition():
    # "Once per turn, while you have no cards in your hand, you can draw 1 card" (Infernity Randomizer; script: IGNITION)
    got = _entries("Once per turn, while you have no cards in your hand, you can draw 1 card and reveal it. For a Monster "
                   "Card drawn with this effect, inflict damage to your opponent equal to the Level of that monster x 200. "
                   "For a Spell or Trap Card, you take 500 damage.", "en")
    assert got[0] == IGN and [e for e in got if e[0] not in ("continuous",)] == [IGN]


@pytest.mark.parametrize("text,expected", [
    # "可以…为对象发动": "可以" opens the cost and governs "发动" — optional (Cyber Dragon Nachster ③, Hi-Speedroid Kitedrake ①)
    ("③：在此卡召唤・特殊召唤成功的情况下，可以自己墓地的1只攻击力或者是守备力为2100的机械族怪兽为对象发动。将该怪兽特殊召唤。"
     "此效果发动后，直至回合结束时为止，自己只可特殊召唤机械族怪兽。",
     [("trigger", False, "if")]),
    ("①：此卡同步召唤成功的情况下，可从以下效果中选择1个发动。●将场上此卡以外的卡全部破坏。●将对手场上所有表侧表示卡的效果无效。",
     [("trigger", False, "if")]),
    # "此卡是被同步召唤的情况下" is a state ("If you control this Synchro Summoned card"), not an event
    ("②：此卡是被同步召唤的情况下，以自己场上的１只昆虫族・植物族怪兽为对象可以发动。该怪兽直至回合结束时为止变为协调。", [IGN]),
    # "…存在时，这张卡才能召唤" (a state) and "…必须是…" (a requirement) are not triggers; the first is this card's
    # summoning condition (Guardian Kay'est: EN "Cannot be Summoned unless …", DE and JA read it so too)
    ("「静寂之杖-波纹」在自己场上存在时，这张卡才能召唤·反转召唤·特殊召唤。", [SUMMON]),
    ("这张卡上级召唤的场合，解放的怪兽必须是风属性怪兽。", [CONT]),
])
def test_zh_wording(text, expected):
    assert _entries(text, "zh-Hans") == expected


def test_each_time_counter_is_not_chained():
    # "…発動する度に、このカードに魔力カウンターを１つ置く": like PSCT's "Each time …, place …" (Reflection of Endymion)
    assert _entries("①：自分または相手が魔法カードを発動する度に、このカードに魔力カウンターを１つ置く。", "ja") == [CONT]


QUICK = ("quick", None, None)


@pytest.mark.parametrize("lang,text,expected", [
    # a turn window the grammar reads as plain head words, and "可以发动（…）" with its reminder in parentheses
    # (W:P Fancy Ball ②; Amazement Abomination Arlekino ②)
    ("zh-Hans", "②：在对手的主要阶段可以发动（应对此发动，双方不可发动连接怪兽的效果）。进行1只连接怪兽的连接召唤。要将自己场上的"
     "此卡作为连接素材的情况下，也可将对手场上的1只连接2以下的连接怪兽作为连接素材。", [QUICK]),
    ("zh-Hans", "②：对手的回合，可以以场上的1只其他的效果怪兽为对象发动。使这张卡返回持有者的卡组，从卡组特殊召唤1只「驚楽園の支配人 "
     "＜∀rlechino＞／惊乐园经理人 <阿尔历奇诺>」。那之后，对象怪兽的攻击力变为0。", [QUICK]),
    # "相手メインフェイズに" is written without "の" (U.A. Libero Spiker ②; script: QUICK_O)
    ("ja", "②：相手メインフェイズに発動できる。手札のレベル５以上の「Ｕ．Ａ．」モンスター１体をデッキに戻し、そのモンスターとは"
     "カード名が異なる「Ｕ．Ａ．」モンスター１体をデッキから特殊召喚する。その後、フィールドのこのカードを持ち主の手札に戻す。", [QUICK]),
    # another monster's damage-calculation window in current wording (Crystal Keeper ①; script: QUICK_O)
    ("ja", "①：自分の「宝玉獣」モンスターが相手モンスターと戦闘を行うダメージ計算時、手札・フィールドのこのカードをリリースして"
     "発動できる。その戦闘を行う自分のモンスターは、攻撃力・守備力がダメージ計算時のみ元々の数値の倍になり、ダメージステップ終了時に"
     "破壊される。", [QUICK]),
    # what happened this turn is a state of the turn: the Main Phase window decides (Raidraptor - Wild Vulture,
    # Lunalight Masquerade's second effect; scripts: IGNITION)
    ("en", "During your Main Phase, if this card was Normal or Special Summoned this turn: You can Tribute this card; "
     "Special Summon 2 \"Raidraptor\" monsters from your hand and/or Graveyard whose total Levels equal 6.", [IGN]),
    ("de", "Während deiner Main Phase, falls diese Karte in diesem Spielzug aktiviert wurde: Du kannst 1 „Lunalicht“-Monster "
     "von deinem Deck auf den Friedhof legen.", [IGN]),
])
def test_windows(lang, text, expected):
    assert _entries(text, lang) == expected


TRIG_IF = ("trigger", False, "if")
SCONT = ("spell-continuous", None, None)
RESTR = ("restriction", None, None)


@pytest.mark.parametrize("lang,ctype,text,expected", [
    # "When …, <subject> <verb>": the one-shot result of an old trigger (Abaki, Deepsea Macrotrema, Pixie Knight;
    # scripts: TRIGGER_F), also in German with the verb first ("…, wählt dein Gegner …")
    ("en", "Effect Monster", "When this card is destroyed and sent to the Graveyard by battle, both players take 500 damage.",
     [TRIG_M]),
    ("en", "Effect Monster", "When this card is sent from the field to the Graveyard, all face-up WATER monsters you control "
     "gain 500 ATK until the end of this turn.", [TRIG_M]),
    ("de", "Effect Monster", "Wenn diese Karte als Ergebnis eines Kampfes auf den Friedhof gelegt wird, wählt dein Gegner 1 "
     "Zauberkarte aus deinem Friedhof und legt sie oben auf dein Deck.", [TRIG_M]),
    # a Quick Effect said in a sentence of its own after an old effect (Junk Gardna; script: QUICK_O)
    ("en", "Effect Monster", "Once per turn, you can select 1 monster your opponent controls, and change its battle "
     "position. This effect can be activated during either player's turn.", [QUICK]),
    ("de", "Effect Monster", "Einmal pro Spielzug kannst du 1 Monster wählen, das dein Gegner kontrolliert, und seine "
     "Kampfposition ändern. Du kannst diesen Effekt während der Spielzüge beider Spieler aktivieren.", [QUICK]),
    # … but "This is a Quick Effect if …" keeps an Ignition Effect that may be used as one, as the OCG reads it
    # ("（…場合、この効果は相手ターンでも発動できる）", Bystial Druiswurm ①)
    ("en", "Effect Monster", "You can target 1 LIGHT or DARK monster in either GY; banish it, and if you do, Special Summon "
     "this card from your hand. This is a Quick Effect if your opponent controls a monster.", [IGN]),
    # the next old sentence acts on what the first one selected (Samurai Sword Baron; script: IGNITION)
    ("en", "Effect Monster", "Once per turn, you can select 1 Defense Position monster your opponent controls. Change it to "
     "face-up Attack Position.", [IGN]),
    # a maintenance cost with "or send this card to the GY" (Gaia Plate the Earth Giant; no trigger in the script)
    ("en", "Effect Monster", "Once per turn, during your Standby Phase, banish 1 Rock monster from your GY or send this card "
     "to the GY.", [CONT]),
    # an Equip Spell's "If it destroys …, send …" is an effect of its own (Hydro Pressure Cannon; script: TRIGGER_F)
    ("en", "Equip Spell", "Equip only to a Level 3 or lower WATER monster. If it destroys an opponent's monster by battle, "
     "send 1 random card in your opponent's hand to the Graveyard.", [SCONT, ("trigger", True, None)]),
])
def test_old_wording_more(lang, ctype, text, expected):
    assert _entries(text, lang, ctype) == expected


@pytest.mark.parametrize("ctype,text,expected", [
    # a text in PSCT marks the effects that activate: its sentence without ":" does not (Dinowrestler Capoeiraptor)
    ("Effect Monster", "This Attack Position card cannot be destroyed by battle. If this card is attacked, change it to "
     "Defense Position at the end of the Damage Step. During the Standby Phase, if this card is in Defense Position: You "
     "can Special Summon 1 \"Dinowrestler Capoeiraptor\" from your Deck. You can only use this effect of \"Dinowrestler "
     "Capoeiraptor\" once per turn.", [CONT, CONT, TRIG_IF, RESTR]),
    # a Link card was only ever printed in PSCT (Secure Gardna)
    ("Link Effect Monster", "1 Cyberse Link Monster\nAfter this card is Special Summoned, you take no effect damage for the "
     "rest of this turn. Once per turn, if you would take battle or effect damage, you take no damage. Cannot be used as "
     "Link Material. You can only control 1 \"Secure Gardna\".", [SUMMON, CONT, CONT, RESTR, RESTR]),
    # a text without any mark keeps the old reading (B.E.S. Tetran's "When this card is Normal Summoned, put …")
    ("Effect Monster", "When this card is Normal Summoned, put 3 counters on it. This card cannot be destroyed by battle.",
     [TRIG_M, CONT]),
])
def test_psct_text_has_no_unmarked_activated_effect(ctype, text, expected):
    assert _entries(text, "en", ctype) == expected


@pytest.mark.parametrize("ctype,text,expected", [
    # "Once per turn, if <state>, you can …": an Ignition Effect (Castle Gate, Teleport; scripts: IGNITION) …
    ("Effect Monster", "This card cannot be destroyed by battle. Once per turn, if this card is in face-up Attack "
     "Position, you can Tribute 1 Level 5 or lower monster to inflict damage to your opponent equal to that monster's "
     "original ATK.", [CONT, IGN]),
    ("Continuous Spell", "Once per turn, if your opponent controls a monster and you control no monsters, you can pay 800 "
     "Life Points to Special Summon 1 Psychic-Type monster from your hand.", [("ignition", None, None)]),
    # … but with "would" a replacement that does not activate
    ("Effect Monster", "Once per turn, if a Spellcaster monster(s) on the field would be destroyed, you can remove 1 Spell "
     "Counter from your field for each of those monsters instead.", [CONT]),
    # old "<cost> to <action>" and "By <cost>, <action>" (Lady Panther, Orca Mega-Fortress of Darkness; scripts: IGNITION)
    ("Effect Monster", "Tribute this face-up card to return 1 of your monsters destroyed as a result of battle during this "
     "turn to the top of your Deck.", [IGN]),
    ("Effect Monster", "By tributing 1 \"Torpedo Fish\" on your side of the field, destroy 1 monster on the field. By "
     "Tributing 1 \"Cannonball Spear Shellfish\" on your side of the field, destroy 1 Spell or Trap Card on the field.",
     [IGN, IGN]),
])
def test_old_ignition_wordings(ctype, text, expected):
    assert _entries(text, "en", ctype) == expected


@pytest.mark.parametrize("text", [
    # battle-damage rules and a chain-resolution rule read like "When …, <result>" but do not activate (Beast Machine King
    # Barbaros Ür, Canyon, Abyss-scale of the Mizuchi; the OCG texts and the scripts agree)
    "If this card attacks or is attacked, your opponent takes no battle damage.",
    "If a Rock-Type monster in Defense Position is attacked, double any Battle Damage to the controller of the attacking "
    "monster.",
    "When a Spell effect that was activated on your opponent's side of the field resolves, negate that effect, then send "
    "this card to the Graveyard.",
])
def test_old_battle_rules_are_continuous(text):
    assert _entries(text, "en") == [CONT]


ACT = ("activation", None, None)


@pytest.mark.parametrize("lang,ctype,text,expected", [
    # OCG lines that are rules of the card, not effects: the activation limit with "1个回合", the Chain rule, "此卡的发动和效果
    # 不会无效化" (PSCT folds it into the activation), and the card's name rule (Vampire Awakening, Miraculous Rebirth,
    # Divine Evolution, Fusion of Fire; English: activation + restriction)
    ("zh-Hans", "Normal Trap", "这个卡名的卡在1个回合只可发动1张。①：从牌组特殊召唤1只\"吸血鬼\"怪兽。用这个效果特殊召唤的怪兽将在"
     "这个回合的结束阶段被破坏。", [RESTR, ACT]),
    ("zh-Hans", "Quick-Play Spell", "连锁4以后才能发动。选择自己或者对方的墓地1只怪兽，在自己场上特殊召唤。同一连锁上有复数次同名卡的"
     "效果发动的场合，这张卡不能发动。", [ACT, RESTR]),
    ("ja", "Normal Spell", "このカードの発動と効果は無効化されない。①：自分フィールドの、元々の種族が幻神獣族のモンスター１体を選ぶ。"
     "そのモンスターは、攻撃力・守備力が１０００アップする。", [RESTR, ACT]),
    ("zh-Hans", "Normal Spell", "此卡的卡名在规则上也视为「融合」卡。此卡名的卡1回合仅可发动1张。①：从自己的手牌及自己・对手场上，"
     "将由\"转生炎兽\"融合怪兽卡决定的融合素材怪兽送至墓地，从额外牌组将1只该融合怪兽融合召唤。", [RESTR, ACT]),
    # "…在同一连锁上仅可发动１次" / "…同一チェーン上では１度しか発動できない": a limit on the effect (Mayakashi Mayhem: "You can
    # only activate the effect of … once per Chain")
    ("ja", "Continuous Trap", "このカード名の①の効果は同一チェーン上では１度しか発動できない。①：ＥＸデッキ以外からアンデット族Ｓ"
     "モンスターが特殊召喚された場合に発動できる。自分はデッキから１枚ドローする。", [RESTR, TRIG_IF]),
    # "1回合只有1次不会被战斗破坏" is a protection, not a use limit (Gyroid; English and the script: continuous)
    ("zh-Hans", "Effect Monster", "这张卡1回合只有1次不会被战斗破坏。（伤害计算适用）", [CONT]),
    # choosing one of a Continuous Trap's effects is an effect of the face-up card, not its activation; "那之后" goes on
    # with the chosen bullet (Exchange of Night and Day; English and the script: a Quick effect)
    ("ja", "Continuous Trap", "以下の効果から１つを選択して発動できる。「明と宵の逆転」の効果は１ターンに１度しか使用できない。\n"
     "●手札から戦士族・光属性モンスター１体を墓地へ送る。その後、そのモンスターと同じレベルの戦士族・闇属性モンスター１体をデッキから"
     "手札に加える。\n●手札から戦士族・闇属性モンスター１体を墓地へ送る。その後、そのモンスターと同じレベルの戦士族・光属性モンスター"
     "１体をデッキから手札に加える。", [QUICK, RESTR]),
    ("zh-Hans", "Continuous Trap", "可以从以下效果选择1个发动。「明与宵的逆转」的效果1回合只能使用1次。●从手卡把1只战士族·光属性怪兽"
     "送去墓地。那之后，和那只怪兽相同等级的1只战士族·暗属性怪兽从卡组加入手卡。●从手卡把1只战士族·暗属性怪兽送去墓地。那之后，"
     "和那只怪兽相同等级的1只战士族·光属性怪兽从卡组加入手卡。", [QUICK, RESTR]),
])
def test_ocg_rule_lines(lang, ctype, text, expected):
    assert _entries(text, lang, ctype) == expected


@pytest.mark.parametrize("lang,text,expected", [
    # an old effect that pays its cost in a sentence of its own: PSCT "You can Tribute this face-up card to …", "You can
    # pay 800 LP …" (Fairy Guardian, Sasuke Samurai #2, Seismic Crasher; scripts: IGNITION)
    ("ja", "表側表示のこのカードを生け贄に捧げる。このターン相手によって墓地に送られた自分の魔法カード１枚をデッキの一番下に戻す。", [IGN]),
    ("zh-Hans", "把表侧表示的这张卡作为祭品。这个回合被对方送去墓地的自己的1张魔法卡回到卡组最下面。", [IGN]),
    ("zh-Hans", "支付800基本分。直到结束阶段，全部魔法·陷阱卡不能发动。", [IGN]),
    ("ja", "自分フィールド上に存在する表側表示の永続魔法または永続罠カード１枚を墓地に送る。相手ライフに５００ポイントダメージを与える。"
     "この効果は１ターンに２度まで使用できる。", [IGN, RESTR]),
    # … but a maintenance cost paid each Standby Phase is no such sentence (Koa'ki Meiru Maximus; English: continuous)
    ("zh-Hans", "这张卡的控制者在每次自己的结束阶段从手卡把1张「核成兽的钢核」或1只名字带有「核成」的怪兽送去墓地。或者都不进行让"
     "这张卡破坏。", [CONT, CONT]),
])
def test_stand_alone_cost_sentence(lang, text, expected):
    assert _entries(text, lang) == expected


@pytest.mark.parametrize("text,expected", [
    # "If you do: …" / "When you do: …" as a header: its event is what the sentence before did — a trigger of its own
    # (Depresspard, Goka, the Pyre of Malice; scripts: TRIGGER_F)
    ("If this is the only card in your hand: You can Special Summon this card. If you do: This card's ATK becomes 2500 "
     "until the end of your opponent's turn.", [IGN, TRIG_M]),
    ("If you control a FIRE monster, you can Special Summon this card (from your hand). When you do: Target 1 FIRE monster "
     "you control; destroy that target.", [SUMMON, TRIG_M]),
    # … "If you do not control …:" is a state (Mementotlan Tatsunootoshigo)
    ("If you do not control any face-up monsters, other than \"Memento\" monsters: You can Special Summon this card from "
     "your hand.", [IGN]),
])
def test_if_you_do_header(text, expected):
    assert _entries(text, "en") == expected


TRIG_WHEN = ("trigger", False, "when")


@pytest.mark.parametrize("lang,ctype,text,expected", [
    # the link between a Spell/Trap and the monster it brought stays with the effect that brought it, as the OCG prints it
    # in the same ① (Predapruning: "…此卡从场上离开时，该怪兽将被破坏。")
    ("en", "Equip Spell", "Activate this card by targeting 1 \"Predaplant\" monster in your Graveyard; Special Summon it and equip "
     "it with this card. When this card leaves the field, destroy that monster.", [ACT]),
    ("de", "Equip Spell", "Aktiviere diese Karte, indem du 1 „Raubpflanze“-Monster in deinem Friedhof wählst; beschwöre es als "
     "Spezialbeschwörung und rüste es mit dieser Karte aus. Wenn diese Karte das Spielfeld verlässt, zerstöre das Monster.", [ACT]),
    # what happens to the material goes with the material rule (Lady of the Lake; OCG: one line)
    ("en", "Tuner Effect Monster", "Cannot be used as a Synchro Material, except for the Synchro Summon of a Warrior-Type monster. "
     "If this card is used for a Synchro Summon, banish it. When this card is Normal Summoned: You can target 1 \"Noble Knight\" "
     "Normal Monster in your Graveyard; Special Summon that target.", [RESTR, RESTR, TRIG_WHEN]),
    # the outcome of a coin toss goes on in the effect that tossed it (Time Wizard of Tomorrow)
    ("en", "Fusion Effect Monster", "\"Time Wizard\" + 1 Effect Monster\nOnce per turn, while you control this Fusion Summoned "
     "card: You can toss a coin and call it. Destroy as many monsters on the field as possible, and if you do, inflict damage "
     "equal to half the total original ATK of the destroyed face-up monsters. If you called the coin toss right, your opponent "
     "takes the damage, if you called it wrong, you take the damage.", [SUMMON, IGN]),
    # a summoning condition (Cyber End Dragon; OCG "このカードの融合召喚は上記のカードでしか行えない", zh "此卡的融合召唤仅可用上述卡进行")
    ("en", "Fusion Effect Monster", "\"Cyber Dragon\" + \"Cyber Dragon\" + \"Cyber Dragon\"\nA Fusion Summon of this card can only "
     "be done with the above Fusion Materials. If this card attacks a Defense Position monster, inflict piercing battle damage.",
     [SUMMON, SUMMON, CONT]),
    ("zh-Hans", "Fusion Effect Monster", "「王后骑士」＋「卫兵骑士」＋「国王骑士」\n这张卡的融合召唤不用上记卡不能进行。", [SUMMON, SUMMON]),
    # a Spirit monster's return in old PSCT is the mandatory trigger the current PSCT prints with a colon (Izanami)
    ("en", "Spirit Monster", "This card cannot be Special Summoned. This card returns to its owner's hand during the End Phase of "
     "the turn it is Normal Summoned or flipped face-up.", [SUMMON, TRIG_M]),
    # "banish this card instead of sending it to the GY" is no Graveyard effect: it stays in the activation (Pot of Benevolence)
    ("en", "Normal Spell", "Target 2 cards in the GY(s); shuffle them into the Deck(s). After activation, banish this card instead "
     "of sending it to the GY. You can only activate 1 \"Pot of Benevolence\" per turn.", [ACT, RESTR]),
    # "This card's activation and effect cannot be negated." is a rule of the card (Thunderforce Attack; the OCG prints it as a
    # line of its own before ①)
    ("en", "Quick-Play Spell", "This card's activation and effect cannot be negated. If you control a monster whose original "
     "name is \"Slifer the Sky Dragon\": Destroy as many face-up monsters your opponent controls as possible.", [RESTR, ACT]),
    # an unparsed effect's ":" before bullets does not make the text PSCT: the old "When …, place …" stays a trigger
    # (Supreme Arcanite Magician; OCG ①: "…融合召唤成功的场合发动")
    ("en", "Fusion Effect Monster", "1 Spellcaster-Type Synchro Monster + 1 Spellcaster-Type monster\nThis monster can only be "
     "Special Summoned by Fusion Summon (from the Extra Deck). When this card is Fusion Summoned, place 2 Spell Counters on it. "
     "This card gains 1000 ATK for each Spell Counter on it. Once per turn, you can remove 1 Spell Counter from your side of the "
     "field to activate 1 of the following effects: ● Select 1 card on the field, and destroy it. ● Draw 1 card.",
     [SUMMON, SUMMON, TRIG_M, CONT, IGN]),
    # an event, then this card Special Summons itself: an old "when" trigger, not a procedure (Junk Defender)
    ("zh-Hans", "Effect Monster", "对方怪兽的直接攻击宣言时，这张卡可以从手卡特殊召唤。此外，1回合1次，可以让这张卡的守备力直到结束阶段时"
     "上升300。这个效果在对方回合也能发动。", [TRIG_WHEN, QUICK]),
])
def test_segment_family_rules(lang, ctype, text, expected):
    assert _entries(text, lang, ctype) == expected


@pytest.mark.parametrize("lang,ctype,text,expected", [
    # German word orders of the rules the English segmenter knows (Spore, Frightfur Leo, Hidden Fangs of Revenge,
    # Vaylantz World - Konig Wissen; English: restriction / a rider of the effect)
    ("de", "Effect Monster", "Du kannst diesen Effekt von „Spore“ nur einmal pro Duell verwenden.", [RESTR]),
    ("de", "Fusion Effect Monster", "Du kannst 1 offenes Monster wählen, das dein Gegner kontrolliert; zerstöre es. Du kannst diesen "
     "Effekt von „Schreckenspelz Löwe“ nur einmal pro Spielzug verwenden. Diese Karte kann in dem Spielzug, in dem du diesen "
     "Effekt aktivierst, nicht direkt angreifen.", [IGN, RESTR]),
    ("de", "Quick-Play Spell", "Kein Spieler kann Karten oder Effekte als Reaktion auf die Aktivierung dieser Karte aktivieren.",
     [RESTR]),
    ("de", "Field Spell", "Der Zugspieler kann diesen Effekt von „Vaylantz-Welt - König Wissen“ nur einmal pro Spielzug "
     "verwenden.", [RESTR]),
    # zh rules of the card: "…只可有1只…存在" (numbered), "…最多仅可使用2次", the card as material (numbered), "只可以同步召唤方式
    # 特殊召唤" (a summoning condition), "这张卡不能从手卡发动" (Sun Wind Sail, Marincess Sea Star, Road Synchron, T.G. Halberd
    # Cannon, Mirage Tube)
    ("zh-Hans", "Effect Monster", "①：\"太阳风帆船\"在场上只可有1只以表侧表示存在。", [RESTR]),
    ("zh-Hans", "Effect Monster", "此卡名的效果1回合最多仅可使用2次。", [RESTR]),
    ("zh-Hans", "Tuner Effect Monster", "①：此卡作为“王道战士”以外的同步怪兽素材的情况下，此卡的等级视为下降2的等级。", [RESTR]),
    ("zh-Hans", "Synchro Effect Monster", "同步怪兽的协调＋2只以上协调以外的同步怪兽\n此卡只可以同步召唤方式特殊召唤。", [SUMMON, SUMMON]),
    ("zh-Hans", "Quick-Play Spell", "这张卡不能从手卡发动。自己场上表侧表示存在的怪兽被选择作为攻击对象时才能发动。给与对方基本分1000分"
     "伤害。", [RESTR, ACT]),
])
def test_rule_lines_more(lang, ctype, text, expected):
    assert _entries(text, lang, ctype) == expected


@pytest.mark.parametrize("ctype,text,expected", [
    # an old sentence that says how a Continuous card is activated is its activation (Wall of Revealing Light; OCG "支付1000的
    # 倍数的基本分发动")
    ("Continuous Trap", "Activate by paying any multiple of 1000 Life Points. Monsters your opponent controls cannot attack if "
     "their ATK is less than or equal to the amount you paid.", [ACT, SCONT]),
    # the activation of a Normal Trap stays the activation in a PSCT text, whatever old wording it uses (Survival's End)
    ("Normal Trap", "Destroy as many Normal Monsters on the field as possible, and if you do, Special Summon Level 4 or lower "
     "Dinosaur monsters from your Deck, up to the number destroyed. You can banish this card from your GY, then target 1 "
     "Dinosaur monster you control and 1 card your opponent controls; destroy them.", [ACT, QUICK]),
])
def test_old_activation_sentences(ctype, text, expected):
    assert _entries(text, "en", ctype) == expected


def test_ourocg_xyz_is_not_latin_text():
    # OurOCG Chinese writes "XYZ召唤": no PSCT text, so its old "…时，可以…" stays an optional trigger (CXyz Mechquipped Djinn
    # Angeneral; English "When this card is Xyz Summoned: You can …")
    got = _entries("4星怪兽×3\n这张卡XYZ召唤成功时，可以选择场上守备表示存在的1只怪兽变成表侧攻击表示。", "zh-Hans", "Xyz Effect Monster")
    assert got == [SUMMON, TRIG_WHEN]


def test_unparsed_old_psct_is_read_from_its_words():
    # an old PSCT sentence the grammar does not parse still reads as a trigger from its wording (Cursed Bill; script: TRIGGER_F)
    got = classify("When the equipped monster is destroyed and this card is sent to the Graveyard, inflict damage to the "
                   "player who controlled the equipped monster, equal to the monster's original DEF.", "en", "Equip Spell")
    assert [(d["type"], d["mandatory"]) for d in got["effects"]] == [("trigger", True)]


def test_you_can_before_the_colon_is_optional():
    # "…, you can (except during the Damage Step): Immediately after this effect resolves, …": "you can" stands in the
    # activation part (Genex Ally Triarm-like wording; German "…, kannst du (außer während des Damage Steps): …" reads the same)
    got = _entries("If this card is Special Summoned, you can (except during the Damage Step): Immediately after this effect "
                   "resolves, Synchro Summon 1 Fish Synchro Monster, using monsters you control as material.", "en")
    assert got == [("trigger", False, "if")]


@pytest.mark.parametrize("lang,text,expected", [
    # old PSCT "During your End Phase, if …, you can …" / "Once per turn during your opponent's Standby Phase, you can …":
    # an optional phase trigger (Samsara Lotus, Maniacal Servant; scripts: TRIGGER_O)
    ("en", "During your End Phase, if you control no Spell or Trap Cards, you can Special Summon this card from your Graveyard "
     "in face-up Attack Position.", [TRIG_IF]),
    ("en", "Once per turn during your opponent's Standby Phase, you can remove from play any number of DARK monsters from your "
     "Graveyard.", [TRIG_IF]),
])
def test_old_phase_you_can(lang, text, expected):
    assert _entries(text, lang) == expected


def test_self_destroyed_header_is_not_the_activation():
    # a Quick-Play Spell that opens with its trigger from the field to the GY: the activation is "Activate 1 of these
    # effects" after it (Radiant Typhoon Ascendance; OCG ① activation, ② "此卡因‹n›的效果被破坏的情况下可以发动")
    got = _entries("If this card is destroyed by the effect of \"Mystical Space Typhoon\": You can Set this card. Activate 1 of "
                   "these effects (but you can only use each of these effects of \"Radiant Typhoon Ascendance\" once per turn);\n"
                   "● Special Summon 1 Level 4 or lower \"Radiant Typhoon\" monster from your Deck.\n"
                   "● Add 1 \"Mystical Space Typhoon\" from your Deck to your hand.", "en", "Quick-Play Spell")
    assert got == [TRIG_IF, ACT]


@pytest.mark.parametrize("lang,text", [
    # a leading state, then the event: "While you control this face-up card, when …, <imperative>" (Archfiend Interceptor,
    # X-Saber Axel; scripts: TRIGGER_F), in English and German
    ("en", "While you control this face-up Attack Position card, when an opponent's monster declares an attack, inflict 500 "
     "damage to your opponent."),
    ("de", "Solange du diese offene Karte kontrollierst, wenn ein „Säbel“-Monster durch Kampf zerstört und auf den Friedhof "
     "gelegt wird, ziehe 1 Karte."),
])
def test_while_then_when_is_a_trigger(lang, text):
    assert _entries(text, lang) == [TRIG_M]
