"""How long an effect lasts, whatever the builder wrote it as (CR 611.2, 611.3)."""

from __future__ import annotations

from cardlint import ir as I

#: the condition kinds that say "(for) as long as"
_AS_LONG_AS = frozenset({"as_long_as", "for_as_long_as"})


def lasting(e: I.Effect, static: bool) -> tuple[str | None, bool]:
    """→ (duration, conditional).  CR 611.2b: the "for as long as …" of a resolving spell or ability is a
    duration, which a builder may have written as a condition.  CR 611.3a: a static ability's effect has
    no duration — its "as long as …" is a condition, the same thing as an "unless" with the condition
    negated ("can't attack unless you control an artifact" = "…をコントロールしていないかぎり攻撃できない")."""
    duration = e.duration
    conditional = e.condition is not None
    as_long_as = duration in _AS_LONG_AS or (
        duration is None and e.condition is not None and e.condition.kind in _AS_LONG_AS)
    if static:
        if duration in _AS_LONG_AS:
            duration, conditional = None, True
        return duration, conditional
    return ("as_long_as" if as_long_as else duration), conditional
