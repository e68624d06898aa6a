"""One finding record for ``cardlint lint`` and ``cardlint check-translation`` (issue 17): both
commands emit :class:`cardlint.findings.Finding`, and each keeps its output keys."""

from __future__ import annotations

from cardlint.findings import Finding
from cardlint.lint import lint_example
from cardlint.translate.compare import check_card

LINT_KEYS = {"code", "severity", "path", "line", "column", "message"}
TRANSLATION_KEYS = {"code", "clause_index", "en_clause_index", "message", "en", "translation", "en_span",
                    "tr_span", "reference", "confidence"}


def test_lint_and_check_translation_emit_one_record():
    (lint,) = [f for f in lint_example({"cards": [{
        "name": "Glorious Anthem", "type": "Enchantment", "text": "Creatures you control get +1/+1.",
        "declared": [{"ability": "static", "effects": [{"kind": "continuous", "layer": "7b", "cda": False}]}]}]})
        if f.code == "CL101"]
    res = check_card("Creatures you control get +1/+1.", "Kreaturen, die du kontrollierst, erhalten +2/+2.", "de")
    (tr,) = res.findings
    assert type(lint) is Finding and type(tr) is Finding
    assert tr.code == "TR201" and tr.severity == "error" and tr.compared.confidence == 0.95
    assert LINT_KEYS <= set(lint.to_dict()) <= LINT_KEYS | {"name", "clause_index", "suggestions", "related"}
    assert set(tr.to_dict()) == TRANSLATION_KEYS
