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


#: the lemmas a builder writes for an instruction that puts an object onto the battlefield; with a token
#: as its object it creates the token (CR 111.2: a token exists only on the battlefield) — the old
#: "put … token onto the battlefield", German "bringe … ins Spiel" (read as return), Chinese "放进战场"
#: (move) and "派出" (create_token)
_PUTS_ONTO_BATTLEFIELD = frozenset({"put", "return", "move", "create_token"})
#: how a builder writes a back-reference to the objects of the sentence before ("it", "they", "those")
_BACK_REFS = frozenset({"it", "they", "those"})


def creates_token(e: I.Effect) -> bool:
    """CR 111.2: the effect creates a token — verb create, or a putting verb whose object is a token."""
    if e.kind != I.ONE_SHOT:
        return False
    if e.verb == "create":
        return True
    targets = list(e.objects) + ([e.affected] if e.affected is not None else [])
    return e.verb in _PUTS_ONTO_BATTLEFIELD and any(f.token for f in targets)


def defines_created_token(e: I.Effect) -> bool:
    """"It has "…"", "Sie haben „…"", "それらは「…」を持つ", "且具有「…」": a static grant of abilities (or a
    statement of P/T, colours, types) on a back-reference, or on no subject of its own (a predicate
    coordinated with the creation).  A predicate coordinated with the creation shares the creation's
    condition ("如果…，则派出…衍生物，且具有「…」"): only a back-reference's own condition makes it an
    effect of its own."""
    return e.kind == I.CONTINUOUS and e.duration is None and (e.condition is None or e.affected is None) \
        and bool(e.modifications) and all((m.characteristic == I.ABILITIES and m.op == "add")
                                          or (m.characteristic in _DEFINED and m.op == "set")
                                          for m in e.modifications) \
        and (e.affected is None or e.affected.ref in _BACK_REFS)


#: what a sentence after the creation may state of the token beside its abilities ("Bringe vier
#: Bürger-Spielsteine ins Spiel. Diese sind 1/1 weiße Kreaturen.", "Treat this token as a 2/2 black
#: creature"): its P/T, colours and types, set as it is created (CR 111.4)
_DEFINED = frozenset({I.PT_SET, I.COLORS, I.TYPES})


def without_token_definitions(effects: list[I.Effect]) -> list[I.Effect]:
    """"Create a … token. It has "…"": the sentence after the creation defines the token (CR 111.4),
    it is not a continuous effect on an existing object.  Every language calls this on a clause's
    effects; its builder only writes the creation (:func:`creates_token`) and the back-reference."""
    out: list[I.Effect] = []
    created = False
    for e in effects:
        if created and defines_created_token(e):
            continue
        created = created or creates_token(e)
        out.append(e)
    return out
