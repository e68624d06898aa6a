"""Type-changing effects, layer 4 (CR 613.1d, 205)."""

from __future__ import annotations

from cardlint import ir as I

#: the value of a type change that names every basic land type ("is every basic land type")
EVERY_BASIC_LAND_TYPE = "every basic land type"
BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})


def change(words: list[str] | None, additive: bool = False, negated: bool = False) -> I.Modification:
    """"becomes a 3/3 Elemental creature" sets the types; "in addition to its other types" adds them;
    "is no longer a creature", "is not a land" removes them."""
    op = "remove" if negated else "add" if additive else "set"
    if op == "set" and sorted(words or ()) == ["artifact", "creature"]:
        # CR 205.1b: an object that becomes an "artifact creature" keeps its other card types
        op = "add"
    return I.Modification(I.TYPES, op, list(words) if words is not None else None)


def all_creature_types() -> I.Modification:
    """"is every creature type", "gains all creature types" (CR 205.3m, 702.73a): the subtypes are
    defined, which a characteristic-defining ability may do (CR 604.3a)."""
    return I.Modification(I.TYPES, "all_creature_types")


def every_basic_land_type() -> I.Modification:
    """"is every basic land type in addition to its other types" adds the five basic land types."""
    return I.Modification(I.TYPES, "add", [EVERY_BASIC_LAND_TYPE])


def lose_all(words: list[str] | None = None) -> I.Modification:
    """"loses all creature types", "loses all other card types": the types are removed."""
    return I.Modification(I.TYPES, "remove", words)


def chosen(additive: bool) -> I.Modification:
    """"is the chosen type (in addition to its other types)"."""
    return I.Modification(I.TYPES, "add" if additive else "set", ["chosen"])


def removes_land_abilities(mod: I.Modification) -> bool:
    """CR 305.7: an effect that sets a land's subtype makes it lose its other land types and the
    abilities printed on it (it gets the mana ability of each basic land type it now has); adding a
    land type ("in addition to its other types") does not."""
    if mod.characteristic != I.TYPES or mod.op != "set" or not isinstance(mod.value, list):
        return False
    return any(str(v).lower() in BASIC_LAND_TYPES or v == EVERY_BASIC_LAND_TYPE for v in mod.value)


def restates_own_type(mods: list[I.Modification], affected: I.Filter | None) -> bool:
    """A type "change" that names only the card type the affected object already has, beside a color
    change and with no subtype, P/T or ability of its own: the noun only carries the color ("target
    creature becomes a blue creature", German "wird zu einer blauen Kreatur", "ist eine Kreatur dieser
    Farbe"), so the effect is the color change alone (layer 5), not a type-setting effect (CR 205.1a)
    that would take the creature's other card types away."""
    if affected is None or not any(m.characteristic == I.COLORS for m in mods):
        return False
    if any(m.characteristic in (I.PT_SET, I.PT_DEFINE, I.ABILITIES) for m in mods):
        return False
    types = [m for m in mods if m.characteristic == I.TYPES]
    if len(types) != 1 or types[0].op != "set" or types[0].value != ["creature"]:
        return False
    return affected.is_self or "creature" in (affected.types or [])
