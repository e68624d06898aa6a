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
    assert all(0 <= r.confidence <= 1 for r in RULES)
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


def test_one_registry_knows_every_code():
    """CL and TR codes are looked up in one place, by code (any case) or rule name."""
    from cardlint.codes import lookup, rules as every

    assert lookup("tr201").name == "translation.pt-differs" and lookup("cl301").code == "CL301"
    assert lookup("translation.pt-differs").code == "TR201" and lookup("dependency.depends-on").code == "CL301"
    assert {c[:2] for c in every()} == {"CL", "TR"} and lookup("XX999") is None
