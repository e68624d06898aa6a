"""Every check-translation code is documented like the lint rules (what, why, a bad and a good
example in each of de, ja and zh-Hans), and the examples are tests."""

from __future__ import annotations

import pytest

from cardlint.translate import codes as C
from cardlint.codes import rules
from cardlint.translate.rules import check_rule

RULES = sorted(rules("TR").values(), key=lambda r: r.code)


def test_every_code_documented_in_every_language():
    assert {r.code for r in RULES} == set(C.CODES)
    for r in RULES:
        for examples in (r.bad, r.good):
            assert {ex["lang"] for ex in examples} == {"de", "ja", "zh-Hans"}, r.code


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_examples(rule):
    assert check_rule(rule) == []


def test_rule_command_shows_a_tr_code(capsys):
    from cardlint.cli import main

    assert main(["rule", "TR206"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# TR206 translation.controller-differs") and "lang=ja" in out
    assert main(["rule", "TR201", "--check"]) == 0
