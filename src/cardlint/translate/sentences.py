"""Split one clause into its sentences, so that a clause is compared sentence by sentence.

A clause of several sentences ("Exile the top seven cards of your library. Until end of turn, you
may cast …") is compared as a whole when both sides parse.  When one side does not, each sentence
is parsed on its own: one unparsed sentence then leaves the others compared, and a finding points
at the sentence that differs.

A sentence ends at a full stop (or ``!``/``?``) outside brackets and quotations: in Latin scripts
when a capital, a digit or a mana symbol follows after a space; in Chinese and Japanese after
``。`` when more text follows.  Lines (bullets of a modal clause) are never split here.
"""

from __future__ import annotations

import re

_OPEN = "(（「『“„«["
_CLOSE = ")）」』”“»]"
_LATIN_END = ".!?"
_CJK_END = "。！？"
#: what may start the next Latin sentence
_LATIN_START = re.compile(r"\s+(?=[A-ZÄÖÜ0-9{\"„“])")
#: closing quotes or brackets that belong to the sentence before the break
_TRAILING = "”’\"」』)）"


def split_sentences(text: str, lang: str) -> list[str]:
    """The sentences of ``text`` (one item when there is nothing to split)."""
    if not text or "\n" in text:
        return [text]
    cjk = lang in ("ja", "zh-Hans")
    out: list[str] = []
    start = 0
    depth = 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in _OPEN and not (ch == "“" and depth and text.rfind("„", start, i) >= 0):
            depth += 1
        elif ch in _CLOSE and depth:
            depth -= 1
        elif depth == 0 and ((cjk and ch in _CJK_END) or (not cjk and ch in _LATIN_END)):
            end = i + 1
            while end < n and text[end] in _TRAILING and depth == 0:
                end += 1
            rest = text[end:]
            if cjk:
                if rest.strip():
                    out.append(text[start:end].strip())
                    start = end
            else:
                m = _LATIN_START.match(rest)
                if m:
                    out.append(text[start:end].strip())
                    start = end + m.end()
            i = end
            continue
        i += 1
    tail = text[start:].strip()
    if tail:
        out.append(tail)
    # a "sentence" that is only a reminder or a mark is no sentence of its own: keep it with the one before
    merged: list[str] = []
    for s in out:
        if merged and (s[:1] in "(（" or len(s) < 3):
            merged[-1] = merged[-1] + (" " if not cjk else "") + s
        else:
            merged.append(s)
    return merged or [text]
