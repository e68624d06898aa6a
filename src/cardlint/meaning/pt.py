"""Power/toughness effects, layer 7 (CR 613.4): 7a/7b defining and setting, 7c modifying, 7d switching."""

from __future__ import annotations

from cardlint import ir as I


def define(value: I.Value | None = None) -> I.Modification:
    """"power is equal to the number of …": 7a when it is a characteristic-defining ability (the
    classifier decides, CR 604.3a), else 7b (CR 613.4b)."""
    return I.Modification(I.PT_DEFINE, "set", value if value is not None else I.Value(kind="other"), defining=True)


def set_base(pt) -> I.Modification:
    """"has base power and toughness 1/1", "is a 1/1 creature": 7b (CR 613.4b)."""
    return I.Modification(I.PT_SET, "set", pt)


def modify(pt, per: I.Filter | None = None) -> I.Modification:
    """"gets +1/+1 (for each …)": 7c (CR 613.4c)."""
    return I.Modification(I.PT_MODIFY, "modify", pt, per=per)


def double(how: str = "double") -> I.Modification:
    """CR 701.10a–d (701.11 tripling): doubling a creature's power gives it +X/+0 where X is its power —
    a 7c modification by a relative amount, never a setting effect."""
    return I.Modification(I.PT_MODIFY, "modify", how)


def switch() -> I.Modification:
    """"switch its power and toughness": 7d (CR 613.4d)."""
    return I.Modification(I.PT_SWITCH, "switch")


def apply_for_each(mods: list[I.Modification], per: I.Filter | None) -> None:
    """"gets +1/+1 for each …": the count scales the 7c modification (it stays 7c, CR 613.4c)."""
    for m in mods:
        if m.characteristic == I.PT_MODIFY:
            m.per = per


def apply_where_x(mods: list[I.Modification], counted: I.Filter | None) -> None:
    """"gets +X/+0, where X is the number of attacking creatures you control": X counts ``counted``, as
    "+1/+0 for each attacking creature you control" does (7c either way); the counted objects are kept
    on the modification like a "for each" (``per``)."""
    if counted is None:
        return
    for m in mods:
        if m.characteristic == I.PT_MODIFY and m.per is None and isinstance(m.value, str) and "x" in m.value.lower():
            m.per = counted
