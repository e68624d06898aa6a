"""A leveler's striation (CR 711): the level symbol, its power/toughness box and the abilities printed
in it are one static ability — "as long as it has N–M level counters, it has base power and
toughness P/T and has [the abilities]" (CR 711.2b): layer 7b and layer 6, conditional on the
level, so never a characteristic-defining ability.  Every language's builder reads its striation
into this one effect."""

from __future__ import annotations

import re

from cardlint import ir as I
from cardlint.meaning import abilities, pt

_RANGE = re.compile(r"(\d+)\s*(?:-\s*(\d+)|(\+))")


def level_range(symbol: str) -> str:
    """"LEVEL 2-6", "stufe 7+", "Lv 1 - 3", "等级4+" → "2-6", "7+", "1-3", "4+" (the symbol's
    text as it was read when no range is in it)."""
    m = _RANGE.search(symbol or "")
    if m is None:
        return (symbol or "").strip()
    return f"{m.group(1)}-{m.group(2)}" if m.group(2) else f"{m.group(1)}+"


def striation(symbol: str, pts: list[str], granted: list[str]) -> I.Effect:
    """The static ability of the striation under ``symbol``: base P/T ``pts`` (the box, normally
    one) and the abilities ``granted`` (keyword ids, quoted ability texts)."""
    mods = [pt.set_base(v) for v in pts]
    if granted:
        mods.append(abilities.add(granted))
    return I.Effect(kind=I.CONTINUOUS, affected=I.Filter(ref="self"), modifications=mods,
                    condition=I.Condition("level", level_range(symbol)), verb="level")


def box_pt(effects: list[I.Effect]) -> list[str] | None:
    """The P/T of a striation part a builder read as a statement ("2/4" alone: the base P/T of
    the object itself), or None when the part says anything else."""
    out = []
    for e in effects:
        if e.kind != I.CONTINUOUS or e.affected is None or not e.affected.is_self or e.duration or \
                not e.modifications or any(m.characteristic != I.PT_SET for m in e.modifications):
            return None
        out += [m.value for m in e.modifications]
    return out or None
