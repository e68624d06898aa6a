"""Color-changing effects, layer 5 (CR 613.1e, 105)."""

from __future__ import annotations

from cardlint import ir as I

ALL_COLORS = ["W", "U", "B", "R", "G"]


def change(codes: list[str], additive: bool = False, negated: bool = False) -> I.Modification:
    """"is blue" sets the colors (a CDA when printed on the object itself, CR 604.3a); "is blue in
    addition to its other colors" adds them."""
    return I.Modification(I.COLORS, "remove" if negated else "add" if additive else "set", list(codes))


def all_colors() -> I.Modification:
    """"is all colors", "hat alle Farben" (CR 105.2): the colors are set to all five — a color-setting
    effect in layer 5 (a CDA when printed on the object), not a rule about the game."""
    return I.Modification(I.COLORS, "set", list(ALL_COLORS))


def chosen(additive: bool = False) -> I.Modification:
    """"is the chosen color": set (or added) from a choice made earlier."""
    return I.Modification(I.COLORS, "add" if additive else "set", ["chosen"])
