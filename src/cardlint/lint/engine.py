"""Run the rule families over documents.

``lint_documents(docs, config)`` analyses each card once (segmentation, parse, IR,
classification, alignment of declarations to clauses), hands the analyses to every rule family
(``check_entry`` per card, ``check_set`` per document), filters by the selected codes and
returns ``(findings, summary)``.
"""

from __future__ import annotations

import collections
import re
from dataclasses import dataclass, field

from cardlint import ir as I
from cardlint.classify import ability_kind, classify_clause, is_spell_card
from cardlint.io import CardEntry, Declaration, Document
from cardlint.lint.config import LintConfig
from cardlint.lint.findings import Finding
from cardlint.lint.registry import RULES, families


@dataclass
class Analysis:
    entry: CardEntry
    card: I.CardIR | None = None
    clauses: list[dict] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    spell: bool | None = None
    aligned: dict[int, list[Declaration]] = field(default_factory=dict)
    unaligned: list[Declaration] = field(default_factory=list)
    error: str | None = None

    @property
    def label(self) -> str:
        e = self.entry
        return e.id if e.id and e.extra.get("template") else (e.name or e.id or "?")

    def clause_label(self, i: int) -> str:
        return quote(self.clauses[i]["text"])


def quote(text: str) -> str:
    """A clause as findings cite it: one line, at most 90 characters."""
    text = text.replace("\n", " ")
    return f"“{text if len(text) <= 90 else text[:87] + '…'}”"


def analyse(entry: CardEntry) -> Analysis:
    an = Analysis(entry)
    if entry.game != "mtg":
        return an
    from cardlint.parse.frontend import frontend
    from cardlint.pipeline import card_ir

    fe = frontend(entry.lang)
    if entry.spell is not None:
        spell = entry.spell
    elif hasattr(fe, "is_spell_type") and entry.lang != "en":
        spell = fe.is_spell_type(entry.type_line)
        if spell is None:
            spell = is_spell_card(entry.type_line)
    else:
        spell = is_spell_card(entry.type_line)
    an.spell = spell
    an.card = card_ir(entry.text, entry.lang, entry.name, entry.type_line)
    an.clauses = [classify_clause(c, spell) for c in an.card.clauses]
    an.abilities = [ability_kind(c, spell) for c in an.card.clauses]
    _align(an)
    return an


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"\([^)]*\)", "", text or "")).strip().lower()


def _align(an: Analysis) -> None:
    from cardlint.io.forge import align

    texts = [_norm(c["text"]) for c in an.clauses]
    for d in an.entry.declarations:
        idx = None
        if d.text is not None:
            t = _norm(d.text.replace("CARDNAME", an.entry.name or "CARDNAME"))
            if t in texts:
                idx = texts.index(t)
            elif d.origin is not None:   # a Forge Description$: word overlap
                d.span = _covered(d.text, an.clauses, an.entry.name or "")
                idx = d.span[0] if d.span else align(d.text, an.clauses, an.entry.name or "")
        elif d.clause_index is not None and 0 <= d.clause_index < len(an.clauses):
            idx = d.clause_index
        if idx is None:
            an.unaligned.append(d)
        else:
            an.aligned.setdefault(idx, []).append(d)


def _covered(desc: str, clauses: list[dict], name: str) -> list[int]:
    """Clauses a Forge Description$ covers: each clause whose words are (almost) all in the
    description, or the one clause that contains (almost) all of the description's words."""
    from cardlint.io.forge import _norm_desc

    d = set(_norm_desc(desc, name))
    if len(d) < 3:
        return []
    inside = []
    for i, c in enumerate(clauses):
        cw = set(_norm_desc(c["text"], name))
        if len(cw) >= 3 and len(cw & d) / len(cw) >= 0.9:
            inside.append(i)
    if inside and sum(len(set(_norm_desc(clauses[i]["text"], name))) for i in inside) >= 0.8 * len(d):
        return inside
    for i, c in enumerate(clauses):
        cw = set(_norm_desc(c["text"], name))
        if len(d & cw) / len(d) >= 0.9:
            return [i]
    return []


def lint_documents(docs: list[Document], config: LintConfig, show_progress: bool = False,
                   keep_suppressed: bool = False) -> tuple[list[Finding], dict]:
    """(findings, summary).  Findings a noqa covers are left out (``keep_suppressed``: kept and
    marked); the summary counts the others and says how many were suppressed."""
    from cardlint.console import Progress
    from cardlint.lint import noqa

    fams = families()
    findings: list[Finding] = []
    stats = collections.Counter()
    bar = Progress(sum(len(d.entries) for d in docs)) if show_progress else None
    for doc in docs:
        if doc.kind != "unreadable":
            stats["files"] += 1
        analyses = []
        for entry in doc.entries:
            if bar is not None:
                bar.advance()
            if entry.pending:
                stats["pending_templates"] += 1
                continue
            try:
                an = analyse(entry)
            except Exception as exc:  # one bad card never loses the others
                stats["errors"] += 1
                doc.errors.append(f"{entry.path}:{entry.line}:1: {type(exc).__name__}: {exc}")
                continue
            analyses.append(an)
            stats["cards"] += 1
            stats["clauses"] += len(an.clauses)
            stats["declarations"] += len(entry.declarations)
            stats["unaligned_declarations"] += len(an.unaligned)
            for fam in fams:
                findings.extend(fam.check_entry(an, config))
        for fam in fams:
            findings.extend(fam.check_set(analyses, doc, config, stats))
    if bar is not None:
        bar.close()
    out = [f for f in findings if config.enabled(f.code, RULES[f.code].name if f.code in RULES else None)]
    suppressed = noqa.apply(out, docs)
    if not keep_suppressed:
        out = [f for f in out if not f.suppressed]
    out.sort(key=Finding.sort_key)
    shown = [f for f in out if not f.suppressed]
    by_code = collections.Counter(f.code for f in shown)
    summary = {"files": stats["files"], "cards": stats["cards"], "clauses": stats["clauses"],
               "findings": len(shown), "suppressed": suppressed, "by_code": dict(sorted(by_code.items())),
               "by_severity": dict(collections.Counter(f.severity for f in shown)),
               "declarations": stats["declarations"], "unaligned_declarations": stats["unaligned_declarations"],
               "pending_templates": stats["pending_templates"],
               "dependency_sets": stats["dependency_sets"], "dependency_skipped": stats["dependency_skipped"]}
    return out, summary


def finding(code: str, an_or_path, line: int, message: str, offset: int = 0, clause_text: str | None = None,
            **kw) -> Finding:
    """A finding of rule ``code``.  On a card's own line, a finding about a clause is placed where
    the clause is written in the file (``offset``: characters into the clause, e.g. an outdated
    phrase); a line given elsewhere (a Forge ``S:`` line, a YAML declaration) is kept."""
    rule = RULES[code]
    if isinstance(an_or_path, Analysis):
        entry = an_or_path.entry
        path = entry.path
        kw.setdefault("name", an_or_path.label)
        kw.setdefault("entry_line", entry.line)
        i = kw.get("clause_index")
        if clause_text is None and i is not None and an_or_path.card is not None \
                and 0 <= i < len(an_or_path.card.clauses):
            clause_text = an_or_path.card.clauses[i].text
        if clause_text and (line or entry.line) == entry.line and "column" not in kw:
            from cardlint.lint.positions import clause_position

            at = clause_position(path, entry.line, clause_text, offset)
            if at:
                line, kw["column"] = at
    else:
        path = an_or_path
    return Finding(code=code, severity=rule.severity, path=path, line=line or 1, message=message, **kw)
