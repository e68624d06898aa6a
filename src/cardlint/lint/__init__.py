"""``cardlint lint``: rules over the IR, the classification and declared labels.

Families (one module each): CL1xx :mod:`classification`, CL2xx :mod:`cda`, CL3xx :mod:`deps`,
CL4xx :mod:`wording`, CL5xx :mod:`ygo`.  Rule documentation (with the bad/good examples the test
suite runs) is ``rules.yaml``; :mod:`cardlint.codes` loads it with the check-translation codes.  :func:`lint_paths` is the entry point;
:func:`lint_example` lints a documentation example in memory.
"""

from __future__ import annotations

from cardlint.findings import Finding
from cardlint.lint.config import LintConfig, load_config

__all__ = ["Finding", "LintConfig", "load_config", "lint_paths", "lint_documents", "lint_example", "check_rule"]


def lint_paths(paths, config: LintConfig, lang: str = "en", card_db=None, game: str = "mtg",
               jobs: int | None = 1, cache=None, show_progress: bool = False, keep_suppressed: bool = False,
               stream: bool = False):
    """Lint files/folders → (findings, summary, input errors); ``jobs`` processes, ``cache`` a
    :class:`cardlint.batch.ResultCache` or None.  A path that cannot be read is an input error and
    the other paths are still linted.  ``stream``: the findings are a
    :class:`cardlint.lint.engine.LintReport` (read as the report is written; the caller closes it),
    not a list."""
    from cardlint.errors import CardlintError
    from cardlint.io import Document, read_path
    from cardlint.lint.engine import lint_report

    docs = []

    def read():  # one file at a time: a card file is read while it is linted
        for p in paths:
            try:
                for doc in read_path(p, lang, card_db, game):
                    docs.append(doc)
                    yield doc
            except CardlintError as exc:
                doc = Document(path=p, kind="unreadable", errors=[str(exc)], is_set=False)
                docs.append(doc)
                yield doc

    report = lint_report(read(), config, jobs=jobs, cache=cache, show_progress=show_progress,
                         keep_suppressed=keep_suppressed, progress_total=_jsonl_lines(paths) if show_progress else None,
                         reading=[lang, game] if card_db is None else None)
    summary = report.summary
    if stream:
        findings = report
    else:
        findings = list(report)
        report.close()
    from cardlint.lint.positions import forget

    forget()
    errors = [e for d in docs for e in d.errors]
    summary["input_errors"] = len(errors)
    return findings, summary, errors


def lint_example(example: dict, config: LintConfig | None = None):
    """Lint one rule-documentation example (``cards``/``board``/``templates``/``forge``)."""
    from cardlint.lint.engine import lint_documents
    from cardlint.lint.examples import example_documents

    docs = example_documents(example)
    findings, summary = lint_documents(docs, config or LintConfig(select=["CL"]))
    errors = [e for d in docs for e in d.errors]
    if errors:
        raise ValueError("; ".join(errors))
    return findings


def check_rule(rule) -> list[str]:
    """Problems with a CL rule's examples (empty when every bad example reports the rule's code and
    no good one does): what ``cardlint rule CL… --check`` runs."""
    from cardlint.i18n import _

    problems = []
    for i, ex in enumerate(rule.bad, 1):
        codes = [f.code for f in lint_example(ex)]
        if rule.code not in codes:
            problems.append(_("{code}: bad example {n} gives {codes}").format(
                code=rule.code, n=i, codes=", ".join(codes) if codes else _("no findings")))
    for i, ex in enumerate(rule.good, 1):
        hits = [f.message for f in lint_example(ex) if f.code == rule.code]
        if hits:
            problems.append(_("{code}: good example {n} fires: {message}").format(code=rule.code, n=i, message=hits[0]))
    return problems


def _jsonl_lines(paths) -> int | None:
    """The number of cards the progress line counts to, when every path is a JSONL card file."""
    import os

    total = 0
    for p in paths:
        if not (str(p).lower().endswith(".jsonl") and os.path.isfile(p)):
            return None
        try:
            with open(p, "rb") as fh:
                total += sum(1 for line in fh if line.strip())
        except OSError:
            return None
    return total
