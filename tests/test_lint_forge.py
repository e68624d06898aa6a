"""Forge scripts vs Oracle text: the hand review of the CL1xx/CL2xx findings of a full run over
forge-scripts.jsonl, kept in tests/fixtures/lint/forge-review.jsonl and re-checked on those cards.

How the review was drawn: ``cardlint lint forge-scripts.jsonl --select CL1,CL2 --format json``,
findings sorted by (line, code), ``random.Random(8).sample(findings, min(50, len(findings)))``.
That run gave 18 findings, so the "sample" is all of them (``"review": "full-run-8"``).  Verdict
``forge``: a true finding (the script's declaration contradicts the Oracle text under the CR);
``ours``: a false alarm (our parser/classifier is wrong).  Rows with ``"review": "fixed"`` are
earlier false alarms that the linter no longer reports: they must stay unreported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlint.io.jsonl import Record
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


def _run_rows():
    return [r for r in REVIEW if r.get("review") != "fixed"]


def test_real_forge_problems_still_found(reviewed_findings):
    missing = [r["name"] for r in _run_rows() if r["verdict"] == "forge" and (r["name"], r["code"]) not in reviewed_findings]
    assert not missing


def test_fixed_false_alarms_stay_fixed(reviewed_findings):
    back = [r["name"] for r in REVIEW if r.get("review") == "fixed" and (r["name"], r["code"]) in reviewed_findings]
    assert not back


def test_land_type_change_is_declared_in_layer_4_only():
    # Blood Moon's script (forge-scripts.jsonl); Forge's StaticAbility.generateLayer(): TYPE only
    line = ("S:Mode$ Continuous | Affected$ Land.nonBasic | AddType$ Mountain | RemoveLandTypes$ True | "
            "RemoveIntrinsicAbilities$ True | Description$ Nonbasic lands are Mountains.")
    assert forge_layers(line, keywords_only=True)[0] == {"4"}


def test_reviewed_precision(reviewed_findings):
    reported = [r for r in _run_rows() if (r["name"], r["code"]) in reviewed_findings]
    tp = sum(r["verdict"] == "forge" for r in reported)
    assert len(reported) >= 2 and tp / len(reported) >= 0.9, f"{tp}/{len(reported)}"


# Tek's Forge script (forge-scripts.jsonl): one script line per part of its one printed sentence.
TEK = {"name": "Tek", "types": "Artifact Creature Dragon",
       "oracle": "Tek gets +0/+2 as long as you control a Plains, has flying as long as you control an Island, "
                 "gets +2/+0 as long as you control a Swamp, has first strike as long as you control a Mountain, "
                 "and has trample as long as you control a Forest.",
       "lines": [f"S:Mode$ Continuous | Affected$ Card.Self | {params} | CheckSVar$ {land.upper()} | SVarCompare$ GE1 | "
                 f"Description$ CARDNAME {part} as long as you control {article} {land}."
                 for params, part, article, land in [
                     ("AddToughness$ 2", "gets +0/+2", "a", "Plains"), ("AddKeyword$ Flying", "has flying", "an", "Island"),
                     ("AddPower$ 2", "gets +2/+0", "a", "Swamp"),
                     ("AddKeyword$ First Strike", "has first strike", "a", "Mountain"),
                     ("AddKeyword$ Trample", "has trample", "a", "Forest")]]}


def _lint_rows(*rows):
    doc = read_forge_jsonl("forge.jsonl", [Record(i, r) for i, r in enumerate(rows, 1)])
    findings, _ = lint_documents([doc], LintConfig(select=["CL1"]))
    return findings


def test_each_forge_line_is_compared_with_the_part_it_implements():
    assert _lint_rows(TEK) == []


def test_a_wrong_line_for_one_part_is_reported_with_that_part():
    bad = dict(TEK, lines=[l.replace("AddPower$ 2", "AddKeyword$ Haste") for l in TEK["lines"]])
    (f,) = _lint_rows(bad)
    assert f.code == "CL101" and "“Tek gets +2/+0 as long as you control a Swamp.”" in f.message
    assert "declared in layer(s) 6 but its text gives layer(s) 7c" in f.message


def test_hidden_keyword_declares_no_layer():
    # Forge's StaticAbility.generateLayer() puts AddHiddenKeyword$ in StaticAbilityLayer.RULES, not ABILITIES
    line = ("S:Mode$ Continuous | Affected$ Creature.EnchantedBy | AddHiddenKeyword$ CARDNAME can't attack. | "
            "Description$ Enchanted creature can't attack.")
    assert forge_layers(line) is None
    both = ("S:Mode$ Continuous | Affected$ Creature.EnchantedBy | AddKeyword$ Flying | AddHiddenKeyword$ "
            "CARDNAME can block only creatures with flying. | Description$ Enchanted creature has flying.")
    assert forge_layers(both)[0] == {"6"}


def test_hidden_addkeyword_counts_raw_but_not_keywords_only():
    line = ("S:Mode$ Continuous | Affected$ Creature.EnchantedBy | AddPower$ 2 | AddToughness$ 2 | "
            "AddKeyword$ CARDNAME attacks each combat if able. | Description$ Enchanted creature gets +2/+2 and "
            "attacks each combat if able.")
    assert forge_layers(line)[0] == {"6", "7c"}
    assert forge_layers(line, keywords_only=True)[0] == {"7c"}


def test_a_description_over_two_clauses_aligns_to_both():
    # Stratus Walk (forge-scripts.jsonl): one line for two Oracle paragraphs
    from cardlint.io.forge_align import align_span

    clauses = [{"text": "Enchant creature"}, {"text": "When Stratus Walk enters, draw a card."},
               {"text": "Enchanted creature has flying."},
               {"text": "Enchanted creature can block only creatures with flying."}]
    desc = "Enchanted creature has flying. Enchanted creature can block only creatures with flying."
    assert align_span(desc, clauses, "Stratus Walk") == [2, 3]
    assert align_span("Enchanted creature has flying.", clauses, "Stratus Walk") == [2]


def test_level_description_aligns_to_the_striation_clause():
    from cardlint.io.forge_align import align

    clauses = [{"text": "Level up {W}"}, {"text": "LEVEL 2-6\n3/3\nFirst strike"}, {"text": "LEVEL 7+\n4/4\nDouble strike"}]
    assert align("LEVEL 7+ 4/4 CARDNAME has Double Strike", clauses, "Student of Warfare") == 2
    assert align("LEVEL 2-6 3/3 CARDNAME has First Strike", clauses, "Student of Warfare") == 1
