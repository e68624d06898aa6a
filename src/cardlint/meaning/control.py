"""Control-changing effects, layer 2 (CR 613.1b)."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning.record import CONTROL_STATE, Predicate

#: a sentinel: the predicate makes no effect of its own
NO_EFFECT = object()


def gain() -> I.Modification:
    """"Gain control of X", "X's controller becomes you": layer 2."""
    return I.Modification(I.CONTROL, "gain")


def exchange() -> I.Modification:
    """"Exchange control of X and Y": layer 2, both objects (CR 701.12b)."""
    return I.Modification(I.CONTROL, "exchange")


def stated_control(p: Predicate, who: I.Filter | None):
    """"You control enchanted permanent" as a statement of its own is a control-changing effect on
    the object (CR 613.1b); the same words naming another player ("an opponent controls X") or no
    object (or no one) state a fact (a condition), no effect.  Returns the affected object, None when this is
    no such statement, or :data:`NO_EFFECT`."""
    if CONTROL_STATE not in p.tags:
        return None
    objects = [f for f in p.objects if f is not who]
    if not objects or who is None or who.ref != "you":
        return NO_EFFECT
    p.kind = I.CONTINUOUS
    if not any(m.characteristic == I.CONTROL for m in p.mods):
        p.mods = [gain()]
    return objects[0]
