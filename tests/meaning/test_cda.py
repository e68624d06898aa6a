"""CR 604.3a, the CDA criteria, on IR effects built directly — no language, no parser."""

from __future__ import annotations

import pytest

from cardlint import ir as I
from cardlint.meaning.cda import is_cda

SELF = I.Filter(ref="self")


def effect(mod, **kw):
    return I.Effect(kind=kw.pop("kind", I.CONTINUOUS), affected=kw.pop("affected", SELF), modifications=[mod], **kw)


POWER = I.Modification(I.PT_DEFINE, "set", I.Value(kind="count"), defining=True)
ALL_COLORS = I.Modification(I.COLORS, "set", ["W", "U", "B", "R", "G"])


@pytest.mark.parametrize("mod", [
    POWER,                                                    # "~'s power is equal to …"
    ALL_COLORS,                                               # "~ is all colors"
    I.Modification(I.TYPES, "all_creature_types"),            # "~ is every creature type"
    I.Modification(I.TYPES, "add", ["elf"]),                   # a subtype in addition to its other types
])
def test_a_static_ability_defining_its_own_characteristic_is_a_cda(mod):
    assert is_cda(effect(mod), mod, "static")


@pytest.mark.parametrize("mod", [
    I.Modification(I.TYPES, "add", ["artifact"]),              # a card type is no characteristic a CDA defines
    I.Modification(I.TYPES, "add", ["legendary"]),             # nor a supertype
    I.Modification(I.COLORS, "add", ["U"]),                    # "is blue in addition to its colors" sets nothing
    I.Modification(I.ABILITIES, "add", ["flying"]),            # abilities (layer 6) are not 604.3a characteristics
    I.Modification(I.PT_MODIFY, "modify", "+1/+1"),
])
def test_other_characteristics_are_not(mod):
    assert not is_cda(effect(mod), mod, "static")


def test_each_criterion_of_604_3a():
    assert not is_cda(effect(POWER, affected=I.Filter(noun="creature", controller="you")), POWER, "static")  # (3)
    assert not is_cda(effect(POWER, granted=True), POWER, "static")                                       # (2)
    assert not is_cda(effect(POWER, condition=I.Condition(kind="as_long_as", text="as long as ~ is untapped")), POWER, "static")           # (5)
    assert not is_cda(effect(POWER, duration="until_eot"), POWER, "static")                               # (4)
    assert not is_cda(effect(POWER), POWER, "spell")                                                      # a static ability only
    assert not is_cda(effect(POWER), POWER, "triggered")
    assert is_cda(effect(POWER), POWER, "keyword")                                                        # changeling, devoid
    assert not is_cda(effect(POWER, kind=I.RULES), POWER, "static")
