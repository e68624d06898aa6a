"""The runner of the ``check-translation`` codes' examples.  Each TR code is documented in
``rules.yaml`` beside this module (loaded with the lint codes by :mod:`cardlint.codes`, shown by
``cardlint rule TRxxx``); its bad and good examples (one per language) are run as tests."""

from __future__ import annotations

from cardlint.translate import codes as C


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
