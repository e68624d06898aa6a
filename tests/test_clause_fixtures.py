"""One runner for the hand-labelled real clauses of every language (``tests/clause_fixtures.py``
describes the keys): each record through ``cardlint.pipeline.classify_text`` in its language."""

from __future__ import annotations

import pytest

from cardlint.pipeline import classify_text
from clause_fixtures import ABILITIES, FOLDERS, KINDS, LAYERS, OPTIONAL, REQUIRED, check_record_shape, effect_keys, load

#: per language: the fewest records, and wording that must be represented (older templates)
MINIMUM = {"en": 150, "de": 100, "ja": 100, "zh-Hans": 100}
NEEDLES = {
    "en": ("[+1]:", "{T}: Add", "I —", "II —", "Choose one —", "\n•", "enters the battlefield tapped",
           "enters the battlefield with", "As ", "instead", "Skip", "Prevent", "comes into play",
           "converted mana cost", "are 1/1", "Protection from", "Equip {", "Changeling", "Devoid",
           "is all colors", "As long as", "face down", "Change the text", "Switch"),
    "de": ("Deine",),
    "ja": ("場に出",),
    "zh-Hans": (),
}


def _params():
    for lang in FOLDERS:
        for i, case in enumerate(load(lang)):
            marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if case.get("xfail") else []
            label = case.get("label") or case["text"][:24]
            yield pytest.param(lang, case, id=f"{lang}-{i:03d}-{label}", marks=marks)


@pytest.mark.parametrize("lang", list(FOLDERS))
def test_fixture_keys_and_coverage(lang):
    cases = load(lang)
    assert len(cases) >= MINIMUM[lang]
    for c in cases:
        assert REQUIRED <= set(c) <= REQUIRED | OPTIONAL, (set(c) ^ REQUIRED) - OPTIONAL
        assert c["ability"] in ABILITIES, c
        for kind, layer, cda in c["effects"]:
            assert kind in KINDS and (layer is None or str(layer) in LAYERS), c
    assert {str(e[1]) for c in cases for e in c["effects"] if e[1] is not None} >= LAYERS
    assert {e[0] for c in cases for e in c["effects"]} >= KINDS
    assert {c["ability"] for c in cases} >= ABILITIES
    assert any(e[2] for c in cases for e in c["effects"])  # a CDA
    texts = "\n".join(c["text"] for c in cases)
    for needle in NEEDLES[lang]:
        assert needle in texts, needle
    # the bug list is expected to shrink; it must never cover most of the fixture
    assert sum(bool(c.get("xfail")) for c in cases) < len(cases) / 2


@pytest.mark.parametrize("lang,case", list(_params()))
def test_clause(lang, case):
    clauses = classify_text(case["text"], lang, name=case["name"], type_line=case["type"])["clauses"]
    for c in clauses:
        check_record_shape(c)
    want_parsed = case.get("parsed", True)
    if case.get("split"):
        # a line that lost its line breaks: one clause per ability, and together the same effects
        assert len(clauses) > 1, clauses
        assert case["ability"] in [c["ability"] for c in clauses], clauses
        assert sorted(set(effect_keys([e for c in clauses for e in c["effects"]])), key=str) == effect_keys(
            case["effects"]), clauses
        assert all(c["parsed"] for c in clauses) is want_parsed, [c.get("error") for c in clauses]
        return
    assert len(clauses) == 1, [c["text"] for c in clauses]
    c = clauses[0]
    assert c["parsed"] is want_parsed, c.get("error")
    assert c["ability"] == case["ability"], c
    if case.get("partial"):
        assert set(effect_keys(case["effects"])) <= set(effect_keys(c["effects"])), c
    else:
        assert effect_keys(c["effects"]) == effect_keys(case["effects"]), c
