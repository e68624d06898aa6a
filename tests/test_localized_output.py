"""Every command's text output in German, Japanese and Chinese keeps no English label or value.

Each command runs twice on the same input: with ``--ui-lang en`` and with ``--ui-lang L``.  A word
that both outputs contain and that is not part of the input (card texts, names, file paths) is an
English label the catalogs did not translate (``ability:``, ``layer``, ``parse error:``, ``static``,
``continuous`` …).  Rule documentation bodies (``cardlint rule``) and the kb's English summaries
are content in English by design and are not run here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlint.cli import main

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "src" / "cardlint" / "data" / "demo"
BOARD = ROOT / "kb" / "boards" / "blood-moon-conversion.yaml"
CHAIN = ROOT / "tests" / "fixtures" / "ygo" / "chains" / "sangan_zaborg_stumbling.yaml"
ALTERED = ROOT / "tests" / "fixtures" / "translate"

#: tokens that are the same in every language: rule and finding codes, abbreviations, units
SAME_EVERYWHERE = {"CDA", "CR", "SEGOC", "TR", "CL", "ATK", "DEF", "GY", "jsonl", "yaml", "Hans", "en", "tr",
                   "LP", "PSCT", "zh-Hans", "Yu-Gi-Oh"}
#: German words spelled as in English
SAME_IN = {"de": {"Name", "Redundant"}, "ja": set(), "zh-Hans": set()}


def jsonl(path: Path, records) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def _strings(path: Path) -> list[str]:
    """Every string value of a JSONL file's records (the texts as the output shows them, unescaped)."""
    return [v for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
            for v in json.loads(line).values() if isinstance(v, str)]


def _cards(lang: str) -> list[dict]:
    return [json.loads(x) for x in (DEMO / f"cards-{lang}.jsonl").read_text(encoding="utf-8").splitlines() if x]


def _run(capsys, argv: list[str]) -> str:
    main(argv)
    out, _err = capsys.readouterr()
    return out


def _words(text: str) -> set[str]:
    # a word may hold "_": an enum value (by_card) is one word
    return {w for w in re.findall(r"[^\W\d]+(?:['’-][^\W\d]+)*", text) if len(w) > 2 and w.isascii()}


def _english_words(text: str, allowed: list[str]) -> set[str]:
    """ASCII words of ``text`` that are neither in the inputs (``allowed``, also cut short as card
    texts are in tables) nor the same everywhere."""
    text = re.sub(r"\S*/\S*\.(?:jsonl|yaml|json)\S*", " ", text)     # file paths
    inputs = _words("\n".join(allowed))
    return {w for w in _words(text) - SAME_EVERYWHERE if not any(i.startswith(w) for i in inputs)}


#: kb record fields that hold content (names, English descriptions by design, ids shown as ids);
#: enum fields such as a keyword's ``kind`` are not content and must be translated
KB_CONTENT = {"name", "name_en", "description", "text", "summary", "includes", "note", "id",
              "written", "current", "aliases", "names", "any_of", "sources", "label"}


def _kb_content(lang: str, topic: str, capsys) -> list[str]:
    main(["kb", topic, "--lang", lang, "--format", "json"])
    records = json.loads(capsys.readouterr().out)
    out: list[str] = []

    def walk(value, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in KB_CONTENT:
            out.append(value)

    walk(records)
    return out


def _inputs(lang: str, tmp_path: Path, capsys):
    """(argv, allowed texts) per command for card text in ``lang``."""
    def kb(topic):
        return _kb_content(lang, topic, capsys)

    cards = _cards(lang)
    anthem = next(c for c in cards if c["name"] == "Glorious Anthem")
    en = {c["name"]: c for c in _cards("en")}
    allowed = [s for c in cards for s in (c["name"], c.get("tname") or "", c["text"], c["type"])]
    allowed += [en["Glorious Anthem"]["text"], str(tmp_path)]
    from cardlint.lint.wording import OUTDATED   # CL402 quotes the card language's old and new wording

    allowed += [note for _pat, _rep, note in OUTDATED.get(lang, [])]
    # lint: a declared layer the text contradicts (CL101) and the dependency of the demo cards
    declared = dict(anthem, declared=[{"ability": "static", "effects": [{"kind": "continuous", "layer": "7b"}]}])
    lint_file = tmp_path / f"cards-{lang}.jsonl"
    lint_file.write_text("\n".join(json.dumps(c, ensure_ascii=False) for c in [declared] + cards) + "\n",
                         encoding="utf-8")
    pairs = tmp_path / "pairs.jsonl"
    growth = next(c for c in cards if c["name"] == "Giant Growth")
    pairs.write_text(json.dumps({"name": "Glorious Anthem", "tname": anthem["tname"], "text": anthem["text"],
                                 "en_text": "Creatures you control get +1/+2."}, ensure_ascii=False) + "\n" +
                     # a static ability against a spell: ability and effect kinds named in the message
                     json.dumps({"name": "Glorious Anthem", "tname": anthem["tname"], "text": growth["text"],
                                 "en_text": "Creatures you control get +1/+1.", "type": growth["type"]},
                                ensure_ascii=False) + "\n", encoding="utf-8")
    allowed.append("Creatures you control get +1/+2.")
    altered = jsonl(tmp_path / "altered.jsonl", [
        {k: r[k] for k in ("name", "tname", "type", "en_type", "en_text")} | {"text": r["altered"]}
        for r in map(json.loads, (ALTERED / f"altered-{lang}.jsonl").read_text(encoding="utf-8").splitlines())])
    board_texts = [BOARD.read_text(encoding="utf-8")]
    chain_texts = [CHAIN.read_text(encoding="utf-8")]
    text = "\n".join(c["text"] for c in cards[:4])
    return {
        "classify": (["classify", text, "--lang", lang], allowed),
        "classify-batch": (["classify", "--input", str(lint_file), "--lang", lang, "--format", "text"], allowed),
        "check-translation": (["check-translation", anthem["text"], "--en-text", "Creatures you control get +1/+2.",
                               "--lang", lang, "--tname", anthem["tname"], "--name", "Glorious Anthem"], allowed),
        "check-translation-batch": (["check-translation", "--input", str(pairs), "--lang", lang, "--format", "text"],
                                    allowed),
        # official printings altered one value each (layer, P/T, color, type, keyword, controller …)
        "check-translation-altered": (["check-translation", "--input", str(altered), "--lang", lang,
                                       "--format", "text"], allowed + _strings(altered)),
        "lint": (["lint", str(lint_file), "--lang", lang, "--isolated"], allowed),
        "summary": (["summary", text, "--lang", lang], allowed),
        "explain": (["explain", str(BOARD)], allowed + board_texts),
        "chain": (["chain", str(CHAIN)], allowed + chain_texts),
        "kb-layers": (["kb", "layers", "--lang", lang], allowed + kb("layers")),
        "kb-keywords": (["kb", "keywords", "--lang", lang], allowed + kb("keywords")),
        "kb-effects": (["kb", "effects", "--lang", lang], allowed + kb("effects")),
        "kb-ygo": (["kb", "ygo", "--lang", lang], allowed + kb("ygo")),
        "demo": (["demo", "--lang", lang], allowed + board_texts + _strings(DEMO / "translations.jsonl")),
    }


COMMANDS = ["classify", "classify-batch", "check-translation", "check-translation-batch", "check-translation-altered",
            "lint", "summary",
            "explain", "chain", "kb-layers", "kb-keywords", "kb-effects", "kb-ygo", "demo"]


@pytest.mark.parametrize("lang", ["de", "ja", "zh-Hans"])
@pytest.mark.parametrize("command", COMMANDS)
def test_text_output_has_no_english_label(capsys, tmp_path, monkeypatch, lang, command):
    monkeypatch.setenv("CARDLINT_NO_PROGRESS", "1")
    argv, allowed = _inputs(lang, tmp_path, capsys)[command]
    english = _run(capsys, argv + ["--ui-lang", "en"])
    localized = _run(capsys, argv + ["--ui-lang", lang])
    assert localized.strip() and localized != english
    left = (_english_words(localized, allowed) & _english_words(english, allowed)) - SAME_IN[lang]
    assert not left, f"untranslated in {command} --ui-lang {lang}: {sorted(left)}\n{localized}"


def test_detector_sees_an_english_label(capsys, tmp_path):
    """The check above can fail: English output compared with itself leaves its labels."""
    argv, allowed = _inputs("de", tmp_path, capsys)["classify"]
    english = _run(capsys, argv + ["--ui-lang", "en"])
    assert {"ability", "layer"} <= _english_words(english, allowed)
