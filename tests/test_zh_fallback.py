"""The Chinese fallback's reading of clauses the grammar does not parse (``parsed: false``).

Its continuous-effect reading decides which unparsed clauses count as "with continuous effects" in
``tools/evaluate.py``, so it must not read a filter ("具飞行异能的生物"), a token description or a copied
spell as a continuous effect. Real corpus clauses; the grammar is bypassed so that each case tests the
fallback even after the grammar learns the clause. ``tools/fallback_accuracy.py`` measures the same reading
against the English of the same printing.
"""

import pytest

from cardlint.pipeline import classify_text, frontend


def _layers(text, name=None, type_line=None):
    with frontend("zh-Hans").fallback_only():
        clauses = classify_text(text, "zh-Hans", name, type_line)["clauses"]
    assert len(clauses) == 1 and clauses[0]["parsed"] is False
    return {e["layer"] for e in clauses[0]["effects"] if e["kind"] == "continuous"}


@pytest.mark.parametrize("text,layers", [
    # filters and token descriptions: no continuous effect
    ("消灭目标具飞行异能的生物与所有装备于其上的武具。", set()),
    ("消灭目标进行攻击、且具飞行异能的生物。", set()),
    ("每当一张或数张生物牌离开你的坟墓场时,派出一个1/1黑色,具飞行异能的蝙蝠衍生生物。", set()),
    ("在你的第一个维持开始时,将一个1/2白色,具守军异能的士兵衍生生物放进战场。", set()),
    ("放逐目标力量等于或大于你总生命的生物。", set()),
    ("由你操控且力量或防御力等于或小于1的生物不能被阻挡。", set()),
    ("每当你起动任一神器的异能时,若它不是法术力异能,则你可以支付{R}。若你如此作,则复制该异能。你可以为该复制品选择新的目标。", set()),
    ("{X},{T}:将一个衍生物放进战场,该衍生物为所放逐之牌的复制品。 X为该牌的总法术力费用。", set()),
    ("在你的维持开始时,从你的坟墓场随机选择一张牌。如果该牌是生物牌,则将之放进战场。若否,则将其置于你手上。", set()),
    ("除了法术力异能之外,具有该名称之来源的起动式异能都不能起动。", set()),
    ("当引发失忆进战场时,目标牌手牌面朝下地放逐其手牌,然后抓等量的牌。", set()),
    # continuous effects
    ("由你操控的生物具有飞行,先攻,警戒,践踏,敏捷,反黑保护,与反红保护异能。", {"6"}),
    ("所结附的生物具有辟邪异能,且不能被一个以上的生物阻挡。", {"6"}),
    ("目标由你操控的生物获得反由对手操控的生物之保护异能直到回合结束。将之重置。", {"6"}),
    ("{R}:液石跛行兽得到+1/-1直到回合结束。", {"7c"}),
    ("十会盟史芬斯是五色。", {"5"}),
    ("于复制结界进场时,你可以选择场上的一个结界。 若你如此作,则复制结界进场时为该结界的复制。", {"1a"}),
    ("所结附的生物是所选生物的复制品。", {"1a"}),
    ("每当瓦拉库火猪攻击时,将其力量与防御力互换直到回合结束。", {"7d"}),
    ("于意塑影进战场时,将所有其他非衍生物的生物翻为牌面朝下。(它们是2/2生物。)", {"1b"}),
    ("每个地额外具有沼泽此地类别。", {"4"}),
])
def test_continuous_reading(text, layers):
    assert _layers(text) == layers
