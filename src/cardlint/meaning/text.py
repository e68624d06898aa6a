"""Text-changing effects, layer 3 (CR 613.1c, 612)."""

from __future__ import annotations

from cardlint import ir as I


def change_text() -> I.Modification:
    """"change the text of target permanent by replacing all instances of one color word with
    another" (CR 612.2): layer 3."""
    return I.Modification(I.TEXT, "set")
