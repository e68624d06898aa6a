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
