"""Rules text → clauses (classification.md §1).

1. paragraphs are lines;  2. a paragraph of keywords only yields one clause per keyword;
3. bullet lines belong to the paragraph that introduces them;  4. any other paragraph is one
clause;  5. reminder text stays in the clause text but not in what the grammar parses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from cardlint.text.normalize import is_reminder_only, nfkc, squash, strip_reminder

BULLET_RE = re.compile(r"^\s*[•●・]\s*")
#: A leveler's level symbol on a line of its own, as Oracle prints it ("LEVEL 2-4", "LEVEL 5+").  Its
#: striation — the P/T box and ability lines under it, up to the next level symbol — is one static
#: ability (CR 711.2b: "As long as it has N–M level counters, it has base power and toughness P/T
#: and has [abilities]"), so it is one clause.  Only the English template for now: another
#: language's grammar needs a striation rule before its headers can be listed here.
LEVEL_HEADER_RE = re.compile(r"^LEVEL \d+(?:-\d+|\+)$")
#: Separators of keyword lists per language family (English/German comma or semicolon, CJK 、，；).
KEYWORD_SEPARATORS = re.compile(r"\s*(?:,|;|、|，|；)\s*")
_HAS_SEPARATOR = re.compile(r"[,;、，；]")


@dataclass
class Segment:
    """One clause of a card's text before parsing."""

    text: str                      # as printed (reminder text included)
    body: str                      # reminder text removed, NFKC-normalised
    reminder_only: bool = False
    keyword_list_item: bool = False
    bullets: list[str] = field(default_factory=list)
    line: int = 1                  # 1-based paragraph number in the card text
    striation: bool = False        # a leveler's striation: level symbol + its lines as ``bullets``


def _split_keywords(body: str, is_keyword: Callable[[str], bool]) -> list[str] | None:
    if not _HAS_SEPARATOR.search(body):
        return None  # one part: most lines
    parts = [p for p in KEYWORD_SEPARATORS.split(body.strip().rstrip(".。")) if p]
    if len(parts) < 2:
        return None
    if all(is_keyword(p) for p in parts):
        return parts
    return None


#: Longer lines are not split into keyword-list items (the longest Oracle line is ~1,000 characters).
MAX_LINE_CHARS = 20_000


def segment(text: str, is_keyword: Callable[[str], bool] | None = None) -> list[Segment]:
    """Split ``text`` into clause segments.  ``is_keyword(fragment)`` tells whether a fragment of a
    comma list is a keyword ability (language-specific; comes from the kb's keyword names)."""
    text = nfkc(text or "").replace("\r\n", "\n").replace("\r", "\n").replace("\\n", "\n")
    out: list[Segment] = []
    striation: Segment | None = None
    for lineno, raw in enumerate(text.split("\n"), start=1):
        para = raw.strip()
        if not para:
            continue
        if LEVEL_HEADER_RE.match(para):
            striation = Segment(text=para, body=para, line=lineno, striation=True)
            out.append(striation)
            continue
        if striation is not None:
            # every line after a level symbol belongs to its striation (CR 711.2a): the parts are
            # joined like bullets, so the front end parses one "LEVEL … • P/T • ability" clause
            striation.text += "\n" + para
            if not is_reminder_only(para):
                striation.bullets.append(squash(strip_reminder(BULLET_RE.sub("", para))))
            continue
        if BULLET_RE.match(para) and out and not out[-1].reminder_only:
            out[-1].bullets.append(squash(strip_reminder(BULLET_RE.sub("", para))))
            out[-1].text += "\n" + para
            continue
        if is_reminder_only(para):
            out.append(Segment(text=para, body="", reminder_only=True, line=lineno))
            continue
        if len(para) > MAX_LINE_CHARS:
            # bad input: a line this long is no rules text; one segment, which the front end reports
            # unparsed at once, rather than thousands of keyword-list items
            out.append(Segment(text=para, body=para, line=lineno))
            continue
        stripped = strip_reminder(para)
        body = squash(stripped)
        if is_keyword:
            items = _split_keywords(stripped, is_keyword)
            if items:
                # keep each keyword's own reminder text out of the list split; text keeps the item
                for item in items:
                    out.append(Segment(text=item, body=squash(item), keyword_list_item=True, line=lineno))
                continue
        out.append(Segment(text=para, body=body, line=lineno))
    return out
