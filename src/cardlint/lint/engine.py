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


def lint_entry(entry: CardEntry, config: LintConfig, keep) -> dict:
    """One card through analysis and every family's per-card checks → ``{"findings": [...],
    "clauses", "declarations", "unaligned", "error"}`` (plain data: a batch worker returns it and
    the result cache keeps it).  ``keep``: the card is in a set (``"set"``) or on a board
    (``"board"``): ``"feeds"`` says whether the set checks use it (a family's ``keeps()``; every
    object of a board), and ``"analysis"`` is the analysis they use (not cached: a later run that
    needs it analyses the card again)."""
    try:
        an = analyse(entry)
    except Exception as exc:  # one bad card never loses the others
        return {"error": f"{entry.path}:{entry.line}:1: {type(exc).__name__}: {exc}", "kept": bool(keep)}
    # every field (entry_line too, for noqa): the parent rebuilds each Finding from it
    findings = [dataclasses.asdict(f) for fam in families() for f in fam.check_entry(an, config)]
    out = {"findings": findings, "clauses": len(an.clauses), "declarations": len(entry.declarations),
           "unaligned": len(an.unaligned), "mtg": an.card is not None, "error": None}
    if keep:
        out["feeds"] = keep == "board" or any(getattr(fam, "keeps", None) and fam.keeps(an) for fam in families())
        if out["feeds"]:
            out["analysis"] = an
    return out


def _cached_form(res: dict) -> dict:
    """What the result cache keeps of a card's result: all but its analysis."""
    return {k: v for k, v in res.items() if k != "analysis"}


def _storable(res: dict) -> bool:
    return not res.get("error")


def _settings(config: LintConfig) -> list:
    from cardlint.i18n import get_lang

    # findings carry messages: the message language is part of what a result depends on
    return [config.select, config.ignore, config.max_set_size, get_lang()]


def _entry_key(config: LintConfig):
    from cardlint.batch import content_key

    settings = _settings(config)
    placed = _Placement()

    def key(item):
        entry, keep = item
        if keep == "board" or not all(map(_plain, entry.extra.values())):  # boards hold objects
            return None
        return content_key("lint", settings, keep, entry.name, entry.text, entry.type_line, entry.lang, entry.path,
                           entry.line, entry.game, entry.id, entry.pending, entry.spell,
                           sorted(entry.extra.items()), [_plain_declaration(d) for d in entry.declarations],
                           placed(entry))
    return key


class _Placement:
    """What a card's finding positions are read from (:mod:`cardlint.lint.positions`), for its
    cache key: a column moves when the file does around the clause.  A JSONL card's own line
    (positions look nowhere else); in other files, which are searched from the card's line on,
    the digest of the whole file."""

    def __init__(self) -> None:
        self.digests: dict[str, str] = {}

    def __call__(self, entry: CardEntry) -> str:
        path = entry.path
        if not path or path == "-":
            return ""
        if path.lower().endswith(".jsonl"):
            from cardlint.lint.positions import getline

            return getline(path, entry.line)
        if path not in self.digests:
            self.digests[path] = _file_digest(path) or ""
        return self.digests[path]


def _file_digest(path: str) -> str | None:
    """The digest of a file's bytes (None: unreadable)."""
    import hashlib

    digest = hashlib.blake2b(digest_size=20)
    try:
        with open(path, "rb") as fh:
            while block := fh.read(1 << 20):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def _plain(value) -> bool:
    """Whether a ``CardEntry.extra`` value is plain data (its ``repr`` is its content), so an entry
    can be keyed by content: a template id, a printing's place, a Forge file name; not a board's
    objects."""
    if value is None or value.__class__ in (str, int, float, bool):
        return True
    if value.__class__ in (list, tuple):
        return all(map(_plain, value))
    if value.__class__ is dict:
        return all(k.__class__ is str and _plain(v) for k, v in value.items())
    return False


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


def _analyse_item(entry: CardEntry) -> Analysis:
    return analyse(entry)


class _FileCache:
    """A whole card file's outcome — its findings, counts and noqa fields — cached by the digest of
    its bytes (with the rule settings and how it is read), so that linting an unchanged file reads
    none of it.  JSONL card files only (their reading depends on nothing else); not a file with
    input errors, nor one with more than :data:`LIMIT` findings (they would be held to be stored)."""

    LIMIT = 20_000

    def __init__(self, config: LintConfig, cache, reading) -> None:
        self.cache = cache if cache is not None and cache.db is not None and reading is not None else None
        self.settings = _settings(config)
        self.reading = reading

    def key(self, doc) -> str | None:
        import os

        if self.cache is None or doc.kind != "cards" or doc.errors or not os.path.isfile(doc.path):
            return None
        from cardlint.batch import content_key

        digest = _file_digest(doc.path)
        if digest is None:
            return None
        return content_key("lint-file", self.settings, self.reading, doc.kind, doc.path, doc.is_set, digest)

    def restore(self, key, doc, findings, stats, noted, bar) -> bool:
        if key is None:
            return False
        hit = self.cache.get_many([key]).get(key)
        if hit is None:
            return False
        import json

        res = json.loads(hit)
        stats.update(res["stats"])
        findings.extend(map(_finding_of, res["findings"]))
        noted.extend(CardEntry(name=None, text="", path=path, line=line, noqa=frozenset(codes))
                     for path, line, codes in res["noqa"])
        if bar is not None:
            bar.advance(res["stats"].get("entries", 0))
        close = getattr(doc.entries, "close", None)
        if close is not None:
            close()   # a stream not read
        return True

    def store(self, key, doc, record: list, delta, noted: list) -> None:
        if doc.errors or len(record) > self.LIMIT:
            return
        self.cache.put(key, {"findings": record, "stats": dict(delta),
                             "noqa": [[e.path, e.line, sorted(e.noqa)] for e in noted]})
        self.cache.flush()


class _SetChecks:
    """The checks over a set of cards (a family's ``check_set``/``check_run``) with the result
    cache: a set whose every member came with a cache key is looked up by the keys of its members
    in order (and the document's kind and path), so an unchanged file is not analysed again; when
    it is not found, the members whose result came from the cache are analysed again (in
    ``jobs`` processes) and the set's findings and counts are stored."""

    def __init__(self, config: LintConfig, cache, jobs, stats) -> None:
        self.cache = cache if cache is not None and cache.db is not None else None
        self.settings = _settings(config)
        self.jobs, self.stats = jobs, stats

    def run(self, what: list, members: list, compute) -> list[Finding]:
        """``compute(analyses)`` → findings; ``members``: ``(entry, key, analysis or None)``."""
        import json

        from cardlint.batch import content_key, run_batch

        key = None
        if self.cache is not None and members and all(k is not None for _e, k, _a in members):
            key = content_key("lint-set", self.settings, what, [k for _e, k, _a in members])
            hit = self.cache.get_many([key]).get(key)
            if hit is not None:
                res = json.loads(hit)
                self.stats.update(res["stats"])
                return [_finding_of(d) for d in res["findings"]]
        again = iter(run_batch((e for e, _k, an in members if an is None), _analyse_item, jobs=self.jobs))
        analyses = [an if an is not None else next(again) for _e, _k, an in members]
        before = self.stats.copy()
        found = list(compute(analyses))
        if key is not None:
            self.cache.put(key, {"findings": [dataclasses.asdict(f) for f in found],
                                 "stats": dict(self.stats - before)})
            self.cache.flush()
        return found


def lint_documents(docs, config: LintConfig, **kw) -> tuple[list[Finding], dict]:
    """(findings, summary) of ``docs``: :func:`lint_report` as a list."""
    report = lint_report(docs, config, **kw)
    try:
        return list(report), report.summary
    finally:
        report.close()


def lint_report(docs, config: LintConfig, jobs: int | None = 1, cache=None, show_progress: bool = False,
                keep_suppressed: bool = False, progress_total: int | None = None,
                reading: list | None = None) -> "LintReport":
    """The :class:`LintReport` of ``docs`` (their entries may be iterators, read once).  Each card
    is analysed once, in ``jobs`` processes; only what the per-set checks can use is kept (see
    below), and the findings wait for the report in a :class:`FindingSpool` (memory stays flat
    however many there are).  Findings a noqa covers are left out (``keep_suppressed``: kept and
    marked); the summary counts the others and says how many were suppressed.  ``reading``: what
    besides a file's bytes decides how it is read (the language, the game), for the cache of whole
    card files (:class:`_FileCache`); None: not used."""
    from cardlint.batch import row as batch_row
    from cardlint.batch import run_batch
    from cardlint.console import Progress
    from cardlint.lint import noqa
    from cardlint.lint.spool import FindingSpool

    fams = families()
    findings = FindingSpool()
    stats = collections.Counter()
    done: list[tuple[Document, list]] = []
    key = _entry_key(config)
    sets = _SetChecks(config, cache, jobs, stats)
    files = _FileCache(config, cache, reading)
    enabled = lambda f: config.enabled(f.code, RULES[f.code].name if f.code in RULES else None)  # noqa: E731
    bar = Progress(progress_total) if show_progress else None
    seen: list = []          # the documents, with the entries a noqa can cover (a stream is read once)
    for doc in docs:
        before = stats.copy()
        noted: list = []
        seen.append((doc, noted))
        file_key = files.key(doc)
        if files.restore(file_key, doc, findings, stats, noted, bar):
            continue
        if doc.kind != "unreadable":
            stats["files"] += 1
        record: list | None = [] if file_key is not None else None   # the file's findings, to be stored
        members: list = []   # (entry, cache key, analysis or None) of the cards the set checks use
        wanted = (doc.is_set or doc.kind in ("mtgjson", "forge")) and doc.kind != "ygo"
        keep = ("board" if doc.kind == "board" else "set") if wanted else False
        distinct: set = set()

        def items():
            for entry in doc.entries:
                stats["entries"] += 1
                if bar is not None:
                    bar.advance()
                if entry.noqa is not None or doc.kind in ("templates", "board", "forge"):
                    noted.append(entry)
                if entry.pending:
                    stats["pending_templates"] += 1
                    continue
                yield entry, keep if entry.game == "mtg" else False

        for (entry, kept), k, res in run_batch(items(), _lint_item, (config,), jobs=jobs, key=key, cache=cache,
                                               store=_storable, stored=_cached_form, pairs=True):
            res = batch_row(res)
            if res.get("error"):
                stats["errors"] += 1
                doc.errors.append(res["error"])
                continue
            stats["cards"] += 1
            stats["clauses"] += res["clauses"]
            stats["declarations"] += res["declarations"]
            stats["unaligned_declarations"] += res["unaligned"]
            for d in res["findings"]:
                f = _finding_of(d)
                if enabled(f):
                    findings.extend((f,))
                    if record is not None:
                        record.append(d)
            # only what the set's dependency check can use is kept: on a board every object; in a card
            # set each distinct card with a continuous effect once (a card printed twice in a file has
            # the dependencies of one copy), so memory grows with the distinct cards, not with the file
            if not res.get("feeds"):
                continue
            an = res.get("analysis")   # None from the cache: analysed again if the set's result is not cached
            if kept != "board":
                same = (entry.name, entry.text, entry.type_line)
                if same in distinct:
                    continue
                distinct.add(same)
            members.append((None if an is not None else entry, k, an))
        what = [doc.kind, doc.path, doc.is_set]
        found = [f for f in sets.run(what, members, lambda analyses: [
            f for fam in fams for f in fam.check_set(analyses, doc, config, stats)]) if enabled(f)]
        findings.extend(found)
        if record is not None:
            record.extend(dataclasses.asdict(f) for f in found)
            files.store(file_key, doc, record, stats - before, noted)
        if doc.kind == "forge":
            done.append((doc, members))   # Forge scripts of one run form one set (lint.deps.check_run)
    runs = [fam for fam in fams if hasattr(fam, "check_run")]
    if runs and done:
        def check_run(analyses):
            it = iter(analyses)
            pairs = [(doc, [next(it) for _ in members]) for doc, members in done]
            return [f for fam in runs for f in fam.check_run(pairs, config, stats)]

        what = ["run", [[doc.kind, doc.path, doc.is_set, len(members)] for doc, members in done]]
        findings.extend(f for f in sets.run(what, [m for _d, members in done for m in members], check_run)
                        if enabled(f))
    if bar is not None:
        bar.close()
    return LintReport(findings, noqa.marker(seen), keep_suppressed, stats)


class LintReport:
    """The findings of a run in report order (read from a :class:`FindingSpool`, marked by the
    noqa that covers them; suppressed ones left out unless ``keep_suppressed``) and its
    ``summary``, which counts them once as they are read.  Iterable more than once (a report is
    written as it is read); :meth:`close` drops the spool's files."""

    def __init__(self, spool, mark, keep_suppressed: bool, stats) -> None:
        self.spool, self.mark, self.keep_suppressed = spool, mark, keep_suppressed
        by_code, by_severity = collections.Counter(), collections.Counter()
        suppressed = 0
        for f in spool:
            if mark(f):
                suppressed += 1
            else:
                by_code[f.code] += 1
                by_severity[f.severity] += 1
        self.summary = {
            "files": stats["files"], "cards": stats["cards"], "clauses": stats["clauses"],
            "findings": sum(by_code.values()), "suppressed": suppressed, "by_code": dict(sorted(by_code.items())),
            "by_severity": dict(by_severity),
            "declarations": stats["declarations"], "unaligned_declarations": stats["unaligned_declarations"],
            "pending_templates": stats["pending_templates"],
            "dependency_sets": stats["dependency_sets"], "dependency_skipped": stats["dependency_skipped"]}

    def __iter__(self):
        for f in self.spool:
            if not self.mark(f) or self.keep_suppressed:
                yield f

    def close(self) -> None:
        self.spool.close()


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
