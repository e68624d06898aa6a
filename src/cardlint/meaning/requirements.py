"""Combat requirements (CR 508.1d, 509.1c): "attacks each combat if able"."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning.record import RECURRING

COMBAT_ACTIONS = ("attack", "block")


def if_able(effects: list[I.Effect]) -> list[I.Effect]:
    """"attacks this turn if able", "blocks each combat if able": a requirement the player must obey
    when attackers or blockers are declared (CR 508.1d, 509.1c) — a rules effect, not an action done
    now; a requirement written for "each combat" is a standing one whatever its verb."""
    required = [e for e in effects if e.kind == I.ONE_SHOT and e.verb in COMBAT_ACTIONS]
    shared = next((e.duration for e in required if e.duration), None)
    for e in required:
        e.kind, e.verb, e.duration = I.RULES, "must", e.duration or shared
    for e in effects:
        if e.kind == I.ONE_SHOT and e.affected is not None and RECURRING in (e.note or "").split(","):
            e.kind = I.RULES
    return effects


def activation_limit(effects: list[I.Effect]) -> list[I.Effect]:
    """"Activate only once each turn", "no more than twice each turn": a restriction on activating the
    ability (CR 602.5b), not an effect of it."""
    return [e for e in effects if e.verb != "activate"]
