"""tools/output_diff.py: the categories of a clause change and the exit status of `compare` (no corpus run)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"
spec = importlib.util.spec_from_file_location("cardlint_output_diff_under_test", TOOLS / "output_diff.py")
od = importlib.util.module_from_spec(spec)
spec.loader.exec_module(od)


def _clause(parsed, layer="7c", text="Creatures you control get +1/+1."):
    return {"text": text, "parsed": parsed,
            "effects": [{"kind": "continuous", "layer": layer, "cda": False}]}


def _rec(*clauses, name="Card"):
    return json.dumps({"name": name, "clauses": list(clauses)}, ensure_ascii=False)


@pytest.mark.parametrize("before, after, expected", [
    (_clause(True), _clause(True), None),
    (_clause(False), _clause(True), "newly parsed"),
    (_clause(True), _clause(False), "LOST"),
    (_clause(True, "7c"), _clause(True, "7b"), "layers/kinds changed"),
    (_clause(True), {**_clause(True), "error": "x"}, "other change"),
])
def test_category(before, after, expected):
    assert od.category(before, after) == expected


def test_compare_counts_coverage_and_changes():
    base = [_rec(_clause(True), _clause(False)), _rec(_clause(True))]
    new = [_rec(_clause(True), _clause(True)), _rec(_clause(True, "4"))]
    r = od.compare_lines(base, new)
    assert (r["records"], r["identical"], r["clauses"]) == (2, 0, 3)
    assert (r["parsed_before"], r["parsed_after"]) == (2, 3)
    assert [k for k in od.CATEGORIES if r["changes"].get(k)] == ["newly parsed", "layers/kinds changed"]


def test_compare_exit_status(tmp_path, capsys):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    # U+2028 inside a record must not split it (str.splitlines would)
    (a / "en.jsonl").write_text(_rec(_clause(True, text="a\u2028b")) + "\n", encoding="utf-8")
    (b / "en.jsonl").write_text(_rec(_clause(True, text="a\u2028b")) + "\n", encoding="utf-8")
    assert od.main(["compare", str(a), str(b), "--lang", "en"]) == 0
    (b / "en.jsonl").write_text(_rec(_clause(False, text="a\u2028b")) + "\n", encoding="utf-8")
    assert od.main(["compare", str(a), str(b), "--lang", "en"]) == 1
    assert "LOST: 1" in capsys.readouterr().out
    (b / "en.jsonl").write_text("", encoding="utf-8")
    assert od.main(["compare", str(a), str(b), "--lang", "en"]) == 2
    assert od.main(["compare", str(a), str(b), "--lang", "de"]) == 2
