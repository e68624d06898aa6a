"""The malformed-input corpus (``tests/fixtures/malformed/``, written by ``tools/make_malformed.py``):
every case exits 2 with ``file:line`` (and a column where one applies) and a plain sentence, or is
accepted because it is valid — never a traceback.  The CLI runs in-process."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_run import run

DIR = Path(__file__).parent / "fixtures" / "malformed"
CASES = [json.loads(line) for line in (DIR / "MANIFEST.jsonl").read_text(encoding="utf-8").splitlines()]
PYTHON_SPEAK = re.compile(r"Traceback|\b[A-Z]\w*(Error|Exception)\b|object has no attribute|unhashable|NoneType|"
                          r"not subscriptable|invalid literal for|\bdict\b|\bstr\b object")



def test_corpus_size():
    files = [p for p in DIR.rglob("*") if p.is_file() and p.name != "MANIFEST.jsonl"]
    assert len(files) >= 250
    commands = {c["argv"][0] for c in CASES}
    assert commands >= {"classify", "check-translation", "lint", "explain", "chain", "summary"}


@pytest.mark.parametrize("case", CASES, ids=[f"{c['argv'][0]}:{c['file']}" for c in CASES])
def test_malformed(case, monkeypatch):
    monkeypatch.setenv("CARDLINT_NO_PROGRESS", "1")
    path = str(DIR / case["file"])
    argv = [a.replace("{file}", path).replace("{dir}", str(DIR)) for a in case["argv"]]
    rc, out, err = run(argv)
    if case["expect"] == "valid":
        assert rc in (0, 1), (rc, err[-2000:])
        return
    assert rc == 2, (rc, out[-1000:], err[-1000:])
    if case.get("batch"):
        rows = [json.loads(line) for line in out.splitlines()]
        assert len(rows) == len((DIR / case["file"]).read_bytes().rstrip(b"\n").split(b"\n"))
        bad = rows[case["line"] - 1]
        assert bad["error"].startswith(f"{path}:{case['line']}:"), bad["error"]
        if case.get("column"):
            assert re.match(re.escape(path) + r":\d+:\d+: ", bad["error"]), bad["error"]
        assert all("error" not in r for i, r in enumerate(rows) if i != case["line"] - 1), rows
        message = bad["error"][len(path):]
    else:
        message = err
        if "does-not-exist" in " ".join(argv) or argv[-1] == str(DIR / "cards"):
            assert "cardlint: " in err and ("does-not-exist" in err or str(DIR / "cards") in err), err
            message = err.replace(str(DIR), "")
        else:
            where = str(DIR / case.get("where", case["file"]))
            m = re.search(re.escape(where) + r":(\d+)(?::(\d+))?: (.+)", err)
            assert m, err
            message = m.group(3)
            if "line" in case:
                assert int(m.group(1)) == case["line"], err
            if case.get("column"):
                assert m.group(2), err
            assert len(m.group(3).split()) >= 2, err   # a sentence, not a code
    assert not PYTHON_SPEAK.search(message), message
