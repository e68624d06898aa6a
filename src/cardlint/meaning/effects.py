"""Records → IR effects: the one entry point every language's builder calls.

:func:`effects` turns the predicates of one statement into effects; :func:`finish` applies what
the whole statement says ("if able", "instead", "as ~ enters", durations, conditions, "for each").
Each rules decision is made in the module named for it; this module only puts them in order.
"""

from __future__ import annotations

from typing import Callable

from cardlint import ir as I
from cardlint.meaning import control, permissions, pt, replacement, requirements, rules_effects
from cardlint.meaning.affected import affected as affected_of
from cardlint.meaning.record import STATE, Context, Mod, Predicate, Statement

#: a refine hook's answer when the predicate makes no effect of its own
NO_EFFECT = control.NO_EFFECT

#: ``refine(p, affected, effects_so_far) -> affected | NO_EFFECT``: a language's reading of the record
#: once its affected object is known (German "Die Stärke von ~ ist gleich …"); may change ``p``
Refine = Callable[[Predicate, "I.Filter | None", list], object]

#: the kinds of effect that keep their modifications (a one-shot action sets no characteristic)
_KEEPS_MODS = (I.CONTINUOUS, I.REPLACEMENT, I.RULES)


def effects(preds: list[Predicate], ctx: Context, refine: Refine | None = None) -> list[I.Effect]:
    out: list[I.Effect] = []
    for p in preds:
        out.extend(predicate_effects(p, ctx, out, refine))
    return out


def predicate_effects(p: Predicate, ctx: Context, before: list[I.Effect] = (),
                      refine: Refine | None = None) -> list[I.Effect]:
    if p.kind == STATE and not rules_effects.is_hand_size_state(p):
        return []
    who = ctx.subject or p.subject
    permissions.object_may(p, who)
    affected = affected_of(p, ctx)
    if refine is not None:
        got = refine(p, affected, before)
        if got is NO_EFFECT:
            return []
        affected = got
    stated = control.stated_control(p, who)
    if stated is NO_EFFECT:
        return []
    if stated is not None:
        affected = stated
    kind = replacement.predicate_kind(p, p.kind)
    kind = rules_effects.player_ability_kind(kind, affected, p.mods)
    kind = rules_effects.hand_size_kind(p, kind, affected)
    kind = rules_effects.choice_limit_kind(kind, affected)
    if kind == STATE:
        return []
    rules_effects.cost_minimum(affected, p.mods)
    if kind == I.CONTINUOUS and not p.mods:
        kind = I.ONE_SHOT   # a continuous predicate that changes nothing names an action
    e = I.Effect(kind=kind, affected=affected, modifications=list(p.mods) if kind in _KEEPS_MODS else [],
                 verb=p.verb, objects=p.objects, duration=p.duration, condition=p.condition,
                 granted=ctx.granted)
    e.note = ",".join(sorted(p.tags)) or None
    if e.affected is not None and e.affected.ref == "multiple":
        return rules_effects.player_and_object_grant(e)
    return replacement.with_characteristics(e, p)


def finish(effects: list[I.Effect], st: Statement) -> list[I.Effect]:
    """What the statement's modifiers and suffixes do to the effects of its predicates."""
    mods = st.mods
    said = {m.kind for m in mods}
    if st.alternative_cost or "alternative_cost" in said:
        effects = permissions.alternative_cost()
    if st.if_able:
        requirements.if_able(effects)
    if "activation_limit" in said:
        effects = requirements.activation_limit(effects)
    for m in mods:
        for e in effects:
            _apply(m, e)
    for e in effects:
        if permissions.lasting(e, st):
            e.kind = I.RULES
    replacement.instead_actions(effects)
    if "as_enters" in said:
        replacement.as_enters(effects)
    return replacement.self_replacement(effects, said="instead" in said)


def _apply(m: Mod, e: I.Effect) -> None:
    if m.kind == "duration":
        e.duration = m.value
    elif m.kind == "condition" and e.condition is None:
        e.condition = m.value
    elif m.kind in ("instead", "as_enters") and e.kind == I.ONE_SHOT:
        e.kind = I.REPLACEMENT      # CR 614.1a, 614.12
    elif m.kind == "for_each":
        pt.apply_for_each(e.modifications, m.value)
    elif m.kind == "where_x":
        pt.apply_where_x(e.modifications, m.value)
