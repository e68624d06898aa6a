"""Documentation of the ``check-translation`` codes (``rules.yaml`` beside this module), shown by
``cardlint rule TRxxx``; each code's bad and good examples (one per language) are run as tests."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from cardlint.translate import codes as C


@lru_cache(maxsize=1)
def tr_rules() -> dict:
    """code → :class:`cardlint.lint.registry.Rule` (the CL rules' record, so one renderer serves both)."""
    from cardlint.lint.registry import REQUIRED, Rule, as_list

    path = Path(__file__).with_name("rules.yaml")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = {}
    for code, d in data.items():
        missing = [k for k in REQUIRED if k not in d]
        if missing:
            raise ValueError(f"{path}: code {code} lacks {', '.join(missing)}")
        out[code] = Rule(code=code, name=d["name"], severity=d["severity"], summary=d["summary"].strip(),
                         what=d["what"].strip(), why=d["why"].strip(), bad=as_list(d["bad"]),
                         good=as_list(d["good"]), fix=d.get("fix"), known_problems=d.get("known_problems"),
                         references=list(d.get("references") or []))
    return out


def tr_rule(code_or_name: str):
    rules = tr_rules()
    key = code_or_name.upper() if code_or_name[:2].lower() == "tr" else code_or_name
    if key in rules:
        return rules[key]
    return next((r for r in rules.values() if r.name == code_or_name), None)


def run_example(ex: dict):
    from cardlint.translate.compare import check_card

    return check_card(ex["en_text"], ex["text"], ex["lang"], ex.get("name"), ex.get("tname"),
                      oracle_text=ex.get("oracle_text"))


def _codes_at(result) -> set[tuple[str, int | None]]:
    return ({(f.code, f.clause_index) for f in result.findings} | {(C.UNPARSED, r.clause_index) for r in result.reasons}
            | {(n["code"], 0) for n in result.notes})


def check_rule(rule) -> list[str]:
    """Problems with a code's examples: a bad example must report the code at its clause, a good
    one must not carry it (and, for a finding code, must check consistent)."""
    problems = []
    for i, ex in enumerate(rule.bad, 1):
        got = _codes_at(run_example(ex))
        if (rule.code, ex.get("clause_index", 0)) not in got:
            problems.append(f"{rule.code}: bad example {i} ({ex['lang']}) gives {sorted(got) or 'nothing'}")
    for i, ex in enumerate(rule.good, 1):
        res = run_example(ex)
        got = {c for c, _i in _codes_at(res)}
        if rule.code in got or (rule.code in C.INCONSISTENCY_CODES and res.status != "consistent"):
            problems.append(f"{rule.code}: good example {i} ({ex['lang']}) is {res.status} with {sorted(got)}")
    return problems
