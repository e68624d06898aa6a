"""A static ability's "as long as" is a condition, the same as "unless" negated (CR 611.3a); a resolving
ability's "for as long as" is a duration (CR 611.2b) — issue 19: ja "…ないかぎり攻撃できない" ("can't attack
unless …") was compared as an as-long-as duration against a static English restriction."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning.duration import lasting
from cardlint.translate.compare import check_card


def _eff(duration=None, condition=None):
    return I.Effect(kind=I.RULES, verb="cant", duration=duration,
                    condition=I.Condition(kind=condition) if condition else None)


def test_static_as_long_as_and_unless_are_both_conditions():
    assert lasting(_eff(condition="as_long_as"), static=True) == (None, True)
    assert lasting(_eff(condition="unless"), static=True) == (None, True)
    assert lasting(_eff(duration="as_long_as"), static=True) == (None, True)
    assert lasting(_eff(duration="until_eot"), static=True) == ("until_eot", False)
    assert lasting(_eff(), static=True) == (None, False)


def test_resolving_for_as_long_as_is_a_duration():
    assert lasting(_eff(condition="for_as_long_as"), static=False) == ("as_long_as", True)
    assert lasting(_eff(duration="as_long_as"), static=False) == ("as_long_as", False)
    assert lasting(_eff(condition="if"), static=False) == (None, True)


def test_ja_unless_restriction_compares_with_the_english():
    # the real clause of the review sample (verdicts-ja.jsonl)
    en = "Steelclad Serpent can't attack unless you control another artifact."
    ja = "鋼覆いの海蛇は、あなたが他のアーティファクトをコントロールしていないかぎり攻撃できない。"
    res = check_card(en, ja, "ja", "Steelclad Serpent", "鋼覆いの海蛇", "Artifact Creature — Serpent",
                     "アーティファクト・クリーチャー — 海蛇")
    assert res.status == "consistent", [f.message for f in res.findings]
    # a duration a translator adds is still found
    res = check_card(en, "ターン終了時まで、" + ja, "ja", "Steelclad Serpent", "鋼覆いの海蛇",
                     "Artifact Creature — Serpent", "アーティファクト・クリーチャー — 海蛇")
    assert res.status == "inconsistent" and "TR205" in {f.code for f in res.findings}
