"""Literals as one regular expression shaped like a character trie."""

from __future__ import annotations

import re


def trie_pattern(words) -> str:
    """A regex alternation of ``words`` as a character trie ("" for no words): at each position the
    regex engine follows the words' common beginnings character by character instead of trying each
    word in turn, and a match is the longest word at its position."""
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node) -> str:
        branches = [re.escape(ch) + emit(node[ch]) for ch in sorted(k for k in node if k)]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return "(?:" + body + ")?" if "" in node else body

    return emit(root)
