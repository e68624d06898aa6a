"""The Yu-Gi-Oh! grammars parse structure, not "a verb and any words": activation header, cost, the
actions of the resolution with their links ("then", "and if you do", "also" / その後 / 然后), quantities
and zones — English and German by phrase structure, Japanese and Chinese by typed words (closed-class
particles, inflected verbs, timing words) in clauses closed by a verb.  The classification reads that
structure (real card text from the corpus)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from lark import Lark, logger
from lark.exceptions import LarkError

from cardlint.speed.rewrite import bound_literals
from cardlint.ygo import classify, parse_effects
from cardlint.ygo.build import parser as _parser
from cardlint.ygo.segment import segment

GRAMMAR = Path(__file__).resolve().parents[2] / "grammar" / "ygo"


def _one(text, lang="en", ctype="Effect Monster"):
    (eff,) = [e for e in parse_effects(text, lang, ctype) if e.kind != "restriction"]
    assert eff.parsed
    return eff


def test_cost_target_and_linked_actions():
    # Starry Knight Orbitael (44818)
    eff = _one('(Quick Effect): You can target 1 LIGHT monster you control; Tribute it, and if you do, Set 1 '
               '"Starry Knight" Spell/Trap directly from your Deck.')
    assert eff.quick and eff.optional and eff.targets
    assert eff.cost.verb == "target" and eff.cost.quantities == ["1"]
    assert [(a.verb, a.link) for a in eff.sentences] == [("tribute", ""), ("set", "and-if-you-do")]
    assert eff.sentences[1].zones == ["from your deck"]


def test_then_and_also_links():
    # Reptilianne Echidna (8602351), second effect
    eff = _one("During your Main Phase, if your opponent controls a monster(s) with 0 ATK: You can add Reptile "
               "monsters with different names from your Deck to your hand, up to the number of monsters your "
               "opponent controls with 0 ATK, also, you cannot Special Summon monsters from the Extra Deck for the "
               "rest of this turn, except Reptile monsters.")
    assert [a.link for a in eff.sentences] == ["", "also"]
    assert eff.sentences[0].verb == "add"
    assert eff.sentences[0].zones == ["from your deck", "to your hand"]
    # the "if" clause is a state, so the effect is an ignition effect during the Main Phase
    assert eff.condition.kind == "if" and not eff.condition.event
    assert classify(eff.text, "en", "Effect Monster")["effects"][0]["type"] == "ignition"


def test_phase_start_is_a_trigger_that_cannot_miss_timing():
    # Shootingcode Talker (33897356)
    (d,) = classify("At the end of each Battle Phase: You can draw cards equal to the number of monsters this card "
                    "destroyed by battle this turn.", "en", "Link Effect Monster")["effects"]
    assert (d["type"], d["mandatory"], d["timing"], d["can_miss_timing"]) == ("trigger", False, "if", False)


def test_german_relative_clause_and_if_you_do():
    # the verb of "…, das dein Gegner kontrolliert" is not the action's verb; "und falls du dies tust" links
    eff = _one("Falls diese Karte als Linkbeschwörung beschworen wird: Du kannst 1 offenes Monster wählen, das dein "
               "Gegner kontrolliert; zerstöre es und falls du dies tust, ziehe 1 Karte.", "de", "Link Effect Monster")
    assert eff.cost.verb == "wählen" and eff.targets and eff.optional
    assert [(a.verb, a.link) for a in eff.sentences] == [("zerstöre", ""), ("ziehe", "and-if-you-do")]


def test_german_du_kannst_keine_is_a_prohibition():
    # March of the Monarchs (Continuous Spell): "You cannot Special Summon monsters from the Extra Deck."
    (d,) = classify("Du kannst keine Monster als Spezialbeschwörung vom Extra Deck beschwören.", "de",
                    "Continuous Spell")["effects"]
    assert d["type"] == "spell-continuous"
    # "You cannot activate Spell Cards the turn you activate this card.": a prohibition, read like the English
    (d,) = classify("Du kannst in dem Spielzug, in dem du diese Karte aktivierst, keine Zauberkarten aktivieren.",
                    "de", "Effect Monster")["effects"]
    (e,) = classify("You cannot activate Spell Cards the turn you activate this card.", "en", "Effect Monster")["effects"]
    assert d["type"] == e["type"] and d["type"] not in ("ignition", "trigger", "quick")


@pytest.mark.parametrize("lang,text", [
    ("en", "if this card is sent to the gy: ."),                         # a header needs a body
    ("en", "target 1 card on the field; destroy it; draw 1 card."),      # one cost per sentence
    ("en", "; destroy 1 card on the field."),                            # a cost needs an action
    ("en", "destroy 1 card on the field"),                               # a sentence ends with "."
    ("en", "you can target 1 card on the field; ."),                     # a resolution after the cost
    ("de", "falls diese karte zerstört wird: ."),
    ("de", "wähle 1 karte; zerstöre sie; ziehe 1 karte."),
])
def test_malformed_effects_do_not_parse(lang, text):
    with pytest.raises(LarkError):
        _parser(lang).parse(text)


@pytest.mark.parametrize("lang,text", [
    ("en", "When this card is destroyed by battle and sent to the GY: You can add 1 monster with 1500 or less ATK "
           "from your Deck to your hand."),
    ("de", "Wenn diese Karte durch Kampf zerstört und auf den Friedhof gelegt wird: Du kannst deiner Hand 1 Monster "
           "mit 1500 oder weniger ATK von deinem Deck hinzufügen."),
])
def test_header_and_resolution_parse(lang, text):
    (seg,) = segment(text, lang, "Effect Monster")
    tree = _parser(lang).parse(seg.norm)
    assert [t.data for t in tree.iter_subtrees_topdown() if t.data in ("head", "cond_when", "sentence", "seq")] == \
        ["head", "cond_when", "seq", "sentence", "seq"]


class _Conflicts(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines = []

    def emit(self, record):
        if record.getMessage().startswith("Shift/Reduce"):
            self.lines.append(record.getMessage())


@pytest.mark.parametrize("name", ["en.lark", "de.lark", "ja.lark", "zh.lark"])
def test_grammar_has_no_shift_reduce_conflicts(name):
    # Lark resolves them silently as "shift"; the grammars are written so that there are none
    handler = _Conflicts()
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        path = GRAMMAR / name
        Lark(bound_literals(path.read_text(encoding="utf-8"), path.parent), parser="lalr",
             import_paths=[path.parent], debug=True)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert handler.lines == []


# ---------------------------------------------------------------- Japanese and Chinese (OCG text)
# The ja/zh grammars parse clauses of typed words closed by a verb: a Japanese verb is a stem plus an
# inflection ending typed by its form (continuative/te-form verbs end one action of a sequence), a
# Chinese clause needs a closed-class verb; conditions end in their timing word, targets in
# "を対象として"/"为对象", heads in the activation word.  Real effects from the corpus, hand-checked.

def _acts(eff):
    return [(a.link, a.verb) for a in eff.sentences]


def test_ja_trigger_with_search():
    # ワルキューレ・ドリット / Valkyrie Dritte (3026686) ①
    eff = _one("①：このカードが召喚・特殊召喚に成功した場合に発動できる。デッキから「ワルキューレ・ドリット」以外の"
               "「ワルキューレ」カード１枚を手札に加える。", "ja")
    assert eff.optional and eff.condition.kind == "if" and eff.condition.event
    assert eff.condition.text == "このカードが召喚・特殊召喚に成功した場合"
    (act,) = eff.sentences
    assert act.verb == "加える" and act.quantities == ["1枚"] and act.zones == ["デッキから", "手札に"]


def test_ja_cost_continuative_and_target():
    # ファーニマル・ベア / Fluffal Bear (3841833) ②: "…をリリースし、…を対象として発動できる"
    eff = _one("②：このカードをリリースし、自分の墓地の「融合」１枚を対象として発動できる。そのカードを手札に加える。", "ja")
    assert eff.cost.verb == "リリースし" and eff.targets and eff.optional
    assert _acts(eff) == [("", "加える")] and eff.sentences[0].obj == "そのカード"
    assert classify(eff.text, "ja", "Effect Monster")["effects"][0]["type"] == "ignition"


def test_ja_te_form_cost_then_link():
    # ソーラー・エクスチェンジ / Solar Recharge (691925)
    eff = _one("①：手札から「ライトロード」モンスター１体を捨てて発動できる。自分は２枚ドローする。その後、"
               "自分のデッキの上からカードを２枚墓地へ送る。", "ja", "Normal Spell")
    assert eff.cost.verb == "捨てて" and not eff.targets
    assert _acts(eff) == [("", "ドローする"), ("then", "送る")]
    assert eff.sentences[0].quantities == ["2枚"]


def test_ja_when_condition_and_then():
    # 毒サソリの罠 / Trap of the Poisonous Scorpion (212652)
    eff = _one("①：相手モンスターの直接攻撃宣言時に発動できる。そのモンスターを破壊する。その後、相手に３００ダメージを与える。",
               "ja", "Normal Trap")
    assert eff.condition.kind == "when" and eff.condition.event
    assert _acts(eff) == [("", "破壊する"), ("then", "与える")]
    assert classify(eff.text, "ja", "Normal Trap")["effects"][0]["type"] == "activation"


def test_ja_continuative_sequence_in_one_sentence():
    # サンダー・ブレイク / Raigeki Break (4178474)
    eff = _one("①：手札を１枚捨て、フィールドのカード１枚を対象として発動できる。そのカードを破壊する。", "ja", "Normal Trap")
    assert eff.cost.verb == "捨て" and eff.targets
    # ダイヤモンドダスト・サイクロン / Diamond-Dust Cyclone (19980975): two actions joined by a continuative
    # verb ("破壊し、…ドローする"), the cost a te-form ("選択して発動する")
    eff = _one("フォッグカウンターが４つ以上乗っているモンスター１体を選択して発動する。選択したモンスターを破壊し、"
               "破壊したモンスターに乗っているフォッグカウンター４つにつき、自分のデッキからカードを１枚ドローする。", "ja",
               "Quick-Play Spell")
    assert eff.cost.verb == "選択して" and eff.activation_word
    assert _acts(eff) == [("", "破壊し"), ("and", "ドローする")]
    assert eff.sentences[1].quantities == ["4つ", "1枚"]  # "…4つにつき、…1枚ドローする"


def test_ja_flip_and_continuous():
    # 白い忍者 / White Ninja (1571945)
    eff = _one("リバース：フィールド上の守備表示モンスター１体を破壊する。", "ja", "Flip Effect Monster")
    assert eff.flip and _acts(eff) == [("", "破壊する")]
    assert classify(eff.text, "ja", "Flip Effect Monster")["effects"][0]["type"] == "flip"
    # 不屈の獣僕 / Undaunted Bumpkin Beast (8700633) ②: a state, then a negated predicate — continuous
    eff = _one("②：自分フィールドに他のモンスターが存在しない場合、攻撃表示のこのカードは戦闘では破壊されない。", "ja")
    assert eff.kind == "passive" and eff.sentences[0].negated and eff.sentences[0].verb == "破壊されない"


def test_ja_quick_sentence_and_mandatory_trigger():
    # 不屈の獣僕 (8700633) ①: "この効果は相手ターンでも発動できる" makes it a Quick Effect
    (d,) = classify("①：相手が３体以上のモンスターを特殊召喚したターンのメインフェイズに発動できる。"
                    "このカードを手札・墓地から特殊召喚する。この効果は相手ターンでも発動できる。", "ja", "Effect Monster")["effects"]
    assert d["type"] == "quick" and d["parsed"]
    # ソニック・ウォリアー / Sonic Warrior (17932494): "…場合に発動する" — mandatory
    eff = _one("①：このカードが墓地へ送られた場合に発動する。自分フィールドの全てのレベル２以下のモンスターの攻撃力は"
               "５００アップする。", "ja")
    assert eff.activation_word and not eff.optional and _acts(eff) == [("", "アップする")]


def test_ja_activating_other_cards_is_a_permission():
    # 魔弾の悪魔 カスパール / Magical Musket Mastermind Caspar (3287359) ②: "…you can activate "Magical Musket" Spells/Traps from
    # your hand during either player's turn" — the activation word governs other cards, not this effect
    eff = _one("②：このカードがモンスターゾーンに存在する限り、自分・相手ターンに自分は「魔弾」魔法・罠カードを手札から"
               "発動できる。", "ja", "Link Effect Monster")
    assert eff.parsed and eff.kind == "passive" and not eff.optional
    (d,) = classify(eff.text, "ja", "Link Effect Monster")["effects"]
    assert d["type"] == "continuous"
    # …while the head of a Spell/Trap's own activation stays an activation (パラレルポート・アーマー, 879958 ①)
    eff = _one("①：自分フィールドのリンクモンスター１体を対象としてこのカードを発動できる。", "ja", "Normal Trap")
    assert eff.kind == "activated" and eff.targets


def test_zh_trigger_with_ba_object():
    # 我我我妹妹 / Gagaga Sister (387282) ①
    eff = _one("①：此卡召唤时可以发动。从牌组将1张“我我我”魔法・陷阱卡加入手牌。", "zh-Hans")
    assert eff.optional and eff.condition.kind == "when" and eff.condition.event
    (act,) = eff.sentences
    assert act.verb == "加入手牌" and act.quantities == ["1张"] and act.zones == ["从牌组"]
    assert act.obj == "1张‹n›魔法・陷阱卡"


def test_zh_cost_target_and_then():
    # 不知火流 燕之太刀 / Shiranui Style Swallow's Slash (4333086)
    eff = _one("①：解放自己场上的１只不死族怪兽，以场上的２张卡为对象可以发动。将该卡破坏。然后，从牌组将１只“不知火”怪兽除外。",
               "zh-Hans", "Normal Trap")
    assert eff.cost.verb == "解放" and eff.targets and eff.optional
    assert _acts(eff) == [("", "破坏"), ("then", "除外")]
    assert eff.sentences[0].obj == "该卡" and eff.sentences[1].zones == ["从牌组"]
    assert classify(eff.text, "zh-Hans", "Normal Trap")["effects"][0]["type"] == "activation"


def test_zh_quick_flip_and_continuous():
    # 虚之创王 厄特加沙 / Utgarda (744887) ②: "此效果在对手回合中也可以发动"
    (d,) = classify("②：解放自己场上的“创王”怪兽或岩石族怪兽合计2只，以场上的1张卡为对象可以发动。将该卡除外。"
                    "此效果在对手回合中也可以发动。", "zh-Hans", "Effect Monster")["effects"]
    assert (d["type"], d["parsed"]) == ("quick", True)
    eff = _one("反转：场上1只守备表示的怪兽破坏。", "zh-Hans", "Flip Effect Monster")
    assert eff.flip and _acts(eff) == [("", "破坏")]
    # 黑色魔术师－黑魔导 (342673) ②: "只要…" is the state a continuous effect applies in, not an action
    eff = _one("②：此卡只要存在于怪兽区域，卡名视为“黑魔导”。", "zh-Hans")
    assert eff.kind == "passive" and _acts(eff) == [("", "视为")]
    # 并行端口护甲 / Parallel Port Armor (879958), a sentence of ①: negated passive predicates
    eff = _one("装备怪兽不会成为对方的效果的对象，不会被战斗破坏。", "zh-Hans", "Normal Trap")
    assert [(a.verb, a.negated) for a in eff.sentences] == [("成为", True), ("战斗破坏", True)]


def test_zh_condition_directly_before_its_clause():
    # 电子界小工具 / Cyberse Gadget (645087) ②
    eff = _one("②：此卡从场上被送至墓地的情况下可以发动。将1只“小工具衍生物”（电子界族・光・星2・攻/守0）特殊召唤至自己场上。",
               "zh-Hans")
    assert eff.condition.kind == "if" and eff.condition.event and _acts(eff) == [("", "特殊召唤")]


@pytest.mark.parametrize("lang,text", [
    ("ja", "このカードを破壊。"),                                  # a sentence needs a predicate
    ("ja", "デッキからモンスター1体を。"),
    ("ja", "このカードが召喚に成功した場合に発動できる"),            # a sentence ends with "。"
    ("ja", "発動できる。このカードを"),
    ("ja", "ほげほげする。"),                                      # hiragana are a closed class
    ("ja", "このカードを破壊するモンスター。"),                    # a relative verb needs its noun's predicate
    ("ja", "このカードが場合、破壊する。"),                        # a timing word closes a clause or a noun
    ("ja", "このカードを破壊し。"),                                # a continuative verb does not end a sentence
    ("zh-Hans", "此卡的攻击力。"),                                 # a clause needs a verb
    ("zh-Hans", "从卡组将1只怪兽。"),
    ("zh-Hans", "此卡召唤成功的场合可以发动"),
    ("zh-Hans", "以场上1只怪兽为对象。"),                          # a target is not a sentence
    ("zh-Hans", "此卡的场合。"),
    ("zh-Hans", "此卡召唤的场合,。"),
    ("zh-Hans", "此卡的,破坏。"),                                  # "的" is followed by a noun
    ("zh-Hans", "将此卡破坏可以。"),                               # a clause does not end in a modal
    ("zh-Hans", "从,将此卡破坏。"),                                # "从" takes a noun
])
def test_malformed_cjk_effects_do_not_parse(lang, text):
    with pytest.raises(LarkError):
        _parser(lang).parse(text)


@pytest.mark.parametrize("lang,text,kinds", [
    # マガジンドラムゴン / Magazine Dragon (739444) ①, and its Chinese text
    ("ja", "このカードが特殊召喚に成功した場合に発動できる。自分はデッキから１枚ドローする。",
     ["head", "cond_if", "sentence"]),
    ("zh-Hans", "此卡特殊召唤成功的情况下可以发动。自己从牌组抽1张。", ["head", "cond_if", "sentence", "action"]),
    # オルターガイスト・ヘクスティア / Altergeist Hexstia (1508649) ②
    ("ja", "魔法・罠カードの効果が発動した時、このカードのリンク先の「オルターガイスト」モンスター１体をリリースして"
           "発動できる。その発動を無効にし破壊する。",
     ["head", "cond_when", "link_te", "sentence", "link_ren"]),
    # 机皇帝神智∞－同步吸收 (30221870)
    ("zh-Hans", "要让场上的卡破坏的效果发动时，把这张卡解放才能发动。那个发动无效并破坏。",
     ["head", "cond_when", "action", "sentence", "action"]),
])
def test_cjk_tree_shape(lang, text, kinds):
    (seg,) = segment(text, lang, "Effect Monster")
    tree = _parser(lang).parse(seg.norm)
    assert [t.data for t in tree.iter_subtrees_topdown() if t.data in
            ("head", "cond_if", "cond_when", "sentence", "action", "link_te", "link_ren")] == kinds
