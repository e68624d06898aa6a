"""CR 711.2b, a leveler's striation, on IR effects built directly — no language, no parser."""

from __future__ import annotations

import pytest

from cardlint import ir as I
from cardlint.classify import classify_clause
from cardlint.meaning import levels
from cardlint.meaning.cda import is_cda


@pytest.mark.parametrize("symbol,level", [("level 2-6", "2-6"), ("STUFE 7+", "7+"), ("Lv 1 - 3", "1-3"),
                                          ("等级4+", "4+"), ("Lv12+", "12+")])
def test_level_range_of_every_language_symbol(symbol, level):
    assert levels.level_range(symbol) == level


def test_a_striation_is_one_static_ability_in_layers_7b_and_6_never_a_cda():
    effect = levels.striation("Lv 4+", ["6/6"], ["trample"])
    assert effect.condition == I.Condition("level", "4+")
    assert [(m.characteristic, m.op, m.value) for m in effect.modifications] == [
        (I.PT_SET, "set", "6/6"), (I.ABILITIES, "add", ["trample"])]
    clause = I.ClauseIR(text="", form=I.FORM_STATEMENT, parsed=True, effects=[effect])
    got = classify_clause(clause, False)
    assert got["ability"] == "static"
    assert sorted(e["layer"] for e in got["effects"]) == ["6", "7b"]
    assert not any(is_cda(effect, m, "static") for m in effect.modifications)


def test_a_striation_with_only_a_box_sets_only_pt():
    effect = levels.striation("LEVEL 1-3", ["4/4"], [])
    assert [m.characteristic for m in effect.modifications] == [I.PT_SET]


def test_box_pt_reads_only_a_bare_base_pt_of_the_object_itself():
    own = I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"), modifications=[I.Modification(I.PT_SET, "set", "2/4")])
    assert levels.box_pt([own]) == ["2/4"]
    pump = I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"), modifications=[I.Modification(I.PT_MODIFY, "modify", "+1/+1")])
    other = I.Effect(kind=I.CONTINUOUS, affected=I.Filter(types=["creature"]), modifications=[I.Modification(I.PT_SET, "set", "1/1")])
    timed = I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"), modifications=[I.Modification(I.PT_SET, "set", "0/1")],
                     duration="until_eot")
    assert levels.box_pt([pump]) is None and levels.box_pt([other]) is None and levels.box_pt([timed]) is None
