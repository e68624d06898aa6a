"""Per-record suppression, ruff style.

- JSONL card files: ``"noqa": ["CL301", "CL4"]`` in the card's record (``"noqa": true`` or ``[]``:
  every code).
- YAML (kb templates, boards) and Forge scripts: a ``# noqa: CL101, CL4`` comment (bare ``# noqa``:
  every code).  In YAML it covers the findings reported on its line and, on a card's first line
  (a template's ``- id:`` line), every finding about that card; in a Forge script (one card per
  file) it covers the card.

Suppressed findings leave the report, the counts and the exit status; ``--show-suppressed`` lists
them, marked.  A code that names no rule is an input error, as in ``--select``.
"""

from __future__ import annotations

import re

from cardlint.i18n import _

COMMENT = re.compile(r"#\s*noqa\b(?::[ \t]*(?P<codes>[\w.\-]+(?:[ \t]*,[ \t]*[\w.\-]+)*))?", re.I)
EVERY = frozenset()


def parse_noqa(value, where: str) -> tuple[frozenset | None, str | None]:
    """A JSONL ``noqa`` value → (codes, error)."""
    from cardlint.lint.config import unknown_codes

    if value is True:
        return EVERY, None
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None, f"{where}: " + _("\"noqa\" must be a list of rule codes")
    bad = unknown_codes(value)
    if bad:
        return None, f"{where}: " + _("noqa: {code!r} names no rule; see cardlint rule --all").format(code=bad[0])
    return frozenset(value), None


def comment_lines(path: str) -> tuple[dict[int, frozenset], list[str]]:
    """``{line: codes}`` of the noqa comments in a text file, and errors for unknown codes."""
    from cardlint.lint.config import unknown_codes

    out: dict[int, frozenset] = {}
    errors: list[str] = []
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for lineno, raw in enumerate(fh, start=1):
                if "noqa" not in raw and "NOQA" not in raw.upper():
                    continue
                m = COMMENT.search(raw)
                if not m:
                    continue
                codes = [c.strip() for c in (m.group("codes") or "").split(",") if c.strip()]
                bad = unknown_codes(codes)
                if bad:
                    errors.append(f"{path}:{lineno}:{m.start() + 1}: " + _(
                        "noqa: {code!r} names no rule; see cardlint rule --all").format(code=bad[0]))
                    continue
                out[lineno] = frozenset(codes)
    except OSError:
        pass
    return out, errors


def covers(codes: frozenset, code: str, name: str | None = None) -> bool:
    if not codes:
        return True
    return any(code.startswith(c) or (name and (name == c or name.startswith(c + "."))) for c in codes)


def apply(findings, docs) -> int:
    """Mark the findings a noqa covers (``Finding.suppressed``); the number marked.  ``docs`` are
    (document, entries) pairs: the entries of a streamed document that carry a noqa, or all of a
    document's entries."""
    mark = marker(docs)
    return sum(mark(f) for f in findings)


def marker(docs):
    """A function that marks a finding a noqa of ``docs`` covers (see :func:`apply`) and returns
    whether it did — for findings read one at a time."""
    from cardlint.lint.registry import RULES

    by_entry: dict[tuple[str, int], frozenset] = {}
    by_line: dict[tuple[str, int], frozenset] = {}
    for doc, entries in docs:
        if doc.kind in ("templates", "board", "forge") and doc.path.lower().endswith((".yaml", ".yml", ".txt")):
            lines, errors = comment_lines(doc.path)
            doc.errors.extend(errors)
            if doc.kind == "forge" and lines:   # one card per script: a comment anywhere covers it
                every = frozenset().union(*lines.values()) if all(lines.values()) else EVERY
                for e in entries:
                    e.noqa = every if e.noqa is None else _union(e.noqa, every)
            for ln, codes in lines.items():
                by_line[(doc.path, ln)] = codes
        for e in entries:
            codes = e.noqa
            if (doc.path, e.line) in by_line:
                codes = by_line[(doc.path, e.line)] if codes is None else _union(codes, by_line[(doc.path, e.line)])
            if codes is not None:
                by_entry[(e.path, e.line)] = codes

    def mark(f) -> bool:
        name = RULES[f.code].name if f.code in RULES else None
        for key in ((f.path, f.entry_line or f.line), (f.path, f.line)):
            for table in (by_entry, by_line):
                codes = table.get(key)
                if codes is not None and covers(codes, f.code, name):
                    f.suppressed = True
        return f.suppressed
    return mark


def _union(a: frozenset, b: frozenset) -> frozenset:
    return EVERY if not a or not b else a | b
