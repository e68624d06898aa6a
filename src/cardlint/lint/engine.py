"""Run the rule families over documents.

``lint_documents(docs, config)`` analyses each card once (segmentation, parse, IR,
classification, alignment of declarations to clauses), hands the analyses to every rule family
(``check_entry`` per card, ``check_set`` per document), filters by the selected codes and
returns ``(findings, summary)``.
"""

from __future__ import annotations

import collections
import dataclasses
import re
import sys
from dataclasses import dataclass, field

from cardlint import ir as I
from cardlint.classify import ability_kind, classify_clause, is_spell_card
from cardlint.findings import Finding
from cardlint.io import CardEntry, Declaration, Document
from cardlint.lint.config import LintConfig
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
    from cardlint.lang.frontend import frontend
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
    from cardlint.io.forge_align import align

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
    from cardlint.io.forge_align import description_words

    d = set(description_words(desc, name))
    if len(d) < 3:
        return []
    inside = []
    for i, c in enumerate(clauses):
        cw = set(description_words(c["text"], name))
        if len(cw) >= 3 and len(cw & d) / len(cw) >= 0.9:
            inside.append(i)
    if inside and sum(len(set(description_words(clauses[i]["text"], name))) for i in inside) >= 0.8 * len(d):
        return inside
    for i, c in enumerate(clauses):
        cw = set(description_words(c["text"], name))
        if len(d & cw) / len(d) >= 0.9:
            return [i]
    return []


def lint_entry(entry: CardEntry, config: LintConfig, keep: bool) -> dict:
    """One card through analysis and every family's per-card checks → ``{"findings": [...],
    "clauses", "declarations", "unaligned", "error"}`` (plain data: a batch worker returns it and
    the result cache keeps it), plus ``"analysis"`` when ``keep`` — for the per-set checks."""
    try:
        an = analyse(entry)
    except Exception as exc:  # one bad card never loses the others
        return {"error": f"{entry.path}:{entry.line}:1: {type(exc).__name__}: {exc}", "kept": keep}
    # every field (entry_line too, for noqa): the parent rebuilds each Finding from it
    findings = [dataclasses.asdict(f) for fam in families() for f in fam.check_entry(an, config)]
    out = {"findings": findings, "clauses": len(an.clauses), "declarations": len(entry.declarations),
           "unaligned": len(an.unaligned), "mtg": an.card is not None, "error": None}
    if keep:
        out["analysis"] = an
    return out


def _entry_key(config: LintConfig):
    from cardlint.batch import content_key

    from cardlint.i18n import get_lang

    # findings carry messages: the message language is part of what a result depends on
    settings = [config.select, config.ignore, config.max_set_size, get_lang()]

    def key(item):
        entry, keep = item
        if keep or not entry.extra.keys() <= _PLAIN_EXTRAS:  # kept analyses are not cached; boards hold objects
            return None
        return content_key("lint", settings, entry.name, entry.text, entry.type_line, entry.lang, entry.path,
                           entry.line, entry.game, entry.id, entry.pending, entry.spell,
                           sorted(entry.extra.items()), [_plain_declaration(d) for d in entry.declarations])
    return key


#: the ``CardEntry.extra`` keys that hold plain data (a JSONL card's), so an entry with no others
#: can be keyed by content
_PLAIN_EXTRAS = {"pendulum_text", "script_labels"}


def _plain_declaration(d: Declaration) -> list:
    from dataclasses import asdict

    return sorted((k, sorted(v) if isinstance(v, (set, frozenset)) else v) for k, v in asdict(d).items())


def _finding_of(d: dict) -> Finding:
    """A finding from its dict (as a worker or the cache returns it), its repeated strings shared."""
    intern = sys.intern
    d["path"], d["code"], d["severity"] = intern(d["path"]), intern(d["code"]), intern(d["severity"])
    return Finding(**d)


def _lint_item(item, config: LintConfig) -> dict:
    entry, keep = item
    return lint_entry(entry, config, keep)


def lint_documents(docs, config: LintConfig, jobs: int | None = 1, cache=None, show_progress: bool = False,
                   keep_suppressed: bool = False, progress_total: int | None = None) -> tuple[list[Finding], dict]:
    """(findings, summary) of ``docs`` (their entries may be iterators, read once).  Each card is
    analysed once, in ``jobs`` processes; only what the per-set checks can use is kept (see below).
    Findings a noqa covers are left out (``keep_suppressed``: kept and marked); the summary counts
    the others and says how many were suppressed."""
    from cardlint.batch import row as batch_row
    from cardlint.batch import run_batch
    from cardlint.console import Progress
    from cardlint.lint import noqa

    fams = families()
    findings: list[Finding] = []
    stats = collections.Counter()
    done: list[tuple[Document, list[Analysis]]] = []
    key = _entry_key(config)
    enabled = lambda f: config.enabled(f.code, RULES[f.code].name if f.code in RULES else None)  # noqa: E731
    bar = Progress(progress_total) if show_progress else None
    seen: list = []          # the documents, with the entries a noqa can cover (a stream is read once)
    for doc in docs:
        if doc.kind != "unreadable":
            stats["files"] += 1
        analyses = []
        wanted = (doc.is_set or doc.kind in ("mtgjson", "forge")) and doc.kind != "ygo"

        noted: list = []
        seen.append((doc, noted))
        distinct: set = set()

        def items():
            for entry in doc.entries:
                if bar is not None:
                    bar.advance()
                if entry.noqa is not None or doc.kind in ("templates", "board", "forge"):
                    noted.append(entry)
                if entry.pending:
                    stats["pending_templates"] += 1
                    continue
                yield entry, wanted and entry.game == "mtg"

        for res in run_batch(items(), _lint_item, (config,), jobs=jobs, key=key, cache=cache,
                             store=lambda res: not res.get("error")):
            res = batch_row(res)
            if res.get("error"):
                stats["errors"] += 1
                doc.errors.append(res["error"])
                continue
            stats["cards"] += 1
            stats["clauses"] += res["clauses"]
            stats["declarations"] += res["declarations"]
            stats["unaligned_declarations"] += res["unaligned"]
            findings.extend(f for f in map(_finding_of, res["findings"]) if enabled(f))
            an = res.get("analysis")
            # only what the set's dependency check can use is kept: on a board every object; in a card
            # set each distinct card with a continuous effect once (a card printed twice in a file has
            # the dependencies of one copy), so memory grows with the distinct cards, not with the file
            if an is None:
                continue
            if doc.kind == "board":
                analyses.append(an)
                continue
            same = (an.entry.name, an.entry.text, an.entry.type_line)
            if same not in distinct and any(getattr(fam, "keeps", None) and fam.keeps(an) for fam in fams):
                distinct.add(same)
                analyses.append(an)
        for fam in fams:
            findings.extend(f for f in fam.check_set(analyses, doc, config, stats) if enabled(f))
        if doc.kind == "forge":
            done.append((doc, analyses))   # Forge scripts of one run form one set (lint.deps.check_run)
    for fam in fams:
        if hasattr(fam, "check_run"):
            findings.extend(f for f in fam.check_run(done, config, stats) if enabled(f))
    if bar is not None:
        bar.close()
    out = findings
    suppressed = noqa.apply(out, seen)
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
