"""Locked-in sets of affected objects (CR 611.2c, 613.6)."""

from __future__ import annotations

from cardlint import ir as I

SELF, TARGETS, SNAPSHOT = "self", "targets", "snapshot"


def locked_set(affected: I.Filter | None, origin: str, anchored_by_target: bool = True) -> str | None:
    """CR 611.2c: a continuous effect from a resolving spell or ability that changes characteristics or
    controller fixes the objects it affects when it begins — the source itself, its targets (and the
    objects "it"/"that creature" refers back to through a target), or the matching objects at that
    moment.  A static ability's effect is never locked (CR 611.3a): it keeps reading its filter."""
    if origin != "spell" or affected is None:
        return None
    if affected.ref == "self":
        return SELF
    if affected.quantifier == "target" or ((affected.ref in ("it", "they", "those") or affected.quantifier == "that")
                                           and anchored_by_target):
        return TARGETS
    return SNAPSHOT
