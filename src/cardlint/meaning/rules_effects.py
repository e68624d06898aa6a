"""Effects on players and on the game rules (CR 613.10, 613.11): no layer."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning.record import STATE, Predicate

PLAYER_REFS = ("you", "player")


def player_ability_kind(kind: str, affected: I.Filter | None, mods: list[I.Modification]) -> str:
    """CR 613.10: "You have hexproof", "each player has shroud" — an ability a player has is an
    effect on the player, a rules effect; only objects have characteristics in layers."""
    if kind == I.CONTINUOUS and affected is not None and affected.ref in PLAYER_REFS \
            and mods and all(m.characteristic == I.ABILITIES for m in mods):
        return I.RULES
    return kind


def hand_size_kind(p: Predicate, kind: str, affected: I.Filter | None) -> str:
    """"Your maximum hand size is seven" (CR 402.2): a rule about the game, stated as a number."""
    if p.kind == STATE and is_hand_size_state(p) and affected is not None \
            and "hand size" in " ".join(affected.extra):
        return I.RULES
    return kind


def is_hand_size_state(p: Predicate) -> bool:
    return bool(p.mods) and p.mods[0].characteristic == "hand_size"


def cost_minimum(affected: I.Filter | None, mods: list[I.Modification]) -> None:
    """"Each spell that would cost less than three mana to cast costs three mana": the total cost has a
    minimum (CR 601.2f), it is not set."""
    if affected is not None and any(x.startswith("cost below") for x in affected.extra):
        for m in mods:
            if m.characteristic == "cost" and m.op == "set":
                m.op = "minimum"


def choice_limit_kind(kind: str, affected: I.Filter | None) -> str:
    """"X can't be 0": a limit on the value chosen for X while the spell is cast or the ability
    activated (CR 601.2b, 107.3), no effect of its own — the restriction's subject is the bare
    variable, not an object or a player."""
    if kind == I.RULES and affected is not None and affected.ref == "object" and affected.quantifier == "number" \
            and not (affected.noun or affected.types or affected.subtypes or affected.extra):
        return STATE
    return kind


def play_revealed(p: Predicate) -> None:
    """"Play with the top card of your library revealed" (CR 400.2: whether a hidden card is revealed is a
    rule of the game): how the game is played from now on, a rules effect (CR 613.11) — nothing is played."""
    p.kind, p.verb = I.RULES, "play_revealed"


def damage_by_toughness(p: Predicate) -> None:
    """"Each creature you control assigns combat damage equal to its toughness rather than its power"
    (CR 510.1c-d): how combat damage is assigned, a rules effect (CR 613.11), not damage dealt now."""
    p.kind, p.verb = I.RULES, "assign_damage_by_toughness"


def player_and_object_grant(e: I.Effect) -> list[I.Effect]:
    """"You and ~ have hexproof": one grant to a player and an object is two effects — the player's
    ability is a rules effect (CR 613.10), the object's is layer 6 (CR 613.1f)."""
    f = e.affected
    if e.kind != I.CONTINUOUS or f is None or f.ref != "multiple" or "player" not in f.extra \
            or not e.modifications or not all(m.characteristic == I.ABILITIES for m in e.modifications):
        return [e]
    rest = [x for x in f.extra if x != "player"]
    if not rest:
        return [e]
    player = I.Filter(ref="player", noun="player", controller=f.controller)
    e.affected = I.Filter(ref="self") if rest == ["self"] else I.Filter(ref="multiple", noun=f.noun, extra=rest,
                                                                       types=list(f.types))
    rules = I.Effect(kind=I.RULES, affected=player, modifications=list(e.modifications), verb=e.verb,
                     duration=e.duration, condition=e.condition, granted=e.granted)
    rules.note = e.note
    return [rules, e]
