"""The input layer (``cardlint.io``): decoding problems become InputErrors at their real line and
column, JSONL batches answer every line, output always encodes, and the README shows the schemas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_run import run
from cardlint.errors import InputError
from cardlint.io.decode import decode_utf8, loads_json
from cardlint.io.jsonl import iter_jsonl, validate
from cardlint.io.schema import find_cycle, markdown_tables, matches
from cardlint.io.yamlio import parse_yaml

ROOT = Path(__file__).resolve().parents[1]



def test_bad_byte_is_reported_on_its_own_line():
    with pytest.raises(InputError) as exc:
        decode_utf8(b"a: 1\nb: 2\nc: x\xffy\n", "f.yaml")
    assert (exc.value.line, exc.value.column) == (3, 5)


def test_bom_is_accepted():
    assert decode_utf8("\ufeffa: 1".encode(), "f") == "a: 1"


@pytest.mark.parametrize("text,line,col", [
    ('{"a": NaN}', 1, 7), ('{"a": 1e999}', 1, 7), ('{"a": ' + "1" * 5000 + "}", 1, 7), ('{"a": 1, "a": 2}', 1, 10),
    ('{"a": "\\udc80"}', 1, 8), ("[" * 3000 + "]" * 3000, 1, 1), ('{"a":\n  1,,}', 2, 5),
])
def test_json_refusals(text, line, col):
    with pytest.raises(InputError) as exc:
        loads_json(text, "f.json")
    assert (exc.value.line, exc.value.column) == (line, col), str(exc.value)


@pytest.mark.parametrize("text", ["a: &x [*x]", "a: !!python/object:os.system x", "a: .inf", "a: 1\na: 2", "? [a]\n: 1",
                                  "<<: {a: 1}", "a: " + "[" * 200 + "]" * 200, "a: !!set {x}"])
def test_yaml_refusals_have_a_line(text):
    with pytest.raises(InputError) as exc:
        parse_yaml(text, "f.yaml")
    assert exc.value.line is not None


def test_yaml_dates_stay_text():
    assert parse_yaml("a: 2024-01-01", "f") == {"a": "2024-01-01"}


def test_every_jsonl_line_gets_a_record(tmp_path):
    p = tmp_path / "c.jsonl"
    p.write_bytes(b'\xef\xbb\xbf{"name": "a", "text": "Flying"}\n\n{"name": "b", "text": "x\\udc80"}\n'
                  b'{"name": "c", "text": ' + b"9" * 5000 + b'}\n{"name": "d", "text": "ok"}\n')
    recs = [validate(r, "card record", str(p)) for r in iter_jsonl(str(p))]
    assert [r.line for r in recs] == [1, 2, 3, 4, 5]
    assert recs[0].error is None and recs[4].error is None
    assert recs[1].blank and all(recs[i].error.startswith(f"{p}:{i + 1}:") for i in (1, 2, 3))


def test_classify_batch_keeps_lines_and_writes_utf8(tmp_path):
    p = tmp_path / "c.jsonl"
    p.write_bytes(b'{"name": "a", "text": "Flying"}\n\n{"name": "b\\udc80", "text": "x"}\n{"name": "d", "text": "Haste"}\n')
    out = tmp_path / "out.jsonl"
    rc, _, _ = run(["classify", "--input", str(p), "--format", "jsonl", "-o", str(out)])
    rows = [json.loads(line) for line in out.read_bytes().decode("utf-8").splitlines()]
    assert rc == 2 and len(rows) == 4
    assert rows[0]["name"] == "a" and rows[3]["name"] == "d" and "error" in rows[1] and "error" in rows[2]


def test_surrogate_from_the_command_line_is_replaced(tmp_path):
    out = tmp_path / "o.json"
    rc, _, _ = run(["classify", "Flying\udcff", "--format", "json", "-o", str(out)])
    assert rc == 0 and "\ufffd" in json.loads(out.read_bytes().decode("utf-8"))["clauses"][0]["text"]


def test_infinite_power_never_reaches_json_output(tmp_path):
    board = tmp_path / "b.yaml"
    board.write_text("objects:\n  - {id: a, name: A, types: [Creature], power: .inf, toughness: 1, timestamp: 1}\n")
    rc, out, err = run(["explain", str(board), "--format", "json"])
    assert rc == 2 and f"{board}:2:" in err and "Infinity" not in out


def test_attached_to_cycle_is_refused(tmp_path):
    board = tmp_path / "b.yaml"
    board.write_text("objects:\n  - {id: a, name: A, types: [Enchantment], attached_to: b, timestamp: 1}\n"
                     "  - {id: b, name: B, types: [Enchantment], attached_to: a, timestamp: 2}\n")
    rc, _, err = run(["explain", str(board)])
    assert rc == 2 and "cycle" in err and f"{board}:2:" in err
    assert find_cycle({"a": "b", "b": "c", "c": None}) is None
    assert find_cycle({"a": "a"}) == ["a", "a"]


def test_declared_cda_must_be_a_boolean(tmp_path):
    p = tmp_path / "c.jsonl"
    p.write_text(json.dumps({"name": "X", "text": "Flying", "declared": [{"ability": "keyword", "effects": [
        {"kind": "continuous", "layer": "6", "cda": "no"}]}]}) + "\n")
    rc, _, err = run(["lint", str(p), "--isolated"])
    assert rc == 2 and "cda" in err and f"{p}:1:" in err


def test_schema_types():
    assert matches({"+1/+1": 1, "-1/-1": {"count": 2}}, "map of (int | <counter>) | null")[0]
    assert not matches({"+1/+1": "lots"}, "map of (int | <counter>) | null")[0]
    assert matches("2007", "one of current, m10, 2007")[0] and matches(2007, "one of current, m10, 2007")[0]
    assert not matches("1999", "one of current, m10, 2007")[0]
    assert not matches(True, "int")[0] and not matches(float("inf"), "number")[0]


def test_readme_shows_the_schemas():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- schema:begin -->\n", 1)[1].split("\n<!-- schema:end -->", 1)[0]
    assert block == markdown_tables()


def test_time_budget_stops_a_record(tmp_path, monkeypatch):
    import cardlint.commands.classify as cl
    from cardlint.budget import enforceable

    if not enforceable():
        pytest.skip("no SIGALRM here")
    real = cl._classify

    def slow(text, *a, **k):
        if text == "slow":
            while True:
                pass
        return real(text, *a, **k)

    monkeypatch.setattr(cl, "_classify", slow)
    p = tmp_path / "c.jsonl"
    p.write_text('{"name": "a", "text": "slow"}\n{"name": "b", "text": "Flying"}\n')
    out = tmp_path / "o.jsonl"
    rc, _, _ = run(["classify", "--input", str(p), "--format", "jsonl", "--time-limit", "0.5", "-o", str(out)])
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rc == 2 and "--time-limit" in rows[0]["error"] and rows[1]["clauses"]
