"""Abilities of a spell that work while it is on the stack (CR 113.6, 604.5), and what a token-making
instruction's next sentence defines (CR 111.4)."""

from __future__ import annotations

from cardlint import ir as I


def works_on_stack(effects: list[I.Effect]) -> bool:
    """CR 113.6/604.5: "This spell can't be countered", "~ costs {1} less", "~ is colorless" — every
    effect is about the spell itself, a rule or its color: a static ability that works on the stack."""
    if not effects:
        return False
    for e in effects:
        if e.affected is None or not e.affected.is_self:
            return False
        if e.kind == I.RULES:
            continue
        if e.kind == I.CONTINUOUS and all(m.characteristic in (I.COLORS,) for m in e.modifications):
            continue
        return False
    return True


def without_token_definitions(effects: list[I.Effect]) -> list[I.Effect]:
    """"Create a … token. It has "…"": the sentence after the creation defines the token (CR 111.4),
    it is not a continuous effect on an existing object."""
    out: list[I.Effect] = []
    created = False
    for e in effects:
        if created and e.kind == I.CONTINUOUS and e.verb == "have" and e.affected is not None \
                and e.affected.ref in ("it", "they", "those"):
            continue
        created = created or e.verb == "create"
        out.append(e)
    return out
