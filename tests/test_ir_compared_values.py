"""What the IR keeps for check-translation (issue 19): the noun phrases of a condition
(``Condition.objects``), the objects counters go on, the objects a "for each" / "X is the number of"
counts (``Modification.per``), the agent of "can't be blocked by …" — filled by all four builders, so
that an altered color or controller there is found at the right clause."""

from __future__ import annotations

import pytest

from cardlint import ir as I
from cardlint.meaning import pt
from cardlint.pipeline import card_ir
from cardlint.translate.compare import _recolored, check_card


def _effects(text: str, lang: str, name: str):
    card = card_ir(text, lang, name, None)
    assert card.clauses and all(c.parsed for c in card.clauses), [c.error for c in card.clauses]
    return [e for c in card.clauses for e in c.effects]


def test_where_x_counts_like_for_each_language_free():
    counted = I.Filter(types=["creature"], controller="you")
    mods = [I.Modification(I.PT_MODIFY, "modify", "+X/+0"), I.Modification(I.PT_MODIFY, "modify", "+1/+1"),
            I.Modification(I.ABILITIES, "add", ["flying"])]
    pt.apply_where_x(mods, counted)
    assert mods[0].per is counted          # only the change that uses X
    assert mods[1].per is None and mods[2].per is None
    pt.apply_where_x(mods, None)           # not a count: nothing changes
    assert mods[0].per is counted


CONDITIONS = [
    ("en", "Ashenmoor Cohort", "Ashenmoor Cohort gets +1/+1 as long as you control another black creature."),
    ("de", "Kohorte aus Aschenmoor", "Die Kohorte aus Aschenmoor erhält +1/+1, solange du eine andere schwarze Kreatur kontrollierst."),
    ("ja", "アッシェンムーアの群勢", "アッシェンムーアの群勢は、あなたが他の黒のクリーチャーをコントロールしているかぎり+1/+1の修整を受ける。"),
    ("zh-Hans", "灰原助拳人", "只要你操控其他黑色生物，灰原助拳人便得+1/+1。"),
]


@pytest.mark.parametrize("lang,name,text", CONDITIONS, ids=[c[0] for c in CONDITIONS])
def test_condition_keeps_its_noun_phrases(lang, name, text):
    (e,) = _effects(text, lang, name)
    assert e.condition is not None
    assert any(f.colors == ["B"] for f in e.condition.objects), e.condition.objects


COUNTERS = [
    ("en", "Abzan Ascendancy", "When Abzan Ascendancy enters the battlefield, put a +1/+1 counter on each creature you control."),
    ("de", "Vormacht der Abzan", "Wenn die Vormacht der Abzan ins Spiel kommt, lege eine +1/+1-Marke auf jede Kreatur, die du kontrollierst."),
    ("ja", "アブザンの隆盛", "アブザンの隆盛が戦場に出たとき、あなたがコントロールする各クリーチャーの上に、+1/+1カウンターをそれぞれ1個置く。"),
    ("zh-Hans", "阿布赞霸权", "当阿布赞霸权进战场时，在每个由你操控的生物上各放置一个+1/+1指示物。"),
]


@pytest.mark.parametrize("lang,name,text", COUNTERS, ids=[c[0] for c in COUNTERS])
def test_put_counters_keeps_what_they_go_on(lang, name, text):
    (e,) = _effects(text, lang, name)
    assert any(f.noun == "creature" and f.controller == "you" for f in e.objects), e.objects


PER = [
    ("en", "Akiri, Line-Slinger", "Akiri, Line-Slinger gets +1/+0 for each artifact you control.", "you"),
    ("en", "Akroan Hoplite", "Whenever Akroan Hoplite attacks, it gets +X/+0 until end of turn, where X is the number of "
     "attacking creatures you control.", "you"),
    ("de", "Akroischer Hoplit", "Immer wenn der Akroische Hoplit angreift, erhält er +X/+0 bis zum Ende des Zuges, wobei X "
     "gleich der Anzahl der angreifenden Kreaturen ist, die du kontrollierst.", "you"),
    ("ja", "綱投げ、アキリ", "綱投げ、アキリは、あなたがコントロールするアーティファクト1つにつき+1/+0の修整を受ける。", "you"),
    ("ja", "アクロスの重装歩兵", "アクロスの重装歩兵が攻撃するたび、ターン終了時まで、これは+X/+0の修整を受ける。"
     "Xは対戦相手がコントロールする攻撃クリーチャーの総数に等しい。", "opponent"),
    # "你每操控": who controls the counted objects is in a token the Chinese tree drops (not read)
    ("zh-Hans", "绳索投手阿基里", "你每操控一个神器，绳索投手阿基里便得+1/+0。", None),
]


@pytest.mark.parametrize("lang,name,text,controller", PER, ids=[f"{p[0]}-{i}" for i, p in enumerate(PER)])
def test_counted_objects_on_the_pt_change(lang, name, text, controller):
    mods = [m for e in _effects(text, lang, name) for m in e.modifications if m.characteristic == I.PT_MODIFY]
    assert mods and mods[0].per is not None
    assert mods[0].per.controller == controller


def test_blocked_by_colors_compared():
    en = "Barrenton Cragtreads can't be blocked by red creatures."
    for lang, name, good, bad in (
            ("de", "Klippenläufer aus Barrenton", "Der Klippenläufer aus Barrenton kann von roten Kreaturen nicht geblockt werden.",
             "Der Klippenläufer aus Barrenton kann von blauen Kreaturen nicht geblockt werden."),
            ("ja", "バレントンの岩踏み", "バレントンの岩踏みは赤のクリーチャーによってはブロックされない。",
             "バレントンの岩踏みは青のクリーチャーによってはブロックされない。"),
            ("zh-Hans", "八连屯峭行人", "八连屯峭行人不能被红色生物阻挡。", "八连屯峭行人不能被蓝色生物阻挡。")):
        assert check_card(en, good, lang, "Barrenton Cragtreads", name).status == "consistent", lang
        got = check_card(en, bad, lang, "Barrenton Cragtreads", name)
        assert got.status == "inconsistent" and {f.code for f in got.findings} == {"TR202"}, lang


def test_recolored_needs_the_same_shape():
    assert _recolored(frozenset({("B", "W")}), frozenset({("W", "W")}))        # "white or black" → "white or white"
    assert not _recolored(frozenset({("B", "W")}), frozenset({("B", "W")}))
    assert not _recolored(frozenset({("B", "W")}), frozenset({("W",)}))         # a color word not read: not compared
    assert not _recolored(frozenset({("W",), ("B",)}), frozenset({("W",)}))     # a phrase not read
    assert not _recolored(frozenset(), frozenset({("W",)}))
