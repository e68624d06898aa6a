"""Chinese printed shapes that parse and what they mean (printed clauses of the zh-Hans corpus; the
cards' names only as the self-reference of the fixture)."""

from __future__ import annotations

import pytest

from cardlint.pipeline import card_ir, classify_text


def _one(text, name=None, type_line=None):
    out = classify_text(text, "zh-Hans", name=name, type_line=type_line)["clauses"]
    assert len(out) == 1, out
    assert out[0]["parsed"], out[0].get("error")
    return out[0]


def _layers(clause):
    return sorted({e["layer"] for e in clause["effects"] if e["kind"] == "continuous"})


def _effects(text, name=None, type_line=None):
    clause = card_ir(text, "zh-Hans", name, type_line).clauses[0]
    assert clause.parsed, clause.error
    return clause.effects


@pytest.mark.parametrize("text,name,layers", [
    # copies: the printed "且它依旧是7/7" is an exception of the copy (CR 707.9b), no 7b effect of its own
    ("你可以使水银巨兽当成战场上任一生物的复制品来进入战场，且它依旧是7/7。", "水银巨兽", ["1a"]),
    ("每当蒂洛纳理变貌师攻击时，选择另一个目标进行攻击且非传奇的生物。蒂洛纳理变貌师成为该生物的复制品直到回合结束。",
     "蒂洛纳理变貌师", ["1a"]),
    # manifest into a face-down pile (CR 701.34, layer 1b)
    ("放逐目标牌手坟墓场中的所有生物牌并牌面朝下地放作一堆，将该堆牌洗牌，然后显化这些牌。", None, ["1b"]),
    ("当洁斯凯渗透者对任一牌手造成战斗伤害时，放逐它和你的牌库顶牌并牌面朝下地放作一堆，将此牌堆洗牌，然后显化这些牌。",
     "洁斯凯渗透者", ["1b"]),
    # control (layer 2)
    ("直到回合结束，获得目标生物的操控权，且它获得敏捷异能。重置并煽惑该生物。", None, ["2", "6"]),
    ("{2}：末日冠冕之拥有者以外的目标牌手获得末日冠冕的操控权。", "末日冠冕", ["2"]),
    ("你获得该生物装备的所有武具之操控权。", None, ["2"]),
    # text change with the modes written inline after ";或是" (layer 3)
    ("选择一项～更改目标咒语或永久物的规则叙述文字，将其中一种基本地类别文字全部更改为另一种；或是更改目标咒语或永久物的规则叙述文字，"
     "将其中一种颜色文字全部更改为另一种。", None, ["3"]),
    # P/T defined by a sum and by a count of card types (CDA, layer 7a)
    ("不屈韧皮树之力量与防御力各等同于由你操控的树林数量与由你操控的树妖数量之总和。", "不屈韧皮树", ["7a"]),
    ("塔莫耶夫的力量等同于所有坟墓场中牌的类别之数量，其防御力等同于该数量加1。", "塔莫耶夫", ["7a"]),
    # the land type of lands as the subject (layer 4)
    ("{1}：选择一种基本地类别。 由你操控的地之地类别成为该类别直到回合结束。", None, ["4"]),
    # a supertype is part of the type change
    ("{2}：受此结界的地成为8/12，具践踏异能的传奇精怪生物直到回合结束。", None, ["4", "6", "7b"]),
    # hzh: returned to the battlefield face down is a face-down permanent (layer 1b, CR 708.2a)
    ("当烬云凤凰死去时,将它牌面朝下地移回战场。", "烬云凤凰", ["1b"]),
    ("{U}:放逐破岸元素,然后将它在其拥有者的操控下牌面朝下地移回战场。", "破岸元素", ["1b"]),
    ("每当一个由你操控的永久物翻回正面时,你可以将亡雾迅猛龙从你的坟墓场牌面朝上或牌面朝下地移回战场。", "亡雾迅猛龙", ["1b"]),
    # hzh: controlling a player during their next turn (as English reads it, layer 2)
    ("-7:目标牌手在他下个回合由你来操控。", None, ["2"]),
    # hzh: a copy effect bounded by "直到~翻为牌面朝下为止" (until it is turned face down)
    ("如果你如此作,则直到维苏瓦变形兽翻为牌面朝下为止,它成为该生物的复制品。", "维苏瓦变形兽", ["1a"]),
])
def test_layered_shapes(text, name, layers):
    assert _layers(_one(text, name)) == layers


def test_supertype_in_type_change():
    eff = _effects("{2}：受此结界的地成为8/12，具践踏异能的传奇精怪生物直到回合结束。")
    types = next(m.value for e in eff for m in e.modifications if m.characteristic == "types")
    assert "legendary" in types and "creature" in types


def test_player_pronoun_is_the_player():
    # "你具有辟邪异能": a player has hexproof — a rules effect, not a layer-6 grant (CR 613.10)
    c = _one("你具有辟邪异能。")
    assert [e["kind"] for e in c["effects"]] == ["rules"]


@pytest.mark.parametrize("text,name", [
    ("当迅孳种死去时，将一个1/1无色奥札奇／孽裔衍生生物放进战场。它具有「牺牲此生物：加{1}到你的法术力池中。」", "迅孳种"),
    ("将目标生物移回其拥有者手上。派出一个无色珍宝衍生神器，且具有「{T}，牺牲此神器：加一点任意颜色的法术力到你的法术力池中。」", None),
])
def test_token_definition_is_no_grant(text, name):
    # the sentence after a token's creation defines the token (CR 111.4): no layer-6 effect
    c = _one(text, name)
    assert _layers(c) == []
    assert any(e.verb == "create" for e in _effects(text, name))


def test_mana_spending_restriction_is_part_of_the_mana_effect():
    c = _one("{T}：加一点任意颜色的法术力到你的法术力池中。此法术力只能用来施放该类别的生物咒语。")
    assert {e["kind"] for e in c["effects"]} == {"one-shot"}


@pytest.mark.parametrize("text,kind,verb", [
    ("略过你的抓牌步骤。", "replacement", "skip"),
    ("该牌手略过他的下一个战斗阶段。", "replacement", "skip"),
    ("伤害不能被防止。", "rules", "cant_prevent"),
    ("对每个生物而言，除非其操控者为其支付{2}，否则它不能攻击你。", "rules", "cant"),
    ("受此结界的生物不能进行阻挡，其起动式异能也不能使用。", "rules", "cant"),
    ("{4}{W}{W}，从你的坟墓场放逐恩典天使：你的总生命成为10。", "one-shot", "become"),
    ("弧状闪电对一个，两个，或三个目标生物和／或牌手造成共3点伤害，你可以任意分配。", "one-shot", "deal_damage"),
    ("{1}：你本回合可以从任一坟墓场施放目标生物牌。", "rules", "cast"),
])
def test_rules_and_one_shot_shapes(text, kind, verb):
    name = "恩典天使" if "恩典天使" in text else "弧状闪电" if "弧状闪电" in text else None
    c = _one(text, name)
    assert (kind, verb) in {(e["kind"], e.get("verb")) for e in c["effects"]}, c["effects"]


def test_keyword_lines_with_their_parameters():
    for text in ("累积维持{G}或{W}（在你的维持开始时，在此永久物上放置一个岁月指示物，然后除非你为其上每个岁月指示物各支付其维持费用，否则牺牲之。）",
                 "延缓X～{X}{W}{W}。 X不能为0。"):
        c = _one(text)
        assert c["ability"] == "keyword", c


def test_leading_duration_bounds_the_chain():
    eff = _effects("于本回合中，目标牌手不能使用咒语，且由该牌手所操控的生物不能攻击。")
    assert [e.duration for e in eff if e.kind == "rules"] == ["this_turn", "this_turn"]
    eff = _effects("目标生物成为红色直到回合结束，且本回合若能攻击，则必须攻击。")
    assert all(e.duration for e in eff)


def test_excluded_color_is_named_by_its_word():
    eff = _effects("消灭目标非黑色的生物。")
    assert eff[0].objects[0].excluded == ["black"] or eff[0].affected and eff[0].affected.excluded == ["black"]


@pytest.mark.parametrize("text,name", [
    # shapes a new token could take from others: the owner's shuffle, doubling counters, casting from zones
    ("在回合结束时，闪击地狱兽的拥有者将它洗入其牌库。", "闪击地狱兽"),
    ("{T}：将辉日霸上的+1/+1指示物数量加倍。", "辉日霸"),
    ("牌手不能从坟墓场或牌库中施放咒语。", None),
])
def test_neighbouring_shapes_still_parse(text, name):
    _one(text, name)


def test_old_flash_sentence_is_the_keyword():
    # hzh: the old Flash wording (kb/vocab/zh.yaml old_wordings) is the keyword, as the English old wording is
    out = classify_text("你可以于你能够使用瞬间的时机下，使用凌乱经脉。", "zh-Hans", name="凌乱经脉")["clauses"]
    assert [(c["ability"], c.get("keyword")) for c in out] == [("keyword", "flash")]
    # a longer sentence is no keyword line
    out = classify_text("你可以于你能够使用瞬间的时机下来使用佩带异能。", "zh-Hans")["clauses"]
    assert out[0]["ability"] != "keyword"
