"""Deliberately altered translations: each must be detected with the right code and clause index,
and the unaltered original must check consistent.

Data-driven: ``tests/fixtures/translate/altered-<lang>.jsonl`` (built from real corpus pairs that
parse on both sides by ``make_altered.py``; the expected code comes from the alteration, not from
the checker).  Add rows to add cases.  A row whose text a front end no longer parses is skipped
(front ends are moving targets); a row with ``"xfail"`` names a known front-end bug.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardlint.translate.compare import check_card

FIX = Path(__file__).parent / "fixtures" / "translate"
#: rows per language run by default (parsing is the cost); CARDLINT_SLOW_TESTS=1 runs every row
DEFAULT_ROWS = 34
SLOW = bool(os.environ.get("CARDLINT_SLOW_TESTS"))


def _rows():
    out = []
    for lang in ("de", "ja", "zh-Hans"):
        path = FIX / f"altered-{lang}.jsonl"
        if not path.exists():
            continue
        lines = [x for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
        for i, line in enumerate(lines if SLOW else lines[:DEFAULT_ROWS]):
            if line.strip():
                row = json.loads(line)
                row["lang"] = lang
                out.append(pytest.param(row, id=f"{lang}-{i}-{row['alteration']}"))
    return out


ROWS = _rows()


def _check(row, text):
    return check_card(row["en_text"], text, row["lang"], row["name"], row.get("tname"), row.get("en_type"),
                      row.get("type"))


@pytest.mark.parametrize("row", ROWS)
def test_altered_translation_detected(row):
    orig = _check(row, row["text"])
    if orig.status == "undetermined":
        pytest.skip("the original pair no longer parses on both sides")
    assert orig.status == "consistent", [f.to_dict() for f in orig.findings]
    altered = _check(row, row["altered"])
    if altered.status == "undetermined":
        pytest.skip("the altered translation does not parse")
    if row.get("xfail"):
        pytest.xfail(row["xfail"])
    got = {(f.code, f.clause_index) for f in altered.findings}
    assert (row["code"], row["clause_index"]) in got, (row["alteration"], row["altered"], got)
    assert altered.status == "inconsistent"


def test_enough_altered_cases_per_language():
    counts, detected = {}, {}
    for lang in ("de", "ja", "zh-Hans"):
        path = FIX / f"altered-{lang}.jsonl"
        rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
        counts[lang] = len(rows)
        detected[lang] = sum(1 for r in rows if not r.get("xfail"))
    # the front ends are moving targets: these are the counts when the cases were built; the floor
    # keeps the suite honest (at least 30 detected alterations per language)
    assert all(n >= 30 for n in detected.values()), (detected, counts)
    # issue 19: at least 95% of the alterations of each language are detected (the rows not marked
    # xfail; test_altered_translation_detected checks each of them, every row with CARDLINT_SLOW_TESTS=1)
    assert all(detected[lang] >= 0.95 * counts[lang] for lang in counts), (detected, counts)
