"""Keep the hand review of ``tools/review_translations.py`` honest.

``tests/fixtures/translate/verdicts-<lang>.jsonl`` holds one judged finding per row (with both
full card texts, so no corpus is needed):

- ``real``: a real translation difference — it must still be reported (same code, same clause);
- ``comparison``: a false alarm of ``cardlint.translate`` — it must not be reported any more
  (``"open": true`` marks one not fixed yet: a strict xfail, so fixing it shows up);
- ``frontend``: a false alarm from a front end (``owner``) — the owner's to fix, not asserted here.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from cardlint.translate.compare import check_card

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "tests" / "fixtures" / "translate"


def _tool():
    spec = importlib.util.spec_from_file_location("review_translations", ROOT / "tools" / "review_translations.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _all_rows() -> list[dict]:
    rows = []
    for path in sorted(FIX.glob("verdicts-*.jsonl")):
        rows += [json.loads(x) for x in path.read_text(encoding="utf-8").split("\n") if x.strip()]
    return rows


def _params(verdict: str):
    out = []
    for row in _all_rows():
        if row["verdict"] != verdict:
            continue
        marks = [pytest.mark.xfail(strict=True, reason=row["note"])] if row.get("open") else []
        out.append(pytest.param(row, id=f"{row['lang']}-{row['name']}-{row['code']}-{row['clause_index']}",
                                marks=marks))
    return out


def _reported(row: dict) -> set[tuple[str, int | None]]:
    res = check_card(row["en_text"], row["text"], row["lang"], row["name"], row.get("tname"),
                     row.get("en_type"), row.get("type"), row.get("oracle_text"), row.get("oracle_type"))
    return {(f.code, f.clause_index) for f in res.findings}


def test_verdict_rows_are_complete_and_keyed():
    tool = _tool()
    rows = _all_rows()
    assert {r["lang"] for r in rows} == {"de", "ja", "zh-Hans"}
    for r in rows:
        assert r["verdict"] in tool.VERDICTS, r["key"]
        if r["verdict"] != "real":
            assert r["note"], r["key"]
        if r["verdict"] == "frontend":
            assert r["owner"], r["key"]
        finding = {"code": r["code"], "clause_index": r["clause_index"], "en": r["en_clause"],
                   "translation": r["tr_clause"], "message": r["message"]}
        assert tool.finding_key(r["card"], finding) == r["key"]


def test_false_alarm_rate_counts_pairs_not_findings():
    tool = _tool()
    cards = [{"card": "A|S|1", "name": "A", "tname": "a", "en_text": "x", "text": "y", "en_type": None, "type": None,
              "status": "inconsistent", "both_parse": True,
              "findings": [{"code": "TR205", "clause_index": 0, "en": "e", "translation": "t", "message": "m1"},
                           {"code": "TR103", "clause_index": 0, "en": "e", "translation": "t", "message": "m2"}]},
             {"card": "B|S|2", "name": "B", "tname": "b", "en_text": "x", "text": "y", "en_type": None, "type": None,
              "status": "consistent", "both_parse": True, "findings": []},
             {"card": "C|S|3", "name": "C", "tname": "c", "en_text": "x", "text": "y", "en_type": None, "type": None,
              "status": "unknown", "both_parse": False,
              "findings": [{"code": "TR401", "clause_index": 0, "en": "e", "translation": "", "message": "m"}]}]
    first = cards[0]["findings"]
    verdicts = {tool.finding_key("A|S|1", first[0]): {"verdict": "frontend", "card": "A|S|1"},
                tool.finding_key("A|S|1", first[1]): {"verdict": "comparison", "card": "A|S|1"}}
    fig, pending = tool.figures("de", cards, verdicts)
    assert (fig["both_parse"], fig["false_alarm_cards"], fig["false_alarm_rate"]) == (2, 1, 0.5)
    assert pending == [] and fig["unjudged_findings"] == 0
    del verdicts[tool.finding_key("A|S|1", first[1])]
    fig, pending = tool.figures("de", cards, verdicts)
    assert fig["unjudged_findings"] == 1 and pending[0]["code"] == "TR103"


@pytest.mark.parametrize("row", _params("real"))
def test_real_difference_still_reported(row):
    assert (row["code"], row["clause_index"]) in _reported(row)


@pytest.mark.parametrize("row", _params("comparison"))
def test_comparison_false_alarm_not_reported(row):
    assert (row["code"], row["clause_index"]) not in _reported(row)
