"""Card files recognised by content for classify, check-translation and lint: Scryfall bulk arrays,
MTGJSON AllPrintings (foreignData for --lang), JSONL, and '-' for standard input; one result per
printing of the language, or an error naming file and position."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from cardlint.io import sources as S

FIX = Path(__file__).parent / "fixtures" / "translate"
SCRYFALL = FIX / "small-scryfall-bulk.json"
ALLPRINTINGS = FIX / "small-AllPrintings.json"


def _run(args, capsys, monkeypatch, stdin: bytes | None = None):
    from cardlint.cli import main

    monkeypatch.setenv("CARDLINT_NO_PROGRESS", "1")
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    rc = main(args)
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def _printings(path: Path, lang: str) -> int:
    doc = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(doc, list):
        return sum(1 for c in doc if c.get("lang") == S.SCRYFALL_LANGS[lang])
    language = S.MTGJSON_LANGUAGES[lang]
    return sum(1 for s in doc["data"].values() for c in s["cards"]
               for f in c.get("foreignData", []) if f["language"] == language)


def test_sniff():
    assert S.sniff(SCRYFALL.read_bytes()) == S.SCRYFALL
    assert S.sniff(ALLPRINTINGS.read_bytes()) == S.MTGJSON
    assert S.sniff(b'{"name": "A", "text": "Flying"}\n{"name": "B"}\n') == S.JSONL
    long_line = json.dumps({"name": "Big", "text": "x" * 100_000}).encode() + b"\n"
    assert S.sniff(long_line[:65536]) == S.JSONL          # a JSONL record longer than the sniffed head
    assert S.sniff(b"Glorious Anthem|Glorreiche Hymne|Verzauberung|Kreaturen ...\n") == S.FORGE_NAMES
    assert S.sniff(b"hello\n") == S.UNKNOWN


@pytest.mark.parametrize("path", [SCRYFALL, ALLPRINTINGS], ids=["scryfall", "allprintings"])
@pytest.mark.parametrize("lang", ["de", "ja", "zh-Hans"])
def test_check_translation_one_result_per_printing(path, lang, capsys, monkeypatch):
    rc, out, _err = _run(["check-translation", "--input", str(path), "--lang", lang, "--format", "jsonl"],
                         capsys, monkeypatch)
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == _printings(path, lang) > 0
    assert all(r["where"].startswith(str(path)) for r in rows) and rc in (0, 1)


def test_classify_and_lint_read_them_and_stdin(capsys, monkeypatch):
    rc, out, _e = _run(["classify", "--input", str(ALLPRINTINGS), "--lang", "ja", "--format", "jsonl"], capsys, monkeypatch)
    assert rc == 0 and len(out.splitlines()) == _printings(ALLPRINTINGS, "ja")
    english = sum(1 for c in json.loads(SCRYFALL.read_text(encoding="utf-8")) if c["lang"] == "en")
    rc, out, _e = _run(["classify", "--input", "-", "--lang", "en", "--format", "jsonl"], capsys, monkeypatch,
                       stdin=SCRYFALL.read_bytes())
    assert rc == 0 and len(out.splitlines()) == english
    rc, out, _e = _run(["check-translation", "--input", "-", "--lang", "de", "--format", "jsonl"], capsys, monkeypatch,
                       stdin=(FIX / "pairs-de.jsonl").read_bytes())
    assert len(out.splitlines()) == 5
    rc, out, err = _run(["lint", str(SCRYFALL), "--lang", "de", "--format", "json"], capsys, monkeypatch)
    assert rc in (0, 1) and json.loads(out)["summary"]


def test_no_printing_in_the_language_is_an_error_not_zero_checks(tmp_path, capsys, monkeypatch):
    f = tmp_path / "fr.json"
    f.write_text(json.dumps([{"object": "card", "lang": "fr", "name": "X", "printed_text": "y", "oracle_text": "z"}]))
    rc, _out, err = _run(["check-translation", "--input", str(f), "--lang", "de"], capsys, monkeypatch)
    assert rc == 2 and "fr.json" in err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([1, {"object": "card", "lang": "de", "name": "B", "oracle_text": "Flying",
                                   "printed_text": "Fliegend"}]))
    rc, out, _err = _run(["check-translation", "--input", str(bad), "--lang", "de", "--format", "jsonl"], capsys,
                         monkeypatch)
    rows = [json.loads(x) for x in out.splitlines()]
    assert rc == 2 and len(rows) == 2 and "bad.json: [0]" in rows[0]["error"] and rows[1]["consistent"] is True


def test_forge_cardnames_with_an_mtgjson_oracle(capsys, monkeypatch):
    rc, out, _e = _run(["check-translation", "--input", str(FIX / "cardnames-de-DE.txt"), "--oracle",
                        str(FIX / "mtgjson-atomic.json"), "--lang", "de", "--format", "jsonl"], capsys, monkeypatch)
    rows = [json.loads(x) for x in out.splitlines()]
    assert [r["name"] for r in rows][:2] == ["Glorious Anthem", "Giant Growth"] and rows[0]["consistent"] is True
