"""Output formats: ``text`` (ruff-like ``path:line:col: CODE message``), ``json`` (architecture
§3: ``{"findings": [...], "summary": {...}}``) and ``sarif`` (SARIF 2.1.0 for GitHub code scanning)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from cardlint import __version__
from cardlint.findings import Finding
from cardlint.i18n import _
from cardlint.lint.registry import RULES

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
HELP_URI = "https://github.com/cardlint/cardlint/blob/main/src/cardlint/lint/rules.yaml"


def format_text(findings: list[Finding], summary: dict, color: bool = False) -> str:
    """ruff-like lines and one closing line; "All checks passed" only when every input was read."""
    return "\n".join(text_lines(findings, summary, color))


def text_lines(findings: list[Finding], summary: dict, color: bool = False):
    """The lines of :func:`format_text`, one at a time (a large report is written as it is made)."""
    for f in findings:
        code = f"\033[1;31m{f.code}\033[0m" if color else f.code
        mark = " [" + _("suppressed") + "]" if f.suppressed else ""
        yield f"{f.path}:{f.line}:{f.column}: {code}{mark} {f.message}"
    n = summary["findings"] if "findings" in summary else len(findings)
    errors = summary.get("input_errors", 0)
    skipped = summary.get("dependency_skipped", 0)
    if n:
        by_code = ", ".join(f"{c} {k}" for c, k in summary.get("by_code", {}).items())
        yield _("Found {n} finding(s) ({by_code}).").format(n=n, by_code=by_code)
    elif not errors and not skipped:
        yield (_("All checks passed ({cards} card(s), {files} file(s)).").format(
            cards=summary.get("cards", 0), files=summary.get("files", 0)))
    elif skipped:
        yield (_("No findings in {cards} card(s), {files} file(s), but not every check ran.").format(
            cards=summary.get("cards", 0), files=summary.get("files", 0)))
    else:
        yield (_("No findings in the {cards} card(s) read.").format(cards=summary.get("cards", 0)))
    if skipped:
        # never "All checks passed" when a check did not run
        yield _("The dependency check (CL3xx) was skipped for {n} file(s) with more cards than "
                "max-set-size.").format(n=skipped)
    if errors:
        yield _("{n} input error(s) (see standard error); exit status 2.").format(n=errors)
    if summary.get("suppressed"):
        yield _("{n} finding(s) suppressed by noqa.").format(n=summary["suppressed"])


def format_json(findings: list[Finding], summary: dict) -> str:
    return "".join(json_chunks(findings, summary))


def json_chunks(findings, summary: dict):
    """:func:`format_json`'s text in pieces, a finding at a time (a large report is written as it
    is read): what ``json.dumps({"findings": [...], "summary": summary}, ensure_ascii=False,
    indent=2)`` writes."""
    yield '{\n  "findings": '
    yield from _array((f.to_dict() for f in findings), 2)
    yield ',\n  "summary": ' + _dumps(summary, 2) + "\n}"


def _dumps(value, level: int) -> str:
    """``value`` as ``json.dumps(…, indent=2)`` writes it ``level`` spaces deep in a document."""
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + " " * level)


def _array(values, level: int):
    """A JSON array of ``values`` written ``level`` spaces deep, as ``json.dumps(indent=2)`` does."""
    sep = "[\n" + " " * (level + 2)
    for v in values:
        yield sep + _dumps(v, level + 2)
        sep = ",\n" + " " * (level + 2)
    yield "[]" if sep.startswith("[") else "\n" + " " * level + "]"


def _uri(path: str) -> str:
    p = Path(path)
    try:
        rel = p.resolve().relative_to(Path.cwd().resolve())
        return rel.as_posix()
    except ValueError:
        return p.resolve().as_uri() if p.is_absolute() or os.path.exists(path) else path


def _sarif_rule(rule) -> dict:
    bad = rule.bad[0] if rule.bad else {}
    good = rule.good[0] if rule.good else {}
    md = f"## What it does\n{rule.what}\n\n## Why is this bad?\n{rule.why}\n"
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.what},
        "help": {"text": f"{rule.what}\n\n{rule.why}", "markdown": md},
        "helpUri": f"{HELP_URI}#{rule.code}",
        "defaultConfiguration": {"level": SARIF_LEVEL[rule.severity]},
        "properties": {"tags": [rule.family], "references": rule.references,
                       "examples": {"bad": bool(bad), "good": bool(good)}},
    }


def format_sarif(findings: list[Finding], summary: dict) -> str:
    return "".join(sarif_chunks(findings, summary))


_RESULTS = "\u2063cardlint-results\u2063"   # stand-ins while the log around the results is written
_SUMMARY = "\u2063cardlint-summary\u2063"


def sarif_chunks(findings, summary: dict):
    """:func:`format_sarif`'s text in pieces, a result at a time: the log is written around two
    stand-ins, then the results and the summary go where they stand."""
    rules = sorted(RULES.values(), key=lambda r: r.code)
    index = {r.code: i for i, r in enumerate(rules)}
    text = json.dumps(_sarif_log(rules, _RESULTS, _SUMMARY), ensure_ascii=False, indent=2)
    head, tail = text.split(json.dumps(_RESULTS, ensure_ascii=False), 1)
    yield head
    yield from _array((_sarif_result(f, index) for f in findings), _indent_of(head))
    mark = json.dumps(_SUMMARY, ensure_ascii=False)
    yield tail.replace(mark, _dumps(summary, _indent_of(tail[:tail.index(mark)])))


def _indent_of(text: str) -> int:
    """The indentation of the last line of ``text``."""
    last = text[text.rfind("\n") + 1:]
    return len(last) - len(last.lstrip(" "))


def _sarif_result(f: Finding, index: dict) -> dict:
    res = {
        "ruleId": f.code,
        "ruleIndex": index[f.code],
        "level": SARIF_LEVEL.get(f.severity, "warning"),
        "message": {"text": f.message},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(f.path)},
                                            "region": {"startLine": max(f.line, 1),
                                                       "startColumn": max(f.column, 1)}}}],
    }
    if f.related:
        res["relatedLocations"] = [
            {"id": i, "message": {"text": r.get("message", "")},
             "physicalLocation": {"artifactLocation": {"uri": _uri(r["path"])},
                                  "region": {"startLine": max(int(r.get("line") or 1), 1),
                                             "startColumn": max(int(r.get("column") or 1), 1)}}}
            for i, r in enumerate(f.related)]
    if f.suggestions:
        res["properties"] = {"suggestions": f.suggestions}
    if f.suppressed:
        res["suppressions"] = [{"kind": "inSource", "justification": "noqa"}]
    return res


def _sarif_log(rules, results, summary) -> dict:
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "cardlint", "version": __version__, "semanticVersion": __version__,
                                "informationUri": "https://github.com/cardlint/cardlint", "rules": [_sarif_rule(r) for r in rules]}},
            "results": results,
            "columnKind": "unicodeCodePoints",
            "properties": {"summary": summary},
        }],
    }
