"""Simplified Chinese front end (grammar/zh.lark + cardlint.lang.zh.frontend)."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import pytest

from cardlint.pipeline import classify_text
from clause_fixtures import load

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "zh"
SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS = SHARED / "corpus" / "mtg" / "zh-Hans.jsonl"

CLAUSES = load("zh-Hans")


def _one(text, name=None, type_line=None):
    out = classify_text(text, "zh-Hans", name=name, type_line=type_line)["clauses"]
    assert len(out) == 1, out
    return out[0]


def _keys(clause):
    return sorted((e["kind"], str(e["layer"]), e["cda"]) for e in clause["effects"])


def _check_parsed(text, name, type_line, ability, effects):
    """The clause parses, with this ability kind and these (kind, layer, cda) effects."""
    c = _one(text, name, type_line)
    assert c["parsed"], c.get("error")
    assert c["ability"] == ability
    assert _keys(c) == sorted((k, str(layer), cda) for k, layer, cda in effects)



def test_fixture_parses_the_rare_layers():
    # the generic checks are in tests/test_clause_fixtures.py; Chinese also parses its layer-3 and 7d clauses
    parsed_layers = {str(layer) for c in CLAUSES if c["parsed"] for _, layer, _ in c["effects"]}
    assert {"3", "7d"} <= parsed_layers
    assert sum(c["parsed"] for c in CLAUSES) >= 100


# --- templates named in the issue (printed wordings, old and new) ------------------------------
@pytest.mark.parametrize("text,name,type_line,ability,effects", [
    ("由你操控的生物得+1/+1。", None, "结界", "static", [("continuous", "7c", False)]),
    ("直到回合结束，目标生物得+3/+3。", None, "瞬间", "spell", [("continuous", "7c", False)]),
    ("受此结界的生物具有飞行异能。", "飞翼", "结界～灵气", "static", [("continuous", "6", False)]),
    ("所结附的生物得+2/+2。", None, "结界～灵气", "static", [("continuous", "7c", False)]),
    ("佩带此武具的生物得+1/+1。", None, "神器～武具", "static", [("continuous", "7c", False)]),
    ("目标生物的基础力量与防御力为1/1直到回合结束。", None, "瞬间", "spell", [("continuous", "7b", False)]),
    ("除其原本类别外，挑战者还是生物。", "挑战者", "神器", "static", [("continuous", "4", False)]),
    ("获得目标生物的操控权。", None, "法术", "spell", [("continuous", "2", False)]),
    ("{1}{U}：交换挑战者的力量与防御力直到回合结束。", "挑战者", "生物～人类", "activated",
     [("continuous", "7d", False)]),
    ("挑战者须横置进战场。", "挑战者", "地", "static", [("replacement", "None", False)]),
    ("挑战者横置进场。", "挑战者", "地", "static", [("replacement", "None", False)]),
    ("当挑战者进战场时，抓一张牌。", "挑战者", "生物", "triggered", [("one-shot", "None", False)]),
    ("每当挑战者攻击时，它得+1/+0直到回合结束。", "挑战者", "生物", "triggered", [("continuous", "7c", False)]),
    ("在你的维持开始时，你失去1点生命。", None, "结界", "triggered", [("one-shot", "None", False)]),
    ("挑战者的力量等于由你操控的生物数量。", "挑战者", "生物", "static", [("continuous", "7a", True)]),
    ("挑战者是黑色。", "挑战者", "生物", "static", [("continuous", "5", True)]),
    ("只要你操控海岛，此生物便得+1/+1。", None, "生物", "static", [("continuous", "7c", False)]),
    ("防止所有将对你造成的伤害。", None, "瞬间", "spell", [("prevention", "None", False)]),
    ("化形", None, "生物", "keyword", [("continuous", "4", True)]),
])
def test_templates(text, name, type_line, ability, effects):
    c = _one(text, name, type_line)
    assert c["parsed"], c.get("error")
    assert c["ability"] == ability
    assert _keys(c) == sorted((k, str(layer), cda) for k, layer, cda in effects)


# --- clause families parsed structurally (real corpus clauses; expected output checked by hand ----
# against the printing's English text; see fixtures/zh/unparsed-families.md) ----------------------
@pytest.mark.parametrize("text,name,type_line,ability,effects", [
    # an adverb before "在…上放置" (the adverb list no longer commits before the verb frame)
    ("在你的维持开始时，你可以在乙太精瓶上放置一个充电指示物。", "乙太精瓶", "神器", "triggered",
     [("one-shot", None, False)]),
    # "成为P/T，具…异能的…生物": the description after the P/T box gives layers 4, 6 and 7b
    ("{2}{G}，{T}：目标由你操控的地成为4/4，具敏捷异能的元素生物直到回合结束。它仍然是地。", "部族公会法师",
     "生物 ～人类／祭师", "activated", [("continuous", "4", False), ("continuous", "6", False),
                                       ("continuous", "7b", False)]),
    # "是P/T黑色的…生物": the description's color is layer 5
    ("所结附的地是3/3黑色的流浆生物。 它仍然是地。", "腐化赞迪肯", "结界～灵气", "static",
     [("continuous", "4", False), ("continuous", "5", False), ("continuous", "7b", False)]),
    # token descriptions: "P/T，X Y双色，具…异能的…衍生生物", "P/T绿色的…衍生生物"
    ("派出三个2/2，绿白双色，具警戒异能的妖精／骑士衍生生物。", "保全", "瞬间", "spell", [("one-shot", None, False)]),
    ("0：将一个2/2绿色的狼衍生生物放进战场。转化雅琳珂德。", "雅琳珂德", "鹏洛客～雅琳", "activated",
     [("one-shot", None, False)]),
    # "由对手操控之…", "咒语或异能"
    ("每当你成为由对手操控之咒语或异能的目标时，除非该咒语或异能的操控者支付{1}，否则反击之。", "庇佑护身符", "神器",
     "triggered", [("one-shot", None, False)]),
    # "若能攻击，则必须攻击" (a requirement: rules, as "can't block this turn")
    ("{T}：目标由对手操控的生物本回合若能攻击你，则必须攻击。", "诱人塞连", "生物～塞连", "activated",
     [("rules", None, False)]),
    ("除非防御牌手操控沼泽，否则腐沼巨蛇不能攻击。", "腐沼巨蛇", "生物～巨蛇", "static", [("rules", None, False)]),
    ("奉从组构体不能单独进行攻击。", "奉从组构体", "神器生物～组构体", "static", [("rules", None, False)]),
    # subject-first moves ("其余的牌则…置于…")
    ("检视你牌库顶的三张牌。将其中一张置于你手上，其余的牌则以任意顺序置于你的牌库底。", "预先考虑", "瞬间", "spell",
     [("one-shot", None, False)]),
    # keyword actions as verbs
    ("当莽霸联盟海贼进战场时，令它勘察。（展示你的牌库顶牌。如果该牌是地，则置于你手上。）", "莽霸联盟海贼",
     "生物 ～人类／海盗", "triggered", [("one-shot", None, False)]),
    ("−2：囤兵2。", "混沌船长安戈斯", "传奇鹏洛客 ～安戈斯", "activated", [("one-shot", None, False)]),
    # "阻挡生物或被生物阻挡", "在你操控下进战场" (trigger events)
    ("每当烬口猎犬阻挡生物或被生物阻挡时，烬口猎犬对该生物造成1点伤害。", "烬口猎犬", "生物～元素／猎犬",
     "triggered", [("one-shot", None, False)]),
    ("每当伏谋祭师或另一个生物在你操控下进战场时，该生物得+2/+2直到回合结束。", "伏谋祭师", "生物～半兽人／祭师",
     "triggered", [("continuous", "7c", False)]),
    # a cost list joined by "并"; an ability word before a cost
    ("从艾瓯遗迹探险上移去三个探索指示物并牺牲它：抓两张牌。", "艾瓯遗迹探险", "结界", "activated",
     [("one-shot", None, False)]),
    ("齐力～{T}，横置一个由你操控且未横置的伙伴：弃一张牌。若你如此作，则抓一张牌。", "阿库姆觅焰师",
     "生物～人类／祭师／伙伴", "activated", [("one-shot", None, False)]),
    # "只能被…阻挡" (can't be blocked except by …); "只能于…时起动此异能"
    ("强横～{3}{R}{R}：每个由你操控的生物本回合中只能被两个或更多生物阻挡。只能于由你操控之生物的力量总和等于或大于8时起动此异能。",
     "安塔卡族猛击手", "生物～食人魔／战士", "activated", [("rules", None, False)]),
    # "若未支付其致敬费用" as a condition
    ("当谢纳戈斯的狂徒进战场时，若未支付其致敬费用，则它得+1/+1且获得敏捷异能直到回合结束。", "谢纳戈斯的狂徒",
     "生物～半人马／战士", "triggered", [("continuous", "6", False), ("continuous", "7c", False)]),
    # "每以此法放逐一张牌，…便…"; "非生物的永久物"
    ("放逐目标牌手坟墓场中的所有生物牌。每以此法放逐一张牌，你便获得3点生命。", "入侵墓穴", "瞬间", "spell",
     [("one-shot", None, False)]),
    ("当焚破巨龙死去时，消灭目标非生物的永久物。", "焚破巨龙", "生物～龙", "triggered", [("one-shot", None, False)]),
    # "改为…造成两倍的伤害" (what follows "instead" belongs to the replacement)
    ("如果某个由你操控的来源将对任一永久物或牌手造成伤害，则改为它对该永久物或牌手造成两倍的伤害。", "安戈斯的劫掠者",
     "生物 ～人类／海盗", "static", [("replacement", None, False)]),
    # an alternative cost is a static ability of the spell
    ("突击～如果你于本回合中曾以生物攻击，你可以支付{U}，而不支付此咒语的法术力费用。", "总帅号令", "瞬间", "static",
     [("rules", None, False)]),
    # strive: the spell's own cost
    ("积力～空中列阵在第一个目标之外每有一个目标，便增加{2}{U}来施放。", "空中列阵", "瞬间", "static",
     [("rules", None, False)]),
    # "不能具有或获得…异能" is layer 6, not a rules effect
    ("由对手操控的生物失去践踏异能，且不能具有或获得践踏异能。", "侵略典范", "结界生物～人类／战士", "static",
     [("continuous", "6", False)]),
    # keywords: a non-mana cost after "～"; "神器共鸣"; a leveler's P/T box (7b)
    ("佩带～牺牲一个生物。", "恶魔锁子甲", "神器～武具", "keyword", []),
    ("神器共鸣（你每操控一个神器，使用此咒语的费用便减少{1}来使用）", "光蛾灌输", "瞬间", "keyword", []),
    ("4/4", "巴勒格伏兽师", "生物～人类／战士", "static", [("continuous", "7b", False)]),
])
def test_structural_families(text, name, type_line, ability, effects):
    _check_parsed(text, name, type_line, ability, effects)


# --- continuous-effect families parsed in the third round (real corpus clauses; expected output --
# checked by hand against the printing's English text) --------------------------------------------
@pytest.mark.parametrize("text,name,type_line,ability,effects", [
    # keywords and a quoted ability granted together ("具有警戒异能与「…」")
    ("佩带此武具的生物得+2/+0且具有警戒异能与「在你的维持开始时,抓一张牌。」", "贪欲护身符", "神器～武具", "static",
     [("continuous", "7c", False), ("continuous", "6", False)]),
    # "成为基础力量与防御力为P/T,具…的…": layers 4, 6 and 7b from the description
    ("牺牲另一个生物:直到回合结束,博卡登化龙师成为基础力量与防御力为4/4,具飞行与敏捷异能的龙。", "博卡登化龙师",
     "生物 ～人类／祭师", "activated",
     [("continuous", "4", False), ("continuous", "6", False), ("continuous", "7b", False)]),
    # "将X视同具有闪现异能地来施放": a rules effect, not an ability granted
    ("{G}{U},{T}:于本回合中,你可以将非地牌视同具有闪现异能地来施放。", "炼金术士避难所", "地", "activated",
     [("rules", None, False)]),
    # devotion in a condition; "便不是生物" removes a type (layer 4)
    ("只要你的红绿两色献力小于七,谢纳戈斯便不是生物。", "贪欢神谢纳戈斯", "传奇结界生物～神", "static",
     [("continuous", "4", False)]),
    # "for each Aura/Equipment attached", "for each of its colors"
    ("源火斗士上每结附一个灵气或每装备一个武具,便得+2/+2。", "源火斗士", "生物 ～人类／战士", "static",
     [("continuous", "7c", False)]),
    ("受此结界的生物每具有一种颜色,便得+1/+1。", "巨神灵加持", "结界～灵气", "static", [("continuous", "7c", False)]),
    # "只要~佩带武具" (is equipped) as a condition
    ("只要欧瑞克扫刀手佩带武具,它得+1/+1并具有先攻异能。", "欧瑞克扫刀手", "生物～人类／士兵", "static",
     [("continuous", "7c", False), ("continuous", "6", False)]),
    # a delayed trigger without a comma after "时" ("在回合结束时将之牺牲")
    ("{2}:凶讯神得+1/+1直到回合结束。 在回合结束时将之牺牲。", "凶讯神", "生物～精怪", "activated",
     [("continuous", "7c", False), ("one-shot", None, False)]),
    # "失去所有生物类别", "不再是武具" (layer 4)
    ("直到回合结束,由目标牌手操控的生物得-2/-0且失去所有生物类别。", "抹消自我", "部族瞬间～变形兽", "spell",
     [("continuous", "7c", False), ("continuous", "4", False)]),
    ("{0}:直到回合结束,遭祟板甲成为4/4精怪神器生物,且不再是武具。只能于你未操控生物时起动此异能。", "遭祟板甲",
     "神器～武具", "activated", [("continuous", "4", False), ("continuous", "7b", False)]),
    # "只要不是在你的回合中" (a turn condition); "由你队伍操控的" (your team)
    ("只要不是在你的回合中,由你操控的生物便得+0/+2。", "战斗荣光", "结界", "static", [("continuous", "7c", False)]),
    ("由你队伍操控的骑士具有飞行与敏捷异能。", "炙焰寇伐丝", "传奇生物 ～龙", "static", [("continuous", "6", False)]),
    # "反生物保护" ("保护" is also a keyword name)
    ("所结附的生物得+2/+2且具有反生物保护。", "神圣护篷", "结界～灵气", "static",
     [("continuous", "7c", False), ("continuous", "6", False)]),
    # a copy with an exception: the exception is part of the copy effect (layer 1, CR 707.9b)
    ("你可以使另我离影当成战场上任一生物的复制品来进入战场,但它进战场时上面额外有X个+1/+1指示物。", "另我离影",
     "生物～变形兽", "static", [("replacement", None, False), ("continuous", "1a", False)]),
    # "于你操控~的时段内" (for as long as you control ~)
    ("当庇护天使进战场时,于你操控庇护天使的时段内,另一个目标永久物获得不灭异能。", "庇护天使", "生物～天使",
     "triggered", [("continuous", "6", False)]),
    # "本回合中,每当…时,…": a delayed trigger inside a spell; the spell stays a spell
    ("选择目标生物。本回合中,每当该生物受到伤害时,它对每个其他生物和每位牌手各造成等量的伤害。", "电弧连心", "瞬间",
     "spell", [("one-shot", None, False)]),
    # "X每操控一个…,…便…"; "如果X等于或大于5"; "由防御牌手操控的"
    ("目标对手每操控一个已横置的生物,你便抓一张牌。", "草船借箭", "法术", "spell", [("one-shot", None, False)]),
    ("末日多头龙进战场时上面有X个+1/+1指示物。如果X等于或大于5,则它进战场时上面额外有X个+1/+1指示物。", "末日多头龙",
     "生物 ～多头龙", "static", [("replacement", None, False)]),
    ("{R}:远古残虐者对目标由防御牌手操控的生物造成1点伤害。 只能于远古残虐者进行攻击时起动此异能。", "远古残虐者",
     "生物～龙", "activated", [("one-shot", None, False)]),
    # copies: "成为目标生物的复制,且获得此异能" (layer 1 with its exception, CR 707.9a); copying a
    # spell is a one-shot, not a copy effect
    ("勇行~每当你施放一个以幽形工匠为目标的咒语时,你可以令幽形工匠成为目标生物的复制且获得此异能。", "幽形工匠",
     "生物～人类／法术师", "triggered", [("continuous", "1a", False)]),
    ("{U}{U},{T}:将目标瞬间或法术咒语复制两次。 你可以为每个复制品选择新的目标。", "回声法师", "生物～人类／法术师",
     "activated", [("one-shot", None, False)]),
    ("本回合中,当你施放你的下一个瞬间或法术咒语时,复制该咒语。你可以为该复制品选择新的目标。", "连咒击", "法术",
     "spell", [("one-shot", None, False)]),
])
def test_continuous_families(text, name, type_line, ability, effects):
    _check_parsed(text, name, type_line, ability, effects)


# --- continuous-effect families parsed in the fourth round (real corpus clauses; expected output --
# checked by hand against the printing's English text) --------------------------------------------
@pytest.mark.parametrize("text,name,type_line,ability,effects", [
    # modifiers joined by "且" after a controller: "由你操控且为狼或狼人的", "由你拥有且不在战场上的"
    ("由你操控且为狼或狼人的生物得+1/+1且具有践踏异能。", "嚎群复生", "结界", "static",
     [("continuous", "6", False), ("continuous", "7c", False)]),
    ("由你拥有且不在战场上的生物牌具有闪现异能。", "赛费尔法师泰菲力", "传奇生物～人类／法术师", "static",
     [("continuous", "6", False)]),
    # "受到非战斗伤害" (dealt damage of a kind) as a trigger event
    ("每当任一对手受到非战斗伤害时,茜卓的喷火灵得+3/+0直到回合结束。", "茜卓的喷火灵", "生物 ～元素", "triggered",
     [("continuous", "7c", False)]),
    # exchange of control (layer 2); card types listed with "," ("神器,生物或结界")
    ("交换两个目标生物的操控权。", "私密交换", "法术", "spell", [("continuous", "2", False)]),
    ("获得目标神器,生物或结界的操控权。由你操控的地于你的下一个重置步骤中不能重置。", "刻法涅临终谕令", "法术",
     "spell", [("continuous", "2", False), ("rules", None, False)]),
    # states in conditions: "已铭勇", "在你的坟墓场,并且你操控树林", "你仅操控一个生物", "手牌比每位对手都多"
    ("只要逐耀鬼怪已铭勇,它便具有威慑异能。", "逐耀鬼怪", "生物～鬼怪／战士", "static", [("continuous", "6", False)]),
    ("只要雄膂在你的坟墓场,并且你操控树林,由你操控的生物便具有践踏异能。", "雄膂", "生物～化身", "static",
     [("continuous", "6", False)]),
    ("只要你仅操控一个生物,该生物便得+2/+0且具有死触与系命异能。", "致命漂泊", "结界", "static",
     [("continuous", "6", False), ("continuous", "7c", False)]),
    ("只要你的手牌比每位对手都多,翁神社夜巡班便得+3/+3。", "翁神社夜巡班", "生物～人类／修行僧", "static",
     [("continuous", "7c", False)]),
    # determiners and modifiers: "其他的", "该色", "~以外的", "X/X的…生物", "不具异能的"
    ("你每操控一个其他的巨人,边境贝西摩斯便得+4/+4。", "边境贝西摩斯", "生物～巨人／战士", "static",
     [("continuous", "7c", False)]),
    ("由你操控的该色生物得+1/+1。", "遭囚太阳", "神器", "static", [("continuous", "7c", False)]),
    ("在你的维持开始时,修草黑杨以外的目标生物得-1/-1直到回合结束。", "修草黑杨", "生物～树妖／杀手", "triggered",
     [("continuous", "7c", False)]),
    ("{X}:盖美拉之杖成为X/X的组构体神器生物直到回合结束。", "盖美拉之杖", "神器", "activated",
     [("continuous", "4", False), ("continuous", "7b", False)]),
    ("不具异能的生物得+2/+2。", "莫甘达石雕", "结界", "static", [("continuous", "7c", False)]),
    ("每个总法术力费用为最高的生物均获得反五色保护异能。", "强者蒙恩", "部族结界～巨人", "static",
     [("continuous", "6", False)]),
    # quoted abilities granted in a list ("「…」与「…」"); an unattach cost inside the quote
    ("所有裂片妖具有「只要你操控沼泽,此生物便得+1/+1」与「{B}:重生此生物。」", "蓑草裂片妖", "生物～裂片妖",
     "static", [("continuous", "6", False)]),
    ("佩带此武具的生物具有「{T},将狮族飞锤卸装:横置目标生物。」", "狮族飞锤", "神器～武具", "static",
     [("continuous", "6", False)]),
    # "且…异能亦比照办理" (the same for each listed keyword, layer 6)
    ("在每次战斗开始时,若某个由你操控的生物具有飞行异能,则威严万兽王获得飞行异能直到回合结束;且先攻、连击、死触、敏捷、辟邪、不灭、系命、威慑、延势、践踏与警戒异能亦比照办理。",
     "威严万兽王", "生物～盖美拉", "triggered", [("continuous", "6", False)]),
    # "于~仍在战场上的时段内" (for as long as ~ remains on the battlefield)
    ("当传惑师进战场时,于传惑师仍在战场上的时段内,获得目标生物的操控权。", "传惑师", "生物 ～仙灵／法术师",
     "triggered", [("continuous", "2", False)]),
    # Doran's damage assignment is a rules effect; "仍为原本的类别" keeps the types (layer 4, added)
    ("所结附的生物得+0/+2,且依照其防御力来分配战斗伤害,而不是依照力量。", "澈光护手", "结界 ～灵气", "static",
     [("continuous", "7c", False), ("rules", None, False)]),
    ("{T}:直到回合结束,目标地成为神器,且仍为原本的类别。", "塑地秘耳", "神器生物～秘耳", "activated",
     [("continuous", "4", False)]),
    # the color as a subject (layer 5); "进场时是~的复制品" (layer 1 and the replacement)
    ("直到回合结束,目标生物的颜色成为由你选择的颜色或颜色组合。", "快速变装", "瞬间", "spell",
     [("continuous", "5", False)]),
    ("由你操控的生物进场时是蛮荒精魂的复制品。", "蛮荒精魂", "生物～圣者", "static",
     [("continuous", "1a", False), ("replacement", None, False)]),
    # losing all types and abilities (layers 4 and 6); "是0/4树妖且不具异能" (4, 6, 7b)
    ("由对手操控且具有该名称的地失去所有地类别和异能,且获得「{T}:加一点任一颜色的法术力。」", "月轮山影", "结界",
     "static", [("continuous", "4", False), ("continuous", "6", False)]),
    ("受此结界的生物是0/4树妖且不具异能。", "木质化", "部族结界～树妖／灵气", "static",
     [("continuous", "4", False), ("continuous", "6", False), ("continuous", "7b", False)]),
    # a headless relative clause as subject ("以此法放逐的是生物牌"); a coin flip (one-shot)
    ("每当噬尸食腐龙进战场或攻击时,你可以将目标牌从坟墓场放逐。如果以此法放逐的是生物牌,则你获得2点生命。如果以此法放逐的是非生物牌,则噬尸食腐龙得+1/+1直到回合结束。",
     "噬尸食腐龙", "生物 ～恐龙", "triggered", [("continuous", "7c", False), ("one-shot", None, False)]),
    ("每当飞爪击族攻击时,掷一枚硬币。 如果你赢得此掷,飞爪击族得+1/+1且获得飞行异能直到回合结束。", "飞爪击族",
     "神器生物～凡尔西诺／战士", "triggered",
     [("continuous", "6", False), ("continuous", "7c", False), ("one-shot", None, False)]),
    # converge as a value; "你的所有对手"; "由所结附之牌手操控的"; "此异能每回合中最多只能使用两次"
    ("聚辉~由对手操控的生物得-X/-0直到回合结束,X为施放狂搅法师的巧计时用来支付费用的法术力颜色数量。抓一张牌。",
     "狂搅法师的巧计", "瞬间", "spell", [("continuous", "7c", False), ("one-shot", None, False)]),
    ("你的所有对手每有一个中毒指示物,构生菌邪鬼便得+1/+1。", "构生菌邪鬼", "生物～惊惧兽", "static",
     [("continuous", "7c", False)]),
    ("由所结附之牌手操控的生物得-1/-1。", "死亡盘桓诅咒", "结界～灵气／诅咒", "static", [("continuous", "7c", False)]),
    ("{R}:炎腹化形得+1/+0直到回合结束。 此异能每回合中最多只能使用两次。", "炎腹化形", "生物～变形兽",
     "activated", [("continuous", "7c", False)]),
    # "对于…,~能将后者视同不具该异能地进行阻挡" (a rules effect beside the P/T bonus)
    ("受此结界的生物得+1/+1,能视同具飞行异能地进行阻挡,且对于具次元幽影异能的生物,此生物能将后者视同不具该异能地进行阻挡。",
     "乙太网", "结界～灵气", "static", [("continuous", "7c", False), ("rules", None, False)]),
    # "具有神器共鸣异能" (a keyword with its quality); "目标在你坟墓场中的…牌" (a zone modifier after "目标")
    ("你使用的神器生物咒语具有神器共鸣异能。", "构生菌魔像", "神器生物～魔像", "static", [("continuous", "6", False)]),
    ("当迅咒法师进战场时,目标在你坟墓场中的瞬间或法术牌获得返照异能直到回合结束。其返照费用等同于该牌的法术力费用。",
     "迅咒法师", "生物～人类／法术师", "triggered", [("continuous", "6", False)]),
    # counting values: "…的总数", chroma, domain, "…的两倍", "…加1" (characteristic-defining, 7a)
    ("恒饥狼人的力量和防御力各等同于所有牌手手牌的总数。", "恒饥狼人", "生物～ - 狼人", "static",
     [("continuous", "7a", True)]),
    ("渲色~原初灵的力量和防御力各等同于由你操控的每个永久物之法术力费用中绿色法术力符号之数量。", "原初灵",
     "生物～元素", "static", [("continuous", "7a", True)]),
    ("领土~麻卡喧闹人的力量和防御力各等同于由你操控的地之中基本地类别的数量。", "麻卡喧闹人", "生物～人类／战士",
     "static", [("continuous", "7a", True)]),
    ("始生增麻吕的力量和防御力各等同于你手牌数量的两倍。", "始生增麻吕", "传奇生物～精怪", "static",
     [("continuous", "7a", True)]),
    ("异特龙骑兵的力量和防御力各等同于由你操控的地之数量加1。", "异特龙骑兵", "生物～地精／战士", "static",
     [("continuous", "7a", True)]),
    # "每以此法横置一个生物" ('for each' lead); "含白黑双色的咒语"; "成为该类别" (layer 4); "是五色" (a CDA, 5)
    ("每当列夫斗士攻击时,你可以横置任意数量由你操控且未横置的生物。每以此法横置一个生物,列夫斗士便得+1/+1直到回合结束。",
     "列夫斗士", "生物 ～妖精／骑士", "triggered", [("continuous", "7c", False), ("one-shot", None, False)]),
    ("每当你使用一个含白黑双色的咒语时,夜空拟态妖成为4/4且获得飞行异能直到回合结束。", "夜空拟态妖", "生物～变形兽",
     "triggered", [("continuous", "6", False), ("continuous", "7b", False)]),
    ("{T}:选择一种基本地类别,目标由你操控的地成为该类别直到回合结束。", "格利极幻影师", "生物～人类／法术师",
     "activated", [("continuous", "4", False), ("one-shot", None, False)]),
    ("十会盟史芬斯是五色。", "十会盟史芬斯", "神器生物 ～史芬斯", "static", [("continuous", "5", True)]),
    # "它所缠身的生物" (haunt); "在对手的回合中"; "直到战斗结束"; "各自的力量与防御力互换" (7d)
    ("当铭身支配者进场或它所缠身的生物置入坟墓场时,所有其它生物成为1/1直到回合结束。", "铭身支配者", "生物～石像鬼",
     "triggered", [("continuous", "7b", False)]),
    ("每当你在对手的回合中施放咒语时,在海生割喉客上放置一个+1/+1指示物。", "海生割喉客", "生物 ～人鱼／海盗",
     "triggered", [("one-shot", None, False)]),
    ("{2}:翠玉雕偶成为3/6神器生物直到战斗结束。 此异能只能在战斗中使用。", "翠玉雕偶", "神器", "activated",
     [("continuous", "4", False), ("continuous", "7b", False)]),
    ("将至多两个目标生物各自的力量与防御力互换。", "翻转", "瞬间", "spell", [("continuous", "7d", False)]),
    # "不能被一个以上的生物阻挡"; "具共通永久物类别的"; "两者" (above the numeral "两")
    ("前线寇犀不能被一个以上的生物阻挡。", "前线寇犀", "生物～野兽", "static", [("rules", None, False)]),
    ("选择两个目标具共通永久物类别的永久物。交换两者的操控权。", "角色反转", "法术", "spell",
     [("continuous", "2", False), ("one-shot", None, False)]),
])
def test_fourth_round_families(text, name, type_line, ability, effects):
    _check_parsed(text, name, type_line, ability, effects)


@pytest.mark.parametrize("text,name,type_line,ability,effects", [
    # "(能够)阻挡它的生物": "它的" is not a possessive here, the modifier ends with it
    ("目标生物得+3/+3直到回合结束。本回合中，所有能够阻挡它的生物皆须阻挡之。", "宣示威权", "法术", "spell",
     [("continuous", "7c", False), ("rules", None, False)]),
    ("只要受此结界的生物是绿色，它便得+1/+1且所有能够阻挡它的生物皆须阻挡之。", "鬼神赋礼", "结界～灵气", "static",
     [("continuous", "7c", False), ("rules", None, False)]),
    ("每当疫病老妖被阻挡时，每个阻挡它的生物各得-1/-1直到回合结束。", "疫病老妖", "生物 ～灵俑", "triggered",
     [("continuous", "7c", False)]),
    # "被它放逐之…牌" (a passive modifier); other objects' abilities granted are layer 6
    ("黑暗冒名客具有所有被它放逐之生物牌的所有起动式异能。", "黑暗冒名客", "生物～吸血鬼／杀手", "static",
     [("continuous", "6", False)]),
    # "所压印的" (a past modifier); "任一张"/"任一个" (a determiner with a classifier)
    ("只要所压印的任一张生物牌具有飞行异能，亡颜窃形兽便具有飞行异能； 且恐惧，先攻，连击，敏捷，地行者，保护，以及践踏等异能亦比照办理。",
     "亡颜窃形兽", "神器生物～变形兽", "static", [("continuous", "6", False)]),
    ("+1：直到你的下一个回合，每当任一个由对手操控的生物攻击时，它得-1/-0直到回合结束。", "筑念师杰斯",
     "鹏洛客～杰斯", "activated", [("continuous", "7c", False)]),
    # "已横置生物"/"未横置生物": the tapped state right before the noun
    ("只要佩带此武具的生物已横置，由你操控的已横置生物便得+2/+0。", "远祖之剑", "神器～武具", "static",
     [("continuous", "7c", False)]),
    ("只要佩带此武具的生物未横置，由你操控的未横置生物便得+0/+2。", "远祖之剑", "神器～武具", "static",
     [("continuous", "7c", False)]),
    # "再得一次+2/+2" (an additional bonus for each); "每以~放逐一张牌" ('for each' lead)
    ("目标生物得+3/+3直到回合结束。你坟墓场中每有一张名称为生长循环的牌，它便再得一次+2/+2直到回合结束。", "生长循环",
     "瞬间", "spell", [("continuous", "7c", False)]),
    ("每以缓行城垛兽放逐一张牌，它便得+2/+2。", "缓行城垛兽", "生物 ～野兽", "static", [("continuous", "7c", False)]),
    # "起始总生命" (starting life total) in a comparison
    ("只要你的总生命大于或等于你的起始总生命，由你操控的生物便得+1/+1。", "勇行之途", "结界", "static",
     [("continuous", "7c", False)]),
    # (sub)types listed with "," before "以及"/"与"/"或" (closed classes: the commas are no clause boundary)
    ("野蛮人，战士，以及狂战士得+2/+2并具有敏捷异能。", "冷眼罗维莎", "传奇生物～人类／领主", "static",
     [("continuous", "6", False), ("continuous", "7c", False)]),
    ("{1}，{T}：消灭所有神器，生物，与结界。", "崇碟贤者", "生物～人类／法术师", "activated", [("one-shot", None, False)]),
    ("{W}，{T}：放逐目标骷髅妖，吸血鬼，或灵俑。", "不死生物克星", "生物～人类／僧侣", "activated",
     [("one-shot", None, False)]),
    # "X上之+1/+1指示物" (counters of a kind on something) in a counting value (a CDA, 7a)
    ("真菌贝西摩斯的力量和防御力各等同于由你操控的生物上之+1/+1指示物总数量。", "真菌贝西摩斯", "生物～真菌", "static",
     [("continuous", "7a", True)]),
    # "受此工事的地" (the fortified land), like "受此结界的"
    ("受此工事的地不会毁坏。", "玄铁驻防", "神器～工事", "static", [("continuous", "6", False)]),
    ("每当受此工事的地成为横置时，目标生物得+1/+1直到回合结束。", "玄铁驻防", "神器～工事", "triggered",
     [("continuous", "7c", False)]),
    # "每位牌手手上的" (a zone modifier with the owner "each player"), like the graveyard's
    ("每位牌手手上的每张裂片妖牌都具有循环裂片妖{3}。", "返乡裂片妖", "生物～裂片妖", "static", [("continuous", "6", False)]),
])
def test_fifth_round_families(text, name, type_line, ability, effects):
    _check_parsed(text, name, type_line, ability, effects)


@pytest.mark.parametrize("text,name,type_line,ability,effects", [
    # copy exceptions with a condition ("但如果…,则…", "则" optional) stay part of the layer-1 copy
    ("你可以使火花替身当成任一由你操控之生物或鹏洛客的复制品来进入战场,但如果该永久物是传奇,则火花替身不是传奇,"
     "且如果火花替身是生物,则它进战场时上面额外有一个+1/+1指示物,且如果火花替身是鹏洛客,则它进战场时上面额外有一个忠诚指示物。",
     "火花替身", "生物 ～虚影", "static", [("continuous", "1a", False), ("replacement", None, False)]),
    ("在你回合的战斗开始时,派出一个衍生物,此衍生物为佩带此武具之生物的复制品,但如果佩带此武具的生物是传奇,"
     "该衍生物不是传奇。该衍生物获得敏捷异能。", "军团之盔", "传奇神器 ～武具", "triggered",
     [("continuous", "6", False), ("one-shot", None, False)]),
    # "但其名称仍是~,仍是传奇,且…": the list after the kept name is all exceptions
    ("于冒名客逆岛进场时,你可以选择场上的一个生物。 若你如此作,则冒名客逆岛进场时为该生物的复制;但其名称仍是冒名客逆岛,"
     "仍是传奇,且获得「{2}{U}{U}:在回合结束时,将冒名客逆岛移回其拥有者手上」。", "冒名客逆岛", "传奇生物～人类／浪客",
     "static", [("continuous", "1a", False), ("replacement", None, False)]),
    # "X是Y的复制品" is layer 1; without a subject after a token creation it is part of the one-shot
    ("所结附的生物是所选生物的复制品。", "拟形变幻", "结界～灵气", "static", [("continuous", "1a", False)]),
    ("{4}{G/W}{G/W},{T}:对每个由你操控的衍生物而言,将一个衍生物放置进场,且是前者的复制。", "复耀黎兹",
     "传奇生物～地精／战士", "activated", [("one-shot", None, False)]),
    # "如果这是此异能在本回合第三次的结算" (how often the ability resolved this turn)
    ("{2}{R}:由你操控的生物得+1/+0直到回合结束。如果这是此异能在本回合第三次的结算,则由你操控的生物获得先攻异能直到回合结束。",
     "心焰点燃人", "生物～元素／战士", "activated", [("continuous", "6", False), ("continuous", "7c", False)]),
    # "施放~时支付过{B}" (like "支付了")
    ("如果施放灵魂奔流时支付过{B},则将至多一张目标生物牌从你的坟墓场移回战场。如果施放灵魂奔流时支付过{R},则直到回合结束,"
     "由目标牌手操控的生物得+2/+0且获得敏捷异能。", "灵魂奔流", "法术", "spell",
     [("continuous", "6", False), ("continuous", "7c", False), ("one-shot", None, False)]),
    # "总生命成为…的数量": setting a life total is a one-shot
    ("每位牌手的总生命成为由其操控的生物之数量。", "生理韵律", "法术", "spell", [("one-shot", None, False)]),
    # "每回合中你的第二个咒语" (an ordinal within a turn, only with its turn prefix: "你的第一个维持" stays a time)
    ("每当你施放每回合中你的第二个咒语时,入侵能手得+2/+0直到回合结束,并且本回合中不能被阻挡。", "入侵能手",
     "生物～人类／法术师", "triggered", [("continuous", "7c", False), ("rules", None, False)]),
    ("在你的第一个维持开始时,将一个1/2白色,具守军异能的士兵衍生生物放进战场。", "坚守阵线", "诡局", "triggered",
     [("one-shot", None, False)]),
    # "由你操控且已佩带武具的" (the equipped state inside a modifier run)
    ("由你操控且已佩带武具的生物得+1/+1。", "石庇所验装兵", "生物～寇族／神器师／伙伴", "static",
     [("continuous", "7c", False)]),
    # "得到+1/-1" (an older wording of "得")
    ("{R}:液石跛行兽得到+1/-1直到回合结束。", "液石跛行兽", "生物～野兽", "activated", [("continuous", "7c", False)]),
])
def test_sixth_round_families(text, name, type_line, ability, effects):
    _check_parsed(text, name, type_line, ability, effects)


# --- seventh round (continuous effects first): real corpus clauses, expected output checked by hand
# against the printing's English text -------------------------------------------------------------
@pytest.mark.parametrize("text,name,type_line,ability,effects", [
    # "传奇的" before a P/T box (NOUN "传奇" would leave "的")
    ("+1：直到回合结束，龙语者萨坎成为传奇的4/4红色龙生物，且具有飞行，不灭与敏捷异能。（于其不是鹏洛客期间，他不会失去忠诚。）",
     "龙语者萨坎", "鹏洛客～萨坎", "activated",
     [("continuous", "4", False), ("continuous", "5", False), ("continuous", "6", False), ("continuous", "7b", False)]),
    # "具有先攻异能及「…」" (a quoted ability after "及"); "具有践踏异能与歼灭2" (a second keyword after "异能")
    ("佩带此武具的生物具有先攻异能及「{T}，将穿杨三叉戟卸装：此生物对目标牌手造成等同于其力量的伤害。」", "穿杨三叉戟",
     "神器～武具", "static", [("continuous", "6", False)]),
    ("所结附的生物得+10/+10并具有践踏异能与歼灭2。 （每当它攻击时，防御牌手牺牲两个永久物。）", "奥札奇征召",
     "部族结界～奥札奇／灵气", "static", [("continuous", "6", False), ("continuous", "7c", False)]),
    # "以~移出对战的牌" (a past modifier with the card as agent), "已延缓的牌", a cost "将X从Y移出对战"
    ("将一张以虚空噬兽移出对战的牌置入其拥有者之坟墓场：虚空噬兽得+2/+2直到回合结束。", "虚空噬兽", "生物～惊惧兽",
     "activated", [("continuous", "7c", False)]),
    ("{1}{R}，从由你操控的永久物或由你拥有且已延缓的牌上移去一个计时指示物：时缝元素得+2/+0直到回合结束。", "时缝元素",
     "生物～元素", "activated", [("continuous", "7c", False)]),
    ("{2}{B}，将一张地精牌从你的坟墓场移出对战：带疤育藤师得+3/+3直到回合结束。", "带疤育藤师", "生物～地精／祭师",
     "activated", [("continuous", "7c", False)]),
    # "同时为奥札奇与后裔的", "由你操控且名称为~的" (modifiers after a controller)
    ("由你操控、且同时为奥札奇与后裔的生物得+2/+1。", "血脉守卫", "生物～奥札奇／奴兽", "static", [("continuous", "7c", False)]),
    ("{1}{R}：每个由你操控且名称为獒犬群的生物各得+1/+0直到回合结束。", "獒犬群", "生物 ～猎犬", "activated",
     [("continuous", "7c", False)]),
    # "或" joining two conditions, the second about a zone; the same in a 'for each' lead
    ("只要你操控沙漠或你坟墓场中有沙漠牌，独行骆驼便具有系命异能。（此生物所造成的伤害会让你得到等量的生命。）", "独行骆驼",
     "生物～骆驼", "static", [("continuous", "6", False)]),
    ("你每操控一个地或你坟墓场中每有一张地牌，亚维马雅化身穆塔尼便得+1/+1。", "亚维马雅化身穆塔尼", "传奇生物 ～元素／圣者",
     "static", [("continuous", "7c", False)]),
    # doubling: power is layer 7c (CR 701.10d), counters are placed (a one-shot)
    ("当永生煞神罗纳斯进战场时，将每个由你操控的其他生物之力量加倍直到回合结束。这些生物获得警戒异能直到回合结束。",
     "永生煞神罗纳斯", "传奇生物 ～灵俑／神", "triggered", [("continuous", "6", False), ("continuous", "7c", False)]),
    ("每当卡隆尼亚多头龙攻击时，将每个由你操控的生物上之+1/+1指示物数量加倍。", "卡隆尼亚多头龙", "生物～多头龙",
     "triggered", [("one-shot", None, False)]),
    # "为每位对手各进行以下流程—" (for each opponent)
    ("为每位对手各进行以下流程～获得目标由该牌手操控之永久物的操控权。", "公然剽窃", "法术", "spell", [("continuous", "2", False)]),
    # prevention with the source before "将": "所结附的生物", "它"
    ("只要所结附的生物是结界，它便具有连击异能。若否，则防止所结附的生物将造成的所有伤害。（具连击异能的生物能造成先攻与普通战斗伤害。）",
     "尼兹战具", "结界～灵气", "static", [("continuous", "6", False), ("prevention", None, False)]),
    ("只要粗茸刃背猪上有寒冰指示物，它便具有守军异能，且防止它将造成的所有战斗伤害。", "粗茸刃背猪", "生物～野兽", "static",
     [("continuous", "6", False), ("prevention", None, False)]),
    # extra combat phases (a one-shot, CR 500.8) after "在此行动阶段后"
    ("由你操控的生物获得先攻与警戒异能直到回合结束。在此行动阶段后，额外多出一个战斗阶段，以及接于其后之一个额外的行动阶段。",
     "回神", "法术", "spell", [("continuous", "6", False), ("one-shot", None, False)]),
    # ";如果…,则由你操控的生物…": "则" before a subject
    ("如果使用天地回转时支付了{G}，则由对手操控的生物失去飞行异能直到回合结束；如果使用它时支付了{U}，则由你操控的生物获得飞行异能直到回合结束。 （如果支付了{G}{U}，则两者都作。）",
     "天地回转", "瞬间", "spell", [("continuous", "6", False)]),
    # modifiers: face down, blocked by it, dealt damage this turn; a zone before a determiner
    ("意塑影的力量和防御力各等同于战场上牌面朝下的生物数量。", "意塑影", "生物～虚影", "static", [("continuous", "7a", True)]),
    ("每当无属守护者进行阻挡时，每有一个受其阻挡的生物，它便得+1/+1直到回合结束。", "无属守护者", "生物～天使", "triggered",
     [("continuous", "7c", False)]),
    ("目标于本回合中造成过伤害的生物得-5/-5直到回合结束。", "刽子手挥斩", "瞬间", "spell", [("continuous", "7c", False)]),
    ("只要溃疽流浆在战场上，它便具有所有坟墓场中每张生物牌的所有起动式异能。", "溃疽流浆", "生物～流浆", "static",
     [("continuous", "6", False)]),
    # counting values: "手牌数量", "…力量的总和", chroma as a 'for each' lead, "每包括一种颜色", "每已抓一张牌"
    ("始欲仇麻吕的力量和防御力各等同于手牌数量最多之对手的手牌数量。", "始欲仇麻吕", "传奇生物～精怪", "static",
     [("continuous", "7a", True)]),
    ("缝组食尸鬼的力量等同于以此法放逐之牌力量的总和，且其防御力等同于以此法放逐之牌防御力的总和。", "缝组食尸鬼", "生物～灵俑",
     "static", [("continuous", "7a", True)]),
    ("渲色～对由你操控的每个生物而言，该牌的法术力费用中每有一个白色法术力符号，它便得+1/+1。", "心底光芒", "结界", "static",
     [("continuous", "7c", False)]),
    ("由你操控的其他传奇永久物每包括一种颜色，晴空号船长西赛便得+1/+1。", "晴空号船长西赛", "传奇生物 ～人类／士兵", "static",
     [("continuous", "7c", False)]),
    ("抓一张牌。直到回合结束，目标生物获得践踏异能，且你本回合每已抓一张牌，便得+1/+0。", "火焰冲拳", "瞬间", "spell",
     [("continuous", "6", False), ("continuous", "7c", False), ("one-shot", None, False)]),
    # conditions: "刺探过" (a past action), "并未操控", "二十张牌或更少"
    ("只要你本回合中刺探过，黯刃密探便具有死触异能与「每当此生物对任一牌手造成战斗伤害时，你抓一张牌。」", "黯刃密探",
     "生物 ～人类／杀手", "static", [("continuous", "6", False)]),
    ("对所结附的生物而言，只要其操控者并未操控其他生物，它便具有威吓异能。 （它只能被神器生物和／或与它有共通颜色的生物阻挡。）",
     "掠食者计策", "结界～灵气", "static", [("continuous", "6", False)]),
    ("只要任一牌库为二十张牌或更少，岛背后裔便得+4/+8。", "岛背后裔", "生物～巨海兽", "static", [("continuous", "7c", False)]),
    # playing with the top card revealed (a rules effect)
    ("你以展示牌库顶牌的方式进行对战。只要你的牌库顶牌是黑色，暗夜吸血鬼与其他由你操控的吸血鬼生物便得+2/+1并具有飞行异能。",
     "暗夜吸血鬼", "生物～吸血鬼", "static",
     [("continuous", "6", False), ("continuous", "7c", False), ("rules", None, False)]),
    # inline modes followed by an activation limit; an activation limit with a condition
    ("{G}：选择一项～直到回合结束，变貌师成为4/4犀牛且获得践踏异能；或直到回合结束，变貌师成为2/2鸟且获得飞行异能；或直到回合结束，变貌师成为0/8植物。 此异能每回合中只能起动一次。",
     "变貌师", "生物～人类／祭师", "activated",
     [("continuous", "4", False), ("continuous", "6", False), ("continuous", "7b", False)]),
    ("{G/U}：扑击地仙灵得+1/+3且获得飞行异能直到回合结束。 此异能每回合只能使用一次，且于对手操控具飞行异能之生物时才能使用。",
     "扑击地仙灵", "生物～仙灵", "activated", [("continuous", "6", False), ("continuous", "7c", False)]),
    # votes (CR 701.38): quoted options, "X票数较多" as a condition
    ("议定～由你开始，每位牌手各投票选择「染疾」或「癫狂」。如果染疾票数较多，则由对手操控的生物得-2/-2直到回合结束。如果癫狂票数较多或两者同为最多，则每位对手各弃两张牌。",
     "黑蔷薇之刺", "法术", "spell", [("continuous", "7c", False), ("one-shot", None, False)]),
    # "失去法术力异能以外的所有异能", "元素的起动式异能", "仍视为地", "成为咒语之目标"
    ("所有地均失去法术力异能以外的所有异能。", "腥红之日", "结界", "static", [("continuous", "6", False)]),
    ("每当你使用元素的起动式异能时，不息焦刃军得+1/+0直到回合结束。", "不息焦刃军", "生物～元素／战士", "triggered",
     [("continuous", "7c", False)]),
    ("直到回合结束，所有地都成为2/2生物，且仍视为地。", "自然血缘", "瞬间", "spell",
     [("continuous", "4", False), ("continuous", "7b", False)]),
    ("佩带此武具的生物得+2/+0并具有「每当此生物成为咒语之目标时，此生物对目标生物或牌手造成2点伤害。」", "活缆鞭", "神器～武具",
     "static", [("continuous", "6", False), ("continuous", "7c", False)]),
    # "成为不会毁坏的人类/士兵生物" (indestructible in the description, layer 6); "具同样名称的"
    ("0：直到回合结束，正义斗士基定成为不会毁坏的人类／士兵生物，其力量与防御力各等同于其上忠诚指示物的数量。他仍是鹏洛客。防止本回合中将对他造成的所有伤害。",
     "正义斗士基定", "鹏洛客～基定", "activated",
     [("continuous", "4", False), ("continuous", "6", False), ("continuous", "7b", False), ("prevention", None, False)]),
    ("{R}{G}{W}：塞利亚咏日师与其他具同样名称的生物各得+3/+3直到回合结束。", "塞利亚咏日师", "生物～地精／祭师", "activated",
     [("continuous", "7c", False)]),
])
def test_seventh_round_families(text, name, type_line, ability, effects):
    _check_parsed(text, name, type_line, ability, effects)


def test_as_enters_action_is_part_of_the_replacement():
    # "As Sutured Ghoul enters, exile any number of creature cards from your graveyard": one replacement
    # effect (CR 614.1c), as in the English; the exile is no one-shot of its own
    c = _one("于缝组食尸鬼进战场时，从你的坟墓场放逐任意数量的生物牌。", "缝组食尸鬼", "生物～灵俑")
    assert c["parsed"] and _keys(c) == [("replacement", "None", False)]


def test_doubling_power_affects_the_doubled_creatures():
    eff = _one("当永生煞神罗纳斯进战场时，将每个由你操控的其他生物之力量加倍直到回合结束。", "永生煞神罗纳斯",
               "传奇生物 ～灵俑／神")["effects"][0]
    assert eff["layer"] == "7c" and "you control" in eff["affected"] and eff["duration"] == "until_eot"


def test_tapped_state_before_noun_filters_the_subject():
    # the state is kept on the affected set, not dropped: "已横置生物" are tapped creatures only
    eff = _one("只要佩带此武具的生物已横置，由你操控的已横置生物便得+2/+0。", "远祖之剑", "神器～武具")["effects"][0]
    assert "tapped" in eff["affected"] and "untapped" not in eff["affected"]
    eff = _one("只要佩带此武具的生物未横置，由你操控的未横置生物便得+0/+2。", "远祖之剑", "神器～武具")["effects"][0]
    assert "untapped" in eff["affected"]


def test_subtype_list_keeps_every_subtype():
    eff = _one("野蛮人，战士，以及狂战士得+2/+2并具有敏捷异能。", "冷眼罗维莎", "传奇生物～人类／领主")["effects"][0]
    # the subtypes as English ids (kb/vocab/zh-subtypes-en.yaml)
    assert all(w in eff["affected"].split() for w in ("barbarian", "warrior", "berserker"))


def test_power_toughness_attr_is_not_mana_cost():
    # "~之总法术力费用须等同于…" is a requirement on the searched card, not a P/T-defining effect
    c = _one("{2}{G},{T},在云游诗人伊散上放置一个词句指示物:从你的牌库中搜寻一张生物牌,且此牌之总法术力费用须等同于"
             "伊散上的词句指示物之数量,将之放进战场,然后将你的牌库洗牌。", "云游诗人伊散", "传奇生物～人类／浪客")
    assert c["parsed"], c.get("error")
    assert _keys(c) == [("one-shot", "None", False)]


def test_glued_keyword_line_parses():
    # a printed line that lost its line break after the keyword: split by the front end's
    # resegment (tests/test_zh_resegment.py) or read as one glued clause, every part parses and
    # the ability after the keyword decides
    out = classify_text("结附于生物所结附的生物得-2/-2。", "zh-Hans", name="虚弱创伤", type_line="结界～灵气")["clauses"]
    assert all(c["parsed"] for c in out)
    assert out[-1]["ability"] == "static"
    assert sorted(k for c in out for k in _keys(c)) == [("continuous", "7c", False)]


@pytest.mark.parametrize("kw", ["飞行", "践踏", "反黑保护", "连击", "结附于生物", "佩带{2}", "循环{2}"])
def test_keywords(kw):
    c = _one(kw, None, "生物")
    assert c["ability"] == "keyword" and c["parsed"] and c["effects"] == []


def test_keyword_list_splits():
    out = classify_text("飞行，警戒", "zh-Hans", type_line="生物～狮鹫")["clauses"]
    assert [c["keyword"] for c in out] == ["flying", "vigilance"]


def test_self_reference_by_name_and_this():
    assert _one("除其原本类别外，挑战者还是生物。", "挑战者", "神器")["parsed"]
    c = _one("此生物是黑色。", None, "生物")
    assert c["effects"] == [] or c["effects"][0]["cda"] is True


def test_is_spell_type():
    from cardlint.lang.zh.frontend import FRONTEND

    assert FRONTEND.lang == "zh-Hans" and FRONTEND.grammar == "zh.lark"
    assert FRONTEND.is_spell_type("瞬间") is True
    assert FRONTEND.is_spell_type("部族法术～精灵") is True
    assert FRONTEND.is_spell_type("生物～人类／法术师") is False
    assert FRONTEND.is_spell_type("传奇结界") is False
    assert FRONTEND.is_spell_type(None) is None


@pytest.mark.parametrize("junk", ["", "（", "「「「", "\x00\x01\x02", "得" * 200000, "生物" * 3000, "{T}:" * 500])
def test_bad_input_is_safe(junk):
    t = time.perf_counter()
    out = classify_text(junk, "zh-Hans", type_line="生物")
    assert isinstance(out["clauses"], list)
    assert time.perf_counter() - t < 2.0


@pytest.mark.skipif(not CORPUS.exists(), reason="corpus not available")
def test_corpus_coverage_floor():
    rows = [json.loads(line) for line in CORPUS.open(encoding="utf-8")][::10]
    n = ok = 0
    kinds = Counter()
    for r in rows:
        for c in classify_text(r["text"], "zh-Hans", name=r["tname"], type_line=r["type"])["clauses"]:
            n += 1
            ok += c["parsed"]
            kinds[c["ability"]] += 1
    assert n > 1000
    assert ok / n >= 0.85  # measured 0.879 on the full corpus (tools/evaluate.py); raise as the grammar grows
