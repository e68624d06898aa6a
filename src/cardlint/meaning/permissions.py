"""Permissions and alternative costs: rules effects that last (CR 601.3, 305.2, 118.9)."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning.record import ADDITIONAL, FROM_ZONE, MODAL_MAY, PLAYER_MAY, Predicate, Statement
from cardlint.meaning.requirements import COMBAT_ACTIONS
from cardlint.meaning.rules_effects import PLAYER_REFS

PERMITTED = ("cast", "play")


def object_may(p: Predicate, who: I.Filter | None) -> None:
    """"~ can attack as though …", "Kreaturen können …": a "may/can" whose subject is an object, not a
    player, is a permission or restriction on that object — a rule (CR 613.11), not an action."""
    if MODAL_MAY in p.tags and who is not None and who.ref not in PLAYER_REFS and p.kind == I.ONE_SHOT:
        p.kind = I.RULES
    elif PLAYER_MAY in p.tags and who is not None and who.ref not in PLAYER_REFS + ("multiple",) \
            and p.kind == I.ONE_SHOT and p.verb in COMBAT_ACTIONS and not p.objects:
        # (hen2) "~ may block as though it had flying" (old wording): an object does not choose; "may"
        # says it is allowed to — a permission on how it blocks, a rule (CR 613.11), as "can" is
        p.kind = I.RULES


def lasting(e: I.Effect, st: Statement) -> bool:
    """"You may cast ~ from your graveyard", "you may play that card this turn", "as long as …, you may
    cast it", "you may cast spells as though they had flash": a permission to cast or play that lasts
    (CR 601.3, 305.2) is a rules effect.  Without a duration, "you may cast it without paying its mana
    cost" is cast while the ability resolves."""
    if e.kind != I.ONE_SHOT or e.verb not in PERMITTED:
        return False
    tags = set((e.note or "").split(","))
    if not {PLAYER_MAY, MODAL_MAY} & tags:
        return False
    if e.duration or (e.condition is not None and e.condition.kind == "as_long_as"):
        return True
    if st.without_paying:
        return False
    return st.as_though or bool({FROM_ZONE, ADDITIONAL, "as_though"} & tags)


def alternative_cost() -> list[I.Effect]:
    """"You may … rather than pay this spell's mana cost": an alternative cost (CR 118.9), a static
    ability of the spell itself that works on the stack (CR 604.5) — one rules effect on the spell."""
    return [I.Effect(kind=I.RULES, affected=I.Filter(ref="self"), verb="alternative_cost")]


def resolving(effects: list[I.Effect]) -> list[I.Effect]:
    """Inside a triggered or activated ability, "you may cast it from your graveyard" with no duration is
    done while the ability resolves (a one-shot); only a bounded permission ("this turn") lasts."""
    for e in effects:
        if e.kind == I.RULES and e.verb in PERMITTED and e.duration is None and not e.granted \
                and not (e.condition is not None and e.condition.kind == "as_long_as"):
            e.kind = I.ONE_SHOT     # ("as long as it remains exiled" bounds it as a duration does)
    return effects
