"""Every finding code — ``cardlint lint``'s CL codes and ``cardlint check-translation``'s TR codes —
with its documentation: one registry over the two data files, each code documented once (name,
severity, summary, what it does, why, bad and good examples, fix, references; a TR code's base
confidence).

``cardlint rule CODE`` shows any code; ``--check`` runs a code's bad and good examples with its
family's runner (lint: :func:`cardlint.lint.check_rule`, check-translation:
:func:`cardlint.translate.rules.check_rule`), as the test suite does: the doc is the test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from cardlint.findings import SEVERITIES

#: code prefix → the data file that documents its codes (beside the module that emits them)
SOURCES = {"CL": "lint/rules.yaml", "TR": "translate/rules.yaml"}
REQUIRED = ("name", "severity", "summary", "what", "why", "bad", "good")


@dataclass
class Rule:
    code: str
    name: str
    severity: str
    summary: str
    what: str
    why: str
    bad: list[dict]
    good: list[dict]
    fix: str | None = None
    known_problems: str | None = None
    references: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    confidence: float | None = None      # TR codes: the base confidence of a finding (0..1)

    @property
    def family(self) -> str:
        return self.name.split(".")[0]


def _as_list(v) -> list[dict]:
    return v if isinstance(v, list) else [v]


def _load(prefix: str) -> dict[str, Rule]:
    path = Path(__file__).parent / SOURCES[prefix]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = {}
    for code, d in data.items():
        if not code.startswith(prefix):
            raise ValueError(f"{path}: code {code} does not start with {prefix}")
        missing = [k for k in REQUIRED if k not in d]
        if missing:
            raise ValueError(f"{path}: code {code} lacks {', '.join(missing)}")
        if d["severity"] not in SEVERITIES:
            raise ValueError(f"{path}: code {code}: severity must be one of {SEVERITIES}")
        if prefix == "TR" and not (isinstance(d.get("confidence"), (int, float)) and 0 <= d["confidence"] <= 1):
            raise ValueError(f"{path}: code {code} needs a base confidence between 0 and 1")
        out[code] = Rule(code=code, name=d["name"], severity=d["severity"], summary=d["summary"].strip(),
                         what=d["what"].strip(), why=d["why"].strip(), bad=_as_list(d["bad"]),
                         good=_as_list(d["good"]), fix=(d.get("fix") or None), known_problems=d.get("known_problems"),
                         references=list(d.get("references") or []), aliases=list(d.get("aliases") or []),
                         confidence=d.get("confidence"))
    return out


@lru_cache(maxsize=None)
def rules(prefix: str | None = None) -> dict[str, Rule]:
    """code → :class:`Rule`, of one family (``"CL"``, ``"TR"``) or of every family, in code order."""
    if prefix is not None:
        return _load(prefix)
    out: dict[str, Rule] = {}
    names: set[str] = set()
    for p in SOURCES:
        for code, r in rules(p).items():
            for key in [r.name] + r.aliases:
                if key in names:
                    raise ValueError(f"{SOURCES[p]}: duplicate rule name {key}")
                names.add(key)
            out[code] = r
    return dict(sorted(out.items()))


def lookup(code_or_name: str) -> Rule | None:
    """The rule of a code (any case), a rule name (``dependency.depends-on``) or an alias."""
    every = rules()
    rule = every.get(code_or_name.upper())
    if rule is not None:
        return rule
    return next((r for r in every.values() if code_or_name == r.name or code_or_name in r.aliases), None)

