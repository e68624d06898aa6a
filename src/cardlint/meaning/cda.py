"""Characteristic-defining abilities (CR 604.3, 604.3a): which continuous effects of a static ability are
CDAs.  A CDA applies in every zone (604.3) and first within its layer (613.3); the classifier's
``cda`` flag, the layer engine's order and the translation check all read this one decision."""

from __future__ import annotations

from cardlint import ir as I

#: Characteristics a CDA may define (604.3a(1): colors, subtypes, power, toughness).
CDA_CHARACTERISTICS = {I.COLORS, I.TYPES, I.PT_DEFINE}


def is_cda(effect: I.Effect, mod: I.Modification, ability: str) -> bool:
    """Whether ``mod`` of ``effect`` (in an ability of kind ``ability``) is a characteristic-defining
    ability, CR 604.3a: (1) it defines the object's colors, subtypes, power or toughness; (2) it is
    printed on the card or given by its copy/face-down rules — not granted by another object;
    (3) it does not affect other objects; (4) it is not an ability the object gives itself on
    resolution (a static ability, no duration); (5) it sets the value unconditionally."""
    if ability not in ("static", "keyword"):
        return False
    # (2) not granted, (5) unconditional
    if effect.kind != I.CONTINUOUS or effect.granted or effect.condition is not None:
        return False
    if effect.duration is not None:  # (4): an effect with a duration comes from a resolved ability
        return False
    if effect.affected is None or not effect.affected.is_self:  # (3)
        return False
    if mod.characteristic not in CDA_CHARACTERISTICS:  # (1)
        return False
    # A value read from a choice made as the object entered ("~ is the chosen color") does not stop
    # an ability from being a CDA: CR 208.2a's example (Lost Order of Jarkeld) is a CDA that reads
    # "the chosen player"; outside the battlefield the choice is simply missing.
    if mod.characteristic == I.PT_DEFINE:
        return True
    if mod.characteristic == I.COLORS:
        return mod.op == "set"
    if mod.characteristic == I.TYPES:
        # "is every creature type" (Changeling-like) defines subtypes; "is a creature" (a card
        # type) is not a characteristic a CDA may define.
        if mod.op in ("all_creature_types", "set_subtypes"):
            return True
        # "~ is the chosen type in addition to its other types" adds subtypes, which a CDA may define
        # (criterion 1); adding a card type or supertype is not.
        return (mod.op == "add" and isinstance(mod.value, list) and bool(mod.value)
                and not any(str(v).lower() in I.CARD_TYPES or str(v).lower() in I.SUPERTYPES for v in mod.value))
    return False
