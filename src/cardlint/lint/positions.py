"""Where a clause is written in its input file: the physical line and the column (in code
points, as SARIF's ``columnKind: unicodeCodePoints``) of the clause — not offsets inside the card
text.  JSONL: on the card's line, inside the JSON string of ``"text"`` (escapes counted as written);
YAML, Forge scripts and other text files: the first line at or after the card's first line that
holds the clause.  A clause that cannot be found keeps the card's line and column 1."""

from __future__ import annotations

import json
import linecache

#: how many lines after a card's first line its text may start (a YAML template, a Forge script)
SEARCH_LINES = 400


def _needle(text: str) -> str:
    """The clause's first line, at most 60 characters: enough to find it, short enough to stay
    inside one physical line."""
    return text.split("\n", 1)[0][:60]


def clause_position(path: str, card_line: int, clause_text: str, offset: int = 0) -> tuple[int, int] | None:
    """``(line, column)`` of ``clause_text`` (plus ``offset`` characters into it, when that is on
    the clause's first line) in ``path``, searching from the card's line."""
    needle = _needle(clause_text)
    if not needle.strip() or not path or path == "-":
        return None
    prefix = clause_text[:offset] if 0 < offset <= len(needle) else ""
    if path.lower().endswith(".jsonl"):
        raw = linecache.getline(path, card_line)
        if not raw:
            return None
        # the card text's field: "text" (card files), "oracle" (forge-scripts.jsonl)
        start = min((i for i in (raw.find('"text"'), raw.find('"oracle"')) if i >= 0), default=0)
        for ascii_only in (False, True):
            enc = json.dumps(needle, ensure_ascii=ascii_only)[1:-1]
            i = raw.find(enc, start)
            if i >= 0:
                return card_line, i + 1 + len(json.dumps(prefix, ensure_ascii=ascii_only)[1:-1])
        return None
    # JSON files (MTGJSON) write the text escaped; YAML and Forge scripts as it is
    forms = [(needle, prefix)]
    if path.lower().endswith(".json"):
        forms = [(json.dumps(t, ensure_ascii=a)[1:-1] for t in (needle, prefix)) for a in (False, True)]
        forms = [tuple(f) for f in forms]
    for line in range(card_line, card_line + SEARCH_LINES):
        raw = linecache.getline(path, line)
        if not raw:
            return None
        for text, before in forms:
            i = raw.find(text)
            if i >= 0:
                return line, i + 1 + len(before)
    return None


def forget() -> None:
    """Drop the file contents read for positions (a lint run over a corpus reads large files)."""
    linecache.clearcache()
