"""Every lint rule's documentation is complete and its examples are tests (LanguageTool style):
each bad example reports the rule's code, each good example does not."""

from __future__ import annotations

import pytest

from cardlint.lint import lint_example
from cardlint.codes import rules
from cardlint.lint.registry import FAMILY_MODULES, RULES, families

RULE_LIST = sorted(rules("CL").values(), key=lambda r: r.code)


def test_codes_and_names_unique_and_families_complete():
    assert len({r.name for r in RULE_LIST}) == len(RULE_LIST)
    emitted = {c for fam in families() for c in fam.CODES}
    assert emitted == {r.code for r in RULE_LIST}, "every emitted code is documented and vice versa"
    for r in RULE_LIST:
        assert r.code[:3] in FAMILY_MODULES
        assert r.bad and r.good, r.code


@pytest.mark.parametrize("rule", RULE_LIST, ids=lambda r: r.code)
def test_bad_examples_fire(rule):
    for ex in rule.bad:
        codes = [f.code for f in lint_example(ex)]
        assert rule.code in codes, f"{rule.code} bad example gives {codes}"


@pytest.mark.parametrize("rule", RULE_LIST, ids=lambda r: r.code)
def test_good_examples_pass(rule):
    for ex in rule.good:
        hits = [f.message for f in lint_example(ex) if f.code == rule.code]
        assert not hits, hits


def test_aliases_resolve():
    assert RULES["YGO001"].code == "CL501"
    assert RULES["dependency.depends-on"].code == "CL301"
