"""The sentences of a normalised clause, for partial parses (:meth:`cardlint.lang.frontend.Frontend.unparsed`).

A sentence ends at one of the language's full stops ("." before a space or the end; "。"), never
inside a quoted ability or reminder text: «…», „…“, "…", 「…」, 『…』, (…), （…）.  One pass over the
text, no regular expression.
"""

from __future__ import annotations

_PAIRS = {"«": "»", "„": "“", "「": "」", "『": "』", "(": ")", "（": "）"}
_CLOSERS = {v: k for k, v in _PAIRS.items()}


def split_sentences(text: str, stops: str = ".", space_after: bool = True) -> list[tuple[int, str]]:
    """``(offset, sentence)`` for each sentence of ``text`` (offset into ``text``), stripped of the
    spaces around it; ``space_after``: a stop ends a sentence only before a space or the end
    ("1.5", "bzw.x" do not)."""
    out: list[tuple[int, str]] = []
    depth = 0
    in_quote = False
    start = 0
    n = len(text)
    for i, ch in enumerate(text):
        if ch == '"':
            in_quote = not in_quote
        elif ch in _PAIRS:
            depth += 1
        elif ch in _CLOSERS:
            depth = max(0, depth - 1)
        elif ch in stops and depth == 0 and not in_quote and (not space_after or i + 1 == n or text[i + 1].isspace()):
            _add(out, text, start, i + 1)
            start = i + 1
    _add(out, text, start, n)
    return out


def _add(out: list, text: str, start: int, end: int) -> None:
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        out.append((start + (len(piece) - len(piece.lstrip())), stripped))
