"""Ability-adding and ability-removing effects, layer 6 (CR 613.1f)."""

from __future__ import annotations

from cardlint import ir as I


def add(names: list[str]) -> I.Modification:
    """"has flying", "gains "{T}: …"" — keyword ids and quoted abilities."""
    return I.Modification(I.ABILITIES, "add", names)


def remove(names: list[str] | None = None) -> I.Modification:
    """"loses flying"; with no names, some abilities ("all abilities except mana abilities")."""
    return I.Modification(I.ABILITIES, "remove", names)


def remove_all() -> I.Modification:
    """"loses all abilities"."""
    return I.Modification(I.ABILITIES, "remove_all")


def cant_have(names: list[str]) -> I.Modification:
    """"can't have or gain flying" (CR 613.1f: applied in layer 6 with the others)."""
    return I.Modification(I.ABILITIES, "cant_have", names)
