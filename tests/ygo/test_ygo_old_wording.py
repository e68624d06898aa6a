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
