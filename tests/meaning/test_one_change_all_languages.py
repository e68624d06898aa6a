"""The point of the shared meaning layer: a rules decision written once changes every language.

Here the decision is CR 508.1d ("attacks this turn if able" is a requirement, a rules effect); the test
replaces it with a wrong one (the requirement stays an action) in :mod:`cardlint.meaning.requirements`
only, and every language's reading of the same clause must follow."""

from __future__ import annotations

import pytest

from cardlint.lang.frontend import frontend
from cardlint.meaning import requirements
from cardlint.pipeline import classify_text


#: the same clause ("target creature attacks this turn if able") as printed in each language
CLAUSES = [
    pytest.param("en", "Target creature attacks this turn if able.", id="en"),
    pytest.param("de", "Eine Kreatur deiner Wahl greift in diesem Zug an, falls möglich.", id="de"),
    pytest.param("ja", "クリーチャー１体を対象とする。このターン、それは可能なら攻撃する。", id="ja"),
    pytest.param("zh-Hans", "目标生物本回合若能攻击，则必须攻击。", id="zh-Hans"),
]


def _kinds(lang: str, text: str) -> list[str]:
    fe = frontend(lang)
    fe.__dict__.pop("_memo", None)      # the parse memo keeps built IR: build it again
    out = [e["kind"] for c in classify_text(text, lang, type_line=None)["clauses"] for e in c["effects"]]
    fe.__dict__.pop("_memo", None)
    return out


@pytest.mark.parametrize("lang,text", CLAUSES)
def test_one_rules_change_in_the_meaning_layer_changes_every_language(lang, text, monkeypatch):
    assert _kinds(lang, text) == ["rules"]
    monkeypatch.setattr(requirements, "if_able", lambda effects: effects)
    assert _kinds(lang, text) == ["one-shot"]
