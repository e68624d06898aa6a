"""CLI habits (issue 22 §4): message language apart from --lang, --output and --color everywhere,
progress only on a terminal, unknown codes rejected, [tool.cardlint] honoured or rejected, noqa
suppression, one bad file never stops a folder, real file:line:col positions, demo in every language."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from cardlint.cli import main
from cardlint.console import ui_lang_from_env, width

ROOT = Path(__file__).resolve().parents[1]
ANTHEM = {"name": "Glorious Anthem", "type": "Enchantment", "text": "Creatures you control get +1/+1."}
DECLARED_7B = dict(ANTHEM, declared=[{"ability": "static", "effects": [{"kind": "continuous", "layer": "7b"}]}])
PAIR = [{"name": "Conversion", "type": "Enchantment", "text": "At the beginning of your upkeep, sacrifice "
         "Conversion unless you pay {W}{W}.\nAll Mountains are Plains."},
        {"name": "Blood Moon", "type": "Enchantment", "text": "Nonbasic lands are Mountains."}]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def template(path: Path, id_comment: str = "", text: str = "  text: {en: Creatures you control get +1/+1.}\n") -> Path:
    """A kb template file whose declaration (layer 7b) the text contradicts (CL101)."""
    path.write_text(f"family: test\ntemplates:\n- id: anthem.x{id_comment}\n  type: Enchantment\n"
                    "  declared: {ability: static, effects: [{kind: continuous, layer: '7b', cda: false}]}\n" + text,
                    encoding="utf-8")
    return path


def jsonl(path: Path, records) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


# --- message language ---------------------------------------------------------------------------

@pytest.mark.parametrize("env,expected", [
    ({}, "en"), ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}, "ja"), ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "de"}, "zh-Hans"),
    ({"LANGUAGE": "fr:de", "LANG": "ja_JP.UTF-8"}, "de"), ({"LANGUAGE": "", "LANG": "ja_JP"}, "ja"),
])
def test_ui_lang_follows_gettext_environment(env, expected):
    assert ui_lang_from_env(env) == expected


def test_lang_is_the_card_text_and_messages_are_separate(capsys, tmp_path, monkeypatch):
    cards = jsonl(tmp_path / "de.jsonl", [dict(ANTHEM, name="Glorreiche Hymne", type="Verzauberung",
                                               text="Kreaturen, die du kontrollierst, erhalten +1/+1.",
                                               declared=DECLARED_7B["declared"])])
    code, out, _ = run(capsys, "lint", str(cards), "--lang", "de", "--isolated", "--ui-lang", "en")
    assert code == 1 and "is declared in layer(s) 7b but its text gives layer(s) 7c" in out   # German card, English message
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _ = run(capsys, "lint", str(cards), "--lang", "de", "--isolated")
    assert code == 1 and "Befund" in out                          # messages from the environment
    code, out, _ = run(capsys, "classify", "Creatures you control get +1/+1.", "--ui-lang", "ja")
    assert "能力: 常在型能力" in out and "種類別 7c" in out         # English text, Japanese labels


def test_unsupported_languages_are_usage_errors(capsys):
    for argv in (["kb", "layers", "--lang", "fr"], ["classify", "Flying", "--ui-lang", "fr"],
                 ["classify", "Flying", "--lang", "fr"]):
        code, _, err = run_catching(capsys, argv)
        assert code == 2 and "fr" in err and "Traceback" not in err, argv


def run_catching(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as exc:   # argparse's own usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_summary_text_lang_is_a_deprecated_alias(capsys):
    code, out, err = run(capsys, "summary", "Creatures you control get +1/+1.", "--text-lang", "en", "--lang", "de")
    assert code == 0 and "deprecated" in err and "Fähigkeit" in out   # the old meaning is kept
    code, new, err = run(capsys, "summary", "Creatures you control get +1/+1.", "--lang", "en", "--ui-lang", "de")
    assert code == 0 and not err and new == out


# --- output, colour, progress -------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["kb", "layers"], ["rule", "CL301"], ["classify", "Flying"],
                                  ["chain", str(ROOT / "tests/fixtures/ygo/chains/sangan_zaborg_stumbling.yaml")],
                                  ["summary", "Flying"], ["explain", str(ROOT / "kb/boards/blood-moon-conversion.yaml")]])
def test_output_on_every_command(capsys, tmp_path, argv):
    target = tmp_path / "out.txt"
    code = main(argv + ["--output", str(target)])
    out, _ = capsys.readouterr()
    assert code == 0 and out == "" and target.read_text(encoding="utf-8").strip()


def test_color_flag_and_no_color(capsys, tmp_path, monkeypatch):
    cards = jsonl(tmp_path / "c.jsonl", [DECLARED_7B])
    _, out, _ = run(capsys, "lint", str(cards), "--isolated", "--color", "always")
    assert "\033[" in out
    _, out, _ = run(capsys, "lint", str(cards), "--isolated", "--color", "never")
    assert "\033[" not in out
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = run(capsys, "lint", str(cards), "--isolated")
    assert "\033[" not in out


def _stderr_on_a_terminal(argv, env_extra):
    """Run cardlint with standard error on a pseudo-terminal; what it wrote there."""
    try:
        master, slave = pty.openpty()
    except OSError:   # a container without pseudo-terminals
        pytest.skip("no pseudo-terminal available")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), **env_extra)
    env.pop("CARDLINT_NO_PROGRESS", None) if "CARDLINT_NO_PROGRESS" not in env_extra else None
    proc = subprocess.Popen([sys.executable, "-m", "cardlint", *argv], stdout=subprocess.DEVNULL, stderr=slave,
                            env=env, cwd=ROOT)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=300)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


def test_lint_progress_only_on_a_terminal(tmp_path):
    cards = jsonl(tmp_path / "many.jsonl", [dict(ANTHEM, name=f"Card {i}") for i in range(30)])
    shown = _stderr_on_a_terminal(["lint", str(cards), "--isolated"], {})
    assert "30/30" in shown and "\r" in shown
    assert "30/30" not in _stderr_on_a_terminal(["lint", str(cards), "--isolated"], {"CARDLINT_NO_PROGRESS": "1"})
    piped = subprocess.run([sys.executable, "-m", "cardlint", "lint", str(cards), "--isolated"], capture_output=True,
                           text=True, env=dict(os.environ, PYTHONPATH=str(ROOT / "src")), timeout=300)
    assert piped.stderr == ""


# --- selection and configuration ----------------------------------------------------------------

def test_unknown_codes_are_errors(capsys, tmp_path):
    cards = jsonl(tmp_path / "c.jsonl", [ANTHEM])
    for option in ("--select", "--ignore"):
        code, _, err = run(capsys, "lint", str(cards), "--isolated", option, "CL9")
        assert code == 2 and "'CL9'" in err
    code, _, _ = run(capsys, "lint", str(cards), "--isolated", "--select", "CL3,dependency.loop")
    assert code == 0


def test_tool_cardlint_keys_honoured_or_rejected(capsys, tmp_path):
    german = jsonl(tmp_path / "de.jsonl", [{"name": "Glorreiche Hymne", "type": "Verzauberung",
                                            "text": "Kreaturen, die du kontrollierst, erhalten +1/+1.",
                                            "declared": DECLARED_7B["declared"]}])
    (tmp_path / "pyproject.toml").write_text('[tool.cardlint]\nlang = "de"\nselect = ["CL1"]\n', encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(german), "--format", "json")
    data = json.loads(out)
    assert code == 1 and [f["code"] for f in data["findings"]] == ["CL101"]   # parsed as German (7c), CL1 only
    for bad, what in (('lang = "fr"', "'fr'"), ('select = ["CL9"]', "'CL9'"), ("max-set-size = \"x\"", "max-set-size"),
                      ("colour = true", "'colour'"), ("[tool.cardlint.per-file-ignores]\nx = 1", "'per-file-ignores'")):
        (tmp_path / "pyproject.toml").write_text(f"[tool.cardlint]\n{bad}\n", encoding="utf-8")
        code, _, err = run(capsys, "lint", str(german))
        assert code == 2 and what in err, bad


# --- suppression ----------------------------------------------------------------------------------

def test_noqa_field_in_jsonl(capsys, tmp_path):
    cards = jsonl(tmp_path / "c.jsonl", [dict(DECLARED_7B, noqa=["CL101"])])
    code, out, _ = run(capsys, "lint", str(cards), "--isolated")
    assert code == 0 and "CL101" not in out.splitlines()[0] and "1 finding(s) suppressed" in out
    code, out, _ = run(capsys, "lint", str(cards), "--isolated", "--show-suppressed")
    assert code == 0 and "CL101 [suppressed]" in out
    code, out, _ = run(capsys, "lint", str(cards), "--isolated", "--show-suppressed", "--format", "sarif")
    result = json.loads(out)["runs"][0]["results"][0]
    assert result["suppressions"][0]["kind"] == "inSource"
    cards = jsonl(tmp_path / "c.jsonl", [dict(DECLARED_7B, noqa=["CL4"])])     # another code: still reported
    code, out, _ = run(capsys, "lint", str(cards), "--isolated")
    assert code == 1 and "CL101" in out
    cards = jsonl(tmp_path / "c.jsonl", [dict(DECLARED_7B, noqa=["CL999"])])
    code, _, err = run(capsys, "lint", str(cards), "--isolated")
    assert code == 2 and "'CL999'" in err


def test_noqa_comment_in_yaml_and_forge(capsys, tmp_path):
    yml = template(tmp_path / "t.yaml", "   # noqa: CL101")
    code, out, _ = run(capsys, "lint", str(yml), "--isolated")
    assert code == 0 and "suppressed" in out
    template(yml)
    code, out, _ = run(capsys, "lint", str(yml), "--isolated")
    assert code == 1 and "CL101" in out
    # a Forge script: the comment covers the card
    script = tmp_path / "glorious_anthem.txt"
    script.write_text("Name:Glorious Anthem\nManaCost:1 W W\nTypes:Enchantment\n"
                      "S:Mode$ Continuous | Affected$ Creature.YouCtrl | SetPower$ 1 | Description$ Creatures you control get +1/+1.\n"
                      "Oracle:Creatures you control get +1/+1.\n", encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(script), "--isolated", "--select", "CL1")
    assert code == 1 and "CL101" in out
    script.write_text("# noqa: CL101\n" + script.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(script), "--isolated", "--select", "CL1")
    assert code == 0 and "1 finding(s) suppressed" in out


# --- input errors ---------------------------------------------------------------------------------

def test_malformed_file_in_folder_is_reported_and_others_linted(capsys, tmp_path):
    jsonl(tmp_path / "a.jsonl", [DECLARED_7B])
    (tmp_path / "b.yaml").write_text("templates: [\n  broken\n", encoding="utf-8")
    code, out, err = run(capsys, "lint", str(tmp_path), "--isolated")
    assert code == 2
    assert "b.yaml:3:" in err and "invalid YAML" in err
    assert "a.jsonl:1:" in out and "CL101" in out                   # the other file was linted
    assert "All checks passed" not in out and "1 input error(s)" in out


def test_no_all_checks_passed_next_to_input_errors(capsys, tmp_path):
    cards = tmp_path / "c.jsonl"
    cards.write_text(json.dumps(ANTHEM) + "\n{not json\n", encoding="utf-8")
    code, out, err = run(capsys, "lint", str(cards), str(tmp_path / "missing.jsonl"), "--isolated")
    assert code == 2 and "All checks passed" not in out
    assert "c.jsonl:2:" in err and "missing.jsonl" in err


# --- positions ------------------------------------------------------------------------------------

def test_positions_are_in_the_file(capsys, tmp_path):
    cards = jsonl(tmp_path / "c.jsonl", [ANTHEM] + PAIR)
    raw = cards.read_text(encoding="utf-8").splitlines()
    code, out, _ = run(capsys, "lint", str(cards), "--isolated", "--format", "json")
    f = json.loads(out)["findings"][0]
    assert f["code"] == "CL301" and f["line"] == 2
    assert raw[1][f["column"] - 1:].startswith("All Mountains are Plains.")   # the clause, after "\n" in the JSON
    other = f["related"][0]
    assert other["line"] == 3 and raw[2][other["column"] - 1:].startswith("Nonbasic lands are Mountains.")
    code, out, _ = run(capsys, "lint", str(cards), "--isolated", "--format", "sarif")
    region = json.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (2, f["column"])
    related = json.loads(out)["runs"][0]["results"][0]["relatedLocations"][0]["physicalLocation"]["region"]
    assert (related["startLine"], related["startColumn"]) == (3, other["column"])
    code, out, _ = run(capsys, "lint", str(cards), "--isolated")
    assert out.startswith(f"{cards}:2:{f['column']}: CL301 ")


def test_positions_in_yaml_template(capsys, tmp_path):
    yml = template(tmp_path / "t.yaml", text="  text:\n    en: Creatures you control get +1/+1.\n")
    code, out, _ = run(capsys, "lint", str(yml), "--isolated")
    assert out.startswith(f"{yml}:7:9: CL101 ")


def test_positions_in_mtgjson(capsys, tmp_path):
    mj = tmp_path / "set.json"
    mj.write_text('{"meta": {"version": "5"}, "data": {"cards": [\n  {"name": "Old Guy", "type": "Creature",\n'
                  '   "text": "Flying\\nWhen Old Guy comes into play, draw a card."}\n]}}\n', encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(mj), "--isolated", "--select", "CL402", "--format", "json")
    f = json.loads(out)["findings"][0]
    assert f["line"] == 3 and mj.read_text(encoding="utf-8").splitlines()[2][f["column"] - 1:].startswith("comes into")


def test_outdated_wording_column_is_the_phrase(capsys, tmp_path):
    cards = jsonl(tmp_path / "c.jsonl", [{"name": "Old", "type": "Creature", "text": "When Old comes into play, draw a card."}])
    raw = cards.read_text(encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(cards), "--isolated", "--select", "CL402", "--format", "json")
    f = json.loads(out)["findings"][0]
    assert raw[f["column"] - 1:].startswith("comes into play")


# --- demo, type lines, widths --------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["de", "ja", "zh-Hans"])
def test_demo_lints_the_language(capsys, monkeypatch, lang):
    monkeypatch.setenv("CARDLINT_NO_PROGRESS", "1")
    code, out, _ = run(capsys, "demo", "--lang", lang)
    assert code == 0
    lint_part = out.split("2. ")[1].split("3. ")[0]
    assert f"cards-{lang}.jsonl" in lint_part or "All checks passed (9 card(s)" in lint_part
    if lang == "de":
        assert "CL301" in lint_part            # Umwandlung depends on Blutmond


def test_basic_land_type_line(capsys):
    code, out, _ = run(capsys, "explain", str(ROOT / "kb/boards/blood-moon-conversion.yaml"))
    assert "Basic Land — Plains" in out and "Basic and Land" not in out
    code, out, _ = run(capsys, "explain", str(ROOT / "kb/boards/blood-moon-conversion.yaml"), "--ui-lang", "ja")
    assert "基本土地 — 平地" in out


def test_translation_summary_aligned_by_display_width():
    from cardlint.i18n import set_lang
    from cardlint.translate.report import Summary

    set_lang("zh-Hans")
    try:
        s = Summary("zh-Hans")
        s.add({"status": "inconsistent", "consistent": False, "findings": [{"code": "TR201"}]})
        rows = [line for line in s.table().splitlines() if not line.startswith("─")]
    finally:
        set_lang("en")
    assert len({width(r) for r in rows}) == 1, rows


def test_a_run_leaves_the_callers_interface_language(capsys):
    from cardlint.i18n import get_lang, set_lang

    set_lang("en")
    assert main(["classify", "Flying", "--ui-lang", "ja"]) == 0
    capsys.readouterr()
    assert get_lang() == "en"
