"""Findings wait for the report in a spool: past its limit in sorted runs on disk, read back in
report order — the order a stable sort of them all gives — as often as the report asks."""

from __future__ import annotations

import random

from cardlint.findings import Finding
from cardlint.lint.spool import FindingSpool


def _findings(n: int) -> list[Finding]:
    rnd = random.Random(7)
    return [Finding(code=rnd.choice(["CL301", "CL401"]), severity="info", path=rnd.choice(["a.jsonl", "b.yaml"]),
                    line=rnd.randint(1, 30), message=rnd.choice(["m", "n"]), column=rnd.randint(1, 3),
                    name=f"card {i}", related=[{"path": "a.jsonl", "line": i, "message": "x"}] if i % 3 else [],
                    suggestions=["s"] if i % 5 == 0 else [], entry_line=i)
            for i in range(n)]


def test_spilled_runs_merge_in_report_order():
    found = _findings(1000)
    spool = FindingSpool(limit=64)
    spool.extend(found)
    assert len(spool.runs) == 1000 // 64 and len(spool) == 1000
    expected = sorted(found, key=Finding.sort_key)   # equal keys keep their order (names tell them apart)
    assert list(spool) == expected
    assert list(spool) == expected   # a second pass reads the same
    spool.close()


def test_a_small_run_stays_in_memory():
    found = _findings(10)
    spool = FindingSpool(limit=64)
    spool.extend(found)
    assert not spool.runs and list(spool) == sorted(found, key=Finding.sort_key)
