"""``cardlint lint`` / ``cardlint rule``: formats, exit codes, selection, configuration, input errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlint.cli import main

FIX = Path(__file__).parent / "fixtures" / "lint"
PAIR = ('{"name": "Conversion", "type": "Enchantment", "text": "All Mountains are Plains."}\n'
        '{"name": "Blood Moon", "type": "Enchantment", "text": "Nonbasic lands are Mountains."}\n')
DECLARED_BAD = ('{"name": "Glorious Anthem", "type": "Enchantment", "text": "Creatures you control get +1/+1.", '
                '"declared": [{"ability": "static", "effects": [{"kind": "continuous", "layer": "7b", "cda": false}]}]}\n')


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def files(tmp_path):
    (tmp_path / "pair.jsonl").write_text(PAIR, encoding="utf-8")
    (tmp_path / "bad.jsonl").write_text(DECLARED_BAD, encoding="utf-8")
    (tmp_path / "ok.jsonl").write_text(DECLARED_BAD.replace('"7b"', '"7c"'), encoding="utf-8")
    return tmp_path


def test_json_contract_and_exit_1(files, capsys):
    code, out, _ = run(capsys, "lint", str(files / "bad.jsonl"), "--format", "json", "--isolated")
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"findings", "summary"}
    f = data["findings"][0]
    assert {"code", "severity", "path", "line", "message"} <= set(f)
    assert f["code"] == "CL101" and f["line"] == 1 and f["path"].endswith("bad.jsonl")
    assert data["summary"]["by_code"] == {"CL101": 1}


def test_clean_file_exit_0(files, capsys):
    code, out, _ = run(capsys, "lint", str(files / "ok.jsonl"), "--isolated")
    assert code == 0, out


def test_text_format_is_ruff_like(files, capsys):
    code, out, _ = run(capsys, "lint", str(files / "bad.jsonl"), "--isolated")
    first = out.splitlines()[0]
    # the column is where the clause is written in the file, not an offset inside the card text
    col = DECLARED_BAD.index("Creatures you control") + 1
    assert first.startswith(str(files / "bad.jsonl") + f":1:{col}: CL101 ")


def test_dependency_is_info_and_fail_on(files, capsys):
    code, out, _ = run(capsys, "lint", str(files / "pair.jsonl"), "--isolated", "--format", "json")
    data = json.loads(out)
    assert [f["code"] for f in data["findings"]] == ["CL301"]
    assert "Conversion" in data["findings"][0]["message"].split("depends on")[0]
    assert code == 0  # info findings do not fail by default
    code, *_ = run(capsys, "lint", str(files / "pair.jsonl"), "--isolated", "--fail-on", "info")
    assert code == 1


@pytest.mark.parametrize("sel,ign,expected", [
    (["CL3"], None, ["CL301"]), (None, ["CL301"], []), (["CL301,CL101"], None, ["CL301"]),
    (["dependency"], None, ["CL301"]), (["CL"], ["CL3"], []),
])
def test_select_ignore(files, capsys, sel, ign, expected):
    argv = ["lint", str(files / "pair.jsonl"), "--isolated", "--format", "json"]
    for s in sel or []:
        argv += ["--select", s]
    for i in ign or []:
        argv += ["--ignore", i]
    _, out, _ = run(capsys, *argv)
    assert [f["code"] for f in json.loads(out)["findings"]] == expected


def test_pyproject_config(files, capsys):
    (files / "pyproject.toml").write_text('[tool.cardlint]\nselect = ["CL"]\nignore = ["CL101"]\n', encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(files / "bad.jsonl"), "--format", "json")
    assert json.loads(out)["findings"] == [] and code == 0
    (files / "pyproject.toml").write_text('[tool.cardlint]\nbogus = 1\n', encoding="utf-8")
    code, _, err = run(capsys, "lint", str(files / "bad.jsonl"))
    assert code == 2 and "bogus" in err


@pytest.mark.parametrize("name,content,where", [
    ("broken.jsonl", '{"name": "A", "text": "Flying"}\n{"name": \n', ":2:"),
    ("decl.jsonl", '{"name": "A", "text": "Flying", "declared": [{"ability": "magic"}]}\n', ":1:"),
    ("board.yaml", "objects:\n  - {name: no id}\n", ":2:"),
    ("tpl.yaml", "templates:\n  - id: x\n    text: {en: Flying}\n    declared: {effects: [{kind: nope}]}\n", ":2:"),
    ("yaml.yaml", "objects: [\n", ":2:"),
])
def test_malformed_input_exit_2_names_file_line(tmp_path, capsys, name, content, where):
    p = tmp_path / name
    p.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "lint", str(p), "--isolated")
    assert code == 2
    assert f"{p}{where}" in err, err


def test_missing_path_exit_2(tmp_path, capsys):
    code, _, err = run(capsys, "lint", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "nope.jsonl" in err


# The official OASIS SARIF 2.1.0 schema (errata 01), stored verbatim: see sarif-schema-2.1.0.SOURCE.md.
SARIF_SCHEMA = FIX / "sarif-schema-2.1.0.json"


def _sarif_validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def test_sarif_schema_is_the_official_file():
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    assert schema["id"] == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    assert len(schema["definitions"]) == 52


def test_sarif_validates_against_schema(files, capsys):
    validator = _sarif_validator()
    (files / "both.jsonl").write_text(PAIR + DECLARED_BAD, encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(files / "both.jsonl"), "--isolated", "--format", "sarif")
    log = json.loads(out)
    validator.validate(log)
    # the schema really constrains what we emit: a wrong level or a stray property is rejected
    bad = json.loads(out)
    bad["runs"][0]["results"][0]["level"] = "info"
    assert not validator.is_valid(bad)
    bad = json.loads(out)
    bad["runs"][0]["tool"]["driver"]["severity"] = "x"
    assert not validator.is_valid(bad)
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert {r["id"] for r in rules} >= {"CL101", "CL301"}
    for res in run_["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
    assert {r["ruleId"] for r in run_["results"]} == {"CL101", "CL301"}


def test_rule_command(capsys):
    code, out, _ = run(capsys, "rule", "CL301")
    assert code == 0
    for heading in ("## What it does", "## Why is this bad?", "## Anti-pattern", "## Best practice"):
        assert heading in out
    code, out, _ = run(capsys, "rule", "dependency.loop")
    assert out.startswith("# CL302")
    code, _, err = run(capsys, "rule", "CL999")
    assert code == 2


def test_forge_script_folder(tmp_path, capsys):
    d = tmp_path / "cardsfolder" / "g"
    d.mkdir(parents=True)
    (d / "glorious_anthem.txt").write_text(
        "Name:Glorious Anthem\nManaCost:1 W W\nTypes:Enchantment\n"
        "S:Mode$ Continuous | Affected$ Creature.YouCtrl | SetPower$ 1 | SetToughness$ 1 | Description$ Creatures you control get +1/+1.\n"
        "Oracle:Creatures you control get +1/+1.\n", encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(tmp_path / "cardsfolder"), "--isolated", "--format", "json")
    data = json.loads(out)
    assert [(f["code"], f["line"]) for f in data["findings"]] == [("CL101", 4)]
    assert code == 1
