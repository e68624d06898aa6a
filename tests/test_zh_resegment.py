"""Chinese lines that lost their line breaks (cardlint.lang.zh.glued, ChineseFrontend.resegment).

Every text is a real zh-Hans.jsonl printing; the expected parts follow the card's English Oracle
paragraphs.  The negative cases are lines that look glued but are one ability."""

from __future__ import annotations

import pytest

from cardlint.lang.zh.frontend import FRONTEND
from cardlint.pipeline import classify_text
from cardlint.text.segment import segment


def _parts(text: str, name: str | None) -> list[str]:
    return [s.text for s in FRONTEND.resegment(segment(text, FRONTEND.is_keyword), name)]


@pytest.mark.parametrize("text, name, parts", [
    # a keyword, its reminder text, then a triggered ability
    ("死触（它对生物造成的任何数量伤害都足以消灭后者。）当酸液黏菌进战场时，消灭目标神器，结界或地。", "酸液黏菌",
     ["死触(它对生物造成的任何数量伤害都足以消灭后者。)", "当酸液黏菌进战场时,消灭目标神器,结界或地。"]),
    # two keywords without separator, then a trigger
    ("闪现延势当扫云怪进战场时，它对每位牌手和每个具飞行异能的生物各造成2点伤害。呼魂{2}{G}{G}（你可以支付此咒语的呼魂费用来施放它。若你如此作，当它进战场时便牺牲之。）",
     "扫云怪", ["闪现", "延势", "当扫云怪进战场时,它对每位牌手和每个具飞行异能的生物各造成2点伤害。",
              "呼魂{2}{G}{G}(你可以支付此咒语的呼魂费用来施放它。若你如此作,当它进战场时便牺牲之。)"]),
    ("先攻铭勇1（当此生物对任一牌手造成战斗伤害时，若它未铭勇，则在其上放置一个+1/+1指示物且它已铭勇。）每当执政副官攻击时，若它已铭勇，则由你操控且进行攻击的其他生物得+1/+1直到回合结束。",
     "执政副官", ["先攻", "铭勇1(当此生物对任一牌手造成战斗伤害时,若它未铭勇,则在其上放置一个+1/+1指示物且它已铭勇。)",
              "每当执政副官攻击时,若它已铭勇,则由你操控且进行攻击的其他生物得+1/+1直到回合结束。"]),
    # a keyword list, then a sentence opened by the card's name, then an ability word
    ("飞行，敏捷阿库姆火鸟每回合若能攻击，则必须攻击。地落～每当一个地在你的操控下进战场时，你可以支付{4}{R}{R}。若你如此作，则将阿库姆火鸟从你的坟墓场移回战场。",
     "阿库姆火鸟", ["飞行", "敏捷", "阿库姆火鸟每回合若能攻击,则必须攻击。",
                "地落~每当一个地在你的操控下进战场时,你可以支付{4}{R}{R}。若你如此作,则将阿库姆火鸟从你的坟墓场移回战场。"]),
    # enchant with its object, then the enchanted creature's ability
    ("结附于生物所结附的生物得-2/-2。", "虚弱创伤", ["结附于生物", "所结附的生物得-2/-2。"]),
    ("结附于生物你操控所结附的生物。在你的结束步骤开始时，若所结附的生物之力量为4或更多，则牺牲驯化。", "驯化",
     ["结附于生物", "你操控所结附的生物。", "在你的结束步骤开始时,若所结附的生物之力量为4或更多,则牺牲驯化。"]),
    # a keyword, then an old "于~进战场时" replacement
    ("飞行于高等仲裁者阿哈玛瑞特进战场时，每位对手各展示其手牌。你选择一个以此法展示之非地牌的名称。所有对手都不能施放具该名称的咒语。（只要此生物在战场上，对手就不能如此作。）",
     "高等仲裁者阿哈玛瑞特", ["飞行", "于高等仲裁者阿哈玛瑞特进战场时,每位对手各展示其手牌。你选择一个以此法展示之非地牌的名称。"
                           "所有对手都不能施放具该名称的咒语。(只要此生物在战场上,对手就不能如此作。)"]),
    # a keyword, then an activated ability ("{8}" is no parameter of 飞行)
    ("飞行{8}：横置由目标牌手操控的所有生物。", "晨炫召现师", ["飞行", "{8}:横置由目标牌手操控的所有生物。"]),
    # a sentence (and its reminder text), then the equip keyword
    ("佩带此武具的生物得+0/+3且具有警戒异能。（此生物攻击时不需横置。）佩带{3}（{3}：装备在目标由你操控的生物上。佩带的时机视同法术。）",
     "轮驻军之盾", ["佩带此武具的生物得+0/+3且具有警戒异能。(此生物攻击时不需横置。)",
               "佩带{3}({3}:装备在目标由你操控的生物上。佩带的时机视同法术。)"]),
    # loyalty abilities
    ("+1：在至多一个目标生物上放置一个+1/+1指示物。-3：目标生物获得飞行与连击异能直到回合结束。-8：将X个2/2白色的猫衍生生物放进战场，X为你的总生命。",
     "狮群唤师阿耶尼", ["+1:在至多一个目标生物上放置一个+1/+1指示物。", "-3:目标生物获得飞行与连击异能直到回合结束。",
                   "-8:将X个2/2白色的猫衍生生物放进战场,X为你的总生命。"]),
    # activated abilities after each other
    ("{T}：加{1}到你的法术力池中。{T}：加一点任意颜色的法术力到你的法术力池中。此法术力只能用来施放伙伴咒语。{1}，{T}，牺牲伙伴营地：将目标由你操控的伙伴移回其拥有者手上。",
     "伙伴营地", ["{T}:加{1}到你的法术力池中。", "{T}:加一点任意颜色的法术力到你的法术力池中。此法术力只能用来施放伙伴咒语。",
              "{1},{T},牺牲伙伴营地:将目标由你操控的伙伴移回其拥有者手上。"]),
    # an activated ability after a quoted one
    ("虚色（此牌没有颜色。）当孳巢屠夫进战场时，将一个1/1无色奥札奇／孽裔衍生生物放进战场。它具有「牺牲此生物：加{1}到你的法术力池中。」{B}{G}，牺牲一个生物：目标生物得-2/-2直到回合结束。",
     "孳巢屠夫", ["虚色(此牌没有颜色。)", "当孳巢屠夫进战场时,将一个1/1无色奥札奇/孽裔衍生生物放进战场。它具有「牺牲此生物:加{1}到你的法术力池中。」",
              "{B}{G},牺牲一个生物:目标生物得-2/-2直到回合结束。"]),
    # an ability word after a sentence
    ("展示你牌库顶的X张牌。将其中所有地牌横置放进战场，并将其余的牌以随机顺序置于你的牌库底。精熟咒语～如果你坟墓场中有两张或更多的瞬间和／或法术牌，则重置这些地。",
     "物灵师唤醒", ["展示你牌库顶的X张牌。将其中所有地牌横置放进战场,并将其余的牌以随机顺序置于你的牌库底。",
               "精熟咒语~如果你坟墓场中有两张或更多的瞬间和/或法术牌,则重置这些地。"]),
    # enters tapped, then "as ~ enters", then a mana ability
    ("寒钢核心须横置进战场。于寒钢核心进战场时，选择一种颜色。{T}：加一点该色的法术力到你的法术力池中。", "寒钢核心",
     ["寒钢核心须横置进战场。", "于寒钢核心进战场时,选择一种颜色。", "{T}:加一点该色的法术力到你的法术力池中。"]),
    # a recurring step trigger after a static ability
    ("由你操控的生物得+1/+1且具有飞行与不灭异能。在你的维持开始时，牺牲一个生物。若你无法如此作，则牺牲奥札奇纪念碑。", "奥札奇纪念碑",
     ["由你操控的生物得+1/+1且具有飞行与不灭异能。", "在你的维持开始时,牺牲一个生物。若你无法如此作,则牺牲奥札奇纪念碑。"]),
    # a protection keyword (its quality in its name), then a trigger or an activated ability
    ("反蓝保护（此生物不能被蓝色的东西所阻挡、指定为目标、造成伤害或是被结附。）每当监军鬼怪攻击时，每有一个进行攻击的其他鬼怪，它便得+2/+0直到回合结束。",
     "监军鬼怪", ["反蓝保护(此生物不能被蓝色的东西所阻挡、指定为目标、造成伤害或是被结附。)",
              "每当监军鬼怪攻击时,每有一个进行攻击的其他鬼怪,它便得+2/+0直到回合结束。"]),
    ("化形（此牌随时都是所有生物类别。）反黑保护{2}{G}{G}：善变巨像得+X/+X直到回合结束，X为其力量。", "善变巨像",
     ["化形(此牌随时都是所有生物类别。)", "反黑保护", "{2}{G}{G}:善变巨像得+X/+X直到回合结束,X为其力量。"]),
    # a sentence, then a keyword list without separator
    ("虚色（此牌没有颜色。）猛恶聚群体的力量等同于由你操控的无色生物数量。践踏摄食（每当此生物对任一牌手造成战斗伤害时，该牌手放逐其牌库顶牌。）",
     "猛恶聚群体", ["虚色(此牌没有颜色。)", "猛恶聚群体的力量等同于由你操控的无色生物数量。", "践踏",
               "摄食(每当此生物对任一牌手造成战斗伤害时,该牌手放逐其牌库顶牌。)"]),
])
def test_glued_line_is_split(text, name, parts):
    assert _parts(text, name) == parts


@pytest.mark.parametrize("text, name", [
    # the enchant keyword's object, not a glued sentence
    ("结附于不由你操控的生物", "执政院缉捕"),
    ("结附于由你操控的生物", None),
    # a delayed trigger continues the spell
    ("选择目标由你操控的生物。 每当该生物本回合对牌手或鹏洛客造成战斗伤害时，抓等量的牌。", "猎人眼光"),
    # a keyword's cost, then a sentence of the same keyword ("Suspend X—{X}{W}{W}. X can't be 0.")
    ("延缓X～{X}{W}{W}。 X不能为0。", "宾纳里亚指挥官"),
    # a keyword with a non-mana cost
    ("通联古咒～从你的坟墓场中将四张牌移出对战。 （当你使用古咒咒语时，你可以从你的手上展示此牌，并支付其通联费用。 若你如此作，则将此牌的效应加入该咒语中。）",
     "崩老卑之细语"),
    # the card's name begins with a keyword name
    ("吞噬灵魂对目标生物或牌手造成X点伤害，且你获得X点生命。", "吞噬灵魂"),
    ("吞噬灵魂对目标生物或牌手造成X点伤害，且你获得X点生命。", None),
    # reminder text with a stray ")": the text after "。)" is still reminder text
    ("风暴（当你使用此咒语时，本回合于它之前每使用过一个咒语，便将此咒语复制一次。） 你可以为每个复制品选择新的目标。）", "霰散弹"),
    # linked abilities: the English prints them in one paragraph
    ("当尸变进战场时，若它在战场上，则它失去「结附于坟墓场中的生物牌」且获得「结附于以尸变放进战场的生物」。将所结附的生物牌在你的操控下移回战场，并将尸变结附于其上。当尸变离开战场时，该生物之操控者牺牲该生物。",
     "尸变"),
])
def test_one_ability_is_not_split(text, name):
    assert len(_parts(text, name)) == 1


def test_split_clauses_classify_separately():
    out = classify_text("死触（它对生物造成的任何数量伤害都足以消灭后者。）当酸液黏菌进战场时，消灭目标神器，结界或地。",
                        "zh-Hans", "酸液黏菌", "生物～流浆")["clauses"]
    assert [c["ability"] for c in out] == ["keyword", "triggered"]
    assert out[0]["keyword"] == "deathtouch"


def test_bullets_stay_with_the_last_part():
    # constructed (no printing has modes after a glued line): the modes belong to the last ability
    segs = FRONTEND.resegment(segment("飞行当~进战场时，选择一项～\n• 抓一张牌。\n• 你获得2点生命。", FRONTEND.is_keyword), None)
    assert [s.body for s in segs] == ["飞行", "当~进战场时,选择一项~"]
    assert segs[0].bullets == [] and segs[1].bullets == ["抓一张牌。", "你获得2点生命。"]


def test_html_entity_is_dropped():
    # "&gt;" left from the printing's HTML; the ability word after the sentence is its own clause
    out = classify_text("由你操控的生物得+1/+1直到回合结束。命悬一刻～如果你的生命为5或更少，这些生物本回合也不会毁坏。&gt;（致命伤害以及注明「消灭」的效应都不会将它们消灭。）",
                        "zh-Hans", "曙光乍现", "瞬间")["clauses"]
    assert len(out) == 2
    assert FRONTEND.normalize("这些生物本回合也不会毁坏。&gt;", None) == "这些生物本回合也不会毁坏"


@pytest.mark.parametrize("junk", ["", "(", "「「「", "飞行" * 999, "。" * 1999, "。{T}:" * 390, "(。" * 999, "飞行。" * 666,
                                  "结附于" + "生" * 1990, ")" * 100, "。佩带{3}" * 280])
def test_bad_input_is_not_split_slowly(junk):
    import time

    t = time.perf_counter()
    segs = FRONTEND.resegment(segment(junk, FRONTEND.is_keyword), None)
    assert time.perf_counter() - t < 1.0
    assert all(isinstance(s.text, str) for s in segs)
