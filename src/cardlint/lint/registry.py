"""The rule registry.  Each rule's documentation lives once, in ``rules.yaml`` beside this
module (code → name, severity, summary, what/why, bad and good examples, references); the
family modules emit findings by code.  The bad/good examples are run by the test suite
(tests/test_lint_docs.py) and by ``cardlint rule CODE --check``: the doc is the test.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from cardlint.lint.findings import SEVERITIES

#: Rule families, one module each (code prefix → module).
FAMILY_MODULES = {
    "CL1": "cardlint.lint.classification",
    "CL2": "cardlint.lint.cda",
    "CL3": "cardlint.lint.deps",
    "CL4": "cardlint.lint.wording",
    "CL5": "cardlint.lint.ygo",
}
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

    @property
    def family(self) -> str:
        return self.name.split(".")[0]


def as_list(v) -> list[dict]:
    return v if isinstance(v, list) else [v]


@lru_cache(maxsize=None)
def load_rules() -> dict[str, Rule]:
    path = Path(__file__).with_name("rules.yaml")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = {}
    names = set()
    for code, d in data.items():
        missing = [k for k in REQUIRED if k not in d]
        if missing:
            raise ValueError(f"{path}: rule {code} lacks {', '.join(missing)}")
        if d["severity"] not in SEVERITIES:
            raise ValueError(f"{path}: rule {code}: severity must be one of {SEVERITIES}")
        if d["name"] in names:
            raise ValueError(f"{path}: duplicate rule name {d['name']}")
        names.add(d["name"])
        out[code] = Rule(code=code, name=d["name"], severity=d["severity"], summary=d["summary"].strip(),
                         what=d["what"].strip(), why=d["why"].strip(), bad=as_list(d["bad"]),
                         good=as_list(d["good"]), fix=(d.get("fix") or None), known_problems=d.get("known_problems"),
                         references=list(d.get("references") or []), aliases=list(d.get("aliases") or []))
    return out


class _Rules(dict):
    def __missing__(self, key):
        rules = load_rules()
        self.update(rules)
        if key in rules:
            return rules[key]
        for r in rules.values():
            if key in r.aliases or key == r.name:
                return r
        raise KeyError(key)

    def __contains__(self, key):
        if not dict.__len__(self):
            self.update(load_rules())
        return dict.__contains__(self, key)

    def values(self):
        if not dict.__len__(self):
            self.update(load_rules())
        return dict.values(self)


RULES: dict[str, Rule] = _Rules()


def lookup(code_or_name: str) -> Rule | None:
    try:
        return RULES[code_or_name.upper() if code_or_name[:2].lower() == "cl" else code_or_name]
    except KeyError:
        return None


@lru_cache(maxsize=None)
def families() -> tuple:
    return tuple(importlib.import_module(m) for m in FAMILY_MODULES.values())
