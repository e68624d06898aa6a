"""Which object or player a predicate's effect applies to (the Effect's ``affected``)."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning.record import CAUSATIVE, OWN_SUBJECT, Context, Predicate

#: predicates whose object, not their subject, is what changes: "you gain control of X", "exchange
#: control of X and Y" (CR 613.1b), "switch X's power and toughness" (CR 613.4d)
OBJECT_IS_AFFECTED = ("gain_control", "exchange_control", "switch")


def affected(p: Predicate, ctx: Context) -> I.Filter | None:
    """The statement's subject, unless the predicate names another: its own subject (an inverted
    subject, "…, and you gain …"), the object of an imperative ("destroy target creature"), of a
    causative ("have target creature get +1/+1"), of a control change or of P/T switching/doubling."""
    out = ctx.subject
    if OWN_SUBJECT in p.tags:
        out = p.subject
    if ctx.subject is None and p.subject is not None:
        out = p.subject
        if p.subject_mods is not None and p.kind == I.CONTINUOUS:
            # the inverted subject is the changed object, so the noun phrase after it is what it becomes
            p.mods = p.subject_mods
    elif ctx.imperative and p.objects and OWN_SUBJECT not in p.tags:
        out = p.objects[0]
    if (p.verb in OBJECT_IS_AFFECTED or (p.verb == "double" and p.kind == I.CONTINUOUS)) and p.objects:
        # "you gain control of X": the object changes, not "you" (the noun "control" is no object)
        out = next((f for f in p.objects if f.noun != "control"), p.objects[0])
    if CAUSATIVE in p.tags and p.objects:
        out = p.objects[0]
    return out
