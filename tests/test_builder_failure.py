"""A builder that raises on one clause makes that clause unparsed — ``parsed: false`` with an error
naming the builder's failure — and loses nothing else: the batch keeps every record, in order, and
the card's other clauses are read as before.  Both ways a front end builds: inline during the parse
(English) and from the tree afterwards (Japanese)."""

from __future__ import annotations

import json

import pytest
from lark.exceptions import VisitError

from cardlint.cli import main
from cardlint.lang.frontend import frontend

CARDS = {
    "en": [
        {"name": "Glorious Anthem", "text": "Creatures you control get +1/+1.", "type": "Enchantment"},
        {"name": "Lightning Bolt", "text": "Lightning Bolt deals 3 damage to any target.", "type": "Instant"},
        {"name": "Serra Angel", "text": "Flying, vigilance", "type": "Creature — Angel"},
    ],
    "ja": [
        {"name": "栄光の頌歌", "text": "あなたがコントロールするクリーチャーは+1/+1の修整を受ける。", "type": "エンチャント"},
        {"name": "稲妻", "text": "クリーチャー1体かプレイヤー1人を対象とする。稲妻はそれに3点のダメージを与える。", "type": "インスタント"},
        {"name": "セラの天使", "text": "飛行、警戒", "type": "クリーチャー — 天使"},
    ],
}
#: the clause text (normalised) on which the injected builder fails
BROKEN = {"en": "3 damage", "ja": "3点"}


@pytest.fixture
def failing_builder(request, monkeypatch):
    lang = request.param
    fe = frontend(lang)
    monkeypatch.setattr(fe, "_memo", {}, raising=False)  # (no result of another test's parse)
    if fe.inline_build:
        seen = []
        new_builder, finish = fe.new_builder, fe.finish
        monkeypatch.setattr(fe, "new_builder", lambda norm: seen.append(norm) or new_builder(norm))

        def failing_finish(result):
            if BROKEN[lang] in seen[-1]:
                raise ValueError("injected builder failure")
            return finish(result)

        monkeypatch.setattr(fe, "finish", failing_finish)
    else:
        build = fe.build

        def failing_build(tree, seg, norm):
            if BROKEN[lang] in norm:  # as Lark's Transformer reports a rule method's exception
                raise VisitError("statement", tree, ValueError("injected builder failure"))
            return build(tree, seg, norm)

        monkeypatch.setattr(fe, "build", failing_build)
    yield lang


@pytest.mark.parametrize("failing_builder", ["en", "ja"], indirect=True)
def test_builder_failure_is_an_unparsed_clause_and_the_batch_keeps_the_others(failing_builder, tmp_path, capsys,
                                                                               monkeypatch):
    lang = failing_builder
    monkeypatch.setenv("CARDLINT_NO_PROGRESS", "1")
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in CARDS[lang]), encoding="utf-8")
    rc = main(["classify", "--input", str(path), "--lang", lang, "--format", "jsonl", "--no-cache"])
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rc != 2
    assert [r["name"] for r in rows] == [c["name"] for c in CARDS[lang]]
    broken = [c for c in rows[1]["clauses"] if BROKEN[lang] in c["text"]]
    assert broken and all(c["parsed"] is False for c in broken)
    assert any("ValueError: injected builder failure" in c["error"] for c in broken), broken
    assert any("builder" in c["error"] for c in broken)
    for r in (rows[0], rows[2]):
        assert "error" not in r and all(c["parsed"] for c in r["clauses"]), r
