"""Rules text → clauses (classification.md §1).

1. paragraphs are lines;  2. a paragraph of keywords only yields one clause per keyword;
3. bullet lines belong to the paragraph that introduces them;  4. any other paragraph is one
clause;  5. reminder text stays in the clause text but not in what the grammar parses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from cardlint.text.normalize import is_reminder_only, nfkc, squash, strip_reminder

BULLET_RE = re.compile(r"^\s*[•●・]\s*")
#: A leveler's level symbol on a line of its own, as printed ("LEVEL 2-4", "STUFE 5+", "Lv1-3",
#: "等级4+"; the words are each language's ``level_symbols`` in kb/vocab/).  Its striation — the P/T
#: box and ability lines under it, up to the next level symbol — is one static ability (CR 711.2b:
#: "As long as it has N–M level counters, it has base power and toughness P/T and has [abilities]"),
#: so it is one clause in every language.
_LEVEL_RANGE = r"\s*\d+\s*(?:-\s*\d+|\+)$"


@lru_cache(maxsize=1)
def level_header_re() -> re.Pattern:
    """The level symbols of every card-text language (matched on NFKC text): a line holds one
    language's text, and no language's symbol is a word of another's rules text."""
    from cardlint import vocab

    words = sorted({w for lang in ("en", "de", "ja", "zh-Hans") for w in vocab.table(lang).get("level_symbols", [])},
                   key=len, reverse=True)
    return re.compile("^(?:" + "|".join(map(re.escape, words)) + ")" + _LEVEL_RANGE)


def is_level_header(line: str) -> bool:
    return bool(level_header_re().match(nfkc(line).strip()))


@lru_cache(maxsize=1)
def _glued_level_re() -> re.Pattern:
    body = level_header_re().pattern[len("^(?:"):].split(")", 1)[0]
    return re.compile(r"(" + body + r")\s*(\d+)\s*(?:-\s*(\d+)|(\+))\s*")


def unglue_striations(text: str) -> str:
    """Put back the line breaks a corpus text lost around a leveler's level symbols:
    "…)Lv1-42/2Lv5+5/5先制攻撃" → "…)\nLv 1-4\n2/2\nLv 5+\n5/5\n先制攻撃".  The glued digits of a
    range and its P/T box ("1-42/2") split where the next striation starts (its N is this one's
    M + 1); text whose ranges do not resolve so is left as it is."""
    if not _glued_level_re().search(text):
        return text                       # (most cards: no level symbol at all)
    lines = text.split("\n")
    if not any(_glued_level_re().search(line) and not level_header_re().match(line.strip()) for line in lines):
        return text
    out = []
    for line in lines:
        found = list(_glued_level_re().finditer(line))
        if not found or level_header_re().match(line.strip()):
            out.append(line)
            continue
        parts = [line[:found[0].start()]]
        for k, m in enumerate(found):
            symbol, start, digits, plus = m.group(1), m.group(2), m.group(3), m.group(4)
            end = found[k + 1].start() if k + 1 < len(found) else len(line)
            rest = line[m.end():end]
            if plus:
                parts.append(f"{symbol} {start}+")
            else:
                nxt = found[k + 1].group(2) if k + 1 < len(found) else None
                top = str(int(nxt) - 1) if nxt is not None else None
                if rest.startswith("/") and top is not None and digits.startswith(top) and len(digits) > len(top):
                    rest = digits[len(top):] + rest         # the box's power was glued to the range
                    digits = top
                elif rest.startswith("/"):
                    return text                             # cannot tell the range from the power
                parts.append(f"{symbol} {start}-{digits}")
            box = re.match(r"[+\-]?(?:\d+|\*)/[+\-]?(?:\d+|\*)", rest)
            if box:
                parts.append(box.group(0))
                rest = rest[box.end():]
            parts.append(rest)
        out.append("\n".join(p.strip() for p in parts if p.strip()))
    return "\n".join(out)


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
    text = unglue_striations(text)
    out: list[Segment] = []
    striation: Segment | None = None
    for lineno, raw in enumerate(text.split("\n"), start=1):
        para = raw.strip()
        if not para:
            continue
        if level_header_re().match(para):
            striation = Segment(text=para, body=para, line=lineno, striation=True)
            out.append(striation)
            continue
        if striation is not None:
            # every line after a level symbol belongs to its striation (CR 711.2a): the parts are
            # joined like bullets, so the front end parses one "LEVEL … • P/T • ability" clause
            striation.text += "\n" + para
            if not is_reminder_only(para):
                line = squash(strip_reminder(BULLET_RE.sub("", para)))
                # a keyword list ("Flying, vigilance") is one part per keyword, as a keyword line is
                striation.bullets += (_split_keywords(line, is_keyword) if is_keyword else None) or [line]
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
