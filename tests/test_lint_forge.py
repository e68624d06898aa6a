"""Forge scripts vs Oracle text: the hand-reviewed findings of the full run over
forge-scripts.jsonl (tests/fixtures/lint/forge-review.jsonl, verdict "forge" = a real problem in
the Forge script, "ours" = our parser/classifier is wrong) are re-checked on those cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlint.commands.common import Record
from cardlint.io.forge import forge_layers, read_forge_jsonl
from cardlint.lint.config import LintConfig
from cardlint.lint.engine import lint_documents

FIX = Path(__file__).parent / "fixtures" / "lint"
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "mtg" / "forge-scripts.jsonl"
REVIEW = [json.loads(l) for l in (FIX / "forge-review.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]


def test_forge_layers_mapping():
    assert forge_layers("S:Mode$ Continuous | Affected$ Creature.YouCtrl | AddPower$ 1 | AddToughness$ 1")[0] == {"7c"}
    layers, cda, *_ = forge_layers("S:Mode$ Continuous | EffectZone$ All | CharacteristicDefining$ True | SetPower$ X | SetToughness$ X")
    assert layers == {"7a"} and cda
    assert forge_layers("S:Mode$ Continuous | Affected$ You | AddKeyword$ Hexproof") is None  # a player: rules effect
    assert forge_layers("S:Mode$ Continuous | Affected$ Creature.EnchantedBy | AddKeyword$ CARDNAME can't block.",
                        keywords_only=True) is None
    assert forge_layers("S:Mode$ Continuous | Affected$ Land.nonBasic | AddType$ Mountain | RemoveLandTypes$ True")[0] == {"4"}


@pytest.fixture(scope="module")
def reviewed_findings():
    if not CORPUS.exists():
        pytest.skip("corpus not available")
    names = {r["name"] for r in REVIEW}
    recs = []
    with open(CORPUS, encoding="utf-8") as fh:
        for i, line in enumerate(fh, 1):
            if any(f'"name": {json.dumps(n)}' in line for n in names):
                recs.append(Record(i, json.loads(line)))
    doc = read_forge_jsonl(str(CORPUS), recs)
    findings, _ = lint_documents([doc], LintConfig(select=["CL1", "CL2"]))
    return {(f.name, f.code) for f in findings}


def test_real_forge_problems_still_found(reviewed_findings):
    missing = [r["name"] for r in REVIEW if r["verdict"] == "forge" and (r["name"], r["code"]) not in reviewed_findings]
    assert not missing


def test_reviewed_precision(reviewed_findings):
    reported = [r for r in REVIEW if (r["name"], r["code"]) in reviewed_findings]
    tp = sum(r["verdict"] == "forge" for r in reported)
    assert reported and tp / len(reported) >= 0.8, f"{tp}/{len(reported)}"
