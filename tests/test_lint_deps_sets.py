"""CL3xx on every kind of card set (issue 20): JSONL of any size, MTGJSON, Forge folders, deck lists;
the finding names the three criteria of CR 613.8a; a skipped check never reads "All checks passed"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlint.cli import main

URBORG = {"name": "Urborg, Tomb of Yawgmoth", "type": "Legendary Land",
          "text": "Each land is a Swamp in addition to its other land types."}
MOON = {"name": "Blood Moon", "type": "Enchantment", "text": "Nonbasic lands are Mountains."}
CONVERSION = {"name": "Conversion", "type": "Enchantment",
              "text": "At the beginning of your upkeep, sacrifice Conversion unless you pay {W}{W}.\nAll Mountains are Plains."}
FILLER = {"name": "Filler {i}", "type": "Creature — Bear", "text": "Vigilance"}


def run(capsys, *argv):
    code = main(list(argv) + ["--isolated"])
    out, err = capsys.readouterr()
    return code, out, err


def _jsonl(path: Path, cards) -> Path:
    path.write_text("".join(json.dumps(c) + "\n" for c in cards), encoding="utf-8")
    return path


def _cl3(out: str):
    return [f for f in json.loads(out)["findings"] if f["code"].startswith("CL3")]


def test_urborg_blood_moon_existence_names_the_three_criteria(tmp_path, capsys):
    # CR 305.7: setting a land's subtype removes the abilities from its rules text, so Blood Moon
    # ends the effect of Urborg's ability: 613.8a (b) "the existence of the first effect".
    code, out, _ = run(capsys, "lint", str(_jsonl(tmp_path / "ub.jsonl", [URBORG, MOON])), "--format", "json")
    [f] = _cl3(out)
    msg = f["message"]
    assert f["code"] == "CL301" and f["line"] == 1 and "Urborg" in msg.split("depends on")[0]
    assert "Blood Moon" in msg.split("depends on")[1]
    assert "(a) both apply in layer 4" in msg                    # 613.8a(a)
    assert "changes whether it exists" in msg and "305.7" in msg  # 613.8a(b), existence
    assert "(c) neither effect is from a characteristic-defining ability" in msg  # 613.8a(c)


def test_large_files_are_checked_not_skipped(tmp_path, capsys):
    cards = [dict(FILLER, name=f"Filler {i}") for i in range(600)] + [URBORG, MOON]
    path = _jsonl(tmp_path / "big.jsonl", cards)
    code, out, _ = run(capsys, "lint", str(path), "--format", "json", "--select", "CL3")
    data = json.loads(out)
    assert data["summary"]["dependency_skipped"] == 0 and data["summary"]["dependency_sets"] == 1
    assert [f["line"] for f in data["findings"]] == [601]
    code, out, _ = run(capsys, "lint", str(path), "--select", "CL3")
    assert "All checks passed" not in out and "Urborg" in out


def test_a_skipped_check_is_said(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text("[tool.cardlint]\nmax-set-size = 1\n", encoding="utf-8")
    path = _jsonl(tmp_path / "pair.jsonl", [URBORG, MOON])
    code = main(["lint", str(path), "--select", "CL3", "--config", str(tmp_path / "pyproject.toml")])
    out = capsys.readouterr().out
    assert "All checks passed" not in out
    assert "skipped" in out and "max-set-size" in out


def test_loop_is_reported_as_a_loop(tmp_path, capsys):
    # 613.8b: "If several dependent effects form a dependency loop, then this rule is ignored"
    cards = [{"name": "Glaciers", "type": "Enchantment", "text": "All Mountains are Plains."},
             {"name": "Mirror Glaciers", "type": "Enchantment", "text": "All Plains are Mountains."}]
    code, out, _ = run(capsys, "lint", str(_jsonl(tmp_path / "loop.jsonl", cards)), "--format", "json")
    codes = sorted(f["code"] for f in _cl3(out))
    assert codes == ["CL301", "CL301", "CL302"]
    loop = next(f for f in _cl3(out) if f["code"] == "CL302")
    assert "loop" in loop["message"] and "613.8b" in loop["message"]


def test_mtgjson_file_gets_dependency_findings(tmp_path, capsys):
    data = {"meta": {"version": "5"}, "data": {c["name"]: [{"name": c["name"], "type": c["type"], "text": c["text"]}]
                                               for c in (CONVERSION, MOON)}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(path), "--format", "json", "--select", "CL3")
    [f] = _cl3(out)
    assert "Conversion" in f["message"].split("depends on")[0] and "Blood Moon" in f["message"]


def test_forge_folder_is_one_set(tmp_path, capsys):
    d = tmp_path / "cardsfolder"
    (d / "b").mkdir(parents=True)
    (d / "c").mkdir(parents=True)
    (d / "b" / "blood_moon.txt").write_text(
        "Name:Blood Moon\nManaCost:2 R\nTypes:Enchantment\n"
        "S:Mode$ Continuous | Affected$ Land.nonBasic | AddType$ Mountain | RemoveLandTypes$ True | "
        "Description$ Nonbasic lands are Mountains.\nOracle:Nonbasic lands are Mountains.\n", encoding="utf-8")
    (d / "c" / "conversion.txt").write_text(
        "Name:Conversion\nManaCost:2 W W\nTypes:Enchantment\n"
        "S:Mode$ Continuous | Affected$ Mountain | AddType$ Plains | RemoveLandTypes$ True | "
        "Description$ All Mountains are Plains.\nOracle:All Mountains are Plains.\n", encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(d), "--format", "json", "--select", "CL3")
    [f] = _cl3(out)
    assert f["path"].endswith("conversion.txt")
    assert f["related"][0]["path"].endswith("blood_moon.txt")


def test_decklist_gets_dependency_findings(tmp_path, capsys):
    cards = _jsonl(tmp_path / "cards.jsonl", [URBORG, MOON, dict(FILLER, name="Grizzly Bears")])
    deck = tmp_path / "deck.dec"
    deck.write_text("4 Blood Moon\n1 Urborg, Tomb of Yawgmoth\n20 Grizzly Bears\n", encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(deck), "--cards", str(cards), "--format", "json", "--select", "CL3")
    [f] = _cl3(out)
    assert "Urborg" in f["message"].split("depends on")[0]


def test_one_finding_per_dependent_effect_lists_all(tmp_path, capsys):
    moons = [dict(MOON, name=f"Moon {i}") for i in range(12)]
    code, out, _ = run(capsys, "lint", str(_jsonl(tmp_path / "m.jsonl", [URBORG] + moons)), "--format", "json")
    [f] = [x for x in _cl3(out) if "Urborg" in x["message"].split("depends on")[0]]
    assert "depends on 12 effects" in f["message"] and "(and 4 more)" in f["message"]
    assert len(f["related"]) == 12
