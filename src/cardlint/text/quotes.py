"""Scans that skip quoted and bracketed text: a quoted ability's own cost colon or full stop ("「{T}:…。」")
is not the clause's (the Japanese and Chinese cost marks), and an ability can begin only outside brackets
(the Japanese and Chinese seam rules of :mod:`cardlint.text.glued`)."""

from __future__ import annotations


def chars_outside(text: str, opening: str, closing: str):
    """(index, character) of the characters outside the given brackets/quotes (nested ones count; a
    stray closing mark is ignored) — the places where an ability can begin in scripts without letter
    case (the Japanese and Chinese seam rules)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in opening:
            depth += 1
        elif ch in closing:
            depth = max(0, depth - 1)
        elif depth == 0:
            yield i, ch


def first_outside(text: str, targets: str, opening: str = "「", closing: str = "」") -> int:
    """Index of the first character of ``targets`` outside ``opening``…``closing`` quotes, or -1."""
    if not any(o in text for o in opening):
        # nothing opens: every target is outside (str.find is C, the scan is not)
        found = [i for i in map(text.find, targets) if i >= 0]
        return min(found) if found else -1
    return next((i for i, ch in chars_outside(text, opening, closing) if ch in targets), -1)
