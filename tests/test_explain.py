"""``cardlint explain``: the JSON contract, localized text without English, escaping, bad boards."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlint.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "tests" / "fixtures" / "engine"
CLEAN = FIX / "clean-board.yaml"


def run(capsys, *argv):
    from cardlint.i18n import set_lang

    try:
        code = main(list(argv))
    finally:
        set_lang("en")   # main() sets the message language for the process
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_contract(capsys):
    code, out, _ = run(capsys, "explain", str(CLEAN), "--format", "json")
    assert code == 0
    data = json.loads(out)
    bears = data["objects"]["bears"]
    for key in ("name", "types", "subtypes", "supertypes", "colors", "abilities", "power", "toughness", "controller"):
        assert key in bears
    assert bears["power"] == 3 and bears["toughness"] == 3 and bears["colors"] == ["W"]
    assert data["log"] and all("layer" in s and "depends_on" in s for s in data["log"])
    assert [s["layer"] for s in data["log"]] == ["5", "7c"]


def _words(out: str, allowed: list[str]) -> set[str]:
    out = re.sub(r"<style>.*?</style>", " ", out, flags=re.S)
    out = re.sub(r"<[^>]+>", " ", out)
    for a in sorted(allowed, key=len, reverse=True):
        out = out.replace(a, "")
    return set(re.findall(r"[A-Za-z]{2,}", out))


@pytest.mark.parametrize("lang", ["de", "ja", "zh-Hans"])
@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_localized_output_has_no_english(capsys, lang, fmt):
    allowed = ["Grizzly Bears", "Honor of the Pure", "White creatures you control get +1/+1.",
               "Target creature becomes white until end of turn.", "Whitewash", "Honor and Whitewash", "html"]
    _, english, _ = run(capsys, "explain", str(CLEAN), "--lang", "en", "--format", fmt)
    code, out, _ = run(capsys, "explain", str(CLEAN), "--ui-lang", lang, "--format", fmt)
    assert code == 0
    left = _words(out, allowed) & _words(english, allowed)
    left -= {"de", "ja", "zh", "Hans", "utf", "lang", "charset", "meta", "head", "title", "body", "table",
             "tr", "td", "th", "ul", "li", "class", "dep", "span", "DOCTYPE", "sans", "serif", "em",
             "Text"}   # German "Text-verändernde Effekte" (layer 3's name, shown as a column of the picture)
    assert not left, left


def test_html_escapes_card_text(tmp_path, capsys):
    board = tmp_path / "x.yaml"
    board.write_text("objects:\n  - {id: x, name: \"<b>X</b>\", types: [Creature], power: 1, toughness: 1, "
                     "timestamp: 1}\neffects:\n  - {text: \"Target creature gets +1/+1 until end of turn.\", "
                     "targets: [x], timestamp: 2, name: \"<script>alert(1)</script>\"}\n", encoding="utf-8")
    code, out, _ = run(capsys, "explain", str(board), "--format", "html")
    assert code == 0
    assert "<script>" not in out and "&lt;script&gt;" in out or "<script>" not in out
    assert "&lt;b&gt;X&lt;/b&gt;" in out


@pytest.mark.parametrize("name,line", [("bad-unknown-field.yaml", 5), ("bad-missing-timestamp.yaml", 2),
                                       ("bad-unparsable.yaml", 6)])
def test_bad_boards_exit_2_with_file_and_line(capsys, name, line):
    code, out, err = run(capsys, "explain", str(FIX / name))
    assert code == 2
    assert f"{FIX / name}:{line}:" in err


def test_unparsable_effect_reported_with_allow_unparsed(capsys):
    code, out, _ = run(capsys, "explain", str(FIX / "bad-unparsable.yaml"), "--allow-unparsed", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert any(u["reason"] == "unparsed" for u in data["unapplied"])


def test_dependency_named_with_direction_and_criterion(capsys):
    code, out, _ = run(capsys, "explain", str(ROOT / "kb" / "boards" / "blood-moon-conversion.yaml"))
    assert code == 0
    assert "Conversion depends on Blood Moon in layer 4: it changes what it applies to" in out
    code, out, _ = run(capsys, "explain", str(ROOT / "kb" / "boards" / "blood-moon-conversion.yaml"), "--ui-lang", "ja")
    assert "第4種で Conversion は Blood Moon に依存している" in out
