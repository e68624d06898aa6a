"""Replacement effects (CR 614): "instead", "enters tapped/with/as a copy", "as ~ enters", "skip"."""

from __future__ import annotations

from cardlint import ir as I
from cardlint.meaning.record import COPY_ENTER, ENTERS_TAPPED, ENTERS_WITH, INSTEAD, Predicate

ENTERING = (ENTERS_TAPPED, ENTERS_WITH, COPY_ENTER)


def _tags(e: I.Effect) -> set[str]:
    return set((e.note or "").split(","))


def predicate_kind(p: Predicate, kind: str) -> str:
    """CR 614.1c: "enters tapped", "enters with counters", "enters as a copy" modify how the object
    enters; CR 614.1a: an action done "instead" replaces another."""
    if any(t in p.tags for t in ENTERING):
        return I.REPLACEMENT
    if INSTEAD in p.tags and kind == I.ONE_SHOT:
        return I.REPLACEMENT
    return kind


def with_characteristics(e: I.Effect, p: Predicate) -> list[I.Effect]:
    """A replacement that gives the entering object characteristics ("enters as a copy of …", "enters
    face down") is the replacement and the continuous effect it sets up (CR 614.1c, 707.2, 708.2)."""
    if e.kind != I.REPLACEMENT or not p.mods:
        return [e]
    copy = COPY_ENTER in p.tags
    e.modifications = []
    if copy:
        e.verb = "enter_as_copy"
    result = I.Effect(kind=I.CONTINUOUS, affected=e.affected, modifications=list(p.mods),
                      verb="copy" if copy else p.verb)
    return [e, result]


def as_enters(effects: list[I.Effect]) -> list[I.Effect]:
    """CR 614.12: "As ~ enters, …" is done as it enters — a replacement beside what it does."""
    if effects and not any(e.kind == I.REPLACEMENT for e in effects):
        effects.append(I.Effect(kind=I.REPLACEMENT, verb="as_enters"))
    return effects


def instead_actions(effects: list[I.Effect]) -> list[I.Effect]:
    """CR 614.1a: an action done "instead" replaces another, and the instructions coordinated with it
    ("exile it instead and create a token") belong to the same replacement."""
    if not any(INSTEAD in (e.note or "") for e in effects):
        return effects      # (a substring test first: most sentences say no "instead")
    for e in effects:
        if INSTEAD in _tags(e) and e.kind == I.ONE_SHOT:
            e.kind = I.REPLACEMENT
    if any(e.kind == I.REPLACEMENT and INSTEAD in _tags(e) for e in effects):
        for e in effects:
            if e.kind == I.ONE_SHOT:
                e.kind = I.REPLACEMENT
    return effects


def self_replacement(effects: list[I.Effect], said: bool) -> list[I.Effect]:
    """CR 614.15: a sentence that says "instead" but does nothing replaceable itself ("If this spell was
    kicked, instead …", "it gets +4/+4 instead") replaces the spell's other instructions — a
    self-replacement effect beside what it does."""
    said = said or any(INSTEAD in (e.note or "") and INSTEAD in _tags(e) for e in effects)
    if said and effects and not any(e.kind == I.REPLACEMENT for e in effects):
        effects.append(I.Effect(kind=I.REPLACEMENT, verb="instead"))
    return effects
