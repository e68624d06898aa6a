"""Copy effects, layer 1a (CR 613.2a, 707)."""

from __future__ import annotations

from cardlint import ir as I


def become_copy() -> I.Modification:
    """"becomes a copy of", "is a copy of", "enters as a copy of": the copiable values are overwritten
    (CR 707.2), layer 1a."""
    return I.Modification(I.COPY, "set")


def names_copy(noun_phrases: list[I.Filter]) -> bool:
    """"… becomes a copy of a creature of your choice", "wird zu einer Kopie einer Kreatur": when the
    phrase the object becomes is a copy, the copied object's noun ("creature") names no type the object
    becomes — the whole change is the copy effect (layer 1a), not a type change (layer 4)."""
    return any(f.noun == "copy" for f in noun_phrases)


def copy_or_descriptor(noun_phrases: list[I.Filter], descriptor: list[I.Modification]) -> list[I.Modification]:
    """The modifications of "becomes <noun phrase>": a copy effect alone when the phrase is a copy."""
    return [become_copy()] if names_copy(noun_phrases) else descriptor


def gained_in_copying(copying: bool, gained: I.Effect) -> bool:
    """"…becomes a copy of that creature and gains this ability" (the printed wording), "…, except it
    has this ability" (Oracle): an ability the copy gains as part of the copying process is a copiable
    value of the copy (CR 707.9a), part of the copy effect in layer 1a, no layer-6 effect of its own.
    ``copying``: the statement has a copy effect and the ability gained is the one it is written in."""
    return copying and gained.kind == I.CONTINUOUS and bool(gained.modifications) and \
        all(m.characteristic == I.ABILITIES and m.op == "add" for m in gained.modifications)
