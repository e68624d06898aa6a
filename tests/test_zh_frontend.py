"""The Chinese front end's normalisation (cardlint.lang.zh.frontend): self-reference, quotes, variants.

Every text is a real zh-Hans.jsonl printing (the card's printed name as ``tname``); the expected
normalised text is hand-checked against the card's English text."""

from __future__ import annotations

import time

import pytest

from cardlint.lang.zh.frontend import FRONTEND, is_vocabulary, short_names
from cardlint.pipeline import classify_text
from cardlint.text.segment import segment


def _norm(text: str, name: str | None) -> str:
    return FRONTEND.normalize(text, name)


@pytest.fixture(scope="module")
def warm():
    """The grammar and the vocabulary index loaded: the timed tests time one card, not the start-up."""
    classify_text("只要你的蓝色献力小于五，塔萨便不是生物。", "zh-Hans", "海神塔萨", "生物")


@pytest.mark.parametrize("text, name, expected", [
    # a god's short name: "Erebos isn't a creature"
    ("只要你的黑色献力小于五，厄睿柏斯便不是生物。", "死神厄睿柏斯", "只要你的黑色献力小于五,~便不是生物"),
    ("只要你的白黑两色献力小于七，雅睿欧斯便不是生物。", "渡亡神雅睿欧斯", "只要你的白黑两色献力小于七,~便不是生物"),
    # a two-character short name after a four-character epithet (Thassa), and one name both as a cost
    # and as the subject (Lena)
    ("只要你的蓝色献力小于五，塔萨便不是生物。", "海神塔萨", "只要你的蓝色献力小于五,~便不是生物"),
    ("牺牲莉娜：由你操控且力量小于莉娜的生物获得不灭异能直到回合结束。", "无私斗士莉娜",
     "§牺牲~:由你操控且力量小于~的生物获得不灭异能直到回合结束"),
    # the object of a verb: "{1}{B}: Regenerate Ink-Eyes."
    ("{1}{B}：重生墨目。", "邪鬼仆役墨目", "§{1}{B}:重生~"),
    # in a trigger
    ("协战～每当塔疾克与至少两个其他生物攻击时，塔疾克得+5/+5直到回合结束。", "教团之刃塔疾克",
     "协战—每当~与至少两个其他生物攻击时,~得+5/+5直到回合结束"),
])
def test_short_name_is_self(text, name, expected):
    assert _norm(text, name) == expected


@pytest.mark.parametrize("text, name, expected", [
    # the tail of the name is a creature type naming other creatures ("target Vampire you control")
    ("当暴食吸血鬼进战场时，直到回合结束，目标由你操控的吸血鬼得+1/+1且获得威慑异能。", "暴食吸血鬼",
     "当~进战场时,直到回合结束,目标由你操控的吸血鬼得+1/+1且获得威慑异能"),
    # the tail is part of another word ("Assembly-Worker creature card")
    ("当自组工人进战场时，你可以从你的牌库中搜寻一张组装工人生物牌，展示该牌，将它置于你手上，然后将你的牌库洗牌。", "自组工人",
     "当~进战场时,你可以从你的牌库中搜寻一张组装工人生物牌,展示该牌,将它置于你手上,然后将你的牌库洗牌"),
    # the tail is a rules word ("battlefield")
    ("海温森战场须横置进战场。", "海温森战场", "~须横置进战场"),
])
def test_name_tail_that_is_a_word_stays(text, name, expected):
    assert _norm(text, name) == expected


def test_short_name_candidates_are_no_grammar_words():
    assert is_vocabulary("裂片妖") and is_vocabulary("伤害") and is_vocabulary("化形")
    assert not is_vocabulary("雅睿欧斯")
    # "渡亡神雅睿欧斯": the proper suffixes of 2+ characters that are no word of the grammar
    assert short_names("渡亡神雅睿欧斯") == ("亡神雅睿欧斯", "神雅睿欧斯", "雅睿欧斯", "睿欧斯", "欧斯")
    assert short_names("战斗裂片妖") == ("斗裂片妖", "片妖")  # not the subtype
    assert short_names("海怪") == ()  # no epithet


@pytest.mark.parametrize("text, name, expected", [
    # a card named like a keyword grants that keyword (Fear, Lifelink, Vigilance)
    ("受此结界的生物具有恐惧异能。", "恐惧", "受此结界的生物具有恐惧异能"),
    ("所结附的生物具有系命异能。", "系命", "所结附的生物具有系命异能"),
    # a card named like a creature type ("target Assembly-Worker creature")
    ("{T}：目标组装工人生物得+1/+1直到回合结束。", "组装工人", "§{T}:目标组装工人生物得+1/+1直到回合结束"),
    # ... but is itself elsewhere
    ("梦魇的力量和防御力各等同于由你操控的沼泽数量。", "梦魇", "~的力量和防御力各等同于由你操控的沼泽数量"),
])
def test_name_that_is_a_word(text, name, expected):
    assert _norm(text, name) == expected


def test_this_creature_type_is_no_self_reference():
    # Hivestone: "Creatures you control are Slivers in addition to their other creature types."
    assert _norm("由你操控的生物额外具有「裂片妖」此生物类别。", "母巢石") == "由你操控的生物额外具有「裂片妖」此生物类别"
    # ... while "此生物" alone is the object itself
    assert _norm("每当此生物对任一生物造成伤害时，在前者上放置一个+1/+1指示物。", None).startswith("每当~对")


def test_inner_quotes_and_their_costs():
    # Liliana of the Dark Realms' emblem: "Swamps you control have '{T}: Add {B}{B}{B}{B}.'"
    norm = _norm("-6：你获得具有「由你操控的沼泽具有『{T}：加{B}{B}{B}{B}到你的法术力池中』」的徽记。", None)
    assert norm == "§-6:你获得具有「由你操控的沼泽具有「§{T}:加{B}{B}{B}{B}到你的法术力池中」」的徽记"
    # a cost inside a quote is marked inside it, not before the sentence that holds the quote
    norm = _norm("它具有「牺牲此神器：加一点任意颜色的法术力到你的法术力池中。」", None)
    assert norm == "它具有「§牺牲~:加一点任意颜色的法术力到你的法术力池中。」"


def test_traditional_variants():
    # King Macar: "Whenever ~ becomes untapped" printed with the traditional 橫
    assert _norm("每当点金咒马卡耳王成为未橫置时，你可以放逐目标生物。", "点金咒马卡耳王") == "每当~成为未横置时,你可以放逐目标生物"
    # the old spelling of wither
    assert _norm("目标黑色生物获得乾枯异能直到回合结束。", None) == "目标黑色生物获得干枯异能直到回合结束"


def test_garbled_reminder_text_is_no_clause_text():
    # Grapeshot: the printing's reminder text has a stray ")" in the middle
    out = classify_text("风暴（当你使用此咒语时，本回合于它之前每使用过一个咒语，便将此咒语复制一次。） 你可以为每个复制品选择新的目标。）\n"
                        "霰散弹对目标生物或牌手造成1点伤害。", "zh-Hans", "霰散弹", "瞬间")["clauses"]
    assert [c["ability"] for c in out] == ["keyword", "spell"]
    assert out[0]["parsed"] and out[0]["keyword"] == "storm"


def test_short_name_clause_classifies():
    out = classify_text("不灭\n只要你的蓝色献力小于五，塔萨便不是生物。", "zh-Hans", "海神塔萨", "传奇结界生物～神")["clauses"]
    assert out[1]["parsed"], out[1]
    assert [(e["kind"], e["layer"]) for e in out[1]["effects"]] == [("continuous", "4")]


@pytest.mark.parametrize("name", ["渡亡神雅睿欧斯", "神" * 100_000, "\x00\x01" * 10, "", "「" * 50])
def test_bad_names_are_fast(name, warm):
    t = time.perf_counter()
    segs = FRONTEND.resegment(segment("只要你的白黑两色献力小于七，雅睿欧斯便不是生物。" * 3, FRONTEND.is_keyword), name)
    for s in segs:
        FRONTEND.clause(s, name)
    assert time.perf_counter() - t < 1.0


@pytest.mark.parametrize("text, expected", [
    # Lavaclaw Reaches: the printed "。" of the quoted ability sits inside the quote, the next sentence follows
    ("{1}{B}{R}：直到回合结束，岩浆爪流域成为2/2黑红双色的元素生物，并具有「{X}：此生物得+X/+0直到回合结束。」 它仍然是地。",
     "§{1}{B}{R}:直到回合结束,~成为2/2黑红双色的元素生物,并具有「§{X}:~得+X/+0直到回合结束。」。它仍然是地"),
    ("它具有「牺牲此生物：加{1}到你的法术力池中。」抓一张牌。", "它具有「§牺牲~:加{1}到你的法术力池中。」。抓一张牌"),
    # ... but the phrase goes on after the quote: a duration, an emblem
    ("目标生物获得「每当此生物对任何生物造成伤害时，消灭后者。」直到回合结束。",
     "目标生物获得「每当~对任何生物造成伤害时,消灭后者。」直到回合结束"),
    ("-7：你获得具有「在你的维持开始时，抓一张牌。」的徽记。", "§-7:你获得具有「在你的维持开始时,抓一张牌。」的徽记"),
])
def test_sentence_after_a_quote(text, expected):
    assert _norm(text, "岩浆爪流域") == expected


@pytest.mark.parametrize("junk", ["「" * 3000 + "。」" * 3000, "。」它" * 100_000, ")" * 1_000_000, "(。)" * 700 + ")" * 5,
                                  "『{T}:』" * 500, "乾橫" * 1000, "雅睿欧斯" * 400, "\x00「\x01』" * 300,
                                  # a protection keyword's name repeated: no exponential backtracking
                                  "反" * 1500, "飞行，" + "反" * 60 + "，践踏", "反蓝保护" * 400 + "。" + "反" * 50])
def test_bad_input_is_clean_and_fast(junk, warm):
    t = time.perf_counter()
    out = classify_text(junk, "zh-Hans", "渡亡神雅睿欧斯", "生物")
    assert all(isinstance(c["parsed"], bool) for c in out["clauses"])
    assert time.perf_counter() - t < 1.0


def test_reminder_text_broken_over_two_lines_is_one_clause():
    # Gloomwidow's Feast: the printing breaks the reminder text "(It can block creatures with flying.)"
    text = "消灭目标具飞行异能的生物。 如果该生物是蓝色或黑色，则将一个1/2绿色，具延势异能的蜘蛛衍生物放置进场。 （它能阻挡\n具飞行异能的生物。）"
    segs = FRONTEND.resegment(segment(text, FRONTEND.is_keyword), "暗寡妇盛宴")
    assert len(segs) == 1
    assert segs[0].body.endswith("放置进场。") and "(" not in segs[0].body


@pytest.mark.parametrize("text, name, parts", [
    # Ghostfire Blade: a keyword with a mana cost between two sentences (three English paragraphs)
    ("佩带此武具的生物得+2/+2。佩带{3}如果灵火剑之佩带异能的目标是无色生物，则该异能减少{2}来起动。", "灵火剑",
     ["佩带此武具的生物得+2/+2。", "佩带{3}", "如果灵火剑之佩带异能的目标是无色生物,则该异能减少{2}来起动。"]),
    # Scytheclaw: a keyword and its reminder text, then an attached-object subject (not the keyword "佩带");
    # a trigger after a "。" is no cut (it may be a delayed trigger), so the two sentences stay one part
    ("活化武器（当此武具进战场时，将一个0/0黑色病菌衍生生物放进战场，然后将它装备上去。）佩带此武具的生物得+1/+1。"
     "每当佩带此武具的生物对任一牌手造成战斗伤害时，该牌手失去一半数量的生命，小数点后进位。佩带{3}", "镰刀爪",
     ["活化武器(当此武具进战场时,将一个0/0黑色病菌衍生生物放进战场,然后将它装备上去。)",
      "佩带此武具的生物得+1/+1。每当佩带此武具的生物对任一牌手造成战斗伤害时,该牌手失去一半数量的生命,小数点后进位。", "佩带{3}"]),
])
def test_keyword_with_cost_glued_between_sentences(text, name, parts):
    assert [s.text for s in FRONTEND.resegment(segment(text, FRONTEND.is_keyword), name)] == parts


def test_keyword_cost_inside_a_sentence_is_no_cut():
    # "延缓X~{X}{W}{W}。 X不能为0。" stays one ability: what follows the cost is no ability start
    text = "延缓X～{X}{W}{W}。 X不能为0。"
    assert len(FRONTEND.resegment(segment(text, FRONTEND.is_keyword), "宾纳里亚指挥官")) == 1
