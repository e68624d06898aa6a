"""Face-down permanents and spells, layer 1b (CR 613.2b, 708)."""

from __future__ import annotations

from cardlint import ir as I


def turn_face_down() -> I.Modification:
    """"turn it face down", "manifest", "enters face down": the object's characteristics are those of
    CR 708.2 (a 2/2 with no name, text or types), applied in layer 1b.  Turning it face up is an action
    (a one-shot), no characteristic change of its own."""
    return I.Modification(I.FACE_DOWN, "set")


def enters_face_down(zones: list) -> bool:
    """"put it onto the battlefield face down", "return it to the battlefield face up or face down": a
    permanent put onto the battlefield face down has the face-down characteristics (CR 708.2a, 708.3),
    layer 1b, as a manifested card has (CR 701.40a).  A card exiled face down is no permanent: its
    face-down status is no characteristic-changing effect.  ``zones``: the zones an action that puts
    something face down names."""
    return "battlefield" in zones
