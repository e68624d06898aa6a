"""How long an effect lasts, whatever the builder wrote it as (CR 611.2, 611.3)."""

from __future__ import annotations

from cardlint import ir as I

#: the condition kinds that say "(for) as long as"
_AS_LONG_AS = frozenset({"as_long_as", "for_as_long_as"})


def lasting(e: I.Effect, static: bool) -> tuple[str | None, bool]:
    """→ (duration, conditional).  CR 611.2b: the "for as long as …" of a resolving spell or ability is a
    duration, which a builder may have written as a condition.  CR 611.3a: a static ability's effect
    applies while its condition holds — "as long as C" and "unless not-C" are one condition, so both
    read "as_long_as" ("can't attack unless you control an artifact" = "…をコントロールしていないかぎり
    攻撃できない"), and a translation that drops the condition still differs."""
    duration = e.duration
    kind = e.condition.kind if e.condition is not None else None
    if duration is None and (kind in _AS_LONG_AS or (static and kind == "unless")):
        duration = "as_long_as"
    return ("as_long_as" if duration in _AS_LONG_AS else duration), e.condition is not None
