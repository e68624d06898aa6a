"""Scans that skip quoted text: a quoted ability's own cost colon or full stop ("「{T}:…。」") is not
the clause's (the Japanese and Chinese cost marks)."""

from __future__ import annotations


def first_outside(text: str, targets: str, opening: str = "「", closing: str = "」") -> int:
    """Index of the first character of ``targets`` outside ``opening``…``closing`` quotes (nested
    quotes count; a stray closing mark is ignored), or -1."""
    if not any(o in text for o in opening):
        # nothing opens: every target is outside (str.find is C, the loop below is not)
        found = [i for i in map(text.find, targets) if i >= 0]
        return min(found) if found else -1
    depth = 0
    for i, ch in enumerate(text):
        if ch in opening:
            depth += 1
        elif ch in closing:
            depth = max(0, depth - 1)
        elif depth == 0 and ch in targets:
            return i
    return -1
