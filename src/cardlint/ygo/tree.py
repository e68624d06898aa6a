"""Words of Yu-Gi-Oh! parse trees: the leaves of a node, joined as the language writes them, and the walk
over an effect that stops at bullets (granted/modal effect lists stay opaque). Shared by every reader of the
trees (:mod:`cardlint.ygo.heads`, :mod:`cardlint.ygo.structure`, :mod:`cardlint.ygo.structure_cjk`)."""

from __future__ import annotations

from lark import Token, Tree


def token_words(node) -> list[str]:
    if isinstance(node, Token):
        return [str(node)]
    out: list[str] = []
    for ch in node.children:
        out.extend(token_words(ch))
    return out


def join_words(words: list[str], lang: str) -> str:
    return ("" if lang in ("ja", "zh-Hans") else " ").join(words)


def walk_effect(node: Tree):
    """Subtrees top-down, not descending into bullets (granted/modal effect lists stay opaque)."""
    stack = [node]
    while stack:
        t = stack.pop()
        yield t
        if t.data == "bullet" or (t.data == "head" and t is not node):
            continue
        stack.extend(reversed([c for c in t.children if isinstance(c, Tree)]))
