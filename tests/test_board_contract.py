"""The board format exactly as architecture.md §4 writes it, and the explain views (issue 20)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlint.cli import main

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = ROOT / "tests" / "fixtures" / "engine" / "contract-example.yaml"
DESIGN = ROOT.parent / "shared" / "design" / "architecture.md"
BOARDS = ROOT / "kb" / "boards"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_fixture_is_the_contracts_example_verbatim():
    if not DESIGN.exists():
        pytest.skip("../shared/design/architecture.md not beside the checkout")
    block = re.search(r"## 4\. Board file.*?```yaml\n(.*?)```", DESIGN.read_text(encoding="utf-8"), re.S).group(1)
    assert CONTRACT.read_text(encoding="utf-8") == block


def test_contract_example_explains(capsys):
    # §4: "source: giant-growth  # the resolved spell or ability: an id that need not be among objects".
    # Humility sets base P/T 1/1 (7b), the +1/+1 counter and Giant Growth's +3/+3 modify it (7c,
    # CR 613.4b-c): 5/5 with no abilities.
    code, out, err = run(capsys, "explain", str(CONTRACT), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["objects"]["bears"]["power"] == 5 and data["objects"]["bears"]["toughness"] == 5
    assert data["objects"]["bears"]["abilities"] == [] and data["objects"]["bears"]["controller"] == "opponent"
    growth = [s for s in data["log"] if s["text"].startswith("Target creature gets +3/+3")]
    assert growth and growth[0]["source_name"] == "giant-growth" and growth[0]["affected"] == ["bears"]
    assert growth[0]["timestamp"] == 3


def test_an_unknown_target_is_still_an_error(tmp_path, capsys):
    text = CONTRACT.read_text(encoding="utf-8").replace("targets: [bears]", "targets: [nobody]")
    (tmp_path / "b.yaml").write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "explain", str(tmp_path / "b.yaml"))
    assert code == 2 and "nobody" in err and "b.yaml:" in err


def test_html_draws_one_column_per_layer_with_dependency_arrows(capsys):
    # 613.8a(a): a dependency is between effects of one layer, so the arrow stays in its column
    code, out, _ = run(capsys, "explain", str(BOARDS / "m10-layer-4-type.yaml"), "--format", "html")
    assert code == 0
    svg = out[out.index("<svg"):out.index("</svg>")]
    heads = re.findall(r'class="colhead"><b>([^<]+)</b>', svg)
    assert heads[:12] == [f"layer {c}" for c in ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "7e")] + \
        ["layer 8"] or heads[:11] == [f"layer {c}" for c in ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "7e")]
    assert len(re.findall(r'<path class="arrow"', svg)) == 1
    assert len(re.findall(r'<rect class="box', svg)) == 2
    after = out[out.index('<table class="after">'):]
    assert "Mountain" in after and "Blood Moon" in after
    # the step list with timestamps, as in the text output
    assert "timestamp 2" in out and "depends on Blood Moon" in out


def test_scheme_2007_shows_sublayers_6a_to_6e(capsys):
    code, out, _ = run(capsys, "explain", str(BOARDS / "cr418-2007-gray-ogre.yaml"), "--scheme", "2007")
    assert code == 0
    assert "[layer 6b]" in out and "[layer 6c]" in out and "[layer 6d]" in out
    assert "Gray Ogre: Creature — Ogre; red; 1/4" in out


def test_dependency_loop_is_reported_as_a_loop(capsys, tmp_path):
    # 613.8b: "If several dependent effects form a dependency loop, then this rule is ignored and the
    # effects in the dependency loop are applied in timestamp order."
    code, out, _ = run(capsys, "explain", str(BOARDS / "dependency-loop-land-types.yaml"), "--format", "json")
    log = json.loads(out)["log"]
    assert [s["order"] for s in log] == ["loop", "loop"]
    assert sorted(log[0]["loop"]) == ["glaciers#1", "mirror#1"]
    # the board states both dependencies, so lint has nothing to add; without them it reports the loop
    code, out, _ = run(capsys, "lint", str(BOARDS / "dependency-loop-land-types.yaml"), "--isolated", "--format", "json")
    assert json.loads(out)["findings"] == []
    text = (BOARDS / "dependency-loop-land-types.yaml").read_text(encoding="utf-8")
    text = text[:text.index("expect:")]
    (tmp_path / "loop.yaml").write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(tmp_path / "loop.yaml"), "--isolated", "--format", "json")
    assert sorted(f["code"] for f in json.loads(out)["findings"]) == ["CL301", "CL301", "CL302"]
