"""The speed layer changes nothing but time (issue 17): every language's clause fixtures give the same
IR — every field of every clause, parsed or not, with its error text — with the speed layer on and
with ``CARDLINT_PLAIN_LARK=1`` (the same tables read into Lark's own parser loop, contextual or basic
lexer and ``Transformer``; no inline build, no word lexer, no per-state scanner).  Each path runs in a
process of its own, so that nothing loaded by one is seen by the other."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from clause_fixtures import FOLDERS

ROOT = Path(__file__).resolve().parents[1]

#: prints, per language, the IR of every fixture clause (as dataclasses.asdict gives it)
DUMP = r"""
import dataclasses, json, sys
sys.path.insert(0, sys.argv[1])
from clause_fixtures import FOLDERS, load
from cardlint.pipeline import card_ir
from cardlint.speed import load_grammar, plain_lark
from cardlint.lang.frontend import frontend

out = {"plain": plain_lark()}
for lang in FOLDERS:
    fe = frontend(lang)
    lexer = type(load_grammar(fe.grammar, start=fe.start, **fe.grammar_options).parser.lexer).__name__
    irs = []
    for case in load(lang):
        for text in (case["text"], case["text"].upper(), case["text"][: len(case["text"]) // 2]):
            ir = card_ir(text, lang, case.get("name"), case.get("type"))
            irs.append(dataclasses.asdict(ir))
    out[lang] = {"lexer": lexer, "irs": irs}
print(json.dumps(out, ensure_ascii=False, sort_keys=True, default=repr))
"""


def _dump(plain: bool) -> dict:
    env = dict(os.environ, CARDLINT_NO_PROGRESS="1")
    env.pop("CARDLINT_PLAIN_LARK", None)
    if plain:
        env["CARDLINT_PLAIN_LARK"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    proc = subprocess.run([sys.executable, "-c", DUMP, str(ROOT / "tests")], env=env, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def both():
    return _dump(False), _dump(True)


def test_the_switch_selects_lark_s_own_lexers(both):
    fast, plain = both
    assert not fast["plain"] and plain["plain"]
    # the speed layer's lexers in one, Lark's in the other
    assert fast["en"]["lexer"] == fast["de"]["lexer"] == "WordLexer"
    assert fast["zh-Hans"]["lexer"] == "LazyContextualLexer"
    for lang in FOLDERS:
        assert plain[lang]["lexer"] in ("ContextualLexer", "BasicLexer", "PostLexConnector"), lang


@pytest.mark.parametrize("lang", list(FOLDERS))
def test_same_ir_with_and_without_the_speed_layer(both, lang):
    fast, plain = both
    assert len(fast[lang]["irs"]) == len(plain[lang]["irs"]) > 0
    for i, (a, b) in enumerate(zip(fast[lang]["irs"], plain[lang]["irs"])):
        assert a == b, f"{lang} case {i // 3}: {a.get('clauses', [{}])[0].get('text')!r}"
