"""Lines that lost their line breaks: one printed line holding two abilities, in alphabetic scripts.

Printed texts in the corpus (German printings, and the English printed text of the same printings)
sometimes run abilities together where Oracle has a line break: a reminder text's ")" or a
sentence's "." directly before the next ability ("…upkeep.)When …", "…enchantment.At the beginning
…"), or a keyword glued to the next word ("FlyingLandfall — …").  Rules text never writes ".X"
without a space inside one ability, and a lower-case letter directly before a capitalised word
ends a keyword only if the text before it *is* a keyword (names like "DePietro" are not split).

:func:`glued_parts` finds those seams for one line; :func:`resegment` turns a frontend's segments
into one segment per ability (the hook ``Frontend.resegment``).  Japanese and Chinese have their
own seam rules (``lang/ja/frontend.py``, ``lang/zh/glued.py``): they have no letter case to go by.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Callable

from cardlint.text.normalize import strip_reminder
from cardlint.text.segment import KEYWORD_SEPARATORS, Segment


@dataclass(frozen=True)
class GlueRules:
    """The seams of one script: its upper- and lower-case letters (regex class bodies), and whether
    a space may stand between a reminder text's ")" and the next ability (German print puts one
    where a line break was lost; in English, ") That …" continues the ability)."""

    upper: str = "A-Z"
    lower: str = "a-z"
    space_after_reminder: bool = False

    @cached_property
    def after_reminder(self) -> re.Pattern:
        space = r"\s*" if self.space_after_reminder else ""
        return re.compile(rf'(?<=[.!"]\)){space}(?=[{self.upper}{{"])')

    @cached_property
    def after_period(self) -> re.Pattern:
        # also before a loyalty cost: "….-3: …"
        return re.compile(rf"(?<=[{self.lower}0-9}}]\.)(?=[{self.upper}{{])|(?<=\.)(?=[+\-—]\s?\d+:)")

    @cached_property
    def after_keyword(self) -> re.Pattern:
        return re.compile(rf"(?<=[{self.lower}])(?=[{self.upper}][{self.lower}])")

    @cached_property
    def checks(self) -> tuple[re.Pattern, ...]:
        """Each seam led by a literal or a capital, cheap to search for: most lines have none."""
        space = r"\s*" if self.space_after_reminder else ""
        return (re.compile(rf'\)(?<=[.!"]\)){space}[{self.upper}{{"]'),
                re.compile(rf"\.(?:(?<=[{self.lower}0-9}}]\.)[{self.upper}{{]|[+\-—]\s?\d+:)"),
                re.compile(rf"[{self.upper}](?<=[{self.lower}][{self.upper}])[{self.lower}]"))

    @cached_property
    def check(self) -> re.Pattern:
        """Does the line have any seam of :attr:`checks`?  One search instead of three."""
        return re.compile("|".join(f"(?:{rx.pattern})" for rx in self.checks))


def _outside_brackets(line: str) -> list[bool]:
    """Per position: is it outside parentheses and quotes (where an ability can begin)?"""
    out = []
    depth, quoted = 0, False
    for ch in line:
        out.append(depth == 0 and not quoted)
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == '"':
            quoted = not quoted
    out.append(depth == 0 and not quoted)
    return out


def glued_parts(line: str, is_keyword: Callable[[str], bool], rules: GlueRules) -> list[str]:
    """The abilities run together on one printed line, or ``[line]``."""
    if not rules.check.search(line):
        return [line] if line else []
    outside = _outside_brackets(line)
    cuts = sorted({m.start() for rx in (rules.after_reminder, rules.after_period)
                   for m in rx.finditer(line) if outside[m.start()]})
    parts = []
    start = 0
    for cut in cuts + [len(line)]:
        part = line[start:cut].strip()
        if part:
            parts.extend(_split_glued_keywords(part, is_keyword, rules))
        start = cut
    return parts


def _split_glued_keywords(part: str, is_keyword: Callable[[str], bool], rules: GlueRules) -> list[str]:
    """"AufblitzenReichweiteWenn …" → Aufblitzen | Reichweite | Wenn …"""
    out = []
    while True:
        m = rules.after_keyword.search(part)
        # the left part may be a keyword list: "Flying, hasteWhenever …"
        if m is None or not all(is_keyword(k) for k in KEYWORD_SEPARATORS.split(strip_reminder(part[:m.start()]))):
            break
        out.append(part[:m.start()].strip())
        part = part[m.start():]
    out.append(part)
    return out


def resegment(segs: list[Segment], is_keyword: Callable[[str], bool], rules: GlueRules,
              max_chars: int) -> list[Segment]:
    """Split each segment whose first line runs abilities together; the parts are segmented like
    any text, so a keyword part becomes a keyword clause and bullets follow the last part."""
    from cardlint.text.segment import segment

    out: list[Segment] = []
    for seg in segs:
        if seg.reminder_only or seg.keyword_list_item or getattr(seg, "striation", False) \
                or len(seg.text) > max_chars:
            out.append(seg)
            continue
        first, _, rest = seg.text.partition("\n")
        parts = glued_parts(first.strip(), is_keyword, rules)
        if len(parts) < 2:
            out.append(seg)
            continue
        for part in segment("\n".join(parts) + ("\n" + rest if rest else ""), is_keyword):
            part.line = seg.line
            out.append(part)
    return out
